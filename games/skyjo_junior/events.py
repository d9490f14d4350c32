"""What happened, as small immutable records a table can narrate and a log can store.

Events are cheap to create on the engine's hot path and hold no words: the bot chooses them, in
the reader's language (`bot.games.junior.words`).
"""

from __future__ import annotations

from typing import NamedTuple

from games.core.events import EventCodec
from games.core.grid_events import Drew as Drew
from games.core.grid_events import FinalReveal as FinalReveal
from games.core.grid_events import Reshuffled as Reshuffled
from games.core.grid_events import Swapped as Swapped


class Dealt(NamedTuple):
    starter: int


class TookDiscard(NamedTuple):
    seat: int
    value: int


class Declined(NamedTuple):
    seat: int
    value: int
    from_discard: bool
    slot: int
    revealed: int


class TripleMade(NamedTuple):
    seat: int
    column: int
    value: int


class LastMoves(NamedTuple):
    finisher: int
    following: tuple[int, ...]


class Scored(NamedTuple):
    seat: int
    columns: tuple[int, ...]
    values: tuple[int, ...]
    points: int


class GameOver(NamedTuple):
    winners: tuple[int, ...]
    points: tuple[int, ...]


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
