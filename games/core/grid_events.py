"""Events every card-grid game shares (Skyjo, Skyjo Junior): a draw, a reshuffle, a swap."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from games.core.grid import Geometry
from games.core.words import a_number


class Drew(NamedTuple):
    seat: int
    value: int

    def describe(self, names: Sequence[str], geometry: Geometry) -> str:
        return f"{names[self.seat]} drew {a_number(self.value)}."


class Reshuffled(NamedTuple):
    cards: int

    def describe(self, names: Sequence[str], geometry: Geometry) -> str:
        return (
            "The draw pile ran out: the discard pile, less its top card, was shuffled into "
            f"a new draw pile of {self.cards} cards."
        )


class Swapped(NamedTuple):
    seat: int
    value: int
    slot: int
    replaced: int
    was_hidden: bool

    def describe(self, names: Sequence[str], geometry: Geometry) -> str:
        replaced = f"a face-down {self.replaced}" if self.was_hidden else a_number(self.replaced)
        return (
            f"{names[self.seat]} put the {self.value} at {geometry.label(self.slot)}, "
            f"discarding {replaced}."
        )
