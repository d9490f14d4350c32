"""Skyjo Junior on Discord: its adapter, screens, log words and pictures."""
