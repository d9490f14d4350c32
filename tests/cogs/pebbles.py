"""`/pebbles start`: open a Pebbles table."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import SkyTableBot
from cogs.game_commands import open_table
from tests.bot.games.pebbles.adapter import PebblesAdapter


class PebblesCog(
    commands.GroupCog, group_name=PebblesAdapter.command, group_description="Play Pebbles"
):
    def __init__(self, bot: SkyTableBot) -> None:
        self.bot = bot
        self.adapter = bot.catalog.require(PebblesAdapter.kind)
        super().__init__()

    @app_commands.command(name="start", description="Open a Pebbles table")
    async def start(self, interaction: discord.Interaction[Any], target: int = 10) -> None:
        await open_table(self.bot, interaction, self.adapter, {"target": target})


async def setup(bot: commands.Bot) -> None:
    assert isinstance(bot, SkyTableBot)
    await bot.add_cog(PebblesCog(bot))
