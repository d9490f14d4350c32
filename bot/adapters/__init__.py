"""Game adapters: what the generic lobby, table and sessions need to know about one game."""

from bot.adapters.base import GameAdapter

__all__ = ["GameAdapter"]
