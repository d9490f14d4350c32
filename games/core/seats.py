"""Seats at a table: who sits there, and whether a bot plays it."""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel, ConfigDict, Field

from games.core.errors import InvalidSettings


class Seat(BaseModel):
    model_config = ConfigDict(frozen=True)

    name: str = Field(min_length=1, max_length=64)
    bot: bool = False


def validate_seats(seats: Sequence[Seat], minimum: int, maximum: int) -> tuple[Seat, ...]:
    if not minimum <= len(seats) <= maximum:
        raise InvalidSettings(
            "This game needs {minimum} to {maximum} players; seated: {count}.",
            minimum=minimum,
            maximum=maximum,
            count=len(seats),
        )
    return tuple(seats)
