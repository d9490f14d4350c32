"""The Discord client: a `commands.Bot` that loads Sky Table's extensions at start-up."""

from __future__ import annotations

import logging

import discord
from discord.ext import commands

from bot.config import BotSettings

log = logging.getLogger(__name__)

EXTENSIONS: tuple[str, ...] = ()


class SkyTableBot(commands.Bot):
    def __init__(self, settings: BotSettings) -> None:
        super().__init__(command_prefix=commands.when_mentioned, intents=discord.Intents.default())
        self.settings = settings

    async def setup_hook(self) -> None:
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        if self.settings.dev_guild_id is not None:
            guild = discord.Object(id=self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()

    async def on_ready(self) -> None:
        log.info("Connected as %s to %d server(s)", self.user, len(self.guilds))
