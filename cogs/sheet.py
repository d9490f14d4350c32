"""`/skyjo-sheet …`: keep the score of a Skyjo game played with real cards."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import SkyTableBot
from bot.games.sheet.adapter import SheetAdapter
from cogs.game_commands import open_table, show_rules
from cogs.skyjo import PENALTIES


class SheetCog(
    commands.GroupCog,
    group_name=SheetAdapter.command,
    group_description="Keep the score of Skyjo played with real cards",
):
    def __init__(self, bot: SkyTableBot) -> None:
        self.bot = bot
        self.adapter = bot.catalog.require(SheetAdapter.kind)
        super().__init__()

    @app_commands.command(name="start", description="Open a Skyjo score sheet in this channel")
    @app_commands.describe(
        target_score="The game ends after a round in which someone reaches it (default 100)",
        penalty="Finisher's penalty when not strictly lowest (default ×2)",
        penalty_factor="Multiplier of the penalty (default 2)",
        penalty_flat="Points of a flat penalty (default 10)",
    )
    @app_commands.choices(penalty=PENALTIES)
    async def start(
        self,
        interaction: discord.Interaction[Any],
        target_score: app_commands.Range[int, 10, 1000] | None = None,
        penalty: str | None = None,
        penalty_factor: app_commands.Range[int, 1, 10] | None = None,
        penalty_flat: app_commands.Range[int, 0, 100] | None = None,
    ) -> None:
        values = {
            "target_score": target_score,
            "penalty": penalty,
            "penalty_factor": penalty_factor,
            "penalty_flat": penalty_flat,
        }
        await open_table(self.bot, interaction, self.adapter, values)

    @app_commands.command(name="rules", description="How the score sheet works (only you see it)")
    async def rules(self, interaction: discord.Interaction[Any]) -> None:
        await show_rules(self.bot, interaction, self.adapter)


async def setup(bot: commands.Bot) -> None:
    assert isinstance(bot, SkyTableBot)
    await bot.add_cog(SheetCog(bot))
