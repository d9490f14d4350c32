"""Tournaments: Swiss rounds of a game played in threads of a server's channel."""
