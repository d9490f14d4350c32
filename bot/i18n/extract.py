"""Find every message the code shows, and add the new ones to the catalogs for translation.

    python -m bot.i18n.extract          # adds new messages (untranslated) to fr.po and de.po

A message is found where the code hands a literal to the catalog: `words("…")`,
`words.plural("…", "…", n)`, `tell(interaction, "…")`, `session.note("…")`, an engine error
(`IllegalAction("…")`, `InvalidSettings("…")`, `part("…")`), a `Term("…")`, a feat's plural
(`Feat(name, "…", "…")`), or a constant marked `N_("…")`; in the web pages' templates,
`_("…")` and `plural("…", "…", n)`. The command strings are found from the command tree (see
`tests/i18n`).
"""

from __future__ import annotations

import io
import sys
from collections.abc import Iterator
from importlib import resources
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

from bot.i18n.catalog import LANGUAGES, SOURCE, catalog_text

ROOT = Path(__file__).resolve().parents[2]
SCANNED = ("bot", "cogs", "games")
"""Where the shown text lives: the bot and every engine's errors and settings."""
KEYWORDS: dict[str, tuple[int, ...] | None] = {
    "words": None,
    "plural": (1, 2),
    "N_": None,
    "tell": (2,),
    "note": None,
    "IllegalAction": None,
    "InvalidSettings": None,
    "SettingProblem": None,
    "part": None,
    "Term": None,
    "Feat": (2, 3),
}

TEMPLATES = "bot/web/templates"
TEMPLATE_KEYWORDS: dict[str, tuple[int, ...] | None] = {"_": None, "plural": (1, 2)}

Message = str | tuple[str, str]


def messages(root: Path = ROOT) -> Iterator[tuple[Message, str]]:
    """Each message found in the code (a plural as its two forms), with where it is."""
    sources = [(folder, "**.py", "python", KEYWORDS) for folder in SCANNED]
    sources.append((TEMPLATES, "**.html", "jinja2", TEMPLATE_KEYWORDS))
    for folder, pattern, method, keywords in sources:
        found = extract_from_dir(
            root / folder,
            method_map=[(pattern, method)],
            keywords=keywords,
            comment_tags=(),
            strip_comment_tags=True,
        )
        for filename, line, message, _, _ in found:
            if isinstance(message, tuple):
                if all(message):
                    yield (message[0], message[1]), f"{folder}/{filename}:{line}"
            elif message:
                yield message, f"{folder}/{filename}:{line}"


def update(language: str) -> int:
    """Add the messages the catalog of `language` lacks; returns how many were added."""
    catalog = read_po(io.BytesIO(catalog_text(language)), locale=language)
    added = 0
    for message, _ in messages():
        key = message[0] if isinstance(message, tuple) else message
        if catalog.get(key) is None:
            catalog.add(message, "" if isinstance(message, str) else ("",) * catalog.num_plurals)
            added += 1
    if added:
        target = resources.files("bot.i18n").joinpath(f"locales/{language}.po")
        with Path(str(target)).open("wb") as output:
            write_po(output, catalog, width=100, no_location=True, sort_output=False)
    return added


def main() -> int:
    for language in LANGUAGES:
        if language != SOURCE:
            print(f"{language}: {update(language)} new message(s) to translate")
    return 0


if __name__ == "__main__":
    sys.exit(main())


__all__ = ["Catalog", "messages", "update"]
