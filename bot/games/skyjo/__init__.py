"""Skyjo on Discord: its adapter, table and round screens, log words and pictures."""
