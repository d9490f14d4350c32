"""The small discord.py bot the stand-in's own tests drive: slash group, buttons, select, modal."""

from __future__ import annotations

import asyncio
import re
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

Button = discord.ui.Button[discord.ui.View]


class JoinButton(discord.ui.DynamicItem[Button], template=r"table:join:(?P<table>\d+)"):
    """Answers by editing its message in place (callback type 7)."""

    def __init__(self, table: int) -> None:
        super().__init__(discord.ui.Button(label="Join", custom_id=f"table:join:{table}"))
        self.table = table

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> JoinButton:
        return cls(int(match["table"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        bot: SampleBot = interaction.client
        bot.clicks.append((bot.generation, interaction.user.id, self.table))
        try:
            await interaction.response.edit_message(
                content=f"{interaction.user.name} joined table {self.table}"
            )
        except discord.HTTPException as error:
            bot.record(error)


class RefreshButton(discord.ui.DynamicItem[Button], template=r"table:refresh:(?P<table>\d+)"):
    """Defers the update (type 6), then edits the message through the channel endpoint."""

    def __init__(self, table: int) -> None:
        super().__init__(discord.ui.Button(label="Refresh", custom_id=f"table:refresh:{table}"))
        self.table = table

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> RefreshButton:
        return cls(int(match["table"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        bot: SampleBot = interaction.client
        await interaction.response.defer()
        assert interaction.message is not None
        try:
            await interaction.message.edit(content=f"table {self.table} refreshed")
        except discord.HTTPException as error:
            bot.record(error)


class RenameModal(discord.ui.Modal, title="Rename the table"):
    name: discord.ui.TextInput[Any] = discord.ui.TextInput(
        label="New name", custom_id="rename:name", max_length=40
    )

    def __init__(self) -> None:
        super().__init__(custom_id="rename")

    async def on_submit(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message(f"table renamed to {self.name.value}")


class TableView(discord.ui.View):
    """Persistent controls that are not dynamic items: a colour select and a rename button."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.select(
        custom_id="table:colour",
        placeholder="Card colour",
        options=[discord.SelectOption(label=c.title(), value=c) for c in ("red", "blue", "green")],
    )
    async def colour(
        self, interaction: discord.Interaction[Any], select: discord.ui.Select[Any]
    ) -> None:
        await interaction.response.send_message(f"picked {select.values[0]}", ephemeral=True)

    @discord.ui.button(label="Rename", custom_id="table:rename")
    async def rename(self, interaction: discord.Interaction[Any], button: Button) -> None:
        await interaction.response.send_modal(RenameModal())


def table_message(table: int) -> tuple[discord.Embed, discord.ui.View]:
    embed = discord.Embed(title=f"Table {table}", description="Waiting for players")
    embed.add_field(name="Seats", value="4")
    view = TableView()
    view.add_item(JoinButton(table))
    view.add_item(RefreshButton(table))
    return embed, view


class TableCommands(app_commands.Group):
    def __init__(self, bot: SampleBot) -> None:
        super().__init__(name="table", description="Run a card table")
        self.bot = bot

    @app_commands.command(description="Open a table")
    @app_commands.describe(number="Table number", private="Only you see it")
    async def open(
        self, interaction: discord.Interaction[Any], number: int, private: bool = False
    ) -> None:
        embed, view = table_message(number)
        await interaction.response.send_message(embed=embed, view=view, ephemeral=private)

    @app_commands.command(description="Tell only me")
    async def secret(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message("just for you", ephemeral=True)

    @app_commands.command(description="Answer twice")
    async def twice(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message("first")
        interaction.response._response_type = None
        try:
            await interaction.response.send_message("second")
        except discord.HTTPException as error:
            self.bot.record(error)

    @app_commands.command(description="Answer late")
    async def slow(self, interaction: discord.Interaction[Any]) -> None:
        await asyncio.sleep(self.bot.slow_delay)
        try:
            await interaction.response.send_message("finally")
        except discord.HTTPException as error:
            self.bot.record(error)

    @app_commands.command(description="Defer and keep the interaction for later")
    async def later(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer(thinking=True)
        self.bot.kept.append(interaction)

    @app_commands.command(description="Send a direct message")
    async def dm(self, interaction: discord.Interaction[Any], who: discord.User) -> None:
        await interaction.response.defer(ephemeral=True)
        try:
            await who.send("a seat is free")
        except discord.Forbidden as error:
            self.bot.record(error)
            await interaction.followup.send(f"cannot DM {who.name}", ephemeral=True)
        else:
            await interaction.followup.send(f"told {who.name}", ephemeral=True)

    @app_commands.command(description="Post the table in this channel")
    async def post(self, interaction: discord.Interaction[Any], embed: bool = False) -> None:
        assert isinstance(interaction.channel, discord.TextChannel)
        try:
            if embed:
                await interaction.channel.send(embed=discord.Embed(title="Table"))
            else:
                await interaction.channel.send("the table")
        except discord.Forbidden as error:
            self.bot.record(error)
            await interaction.response.send_message("cannot post here", ephemeral=True)
        else:
            await interaction.response.send_message("posted", ephemeral=True)

    @app_commands.command(description="Send a component Discord refuses")
    async def bad(self, interaction: discord.Interaction[Any]) -> None:
        view = discord.ui.View()
        view.add_item(discord.ui.Button(label="Too long", custom_id="x" * 101))
        try:
            await interaction.response.send_message("broken", view=view)
        except discord.HTTPException as error:
            self.bot.record(error)

    @app_commands.command(description="Show a button with this emoji")
    async def emoji(self, interaction: discord.Interaction[Any], emoji: str) -> None:
        view = discord.ui.View()
        view.add_item(discord.ui.Button(label="Go", emoji=emoji, custom_id="table:emoji"))
        try:
            await interaction.response.send_message("with an emoji", view=view)
        except discord.HTTPException as error:
            self.bot.record(error)

    @app_commands.command(description="Pick a game")
    async def game(self, interaction: discord.Interaction[Any], name: str) -> None:
        await interaction.response.send_message(f"playing {name}")

    @game.autocomplete("name")
    async def game_names(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        if current == "long":
            return [app_commands.Choice(name="x" * 101, value="long")]
        games = ["skyjo", "skyjo junior", "sky five"]
        return [app_commands.Choice(name=g, value=g) for g in games if g.startswith(current)]


class SampleBot(commands.Bot):
    """Counts its clicks and the errors Discord answered, for the tests to assert on."""

    def __init__(self, guild_id: int, generation: int = 1) -> None:
        super().__init__(command_prefix=commands.when_mentioned, intents=discord.Intents.default())
        self.guild_id = guild_id
        self.generation = generation
        self.clicks: list[tuple[int, int, int]] = []
        self.errors: list[discord.HTTPException] = []
        self.kept: list[discord.Interaction[Any]] = []
        self.slow_delay = 0.0
        self.tree.add_command(TableCommands(self), guild=discord.Object(guild_id))
        self._error_seen = asyncio.Event()

    def record(self, error: discord.HTTPException) -> None:
        self.errors.append(error)
        self._error_seen.set()

    async def wait_errors(self, count: int, timeout: float = 5.0) -> list[discord.HTTPException]:
        """Waits until the bot has caught `count` errors from Discord."""
        async with asyncio.timeout(timeout):
            while len(self.errors) < count:
                self._error_seen.clear()
                await self._error_seen.wait()
        return self.errors

    async def setup_hook(self) -> None:
        self.add_dynamic_items(JoinButton, RefreshButton)
        self.add_view(TableView())
        await self.tree.sync(guild=discord.Object(self.guild_id))
        await self.add_cog(TextCommands())


class TextCommands(commands.Cog):
    @commands.command()
    async def ping(self, ctx: commands.Context[Any]) -> None:
        await ctx.send("pong")
