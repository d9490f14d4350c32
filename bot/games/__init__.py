"""Each game's Discord side, one package a game: its adapter, screens, words and pictures."""
