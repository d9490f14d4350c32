"""Sky Five host settings. The rules themselves (deck, cards removed per player count) are fixed."""

from __future__ import annotations

from pydantic import Field

from games.core.errors import Term
from games.core.settings import GameSettings

MIN_SEATS = 2
MAX_SEATS = 6

LABELS: dict[str, str] = {
    "turn_seconds": Term("Time per turn (seconds)"),
}


class SkyFiveSettings(GameSettings):
    """What a host can change: only the time per decision, which the table enforces."""

    game_title = "Sky Five"
    labels = LABELS

    turn_seconds: int | None = Field(default=60, ge=10, le=3600)
