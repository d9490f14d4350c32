"""A game's rules as the bot shows them: the rules, then how to play them here."""

from __future__ import annotations

import discord

from bot.i18n import Words


def rules_embeds(
    words: Words, title: str, rules: str, controls: str, colour: discord.Colour
) -> list[discord.Embed]:
    """`rules` and `controls` are catalog messages, shown in `words`' language."""
    embed = discord.Embed(title=title, description=words(rules), colour=colour)
    embed.add_field(name=words("Playing here"), value=words(controls), inline=False)
    return [embed]
