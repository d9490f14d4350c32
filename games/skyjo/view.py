"""What one seat (or a spectator) may see of a Skyjo game.

Built only from public information: a face-down card appears as "down", never as its value,
from its owner's seat too. Views are plain frozen dataclasses, cheap enough for a bot to ask for
one at every decision; `to_json()` serialises one with pydantic.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pydantic import TypeAdapter

from games.skyjo.settings import SkyjoSettings
from games.skyjo.state import Phase, RoundRecord

SlotView = int | Literal["down", "cleared"]


@dataclass(frozen=True, slots=True)
class PlayerView:
    name: str
    bot: bool
    cards: tuple[SlotView, ...]
    visible_score: int
    total: int
    opening_left: int


@dataclass(frozen=True, slots=True)
class SkyjoView:
    seat: int | None
    settings: SkyjoSettings
    round: int
    phase: Phase
    to_move: tuple[int, ...]
    current: int | None
    players: tuple[PlayerView, ...]
    discard: tuple[int, ...]
    draw_pile_size: int
    drawn: int | None
    finisher: int | None
    last_turns: int
    turns: int
    """Turns played so far in this round, by all seats."""
    history: tuple[RoundRecord, ...]
    winners: tuple[int, ...] | None
    moves: int

    @property
    def discard_top(self) -> int | None:
        return self.discard[-1] if self.discard else None

    def to_json(self) -> str:
        return _ADAPTER.dump_json(self).decode()


_ADAPTER = TypeAdapter(SkyjoView)


def cards_seen(values: list[int | None], hidden: int) -> tuple[SlotView, ...]:
    """A grid as anyone may see it: a face-down card as "down", never as its value."""
    return tuple(
        "cleared" if value is None else "down" if hidden >> slot & 1 else value
        for slot, value in enumerate(values)
    )
