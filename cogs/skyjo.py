"""`/skyjo …`: open a Skyjo table, play solo against bots, read the rules."""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import SkyTableBot
from bot.games.skyjo.adapter import SkyjoAdapter
from cogs.game_commands import open_daily, open_solo, open_table, show_rules
from games.core.errors import InvalidSettings
from games.skyjo.levels import BOT_LEVELS

GRIDS = [
    app_commands.Choice(name=f"{r} × {c}", value=f"{r}x{c}")
    for r, c in ((3, 4), (3, 3), (4, 4), (3, 5), (2, 4), (4, 5))
]
PENALTIES = [
    app_commands.Choice(name="×2 (published rules)", value="multiplier"),
    app_commands.Choice(name="flat +N", value="flat"),
    app_commands.Choice(name="flat, then ×", value="flat_then_multiplier"),
    app_commands.Choice(name="×, then flat", value="multiplier_then_flat"),
    app_commands.Choice(name="none", value="none"),
]
LEVELS = [app_commands.Choice(name=level, value=level) for level in BOT_LEVELS.levels]
GRID = re.compile(r"([0-9])x([0-9])")


def parse_grid(text: str) -> tuple[int, int]:
    """Rows and columns from "3x4"; anything else is refused with the expected form."""
    match = GRID.fullmatch(str(text).strip().lower())
    if match is None:
        raise InvalidSettings("The grid “{grid}” is not rows × columns, like 3x4.", grid=text)
    return int(match[1]), int(match[2])


def _settings(
    target_score: int | None,
    grid: str | None,
    opening_flips: int | None,
    penalty: str | None,
    penalty_factor: int | None,
    penalty_flat: int | None,
    clear_rows: bool | None,
    turn_seconds: int | None,
    show_round_scores: bool | None,
    hints: bool | None,
) -> dict[str, Any]:
    values: dict[str, Any] = {
        "target_score": target_score,
        "opening_flips": opening_flips,
        "penalty": penalty,
        "penalty_factor": penalty_factor,
        "penalty_flat": penalty_flat,
        "clear_rows": clear_rows,
        "turn_seconds": turn_seconds,
        "show_round_scores": show_round_scores,
        "hints": hints,
    }
    if grid is not None:
        rows, columns = parse_grid(grid)
        values.update(rows=rows, columns=columns)
    return values


class SkyjoCog(
    commands.GroupCog, group_name=SkyjoAdapter.command, group_description="Play Skyjo here"
):
    def __init__(self, bot: SkyTableBot) -> None:
        self.bot = bot
        self.adapter = bot.catalog.require(SkyjoAdapter.kind)
        super().__init__()

    @app_commands.command(name="start", description="Open a Skyjo table in this channel")
    @app_commands.describe(
        target_score="The game ends after a round in which someone reaches it (default 100)",
        grid="Rows × columns of each player's cards (default 3 × 4)",
        opening_flips="Cards each player turns up before the first turn (default 2)",
        penalty="Finisher's penalty when not strictly lowest (default ×2)",
        penalty_factor="Multiplier of the penalty (default 2)",
        penalty_flat="Points of a flat penalty (default 10)",
        clear_rows="Also remove rows of equal cards (default off)",
        turn_seconds="Seconds per turn before a bot plays it (default 60)",
        show_round_scores="Show each player's running round score (default on)",
        hints="Let the player to move ask what a strong bot would do (default on)",
    )
    @app_commands.choices(grid=GRIDS, penalty=PENALTIES)
    async def start(
        self,
        interaction: discord.Interaction[Any],
        target_score: app_commands.Range[int, 10, 1000] | None = None,
        grid: str | None = None,
        opening_flips: app_commands.Range[int, 0, 19] | None = None,
        penalty: str | None = None,
        penalty_factor: app_commands.Range[int, 1, 10] | None = None,
        penalty_flat: app_commands.Range[int, 0, 100] | None = None,
        clear_rows: bool | None = None,
        turn_seconds: app_commands.Range[int, 10, 3600] | None = None,
        show_round_scores: bool | None = None,
        hints: bool | None = None,
    ) -> None:
        values = _settings(
            target_score,
            grid,
            opening_flips,
            penalty,
            penalty_factor,
            penalty_flat,
            clear_rows,
            turn_seconds,
            show_round_scores,
            hints,
        )
        await open_table(self.bot, interaction, self.adapter, values)

    @app_commands.command(name="solo", description="Play Skyjo against bots, starting now")
    @app_commands.describe(
        bots="How many bots (1–7, default 3)",
        level="How well they play (default normal)",
        target_score="The game ends after a round in which someone reaches it (default 100)",
    )
    @app_commands.choices(level=LEVELS)
    async def solo(
        self,
        interaction: discord.Interaction[Any],
        bots: app_commands.Range[int, 1, 7] = 3,
        level: str = "normal",
        target_score: app_commands.Range[int, 10, 1000] | None = None,
    ) -> None:
        values = {"target_score": target_score}
        await open_solo(self.bot, interaction, self.adapter, bots, level, values)

    @app_commands.command(
        name="daily", description="Today's deal: the same for everyone, once a day"
    )
    async def daily(self, interaction: discord.Interaction[Any]) -> None:
        await open_daily(self.bot, interaction, self.adapter)

    @app_commands.command(name="rules", description="How to play Skyjo (only you see it)")
    async def rules(self, interaction: discord.Interaction[Any]) -> None:
        await show_rules(self.bot, interaction, self.adapter)


async def setup(bot: commands.Bot) -> None:
    assert isinstance(bot, SkyTableBot)
    await bot.add_cog(SkyjoCog(bot))
