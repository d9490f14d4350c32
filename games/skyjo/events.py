"""What happened, as small immutable records a table can narrate and a log can store.

Events are cheap to create on the engine's hot path and hold no words: the table describes
them in its reader's language (`bot.games.skyjo.words`).
"""

from __future__ import annotations

from typing import NamedTuple

from games.core.events import EventCodec
from games.core.grid_events import Drew as Drew
from games.core.grid_events import FinalReveal as FinalReveal
from games.core.grid_events import Reshuffled as Reshuffled
from games.core.grid_events import Swapped as Swapped


class RoundStarted(NamedTuple):
    round: int
    opening_flips: int


class Revealed(NamedTuple):
    seat: int
    slot: int
    value: int


class Starts(NamedTuple):
    seat: int
    revealed_total: int | None


class TookDiscard(NamedTuple):
    seat: int
    value: int
    slot: int
    replaced: int
    was_hidden: bool


class DiscardedAndFlipped(NamedTuple):
    seat: int
    discarded: int
    slot: int
    value: int


class LineCleared(NamedTuple):
    seat: int
    line: str
    position: int
    value: int
    slots: tuple[int, ...]


class Finished(NamedTuple):
    seat: int


class RoundScored(NamedTuple):
    round: int
    finisher: int
    raw: tuple[int, ...]
    scores: tuple[int, ...]
    totals: tuple[int, ...]

    @property
    def penalized(self) -> bool:
        return self.scores[self.finisher] != self.raw[self.finisher]


class GameOver(NamedTuple):
    winners: tuple[int, ...]
    totals: tuple[int, ...]


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
