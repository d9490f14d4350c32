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
            f"This game needs {minimum} to {maximum} players; {len(seats)} "
            f"{'is' if len(seats) == 1 else 'are'} seated."
        )
    return tuple(seats)
