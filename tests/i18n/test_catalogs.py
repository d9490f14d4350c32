"""The French and German catalogs: complete, with the same placeholders as English, and with
each language's own plural rule."""

from __future__ import annotations

import io
import string
from typing import Any

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from bot.i18n import LANGUAGES, Words, language_of, translations
from bot.i18n.catalog import SOURCE, catalog_text

TRANSLATED = [language for language in LANGUAGES if language != SOURCE]


def catalog(language: str) -> Catalog:
    return read_po(io.BytesIO(catalog_text(language)), locale=language)


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def keys(language: str) -> set[tuple[str | None, str]]:
    return {
        (message.context, message.id if isinstance(message.id, str) else message.id[0])
        for message in catalog(language)
        if message.id
    }


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_message_is_translated_with_the_same_placeholders(language: str) -> None:
    for message in catalog(language):
        if not message.id:
            continue
        assert not message.fuzzy, f"{language}: {message.id!r} is marked fuzzy"
        sources = [message.id] if isinstance(message.id, str) else list(message.id)
        targets = (
            [message.string] if isinstance(message.string, str) else list(message.string or ())
        )
        assert all(targets), f"{language}: {message.id!r} has no translation"
        expected = set().union(*(fields(source) for source in sources))
        for target in targets:
            found = fields(target)
            if len(sources) > 1:
                # A form for one thing may say "eine Karte" rather than "{n} Karte".
                found |= {"n"} & expected
            assert found == expected, f"{language}: {message.id!r} → {target!r}"


def test_the_languages_hold_the_same_messages() -> None:
    first, *others = TRANSLATED
    for language in others:
        assert keys(language) == keys(first), f"{language} and {first} differ"


@pytest.mark.parametrize(
    ("locale", "language"),
    [("fr", "fr"), ("de", "de"), ("en-US", "en"), ("en-GB", "en"), ("pt-BR", "en"), (None, "en")],
)
def test_discord_locales_map_to_a_language_the_bot_speaks(
    locale: str | None, language: str
) -> None:
    assert language_of(locale) == language


def test_each_language_has_its_own_plural_rule() -> None:
    """French counts 0 like 1 ("0 carte, 1 carte, 2 cartes"), German like 2 ("0 Karten")."""
    french: Any = translations("fr")
    german: Any = translations("de")
    assert hasattr(french, "plural") and hasattr(german, "plural"), "compiled catalogs"
    assert french.plural(0) == french.plural(1) != french.plural(2)
    assert german.plural(0) == german.plural(2) != german.plural(1)


def test_words_fill_in_values_and_fall_back_to_english() -> None:
    assert Words("fr")("How many bots (1–7, default 3)") == "Combien de bots (1 à 7, 3 par défaut)"
    assert Words("de").name("start") == "starten"
    assert Words("en").name("start") == "start"
    assert Words.for_locale("pt-BR")("Play Skyjo here") == "Play Skyjo here"
    assert Words("de")("A message no catalog has, {who}.", who="Ana") == (
        "A message no catalog has, Ana."
    )


@pytest.mark.parametrize(
    ("language", "count", "text"),
    [
        ("en", 1, "Choose 1 more card to turn up."),
        ("en", 2, "Choose 2 more cards to turn up."),
        ("fr", 1, "Choisissez encore 1 carte à retourner."),
        ("fr", 2, "Choisissez encore 2 cartes à retourner."),
        ("de", 1, "Wähle noch eine Karte zum Aufdecken."),
        ("de", 2, "Wähle noch 2 Karten zum Aufdecken."),
    ],
)
def test_plurals_read_right_in_each_language(language: str, count: int, text: str) -> None:
    words = Words(language)
    singular, plural = "Choose {n} more card to turn up.", "Choose {n} more cards to turn up."
    assert words.plural(singular, plural, count) == text
