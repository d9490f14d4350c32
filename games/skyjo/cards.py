"""The Skyjo deck: five −2, ten −1, fifteen 0 and ten each of 1 to 12 (150 cards)."""

from __future__ import annotations

from collections import Counter

DECK_COUNTS: dict[int, int] = {-2: 5, -1: 10, 0: 15, **{value: 10 for value in range(1, 13)}}
DECK: tuple[int, ...] = tuple(value for value, count in DECK_COUNTS.items() for _ in range(count))
DECK_SIZE = len(DECK)


def deck_counter() -> Counter[int]:
    return Counter(DECK_COUNTS)
