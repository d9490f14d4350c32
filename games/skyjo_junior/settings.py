"""Skyjo Junior host settings, with the documented defaults and the range of each."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from games.core.errors import InvalidSettings
from games.skyjo_junior.cards import DEFAULT_COPIES, VALUES

MIN_SEATS = 2
MAX_SEATS = 8
GRID_ROWS = 3
GRID_COLUMNS = 4
GRID_SLOTS = GRID_ROWS * GRID_COLUMNS

LABELS: dict[str, str] = {
    "copies_per_value": "Copies of each card value",
    "turn_seconds": "Time per turn (seconds)",
}


class JuniorSettings(BaseModel):
    """Every setting a host can change. The text gives no deck; the default is ten of each."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    copies_per_value: int = Field(default=DEFAULT_COPIES, ge=4, le=20)
    turn_seconds: int | None = Field(default=60, ge=10, le=3600)

    @classmethod
    def build(cls, **values: Any) -> JuniorSettings:
        """Validate host input, turning every problem into one readable `InvalidSettings`."""
        try:
            return cls(**values)
        except ValidationError as error:
            raise InvalidSettings(describe_errors(error)) from None

    @property
    def deck_size(self) -> int:
        return self.copies_per_value * len(VALUES)

    def check_seats(self, seat_count: int) -> None:
        """Refuse a deck that cannot deal every seat, start the discard pile and leave a draw."""
        needed = seat_count * GRID_SLOTS + 2
        if needed > self.deck_size:
            fewest = -(-needed // len(VALUES))
            raise InvalidSettings(
                f"{self.copies_per_value} copies of each card value make a deck of "
                f"{self.deck_size} cards, too few for {seat_count} players: they take {needed} "
                f"with the discard and draw piles. Choose at least {fewest} copies, or fewer "
                "players."
            )


def describe_errors(error: ValidationError) -> str:
    parts = []
    for problem in error.errors():
        field = str(problem["loc"][0]) if problem["loc"] else ""
        label = LABELS.get(field, field or "Settings")
        message = str(problem["msg"]).removeprefix("Value error, ")
        if problem["type"] == "extra_forbidden":
            message = "is not a Skyjo Junior setting"
        parts.append(f"{label}: {message}" if field else message[:1].upper() + message[1:])
    return "; ".join(parts) + "."
