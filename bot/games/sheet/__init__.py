"""The Skyjo score sheet on Discord: its adapter, screens and words."""
