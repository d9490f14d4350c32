"""`/skyjo-junior …`: open a Skyjo Junior table, play solo against bots, read the rules."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import SkyTableBot
from bot.games.junior.adapter import JuniorAdapter
from cogs.game_commands import open_daily, open_solo, open_table, show_rules
from games.skyjo_junior.levels import BOT_LEVELS

LEVELS = [app_commands.Choice(name=level, value=level) for level in BOT_LEVELS.levels]


class JuniorCog(
    commands.GroupCog, group_name=JuniorAdapter.command, group_description="Play Skyjo Junior here"
):
    def __init__(self, bot: SkyTableBot) -> None:
        self.bot = bot
        self.adapter = bot.catalog.require(JuniorAdapter.kind)
        super().__init__()

    @app_commands.command(name="start", description="Open a Skyjo Junior table in this channel")
    @app_commands.describe(
        copies_per_value="Copies of each card value from 1 to 12 in the deck (default 10)",
        turn_seconds="Seconds per turn before a bot plays it (default 60)",
        hints="Let the player to move ask what a strong bot would do (default on)",
    )
    async def start(
        self,
        interaction: discord.Interaction[Any],
        copies_per_value: app_commands.Range[int, 4, 20] | None = None,
        turn_seconds: app_commands.Range[int, 10, 3600] | None = None,
        hints: bool | None = None,
    ) -> None:
        values = {
            "copies_per_value": copies_per_value,
            "turn_seconds": turn_seconds,
            "hints": hints,
        }
        await open_table(self.bot, interaction, self.adapter, values)

    @app_commands.command(name="solo", description="Play Skyjo Junior against bots, starting now")
    @app_commands.describe(
        bots="How many bots (1–7, default 3)", level="How well they play (default normal)"
    )
    @app_commands.choices(level=LEVELS)
    async def solo(
        self,
        interaction: discord.Interaction[Any],
        bots: app_commands.Range[int, 1, 7] = 3,
        level: str = "normal",
    ) -> None:
        await open_solo(self.bot, interaction, self.adapter, bots, level, {})

    @app_commands.command(
        name="daily", description="Today's deal: the same for everyone, once a day"
    )
    async def daily(self, interaction: discord.Interaction[Any]) -> None:
        await open_daily(self.bot, interaction, self.adapter)

    @app_commands.command(name="rules", description="How to play Skyjo Junior (only you see it)")
    async def rules(self, interaction: discord.Interaction[Any]) -> None:
        await show_rules(self.bot, interaction, self.adapter)


async def setup(bot: commands.Bot) -> None:
    assert isinstance(bot, SkyTableBot)
    await bot.add_cog(JuniorCog(bot))
