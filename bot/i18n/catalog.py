"""The catalogs: which languages there are, how Discord's locales map to them, and loading."""

from __future__ import annotations

import gettext
import io
from functools import cache
from importlib import resources

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

SOURCE = "en"
LANGUAGES: tuple[str, ...] = (SOURCE, "fr", "de")
"""The languages the bot speaks; any other locale gets the source language, English."""


def language_of(locale: str | None) -> str:
    """The language for a Discord locale ("fr", "de", "en-US", "pt-BR"…): its own if the bot
    speaks it, else English."""
    if not locale:
        return SOURCE
    language = str(locale).split("-")[0].lower()
    return language if language in LANGUAGES else SOURCE


def catalog_text(language: str) -> bytes:
    return resources.files("bot.i18n").joinpath(f"locales/{language}.po").read_bytes()


@cache
def translations(language: str) -> gettext.NullTranslations:
    """The compiled catalog of `language`; English, the source, translates to itself."""
    if language == SOURCE:
        return gettext.NullTranslations()
    catalog = read_po(io.BytesIO(catalog_text(language)), locale=language)
    compiled = io.BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)
