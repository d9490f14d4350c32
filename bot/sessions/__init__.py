"""Game sessions: one per game, with its lock, bots and timers, around the pure engines."""

from bot.sessions.manager import Sessions, tell
from bot.sessions.session import GameSession

__all__ = ["GameSession", "Sessions", "tell"]
