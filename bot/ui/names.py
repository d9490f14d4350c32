"""Players' names in text that Discord formats (embeds, replies): shown as they were typed."""

from __future__ import annotations

from collections.abc import Iterable

import discord


def shown(name: str) -> str:
    """`name` with Discord's markdown characters and mentions escaped, so that one player's
    name cannot format the table (bold, spoilers, quotes, code…) or show as a mention.
    Pictures, alt text and button labels, which Discord does not format, take names as they
    are."""
    return discord.utils.escape_mentions(discord.utils.escape_markdown(name))


def all_shown(names: Iterable[str]) -> list[str]:
    return [shown(name) for name in names]
