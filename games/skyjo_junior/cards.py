"""The Skyjo Junior deck: cards valued 1 to 12, the same number of copies of each."""

from __future__ import annotations

from collections import Counter
from functools import cache

VALUES: tuple[int, ...] = tuple(range(1, 13))
DEFAULT_COPIES = 10


@cache
def deck(copies: int = DEFAULT_COPIES) -> tuple[int, ...]:
    """Every card of a deck with `copies` of each value, lowest values first."""
    return tuple(value for value in VALUES for _ in range(copies))


def deck_counter(copies: int = DEFAULT_COPIES) -> Counter[int]:
    return Counter(dict.fromkeys(VALUES, copies))
