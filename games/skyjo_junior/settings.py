"""Skyjo Junior host settings, with the documented defaults and the range of each."""

from __future__ import annotations

from pydantic import Field

from games.core.errors import InvalidSettings, Term
from games.core.settings import GameSettings
from games.skyjo_junior.cards import DEFAULT_COPIES, VALUES

MIN_SEATS = 2
MAX_SEATS = 8
GRID_ROWS = 3
GRID_COLUMNS = 4
GRID_SLOTS = GRID_ROWS * GRID_COLUMNS

LABELS: dict[str, str] = {
    "copies_per_value": Term("Copies of each card value"),
    "turn_seconds": Term("Time per turn (seconds)"),
    "hints": Term("Hints"),
}


class JuniorSettings(GameSettings):
    """Every setting a host can change. The text gives no deck; the default is ten of each."""

    game_title = "Skyjo Junior"
    labels = LABELS

    copies_per_value: int = Field(default=DEFAULT_COPIES, ge=4, le=20)
    turn_seconds: int | None = Field(default=60, ge=10, le=3600)
    hints: bool = True
    """Whether the player to move may ask what a strong bot would do (carried for the table)."""

    @property
    def deck_size(self) -> int:
        return self.copies_per_value * len(VALUES)

    def check_seats(self, seat_count: int) -> None:
        """Refuse a deck that cannot deal every seat, start the discard pile and leave a draw."""
        needed = seat_count * GRID_SLOTS + 2
        if needed > self.deck_size:
            fewest = -(-needed // len(VALUES))
            raise InvalidSettings(
                "{copies} copies of each card value make a deck of {deck} cards, too few for "
                "{players} players: they take {needed} with the discard and draw piles. Choose at "
                "least {fewest} copies, or fewer players.",
                copies=self.copies_per_value,
                deck=self.deck_size,
                players=seat_count,
                needed=needed,
                fewest=fewest,
            )
