"""The language of a page: the one the visitor picked on the page (`?lang=`), else the first
the browser asks for that the bot speaks (Accept-Language), else the server's own choice for
the bot, else English."""

from __future__ import annotations

from aiohttp import web

from bot.i18n import LANGUAGES
from bot.i18n.catalog import SOURCE


def asked(header: str) -> list[str]:
    """The languages of an Accept-Language header, most wanted first (`*` and q=0 left out)."""
    weighed: list[tuple[float, int, str]] = []
    for index, part in enumerate(header.split(",")):
        tag, _, parameters = part.strip().partition(";")
        quality = 1.0
        for parameter in parameters.split(";"):
            name, _, value = parameter.strip().partition("=")
            if name == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        language = tag.strip().split("-")[0].lower()
        if language and language != "*" and quality > 0:
            weighed.append((-quality, index, language))
    return [language for _, _, language in sorted(weighed)]


def page_language(request: web.Request, server_language: str | None) -> str:
    picked = request.query.get("lang")
    if picked in LANGUAGES:
        return picked
    for language in asked(request.headers.get("Accept-Language", "")):
        if language in LANGUAGES:
            return language
    return server_language if server_language in LANGUAGES else SOURCE
