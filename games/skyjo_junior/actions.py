"""Skyjo Junior actions: small immutable records, one per decision a seat can make.

A turn is two decisions:

- `take()`: take the top card of the discard pile, or `draw()`: the top card of the draw pile.
  Either way the card is then held, face up for everyone to see.
- `swap(slot)`: put the held card face up at `slot`; the card there goes face up onto the
  discard pile. Any slot, face up or face down.
- `decline_flip(slot)`: put the held card on the discard pile (even one just taken from it)
  and turn up the face-down card at `slot`.
"""

from __future__ import annotations

from typing import Literal, NamedTuple

from games.skyjo_junior.settings import GRID_SLOTS

ActionKind = Literal["take", "draw", "swap", "decline_flip"]
NO_SLOT = -1


class Action(NamedTuple):
    kind: ActionKind
    slot: int = NO_SLOT


TAKE = Action("take")
DRAW = Action("draw")
SWAP = tuple(Action("swap", s) for s in range(GRID_SLOTS))
DECLINE_FLIP = tuple(Action("decline_flip", s) for s in range(GRID_SLOTS))


def take() -> Action:
    return TAKE


def draw() -> Action:
    return DRAW


def swap(slot: int) -> Action:
    return Action("swap", slot)


def decline_flip(slot: int) -> Action:
    return Action("decline_flip", slot)
