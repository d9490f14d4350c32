"""What happened, as small immutable records a table can narrate and a log can store.

Events are cheap to create on the engine's hot path; their words are produced only when asked,
by `describe(names, geometry)`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from games.core.events import EventCodec
from games.core.grid import COLUMN_LETTERS, Geometry
from games.core.grid_events import Drew as Drew
from games.core.grid_events import Reshuffled as Reshuffled
from games.core.grid_events import Swapped as Swapped
from games.core.words import a_number, listing


def _points(points: int) -> str:
    return f"{points} point{'' if points == 1 else 's'}"


class Dealt(NamedTuple):
    starter: int

    def describe(self, names: Sequence[str], geometry: Geometry) -> str:
        return f"The cards are dealt. {names[self.starter]} was drawn by lot to start."


class TookDiscard(NamedTuple):
    seat: int
    value: int

    def describe(self, names: Sequence[str], geometry: Geometry) -> str:
        return f"{names[self.seat]} took the {self.value} from the discard pile."


class Declined(NamedTuple):
    seat: int
    value: int
    from_discard: bool
    slot: int
    revealed: int

    def describe(self, names: Sequence[str], geometry: Geometry) -> str:
        kept = "put the {} back on the discard pile" if self.from_discard else "discarded the {}"
        return (
            f"{names[self.seat]} {kept.format(self.value)} and turned up {a_number(self.revealed)} "
            f"at {geometry.label(self.slot)}."
        )


class TripleMade(NamedTuple):
    seat: int
    column: int
    value: int

    def describe(self, names: Sequence[str], geometry: Geometry) -> str:
        return (
            f"{names[self.seat]} has a triple of {self.value}s in column "
            f"{COLUMN_LETTERS[self.column]}, worth {_points(self.value)}."
        )


class LastMoves(NamedTuple):
    finisher: int
    following: tuple[int, ...]

    def describe(self, names: Sequence[str], geometry: Geometry) -> str:
        others = [names[s] for s in self.following]
        each = " each" if len(others) > 1 else ""
        have = "have" if len(others) > 1 else "has"
        return (
            f"{names[self.finisher]} has turned up every card: {listing(others)} {have} "
            f"one last move{each}."
        )


class FinalReveal(NamedTuple):
    seat: int
    slots: tuple[int, ...]
    values: tuple[int, ...]

    def describe(self, names: Sequence[str], geometry: Geometry) -> str:
        cards = "card is" if len(self.values) == 1 else "cards are"
        return f"{names[self.seat]}'s last {cards} turned up: {listing(self.values)}."


class Scored(NamedTuple):
    seat: int
    columns: tuple[int, ...]
    values: tuple[int, ...]
    points: int

    def describe(self, names: Sequence[str], geometry: Geometry) -> str:
        if not self.columns:
            return f"{names[self.seat]} has no triple: 0 points."
        triples = [
            f"{value}s in column {COLUMN_LETTERS[column]}"
            for column, value in zip(self.columns, self.values, strict=True)
        ]
        kind = "a triple" if len(triples) == 1 else "triples"
        return f"{names[self.seat]} scores {_points(self.points)}: {kind} of {listing(triples)}."


class GameOver(NamedTuple):
    winners: tuple[int, ...]
    points: tuple[int, ...]

    def describe(self, names: Sequence[str], geometry: Geometry) -> str:
        best = _points(self.points[self.winners[0]])
        who = [names[s] for s in self.winners]
        if len(who) == 1:
            return f"Game over: {who[0]} wins with {best}."
        return f"Game over: {listing(who)} share the victory with {best}."


Event = (
    Dealt
    | TookDiscard
    | Drew
    | Reshuffled
    | Swapped
    | Declined
    | TripleMade
    | LastMoves
    | FinalReveal
    | Scored
    | GameOver
)

CODEC = EventCodec[Event](
    Dealt,
    TookDiscard,
    Drew,
    Reshuffled,
    Swapped,
    Declined,
    TripleMade,
    LastMoves,
    FinalReveal,
    Scored,
    GameOver,
)
