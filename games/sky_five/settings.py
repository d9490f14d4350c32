"""Sky Five host settings. The rules themselves (deck, cards removed per player count) are fixed."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from games.core.errors import InvalidSettings

MIN_SEATS = 2
MAX_SEATS = 6

LABELS: dict[str, str] = {
    "turn_seconds": "Time per turn (seconds)",
}


class SkyFiveSettings(BaseModel):
    """What a host can change: only the time per decision, which the table enforces."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    turn_seconds: int | None = Field(default=60, ge=10, le=3600)

    @classmethod
    def build(cls, **values: Any) -> SkyFiveSettings:
        """Validate host input, turning every problem into one readable `InvalidSettings`."""
        try:
            return cls(**values)
        except ValidationError as error:
            raise InvalidSettings(describe_errors(error)) from None


def describe_errors(error: ValidationError) -> str:
    parts = []
    for problem in error.errors():
        field = str(problem["loc"][0]) if problem["loc"] else ""
        label = LABELS.get(field, field or "Settings")
        message = str(problem["msg"]).removeprefix("Value error, ")
        if problem["type"] == "extra_forbidden":
            message = "is not a Sky Five setting"
        parts.append(f"{label}: {message}" if field else message[:1].upper() + message[1:])
    return "; ".join(parts) + "."
