"""The whole state of a Sky Five game as a pydantic model: what is saved after every move.

Piles are listed bottom to top (the last card of `draw_pile` is drawn next); face-up cards are
listed in the order their owner received them, which is the order `take(index)` refers to.
"""

from __future__ import annotations

from typing import Literal, NamedTuple

from pydantic import BaseModel, ConfigDict

from games.core.seats import Seat
from games.sky_five.settings import SkyFiveSettings

Phase = Literal["turn", "give", "bust", "over"]
"""`turn`: the current player draws or banks; `give`: the current player chooses who gets the
card they drew; `bust`: the players after a busted one, in turn, take a card or pass."""


class LastRoll(NamedTuple):
    """The die as the last bank left it: whose roll it was, the face it showed, and the face-up
    cards it was compared with (banked, or at stake in the bust it caused)."""

    seat: int
    face: int
    cards: tuple[int, ...]


class SkyFiveState(BaseModel):
    model_config = ConfigDict(extra="forbid")

    version: Literal[1] = 1
    settings: SkyFiveSettings
    seats: tuple[Seat, ...]
    seed: int
    phase: Phase
    first: int
    current: int
    draw_pile: list[int]
    removed: list[int]
    discard: list[int]
    face_up: list[list[int]]
    banked: list[list[int]]
    pending: int | None
    """The drawn card waiting for the drawer to choose its recipient."""
    busted: int | None
    takers: list[int]
    """During a bust: the players still to be offered a card, the one deciding first."""
    final_round: bool
    final_done: list[bool]
    rolls: int
    busts: int
    sky_fives: int
    winners: tuple[int, ...] | None
    moves: int
    last_roll: LastRoll | None = None
    """The roll of the last turn played, if that turn was a bank (with the bust it may have
    caused); the next draw clears it. Saved so that the standings can show the roll that ended
    the game."""
