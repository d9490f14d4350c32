"""The base of every game's host settings: frozen, strict, and refused with readable reasons."""

from __future__ import annotations

from typing import Any, ClassVar, Self

from pydantic import BaseModel, ConfigDict, ValidationError

from games.core.errors import InvalidSettings


class GameSettings(BaseModel):
    """Subclasses name their game and give each field a label a host understands."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    game_title: ClassVar[str] = "this game"
    labels: ClassVar[dict[str, str]] = {}

    @classmethod
    def build(cls, **values: Any) -> Self:
        """Validate host input, turning every problem into one readable `InvalidSettings`."""
        try:
            return cls(**values)
        except ValidationError as error:
            raise InvalidSettings(cls.describe_errors(error)) from None

    @classmethod
    def describe_errors(cls, error: ValidationError) -> str:
        parts = []
        for problem in error.errors():
            field = str(problem["loc"][0]) if problem["loc"] else ""
            label = cls.labels.get(field, field or "Settings")
            message = str(problem["msg"]).removeprefix("Value error, ")
            if problem["type"] == "extra_forbidden":
                message = f"is not a {cls.game_title} setting"
            parts.append(f"{label}: {message}" if field else message[:1].upper() + message[1:])
        return "; ".join(parts) + "."
