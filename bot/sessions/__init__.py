"""Game sessions: one per open game, with its lock, bots and timers, around the pure engines."""

from bot.sessions.router import Sessions
from bot.sessions.session import GameSession

__all__ = ["GameSession", "Sessions"]
