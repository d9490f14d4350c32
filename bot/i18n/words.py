"""Words in one language: messages and plurals from its catalog, with their values filled in."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.i18n import elision
from bot.i18n.catalog import language_of, translations
from games.core.errors import Fill, GameError, format_values, render

NAME_CONTEXT = "command name"
FILLS: dict[str, Fill] = {"fr": elision.fill}
"""How a language fills in a message's values where `str.format` is not enough: French
elides "de" before a name that begins with a vowel."""


class Words:
    """`words("Your turn, {name}.", name=…)` and `words.plural("{n} card", "{n} cards", n)`
    give the message in this language; the plural form is the catalog's."""

    def __init__(self, language: str) -> None:
        self.language = language
        self._catalog = translations(language)
        self._fill = FILLS.get(language, format_values)

    @classmethod
    def for_locale(cls, locale: Any) -> Words:
        return cls(language_of(None if locale is None else str(locale)))

    def __call__(self, message: str, /, **values: Any) -> str:
        text = self._catalog.gettext(message)
        return self._fill(text, values) if values else text

    def plural(self, singular: str, plural: str, n: int, /, **values: Any) -> str:
        return self._fill(self._catalog.ngettext(singular, plural, n), {"n": n, **values})

    def listing(self, items: Sequence[object]) -> str:
        """`a`, `a and b`, `a, b and c`, in this language."""
        texts = [str(item) for item in items]
        if len(texts) <= 1:
            return "".join(texts)
        return self(LISTING, first=", ".join(texts[:-1]), last=texts[-1])

    def error(self, error: GameError) -> str:
        """An engine's or the table's error, in this language."""
        return render(error.parts, self._catalog.gettext, self._fill)

    def command(self, *names: str) -> str:
        """A slash command as this language's players see it: `/tisch zeigen`."""
        return "/" + " ".join(self.name(name) for name in names)

    def name(self, message: str) -> str:
        """A command, group or option name."""
        return self._catalog.pgettext(NAME_CONTEXT, message)


def N_(message: str) -> str:
    """Marks a message kept in a constant, so that the catalog's check finds it; it is
    translated where it is shown."""
    return message


LISTING = N_("{first} and {last}")
