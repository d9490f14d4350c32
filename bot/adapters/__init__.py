"""Engine adapters: what the generic lobby, table and sessions need to know about one game."""

from bot.adapters.base import ADAPTERS, GameAdapter, adapter_for

__all__ = ["ADAPTERS", "GameAdapter", "adapter_for"]
