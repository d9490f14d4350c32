"""What one seat (or a spectator) may see of a Skyjo Junior game.

Built only from public information: a face-down card appears as "down", never as its value,
from its owner's seat too; the draw pile appears only as its size.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from games.skyjo_junior.settings import JuniorSettings
from games.skyjo_junior.state import Phase, Source

SlotView = int | Literal["down"]


class PlayerView(BaseModel):
    model_config = ConfigDict(frozen=True)

    name: str
    bot: bool
    cards: tuple[SlotView, ...]
    visible_points: int
    """The points of the triples already face up: the final score once the game is over."""


class JuniorView(BaseModel):
    model_config = ConfigDict(frozen=True)

    seat: int | None
    settings: JuniorSettings
    phase: Phase
    to_move: tuple[int, ...]
    current: int | None
    starter: int
    players: tuple[PlayerView, ...]
    discard: tuple[int, ...]
    draw_pile_size: int
    held: int | None
    held_from: Source | None
    finisher: int | None
    last_moves: int
    winners: tuple[int, ...] | None
    moves: int

    @property
    def discard_top(self) -> int | None:
        return self.discard[-1] if self.discard else None


def cards_seen(values: list[int], hidden: int) -> tuple[SlotView, ...]:
    """A grid as anyone may see it: a face-down card as "down", never as its value."""
    return tuple("down" if hidden >> slot & 1 else value for slot, value in enumerate(values))
