"""The base of every game's host settings: frozen, strict, and refused with readable reasons."""

from __future__ import annotations

from typing import Any, ClassVar, Self

from pydantic import BaseModel, ConfigDict, ValidationError

from games.core.errors import InvalidSettings, Part, SettingProblem, Term, part


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
            raise InvalidSettings.of(cls.problems(error)) from None

    @classmethod
    def problems(cls, error: ValidationError) -> list[Part]:
        """One sentence per problem, naming the setting by its label."""
        parts: list[Part] = []
        for problem in error.errors():
            field = str(problem["loc"][0]) if problem["loc"] else ""
            label = Term(cls.labels.get(field, field))
            context = problem.get("ctx") or {}
            kind = problem["type"]
            cause = context.get("error")
            if kind == "extra_forbidden":
                game = Term(cls.game_title)
                parts.append(part("“{field}” is not a {game} setting.", field=field, game=game))
            elif isinstance(cause, SettingProblem):
                parts.append((cause.template, {"label": label, **cause.values}))
            elif kind == "greater_than_equal":
                parts.append(
                    part("{label} must be at least {limit}.", label=label, limit=context["ge"])
                )
            elif kind == "less_than_equal":
                parts.append(
                    part("{label} must be at most {limit}.", label=label, limit=context["le"])
                )
            elif kind in ("int_parsing", "int_type", "int_from_float"):
                parts.append(part("{label} must be a whole number.", label=label))
            elif kind in ("bool_parsing", "bool_type"):
                parts.append(part("{label} must be on or off.", label=label))
            elif kind in ("enum", "literal_error"):
                choices = context.get("expected", "")
                parts.append(
                    part("{label} must be one of: {choices}.", label=label, choices=choices)
                )
            else:
                parts.append(part("{label}: {detail}.", label=label, detail=problem["msg"]))
        return parts
