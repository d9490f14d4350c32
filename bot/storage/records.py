"""What the bot stores about a game: its seats, settings, engine state and public message."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

Status = Literal["lobby", "running", "finished", "cancelled"]
OPEN_STATUSES: tuple[Status, ...] = ("lobby", "running")


class SeatRecord(BaseModel):
    """A seat: a Discord user, or a bot (no user) playing at `bot_level`."""

    name: str
    user_id: int | None = None
    bot_level: str | None = None
    timeouts: int = 0
    reminders: bool = False

    @property
    def is_bot(self) -> bool:
        return self.user_id is None


class GameRecord(BaseModel):
    id: int
    guild_id: int | None
    channel_id: int
    kind: str
    status: Status
    host_id: int
    seed: int
    seats: list[SeatRecord]
    settings: dict[str, Any] = Field(default_factory=dict)
    state: str | None = None
    version: int = 0
    message_id: int | None = None
    deadline: float | None = None

    @property
    def is_open(self) -> bool:
        return self.status in OPEN_STATUSES

    def seat_of(self, user_id: int) -> int | None:
        for index, seat in enumerate(self.seats):
            if seat.user_id == user_id:
                return index
        return None

    @property
    def humans(self) -> list[SeatRecord]:
        return [seat for seat in self.seats if not seat.is_bot]


class ResultRecord(BaseModel):
    seat: int
    user_id: int | None
    score: int
    won: bool
