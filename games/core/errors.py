"""Domain errors whose messages are fit to show a player, in any language.

A message is an English template with named values (`IllegalAction("It is {name}'s turn, not
yours.", name=…)`): the template is the key a catalog translates, so an engine chooses no
language. A value that is itself a word to translate is given as a `Term`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Self

Part = tuple[str, dict[str, Any]]
Fill = Callable[[str, Mapping[str, Any]], str]
"""How a template is filled in with its values: `str.format`'s way unless a language needs
more."""


def part(template: str, /, **values: Any) -> Part:
    """One sentence of a message of several (`GameError.of`)."""
    return (template, values)


class Term(str):
    """A value that is a word of the catalog (a setting's label, a game's name), translated
    with the message it fills in."""

    __slots__ = ()


def format_values(template: str, values: Mapping[str, Any]) -> str:
    return template.format_map(values)


def render(
    parts: Sequence[Part], translate: Callable[[str], str] = str, fill: Fill = format_values
) -> str:
    """The sentences of `parts`, each template and `Term` value passed through `translate`,
    then filled in by `fill`."""
    sentences = []
    for template, values in parts:
        filled = {k: translate(v) if isinstance(v, Term) else v for k, v in values.items()}
        sentences.append(fill(translate(template), filled) if filled else translate(template))
    return " ".join(sentences)


class GameError(Exception):
    """Base of every error a rule engine raises on purpose."""

    def __init__(self, template: str, /, **values: Any) -> None:
        self.parts: tuple[Part, ...] = ((template, values),)
        super().__init__(self.message)

    @classmethod
    def of(cls, parts: Sequence[Part]) -> Self:
        """One error of several sentences."""
        error = cls(*parts[0][:1], **parts[0][1])
        error.parts = tuple(parts)
        error.args = (error.message,)
        return error

    @property
    def message(self) -> str:
        """The message in English."""
        return render(self.parts)


class IllegalAction(GameError):
    """The action is not allowed now; the game state is unchanged."""


class InvalidSettings(GameError):
    """A host setting (or the seats) cannot be used; the message says which and why."""


class SettingProblem(ValueError):
    """Raised by a settings validator: why a value cannot be used, as a template and values;
    the template may name the setting as `{label}`."""

    def __init__(self, template: str, /, **values: Any) -> None:
        super().__init__(template)
        self.template = template
        self.values = values
