"""Seeded, reproducible randomness derived from a game's seed and a label.

Engines keep no random-generator state: each shuffle draws from a generator derived from the
game's seed and where it happens (round, reshuffle), so a saved game needs only its seed.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TypeVar

T = TypeVar("T")


def derive_rng(seed: int, *labels: int | str) -> random.Random:
    return random.Random(":".join(str(part) for part in (seed, *labels)))


def seeded_order(items: Sequence[T], seed: int, *labels: int | str) -> list[T]:
    """A uniformly random permutation of `items`, fixed by the seed and labels.

    Fisher–Yates driven by `random()`: the bias of scaling a 53-bit float is far below
    anything a card game can show, and it runs faster than `Random.shuffle`.
    """
    order = list(items)
    uniform = derive_rng(seed, *labels).random
    for i in range(len(order) - 1, 0, -1):
        j = int(uniform() * (i + 1))
        order[i], order[j] = order[j], order[i]
    return order


Shuffler = Callable[[Sequence[int], int, int], list[int]]
"""Orders cards for a deal or a reshuffle: (cards, round, reshuffle number) -> top card first.

The deal of a round is reshuffle number 0."""


def seeded_shuffler(seed: int, game: str) -> Shuffler:
    """The default `Shuffler` of a game: each order fixed by the seed, round and reshuffle."""

    def shuffle(cards: Sequence[int], round_number: int, reshuffle: int) -> list[int]:
        return seeded_order(cards, seed, game, round_number, reshuffle)

    return shuffle
