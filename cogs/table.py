"""`/table …`: what applies to any game in this channel — show it again, leave, cancel, and
reminders of your turn."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import SkyTableBot


class TableCog(
    commands.GroupCog, group_name="table", group_description="This channel's game, whichever it is"
):
    def __init__(self, bot: SkyTableBot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="show", description="Post this channel's game again at the bottom")
    async def show(self, interaction: discord.Interaction[Any]) -> None:
        await self.bot.sessions.table.show_table(interaction)

    @app_commands.command(name="leave", description="Leave this channel's game (a bot takes over)")
    async def leave(self, interaction: discord.Interaction[Any]) -> None:
        await self.bot.sessions.table.leave(interaction)

    @app_commands.command(name="cancel", description="Cancel this channel's game (host or admin)")
    async def cancel(self, interaction: discord.Interaction[Any]) -> None:
        await self.bot.sessions.table.cancel(interaction)

    @app_commands.command(name="remind", description="Turn DM reminders of your turn on or off")
    async def remind(self, interaction: discord.Interaction[Any]) -> None:
        await self.bot.sessions.table.toggle_reminders(interaction)


async def setup(bot: commands.Bot) -> None:
    assert isinstance(bot, SkyTableBot)
    await bot.add_cog(TableCog(bot))
