"""Final scores and winners: most banked points, then most banked cards, else a shared victory."""

from __future__ import annotations

from collections.abc import Sequence

from games.sky_five.cards import NUMBER


def points(cards: Sequence[int]) -> int:
    return sum(NUMBER[card] for card in cards)


def winning_seats(scores: Sequence[int], counts: Sequence[int]) -> tuple[int, ...]:
    best = max(zip(scores, counts, strict=True))
    return tuple(seat for seat, key in enumerate(zip(scores, counts, strict=True)) if key == best)
