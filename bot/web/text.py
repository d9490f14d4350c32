"""Discord's text on a page: the markdown the bot writes in its messages (bold, italics,
quotes, line breaks, escaped names) as HTML, every other character escaped.

Discord quotes a line that begins with `> ` and that line alone; a line after it without the
mark is not quoted, as it would be in CommonMark, so a blank line is put between them. What only
Discord can show is written as words: a timestamp as the date, a mention as the name given,
a custom emoji as its name; a channel link (an id) is left out.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Callable

from babel.dates import format_datetime
from markdown_it import MarkdownIt
from markupsafe import Markup

_markdown = MarkdownIt("zero", {"breaks": True, "html": False}).enable(
    ["emphasis", "blockquote", "escape", "newline", "backticks"]
)

TIMESTAMP = re.compile(r"<t:(-?\d{1,12})(?::[tTdDfFR])?>")
MENTION = re.compile(r"<@!?(\d{1,20})>")
CHANNEL = re.compile(r"\s*(?:·\s*)?<#\d{1,20}>")
CUSTOM_EMOJI = re.compile(r"<a?:(\w{1,32}):\d{1,20}>")

Names = Callable[[int], str]
"""The name a page gives the member a mention names (never their id)."""


def _unmentioned(user_id: int) -> str:
    return "@?"


def plain(text: str, language: str, names: Names = _unmentioned) -> str:
    """Discord's own marks as words."""

    def when(match: re.Match[str]) -> str:
        moment = datetime.datetime.fromtimestamp(int(match.group(1)), tz=datetime.UTC)
        return format_datetime(moment, "medium", tzinfo=datetime.UTC, locale=language)

    text = TIMESTAMP.sub(when, text)
    text = MENTION.sub(lambda match: names(int(match.group(1))), text)
    text = CHANNEL.sub("", text)
    return CUSTOM_EMOJI.sub(lambda match: f":{match.group(1)}:", text)


def _quotes_end(text: str) -> str:
    lines = text.split("\n")
    kept: list[str] = []
    for index, line in enumerate(lines):
        kept.append(line)
        following = lines[index + 1] if index + 1 < len(lines) else None
        if line.startswith(">") and following is not None and not following.startswith(">"):
            kept.append("")
    return "\n".join(kept)


def html(text: str | None, language: str, names: Names = _unmentioned) -> Markup:
    """A message's text as HTML blocks (paragraphs, quotes)."""
    if not text:
        return Markup("")
    return Markup(_markdown.render(_quotes_end(plain(text, language, names))))


def inline(text: str | None, language: str, names: Names = _unmentioned) -> Markup:
    """A line of a message (a title, a field's name) as inline HTML."""
    if not text:
        return Markup("")
    return Markup(_markdown.renderInline(plain(text, language, names)))
