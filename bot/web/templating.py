"""The pages' templates (Jinja2, every value escaped unless marked safe), the static files they
link to under addresses that name their versions, and what every template is given."""

from __future__ import annotations

import hashlib
import mimetypes
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

import jinja2

from bot.i18n import LANGUAGES, Words
from bot.storage.stats import PROVISIONAL_GAMES
from bot.ui.rating_words import rating_text
from bot.web.text import plain

STATIC_FILES = ("style.css", "replay.js", "avatar.svg", "favicon.svg")


@dataclass(frozen=True)
class StaticFile:
    body: bytes
    content_type: str
    version: str


@cache
def static_files() -> dict[str, StaticFile]:
    folder = resources.files("bot.web").joinpath("static")
    found = {}
    for name in STATIC_FILES:
        body = folder.joinpath(name).read_bytes()
        content_type = mimetypes.guess_type(name)[0] or "application/octet-stream"
        found[name] = StaticFile(body, content_type, hashlib.sha256(body).hexdigest()[:10])
    return found


def environment() -> jinja2.Environment:
    files = static_files()
    made = jinja2.Environment(
        loader=jinja2.PackageLoader("bot.web", "templates"),
        autoescape=jinja2.select_autoescape(default=True),
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    made.globals["static"] = lambda name: f"/static/{name}?v={files[name].version}"
    return made


def rating_shown(value: float | None, words: Words) -> str:
    return "—" if value is None else rating_text(value, words)


def helpers(words: Words, server: object, path: str) -> dict[str, Any]:
    """What every template is given: the page's words, its server, its address and helpers."""
    return {
        "_": words,
        "words": words,
        "plural": words.plural,
        "lang": words.language,
        "languages": LANGUAGES,
        "server": server,
        "path": path,
        "rating_shown": lambda value: rating_shown(value, words),
        "percent": lambda value: words("{rate} %", rate=round(100 * value)),
        "decimal": lambda value: rating_text(value, words),
        "when": lambda moment: plain(f"<t:{int(moment)}:f>", words.language),
        "provisional": PROVISIONAL_GAMES,
    }
