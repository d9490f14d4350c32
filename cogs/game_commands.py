"""What every game's own commands do alike: open a table, play solo, show the rules."""

from __future__ import annotations

from typing import Any

import discord

from bot.adapters.base import GameAdapter
from bot.client import SkyTableBot
from bot.sessions.places import FOR_THREADS, THREADS
from bot.ui import replies, rules
from games.core.errors import InvalidSettings


async def refused_for_permissions(
    bot: SkyTableBot, interaction: discord.Interaction[Any], *, threads: bool = False
) -> bool:
    """Says what the bot lacks in this channel (with `threads`, to start threads in it too),
    if anything; True when it lacks something."""
    permissions = interaction.app_permissions
    pictures = not await bot.sessions.guilds.text_only(interaction.guild_id)
    in_thread = getattr(interaction.channel, "type", None) in THREADS
    missing = replies.missing_permissions(permissions, pictures=pictures, in_thread=in_thread)
    if threads:
        missing += [label for name, label in FOR_THREADS if not getattr(permissions, name)]
    if missing:
        await replies.say(
            interaction, replies.missing_text(missing, replies.words_for(interaction))
        )
    return bool(missing)


async def open_table(
    bot: SkyTableBot,
    interaction: discord.Interaction[Any],
    adapter: GameAdapter,
    values: dict[str, Any],
) -> None:
    """A lobby for `adapter`'s game with these settings (None values left to the defaults)."""
    if await refused_for_permissions(bot, interaction):
        return
    settings = {key: value for key, value in values.items() if value is not None}
    await bot.sessions.lobby.open(interaction, adapter, settings)


async def open_solo(
    bot: SkyTableBot,
    interaction: discord.Interaction[Any],
    adapter: GameAdapter,
    bots: int,
    level: str,
    values: dict[str, Any],
) -> None:
    """A game of the player against `bots` bots of `level`, starting at once."""
    if await refused_for_permissions(bot, interaction):
        return
    if type(bots) is not int or not 1 <= bots < adapter.max_seats:
        raise InvalidSettings("Play against 1 to {most} bots.", most=adapter.max_seats - 1)
    settings = {key: value for key, value in values.items() if value is not None}
    await bot.sessions.lobby.open(interaction, adapter, settings, bots=[level] * bots)


async def open_daily(
    bot: SkyTableBot, interaction: discord.Interaction[Any], adapter: GameAdapter
) -> None:
    """Today's deal of `adapter`'s game, solo against the same bots as everyone; the result
    instead when the member has already played it today."""
    if await bot.sessions.daily.shown_attempt(interaction, adapter):
        return
    if await refused_for_permissions(bot, interaction):
        return
    await bot.sessions.daily.open(interaction, adapter)


async def show_rules(
    bot: SkyTableBot, interaction: discord.Interaction[Any], adapter: GameAdapter
) -> None:
    """The game's rules, only for whoever asked, in their language: as played at the table
    (or lobby) of this game in the channel, or else with the default settings."""
    words = replies.words_for(interaction)
    session = None
    if interaction.channel_id is not None:
        session = await bot.sessions.in_channel(interaction.channel_id)
    at_table = session is not None and session.record.kind == adapter.kind
    settings = session.settings if session is not None and at_table else adapter.build_settings({})
    embeds = rules.with_settings(
        adapter.rules(words, settings),
        adapter.settings_summary(settings, words),
        words,
        at_table=at_table,
    )
    await interaction.response.send_message(embeds=embeds, ephemeral=True)
