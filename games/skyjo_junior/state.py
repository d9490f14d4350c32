"""The whole state of a Skyjo Junior game as a pydantic model: what is saved after every move."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from games.core.seats import Seat
from games.skyjo_junior.settings import JuniorSettings

Phase = Literal["turn", "holding", "over"]
"""`turn`: take or draw; `holding`: swap or decline the held card; `over`: scored."""

Source = Literal["draw", "discard"]


class JuniorState(BaseModel):
    """Piles are listed bottom to top: the last card is the top one."""

    model_config = ConfigDict(extra="forbid")

    version: Literal[1] = 1
    settings: JuniorSettings
    seats: tuple[Seat, ...]
    seed: int
    starter: int
    phase: Phase
    current: int
    values: list[list[int]]
    face_up: list[list[bool]]
    draw_pile: list[int]
    discard: list[int]
    held: int | None
    held_from: Source | None
    finisher: int | None
    last_moves: int
    reshuffles: int
    turns: int
    points: tuple[int, ...] | None
    winners: tuple[int, ...] | None
    moves: int
