"""Skyjo host settings, with the documented defaults and the range of each."""

from __future__ import annotations

from enum import StrEnum

from pydantic import Field, ValidationInfo, field_validator

from games.core.errors import InvalidSettings, SettingProblem, Term
from games.core.settings import GameSettings
from games.skyjo.cards import DECK_SIZE

MIN_SEATS = 2
MAX_SEATS = 8


class PenaltyType(StrEnum):
    """What happens to the round score of a finisher who is not strictly lowest."""

    MULTIPLIER = "multiplier"
    FLAT = "flat"
    FLAT_THEN_MULTIPLIER = "flat_then_multiplier"
    MULTIPLIER_THEN_FLAT = "multiplier_then_flat"
    NONE = "none"


LABELS: dict[str, str] = {
    "target_score": Term("Target score"),
    "rows": Term("Grid rows"),
    "columns": Term("Grid columns"),
    "opening_flips": Term("Cards turned up at the start"),
    "clear_columns": Term("Remove identical columns"),
    "clear_rows": Term("Remove identical rows"),
    "penalty": Term("Finisher's penalty"),
    "penalty_factor": Term("Penalty multiplier"),
    "penalty_flat": Term("Flat penalty"),
    "show_round_scores": Term("Show running round scores"),
    "turn_seconds": Term("Time per turn (seconds)"),
    "hints": Term("Hints"),
}


class SkyjoSettings(GameSettings):
    """Every setting a host can change. Defaults are the published rules."""

    game_title = "Skyjo"
    labels = LABELS

    target_score: int = Field(default=100, ge=10, le=1000)
    rows: int = Field(default=3, ge=2, le=4)
    columns: int = Field(default=4, ge=2, le=5)
    opening_flips: int = Field(default=2, ge=0)
    clear_columns: bool = True
    clear_rows: bool = False
    penalty: PenaltyType = PenaltyType.MULTIPLIER
    penalty_factor: int = Field(default=2, ge=1, le=10)
    penalty_flat: int = Field(default=10, ge=0, le=100)
    show_round_scores: bool = True
    turn_seconds: int | None = Field(default=60, ge=10, le=3600)
    hints: bool = True
    """The player to move may ask what the hard bot would do (a table setting; the rules
    ignore it)."""

    @field_validator("opening_flips")
    @classmethod
    def _opening_flips_fit(cls, flips: int, info: ValidationInfo) -> int:
        rows, columns = info.data.get("rows"), info.data.get("columns")
        if rows is not None and columns is not None and flips >= rows * columns:
            raise SettingProblem(
                "{label}: at most {most} on a {rows}×{columns} grid (at least one card starts "
                "face down).",
                most=rows * columns - 1,
                rows=rows,
                columns=columns,
            )
        return flips

    @property
    def slots(self) -> int:
        return self.rows * self.columns

    def check_seats(self, seat_count: int) -> None:
        """Refuse a grid the deck cannot deal to this many seats (plus a discard and a draw)."""
        needed = seat_count * self.slots + 2
        if needed > DECK_SIZE:
            raise InvalidSettings(
                "A {rows}×{columns} grid cannot be dealt to {players} players: that takes "
                "{needed} cards with the discard and draw piles, and the deck has {deck}. "
                "Choose a smaller grid or fewer players.",
                rows=self.rows,
                columns=self.columns,
                players=seat_count,
                needed=needed,
                deck=DECK_SIZE,
            )
