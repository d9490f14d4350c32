"""Sky Five actions: small immutable records, one per decision a seat can make.

- `draw()`: draw the top card of the draw pile (on your turn, outside the final round).
- `bank()`: roll the die to bank your face-up cards (on your turn, with face-up cards).
- `give(seat)`: give the card you drew, of a colour you already have, to `seat`.
- `take(index)`: take the card at `index` among the busted player's face-up cards.
- `pass_()`: take nothing from the busted player's cards.
"""

from __future__ import annotations

from typing import Literal, NamedTuple

ActionKind = Literal["draw", "bank", "give", "take", "pass"]
NO_TARGET = -1


class Action(NamedTuple):
    kind: ActionKind
    target: int = NO_TARGET


DRAW = Action("draw")
BANK = Action("bank")
PASS = Action("pass")
MAX_TARGETS = 16
GIVE = tuple(Action("give", seat) for seat in range(MAX_TARGETS))
TAKE = tuple(Action("take", index) for index in range(MAX_TARGETS))


def draw() -> Action:
    return DRAW


def bank() -> Action:
    return BANK


def give(seat: int) -> Action:
    return Action("give", seat)


def take(index: int) -> Action:
    return Action("take", index)


def pass_() -> Action:
    return PASS
