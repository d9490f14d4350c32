"""Events every card-grid game shares (Skyjo, Skyjo Junior): a draw, a reshuffle, a swap and
the final reveal."""

from __future__ import annotations

from typing import NamedTuple


class Drew(NamedTuple):
    seat: int
    value: int


class Reshuffled(NamedTuple):
    cards: int


class Swapped(NamedTuple):
    seat: int
    value: int
    slot: int
    replaced: int
    was_hidden: bool


class FinalReveal(NamedTuple):
    seat: int
    slots: tuple[int, ...]
    values: tuple[int, ...]
