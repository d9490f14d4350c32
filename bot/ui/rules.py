"""A game's rules as the bot shows them: the rules, how to play them here, and the settings they
are played with (a table's own, or the defaults)."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.i18n import Words

FIELD_LIMIT = 1024


def rules_embeds(
    words: Words, title: str, rules: str, controls: str, colour: discord.Colour
) -> list[discord.Embed]:
    """`rules` is in `words`' language already; `controls` is a catalog message."""
    embed = discord.Embed(title=title, description=rules, colour=colour)
    embed.add_field(name=words("Playing here"), value=words(controls), inline=False)
    return [embed]


def with_settings(
    embeds: list[discord.Embed], settings: Sequence[str], words: Words, *, at_table: bool
) -> list[discord.Embed]:
    """The rules with the settings they are played with: those of the table in the channel,
    or the defaults, said to be the defaults."""
    heading = (
        words("Settings of this channel's table")
        if at_table
        else words("Default settings (a table's host may change them)")
    )
    first, *rest = embeds
    first.add_field(name=heading, value="\n".join(settings)[:FIELD_LIMIT], inline=False)
    return [first, *rest]
