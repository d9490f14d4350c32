"""What happened, as small immutable records a table can narrate and a log can store.

Events are cheap to create on the engine's hot path and hold no words: the table describes
them in its reader's language (`bot.games.sky_five.words`). Cards are the ints of
`games.sky_five.cards`.
"""

from __future__ import annotations

from typing import Literal, NamedTuple

from games.core.events import EventCodec

BustCause = Literal["colour", "roll"]


class Drew(NamedTuple):
    seat: int
    card: int
    left: int
    """Cards left in the draw pile after this one."""


class Kept(NamedTuple):
    seat: int
    card: int


class ChoosingRecipient(NamedTuple):
    seat: int
    card: int
    recipients: tuple[int, ...]


class Gave(NamedTuple):
    seat: int
    to: int
    card: int
    chosen: bool
    """False when the receiver was the only player without that colour."""


class Rolled(NamedTuple):
    seat: int
    roll: int


class SkyFive(NamedTuple):
    seat: int


class Banked(NamedTuple):
    seat: int
    cards: tuple[int, ...]
    points: int
    total: int
    """The seat's banked points after this bank."""


class Busted(NamedTuple):
    seat: int
    cause: BustCause
    value: int
    """The drawn card (cause "colour") or the roll (cause "roll")."""
    cards: tuple[int, ...]
    """The busted player's face-up cards, now at stake."""


class Took(NamedTuple):
    seat: int
    busted: int
    card: int


class Passed(NamedTuple):
    seat: int
    busted: int


class Discarded(NamedTuple):
    seat: int
    cards: tuple[int, ...]


class FinalRound(NamedTuple):
    seat: int
    """Who drew the last card."""


class NothingToBank(NamedTuple):
    seat: int


class GameOver(NamedTuple):
    scores: tuple[int, ...]
    cards: tuple[int, ...]
    """Banked cards per seat: the first tiebreak."""
    winners: tuple[int, ...]


Event = (
    Drew
    | Kept
    | ChoosingRecipient
    | Gave
    | Rolled
    | SkyFive
    | Banked
    | Busted
    | Took
    | Passed
    | Discarded
    | FinalRound
    | NothingToBank
    | GameOver
)

CODEC = EventCodec[Event](
    Drew,
    Kept,
    ChoosingRecipient,
    Gave,
    Rolled,
    SkyFive,
    Banked,
    Busted,
    Took,
    Passed,
    Discarded,
    FinalRound,
    NothingToBank,
    GameOver,
)
