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


class RoundStarted(NamedTuple):
    round: int
    opening_flips: int

    def describe(self, names: Sequence[str], geometry: Geometry) -> str:
        if self.opening_flips == 0:
            return f"Round {self.round} is dealt."
        plural = "card" if self.opening_flips == 1 else "cards"
        return f"Round {self.round} is dealt: everyone turns up {self.opening_flips} {plural}."


class Revealed(NamedTuple):
    seat: int
    slot: int
    value: int

    def describe(self, names: Sequence[str], geometry: Geometry) -> str:
        return (
            f"{names[self.seat]} turned up {a_number(self.value)} at {geometry.label(self.slot)}."
        )


class Starts(NamedTuple):
    seat: int
    revealed_total: int | None

    def describe(self, names: Sequence[str], geometry: Geometry) -> str:
        if self.revealed_total is None:
            return f"{names[self.seat]} ended the last round and starts this one."
        return (
            f"{names[self.seat]} starts, with the highest revealed total ({self.revealed_total})."
        )


class TookDiscard(NamedTuple):
    seat: int
    value: int
    slot: int
    replaced: int
    was_hidden: bool

    def describe(self, names: Sequence[str], geometry: Geometry) -> str:
        replaced = f"a face-down {self.replaced}" if self.was_hidden else a_number(self.replaced)
        return (
            f"{names[self.seat]} took the {self.value} from the discard pile and put it at "
            f"{geometry.label(self.slot)}, discarding {replaced}."
        )


class DiscardedAndFlipped(NamedTuple):
    seat: int
    discarded: int
    slot: int
    value: int

    def describe(self, names: Sequence[str], geometry: Geometry) -> str:
        return (
            f"{names[self.seat]} discarded the {self.discarded} and turned up "
            f"{a_number(self.value)} at {geometry.label(self.slot)}."
        )


class LineCleared(NamedTuple):
    seat: int
    line: str
    position: int
    value: int
    slots: tuple[int, ...]

    def describe(self, names: Sequence[str], geometry: Geometry) -> str:
        where = COLUMN_LETTERS[self.position] if self.line == "column" else str(self.position + 1)
        return (
            f"{names[self.seat]}'s {self.line} {where} of {self.value}s is cleared "
            "onto the discard pile."
        )


class Finished(NamedTuple):
    seat: int

    def describe(self, names: Sequence[str], geometry: Geometry) -> str:
        return f"{names[self.seat]} has turned up every card: everyone else has one last turn."


class FinalReveal(NamedTuple):
    seat: int
    slots: tuple[int, ...]
    values: tuple[int, ...]

    def describe(self, names: Sequence[str], geometry: Geometry) -> str:
        cards = "card is" if len(self.values) == 1 else "cards are"
        return f"{names[self.seat]}'s last {cards} turned up: {listing(self.values)}."


class RoundScored(NamedTuple):
    round: int
    finisher: int
    raw: tuple[int, ...]
    scores: tuple[int, ...]
    totals: tuple[int, ...]

    @property
    def penalized(self) -> bool:
        return self.scores[self.finisher] != self.raw[self.finisher]

    def describe(self, names: Sequence[str], geometry: Geometry) -> str:
        lines = [f"Round {self.round} is over."]
        if self.penalized:
            lines.append(
                f"{names[self.finisher]} ended the round without the strictly lowest score: "
                f"{self.raw[self.finisher]} becomes {self.scores[self.finisher]}."
            )
        for seat, name in enumerate(names):
            lines.append(f"{name}: {self.scores[seat]:+d} (total {self.totals[seat]})")
        return "\n".join(lines)


class GameOver(NamedTuple):
    winners: tuple[int, ...]
    totals: tuple[int, ...]

    def describe(self, names: Sequence[str], geometry: Geometry) -> str:
        best = self.totals[self.winners[0]]
        who = [names[s] for s in self.winners]
        if len(who) == 1:
            return f"Game over: {who[0]} wins with {best} points."
        return (
            f"Game over: {', '.join(who[:-1])} and {who[-1]} share the victory with {best} points."
        )


Event = (
    RoundStarted
    | Revealed
    | Starts
    | TookDiscard
    | Drew
    | Reshuffled
    | Swapped
    | DiscardedAndFlipped
    | LineCleared
    | Finished
    | FinalReveal
    | RoundScored
    | GameOver
)

CODEC = EventCodec[Event](
    RoundStarted,
    Revealed,
    Starts,
    TookDiscard,
    Drew,
    Reshuffled,
    Swapped,
    DiscardedAndFlipped,
    LineCleared,
    Finished,
    FinalReveal,
    RoundScored,
    GameOver,
)
