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
from functools import lru_cache

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


def unmentioned(user_id: int) -> str:
    return "@?"


def plain(text: str, language: str, names: Names = unmentioned) -> str:
    """Discord's own marks as words."""
    if "<" not in text:
        return text

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


@lru_cache(maxsize=4096)
def _inline(text: str) -> Markup:
    return Markup(_markdown.renderInline(text))


def _paragraph(lines: list[str]) -> str:
    return f"<p>{_inline(chr(10).join(lines).strip())}</p>\n"


def _simple_blocks(text: str) -> str | None:
    """What markdown-it renders for a text of paragraphs and quotes one level deep, each
    quote followed by a blank line (as `_quotes_end` leaves them), built from the inline
    rendering of each paragraph, which is kept; None for any other text."""
    if "\t" in text or "\r" in text or "\0" in text:
        return None
    blocks: list[str] = []
    lines = text.split("\n")
    index = 0
    while index < len(lines):
        line = lines[index]
        if not line.strip():
            index += 1
        elif line[0] == " ":
            return None
        elif line[0] == ">":
            quoted = []
            while index < len(lines) and lines[index].startswith(">"):
                body = lines[index][2:] if lines[index].startswith("> ") else ""
                if not body.strip() or body[0] in " >":
                    return None
                quoted.append(body)
                index += 1
            if index < len(lines) and lines[index].strip():
                return None
            blocks.append(f"<blockquote>\n{_paragraph(quoted)}</blockquote>\n")
        else:
            paragraph = []
            while index < len(lines) and lines[index].strip() and lines[index][0] != ">":
                if lines[index][0] == " ":
                    return None
                paragraph.append(lines[index])
                index += 1
            blocks.append(_paragraph(paragraph))
    return "".join(blocks)


def _blocks(text: str) -> Markup:
    text = _quotes_end(text)
    simple = _simple_blocks(text)
    return Markup(_markdown.render(text) if simple is None else simple)


def html(text: str | None, language: str, names: Names = unmentioned) -> Markup:
    """A message's text as HTML blocks (paragraphs, quotes)."""
    if not text:
        return Markup("")
    return _blocks(plain(text, language, names))


def inline(text: str | None, language: str, names: Names = unmentioned) -> Markup:
    """A line of a message (a title, a field's name) as inline HTML."""
    if not text:
        return Markup("")
    return _inline(plain(text, language, names))
