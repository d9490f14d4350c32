"""Sky Five host settings. The rules themselves (deck, cards removed per player count) are fixed."""

from __future__ import annotations

from pydantic import Field

from games.core.errors import Term
from games.core.settings import GameSettings

MIN_SEATS = 2
MAX_SEATS = 6

LABELS: dict[str, str] = {
    "turn_seconds": Term("Time per turn (seconds)"),
    "bust_seconds": Term("Time to choose from a bust (seconds)"),
    "hints": Term("Hints"),
}


class SkyFiveSettings(GameSettings):
    """What a host can change: only the time per decision, which the table enforces. A turn
    may be untimed; a choice from a bust, which keeps the whole table waiting, always is."""

    game_title = "Sky Five"
    labels = LABELS

    turn_seconds: int | None = Field(default=60, ge=10, le=3600)
    bust_seconds: int = Field(default=20, ge=10, le=300)
    hints: bool = True
    """Whether the player to decide may ask what a strong bot would do (carried for the table)."""
