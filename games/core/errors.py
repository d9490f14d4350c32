"""Domain errors whose messages are fit to show a player."""

from __future__ import annotations


class GameError(Exception):
    """Base of every error a rule engine raises on purpose."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class IllegalAction(GameError):
    """The action is not allowed now; the game state is unchanged."""


class InvalidSettings(GameError):
    """A host setting (or the seats) cannot be used; the message says which and why."""
