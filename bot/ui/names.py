"""Players' names and scores in text that Discord shows: names as they were typed, negative
scores with a true minus sign."""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

import discord

MINUS = "\N{MINUS SIGN}"


@lru_cache(maxsize=4096)
def shown(name: str) -> str:
    """`name` with Discord's markdown characters and mentions escaped, so that one player's
    name cannot format the table (bold, spoilers, quotes, code…) or show as a mention.
    Pictures, alt text and button labels, which Discord does not format, take names as they
    are."""
    return discord.utils.escape_mentions(discord.utils.escape_markdown(name))


def all_shown(names: Iterable[str]) -> list[str]:
    return [shown(name) for name in names]


class Points(int):
    """A score as players read it: formatted (in a message, an f-string, `str`) with a true
    minus sign, "−3" rather than "-3". It is still the number, so a plural form follows it."""

    def __format__(self, spec: str) -> str:
        return format(int(self), spec).replace("-", MINUS)

    def __str__(self) -> str:
        return format(self, "")


def number(value: int) -> str:
    """ "−3", "0", "12"."""
    return f"{MINUS}{-value}" if value < 0 else str(value)


def signed(value: int) -> str:
    """ "−3", "+0", "+12": a score that adds to a total."""
    return format(Points(value), "+d")
