"""Slash-command extensions, one module per feature."""
