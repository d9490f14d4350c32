"""Skyjo policies that need no search: the `greedy` baseline.

greedy: opening flips at random; take the discard if its value is 0 or less, or lower than your
highest face-up card, and put it on that card; otherwise draw, and put the drawn card on your
highest face-up card if it is lower than that card, else discard it and flip a random face-down
card. Where the rule names a card that does not exist (no face-up card yet), a random legal
choice of the same kind is made.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from games.skyjo.actions import DRAW, Action, swap, take
from games.skyjo.view import SkyjoView


def _highest_face_up(view: SkyjoView) -> tuple[int, int] | None:
    """(value, slot) of the seat's highest face-up card, the first such slot on a tie."""
    assert view.seat is not None
    cards = view.players[view.seat].cards
    best: tuple[int, int] | None = None
    for slot, card in enumerate(cards):
        if isinstance(card, int) and (best is None or card > best[0]):
            best = (card, slot)
    return best


class GreedyPolicy:
    def __init__(self, rng: random.Random) -> None:
        self._rng = rng

    def choose(self, actions: Sequence[Action], view: Callable[[], SkyjoView]) -> Action:
        first = actions[0].kind
        if first == "reveal":
            return self._rng.choice(actions)
        seen = view()
        highest = _highest_face_up(seen)
        if seen.phase == "turn":
            top = seen.discard[-1]
            if highest is not None and (top <= 0 or top < highest[0]):
                return take(highest[1])
            if DRAW in actions:
                return DRAW
            return self._rng.choice(actions)
        drawn = seen.drawn
        assert drawn is not None
        if highest is not None and drawn < highest[0]:
            return swap(highest[1])
        flips = [action for action in actions if action.kind == "flip"]
        return self._rng.choice(flips or list(actions))
