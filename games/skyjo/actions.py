"""Skyjo actions: small immutable records, one per decision a seat can make.

- `reveal(slot)`: an opening flip, before the first turn.
- `take(slot)`: take the top discard and swap it with the card in `slot`.
- `draw()`: draw the top card of the draw pile (then `swap` or `flip`).
- `swap(slot)`: put the drawn card in `slot`; the card there goes to the discard pile.
- `flip(slot)`: discard the drawn card and turn up the face-down card in `slot`.
"""

from __future__ import annotations

from typing import Literal, NamedTuple

ActionKind = Literal["reveal", "take", "draw", "swap", "flip"]
NO_SLOT = -1


class Action(NamedTuple):
    kind: ActionKind
    slot: int = NO_SLOT


DRAW = Action("draw")
MAX_SLOTS = 32
REVEAL = tuple(Action("reveal", s) for s in range(MAX_SLOTS))
TAKE = tuple(Action("take", s) for s in range(MAX_SLOTS))
SWAP = tuple(Action("swap", s) for s in range(MAX_SLOTS))
FLIP = tuple(Action("flip", s) for s in range(MAX_SLOTS))


def reveal(slot: int) -> Action:
    return Action("reveal", slot)


def take(slot: int) -> Action:
    return Action("take", slot)


def draw() -> Action:
    return DRAW


def swap(slot: int) -> Action:
    return Action("swap", slot)


def flip(slot: int) -> Action:
    return Action("flip", slot)
