"""The whole state of a Skyjo game as a pydantic model: what is saved after every move."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pydantic import BaseModel, ConfigDict

from games.core.seats import Seat
from games.skyjo.settings import SkyjoSettings

Phase = Literal["opening", "turn", "drawn", "over"]


@dataclass(frozen=True, slots=True)
class RoundRecord:
    """One finished round: who ended it, the card totals, the scores after the penalty, and
    every grid as it ended, all face up (None where a card was cleared)."""

    finisher: int
    raw: tuple[int, ...]
    scores: tuple[int, ...]
    turns: int
    grids: tuple[tuple[int | None, ...], ...] = ()


class SkyjoState(BaseModel):
    """Piles are listed bottom to top: the last card is the top one."""

    model_config = ConfigDict(extra="forbid")

    version: Literal[1] = 1
    settings: SkyjoSettings
    seats: tuple[Seat, ...]
    seed: int
    round: int
    phase: Phase
    current: int
    round_starter: int | None
    values: list[list[int | None]]
    face_up: list[list[bool]]
    draw_pile: list[int]
    discard: list[int]
    drawn: int | None
    opening_left: list[int]
    finisher: int | None
    last_turns: int
    reshuffles: int
    turns: int
    totals: list[int]
    history: list[RoundRecord]
    winners: tuple[int, ...] | None
    moves: int
