"""Bit masks of slots, and caches of legal-action tuples keyed by them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

Key = TypeVar("Key")
Action = TypeVar("Action")


def bits(mask: int) -> list[int]:
    """The slots whose bit is set, in increasing order."""
    slots = []
    slot = 0
    while mask:
        if mask & 1:
            slots.append(slot)
        mask >>= 1
        slot += 1
    return slots


class ActionCache(dict[Key, tuple[Action, ...]], Generic[Key, Action]):
    """Legal-action tuples by a key of bit masks, built on first use and shared by all games.

    Engines look actions up with `cache[key]`, a plain dict lookup once the key has been seen.
    """

    limit = 100_000

    def __init__(self, build: Callable[[Key], tuple[Action, ...]]) -> None:
        super().__init__()
        self._build: Callable[[Key], tuple[Action, ...]] = build

    def __missing__(self, key: Key) -> tuple[Action, ...]:
        if len(self) >= self.limit:
            self.clear()
        actions = self[key] = self._build(key)
        return actions
