"""Sky Five on Discord: its adapter, screens, words and pictures."""
