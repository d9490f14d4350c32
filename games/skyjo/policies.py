"""Skyjo policies that need no search: the `greedy` baseline.

greedy: opening flips at random. On a turn, take the discard if it is lower than your highest
face-up card, and put it on that card; else, if its value is 0 or less, take it and put it on a
random face-down card; otherwise draw. Put a drawn card on your highest face-up card if it is
lower than that card, else discard it and flip a random face-down card. "Highest" is the first
such slot on a tie; with no face-up card, nothing is lower than it. When there is nothing to
draw and the discard must be taken, it goes on the highest face-up card.

Unless it must, it never takes or keeps a card that leaves its grid no better: a card replaces
a higher face-up card or, if it is 0 or less (below a face-down card's average, about 5), a
face-down one. So every turn lowers the sum of its face-up cards or turns a card up (removed
columns aside), and a round played by greedy players ends: two of them cannot pass the same
cards back and forth for ever.
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
            if highest is not None and top < highest[0]:
                return take(highest[1])
            if top <= 0:
                assert seen.seat is not None
                cards = seen.players[seen.seat].cards
                face_down = [take(slot) for slot, card in enumerate(cards) if card == "down"]
                if face_down:
                    return self._rng.choice(face_down)
            if DRAW in actions:
                return DRAW
            if highest is not None and take(highest[1]) in actions:
                return take(highest[1])  # nothing to draw: the least harm
            return self._rng.choice(actions)
        drawn = seen.drawn
        assert drawn is not None
        if highest is not None and drawn < highest[0]:
            return swap(highest[1])
        flips = [action for action in actions if action.kind == "flip"]
        return self._rng.choice(flips or list(actions))
