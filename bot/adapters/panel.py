"""A game's settings panel: the selects offered to the host, and what picking an option sets."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from pydantic import BaseModel

from bot.adapters.specs import SettingChoice
from bot.i18n import N_, Words
from games.core.errors import IllegalAction

Fields = Callable[[str, str], dict[str, Any]]


def plain_fields(key: str, value: str) -> dict[str, Any]:
    """The field an option sets by itself: "on"/"off" a switch, "none" no value, else a number."""
    if value in ("on", "off"):
        return {key: value == "on"}
    if value == "none":
        return {key: None}
    return {key: int(value)}


TURN_SECONDS = SettingChoice(
    "turn_seconds",
    N_("Time per turn"),
    [
        (N_("30 s"), "30"),
        (N_("60 s"), "60"),
        (N_("2 min"), "120"),
        (N_("5 min"), "300"),
        (N_("no limit"), "none"),
    ],
)
HINTS = SettingChoice("hints", N_("Hints"), [(N_("on"), "on"), (N_("off"), "off")])


class SettingsPanel:
    """The selects of a game's panel. `fields` says which settings an option sets (by
    default, the one its select names)."""

    def __init__(self, choices: Sequence[SettingChoice], fields: Fields = plain_fields) -> None:
        self.choices = tuple(choices)
        self.fields = fields

    def offered(self, words: Words) -> list[SettingChoice]:
        return [
            SettingChoice(
                choice.key,
                words(choice.label),
                [(words(label), value) for label, value in choice.options],
            )
            for choice in self.choices
        ]

    def choose(self, values: dict[str, Any], key: str, value: str) -> dict[str, Any]:
        choice = next((choice for choice in self.choices if choice.key == key), None)
        if choice is None or value not in {option for _, option in choice.options}:
            raise IllegalAction("That is not a setting of this game.")
        return {**values, **self.fields(key, value)}

    def chosen(self, settings: BaseModel, key: str) -> str | None:
        current = settings.model_dump()
        for choice in self.choices:
            if choice.key == key:
                for _, value in choice.options:
                    fields = self.fields(key, value)
                    if all(current.get(k) == v for k, v in fields.items()):
                        return value
        return None
