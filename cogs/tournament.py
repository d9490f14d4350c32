"""`/tournament …`: a server's tournament in this channel — create it, leave it, and who may
create one."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.catalog import INSTALLED
from bot.client import SkyTableBot
from bot.ui.replies import tell
from cogs.game_commands import refused_for_permissions
from cogs.skyjo import PENALTIES, parse_grid

GAMES = [
    app_commands.Choice(name="Skyjo", value="skyjo"),
    app_commands.Choice(name="Skyjo Junior", value="junior"),
    app_commands.Choice(name="Sky Five", value="skyfive"),
]
LEVELS = [
    app_commands.Choice(name=level, value=level)
    for level in dict.fromkeys(level for game in INSTALLED for level in game.adapter.bot_levels)
]
"""Every bot level of the installed games, in their order (each game checks its own)."""


class TournamentCog(
    commands.GroupCog,
    group_name="tournament",
    group_description="A tournament in this channel: Swiss rounds played in threads",
):
    def __init__(self, bot: SkyTableBot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="create", description="Create a tournament in this channel")
    @app_commands.describe(
        game="The game played at every table",
        rounds="How many rounds (1–9, default 3)",
        seats="Players a table, bots filling empty seats (2–8, default 4)",
        level="How well the bots that fill tables play (default normal)",
        round_minutes="Minutes a round may last before bots finish its games (default 45)",
        starts_in="Start on its own this many minutes from now (default: the organiser starts)",
        target_score="Skyjo: the game ends after a round in which someone reaches it",
        grid="Skyjo: rows × columns of each player's cards (default 3 × 4)",
        turn_seconds="Seconds per turn before a bot plays it (default 60)",
        opening_flips="Cards each player turns up before the first turn (default 2)",
        penalty="Finisher's penalty when not strictly lowest (default ×2)",
        clear_rows="Also remove rows of equal cards (default off)",
        copies_per_value="Copies of each card value from 1 to 12 in the deck (default 10)",
        bust_seconds="Seconds to take a card from a bust before a bot chooses (default 20)",
        hints="Let the player to move ask what a strong bot would do (default off here)",
    )
    @app_commands.choices(game=GAMES, level=LEVELS, penalty=PENALTIES)
    async def create(
        self,
        interaction: discord.Interaction[Any],
        game: str,
        rounds: app_commands.Range[int, 1, 9] = 3,
        seats: app_commands.Range[int, 2, 8] = 4,
        level: str = "normal",
        round_minutes: app_commands.Range[int, 5, 600] = 45,
        starts_in: app_commands.Range[int, 1, 10080] | None = None,
        target_score: app_commands.Range[int, 10, 1000] | None = None,
        grid: str | None = None,
        turn_seconds: app_commands.Range[int, 10, 3600] | None = None,
        opening_flips: app_commands.Range[int, 0, 19] | None = None,
        penalty: str | None = None,
        clear_rows: bool | None = None,
        copies_per_value: app_commands.Range[int, 4, 20] | None = None,
        bust_seconds: app_commands.Range[int, 10, 300] | None = None,
        hints: bool = False,
    ) -> None:
        adapter = self.bot.catalog.require(game)
        if await refused_for_permissions(self.bot, interaction, threads=True):
            return
        values: dict[str, Any] = {
            "target_score": target_score,
            "turn_seconds": turn_seconds,
            "opening_flips": opening_flips,
            "penalty": penalty,
            "clear_rows": clear_rows,
            "copies_per_value": copies_per_value,
            "bust_seconds": bust_seconds,
            "hints": hints,
        }
        if grid is not None:
            values["rows"], values["columns"] = parse_grid(grid)
        await self.bot.tournaments.create(
            interaction,
            adapter,
            rounds=rounds,
            seats=seats,
            level=level,
            minutes=round_minutes,
            starts_in=starts_in,
            values=values,
        )

    @app_commands.command(name="leave", description="Leave this channel's tournament")
    async def leave(self, interaction: discord.Interaction[Any]) -> None:
        await self.bot.tournaments.leave(interaction)

    @app_commands.command(name="pause", description="Organiser: start no new round until resumed")
    async def pause(self, interaction: discord.Interaction[Any]) -> None:
        await self.bot.tournaments.organise(interaction, "pause")

    @app_commands.command(name="resume", description="Organiser: go on with the next rounds")
    async def resume(self, interaction: discord.Interaction[Any]) -> None:
        await self.bot.tournaments.organise(interaction, "resume")

    @app_commands.command(name="cancel", description="Organiser: call the tournament off")
    async def cancel(self, interaction: discord.Interaction[Any]) -> None:
        await self.bot.tournaments.organise(interaction, "cancel")

    @app_commands.command(name="end", description="Organiser: end the tournament after this round")
    async def end(self, interaction: discord.Interaction[Any]) -> None:
        await self.bot.tournaments.organise(interaction, "end")

    @app_commands.command(
        name="next", description="Organiser: bots finish this round's games, then the next round"
    )
    async def next_round(self, interaction: discord.Interaction[Any]) -> None:
        await self.bot.tournaments.organise(interaction, "next")

    @app_commands.command(name="drop", description="Organiser: drop a player (a bot plays on)")
    @app_commands.describe(member="The player to drop")
    async def drop(self, interaction: discord.Interaction[Any], member: discord.Member) -> None:
        await self.bot.tournaments.organise(interaction, "drop", member)

    @app_commands.command(name="add", description="Organiser: add a player from the next round")
    @app_commands.describe(member="The member to add")
    async def add(self, interaction: discord.Interaction[Any], member: discord.Member) -> None:
        await self.bot.tournaments.organise(interaction, "add", member)

    @app_commands.command(
        name="role", description="Let a role create tournaments, besides Manage Events"
    )
    @app_commands.describe(role="The role (leave it out: only Manage Events)")
    @app_commands.default_permissions(manage_guild=True)
    async def role(
        self, interaction: discord.Interaction[Any], role: discord.Role | None = None
    ) -> None:
        guild_id = interaction.guild_id
        if guild_id is None:
            await tell(interaction, "Tournaments are played in a server's channel.")
            return
        if not interaction.permissions.manage_guild:
            await tell(interaction, "Naming the tournament role takes Manage Server.")
            return
        await self.bot.tournaments.repository.set_role(guild_id, None if role is None else role.id)
        if role is None:
            await tell(interaction, "Only members with Manage Events can create tournaments now.")
        else:
            await tell(
                interaction,
                "Members with Manage Events or the role {role} can create tournaments.",
                role=role.mention,
            )


async def setup(bot: commands.Bot) -> None:
    assert isinstance(bot, SkyTableBot)
    await bot.add_cog(TournamentCog(bot))
