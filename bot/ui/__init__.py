"""Discord UI: components routed by custom id, screens for the lobby and each game."""
