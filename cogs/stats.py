"""`/leaderboard`, `/stats` and `/history`: what this server's finished games add up to.

Only this server's games are read. The leaderboard is paged with buttons whose custom ids carry
the game type, the period and the page, so they keep working after a restart.
"""

from __future__ import annotations

import asyncio
import io
import logging
import re
import time
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.catalog import installed
from bot.client import SkyTableBot
from bot.i18n import Words
from bot.replay import Step, next_round, previous_round, replay_embed, steps
from bot.sessions.display import expired
from bot.storage.stats import PROVISIONAL_GAMES, KindStats, Rating, Standing, StatsRepository
from bot.ui.daily_board import DAILY_PERIOD, DAILY_PERIOD_NAME, daily_board
from bot.ui.names import Points
from bot.ui.rating_chart import render as render_chart
from bot.ui.rating_words import (
    change_text,
    decimal_text,
    describe,
    rating_chart,
    rating_summary,
    rating_text,
)
from bot.ui.records import PERIOD_NAMES, PERIODS, best_and_worst, feat_texts
from bot.ui.replies import words_for
from bot.web import links
from games.core.errors import IllegalAction

log = logging.getLogger(__name__)

PAGE = 10
TITLES = {game.adapter.kind: game.adapter.title for game in installed()}
HIGH_WINS = {game.adapter.kind: game.adapter.high_score_wins for game in installed()}
GAMES = [app_commands.Choice(name=title, value=kind) for kind, title in TITLES.items()]
PERIOD_CHOICES = [
    *(app_commands.Choice(name=name, value=period) for period, name in PERIOD_NAMES.items()),
    app_commands.Choice(name=DAILY_PERIOD_NAME, value=DAILY_PERIOD),
]
QUIET = discord.AllowedMentions.none()


def best_of(record: KindStats) -> tuple[Points, Points]:
    """The member's best and worst scores in the record's game type."""
    return best_and_worst(record, HIGH_WINS.get(record.kind, False))


def best_and_worst_line(record: KindStats, words: Words) -> str:
    """ "Best game −3 · worst game 40"."""
    best, worst = best_of(record)
    return words("Best game {best} · worst game {worst}", best=best, worst=worst)


def _guild(interaction: discord.Interaction[Any]) -> int:
    if interaction.guild_id is None:
        raise IllegalAction("Leaderboards and stats belong to a server, not to direct messages.")
    return interaction.guild_id


Shown = tuple[discord.Embed, discord.ui.View]


async def _answer(
    interaction: discord.Interaction[Any],
    make: Callable[[SkyTableBot], Awaitable[Shown]],
    *,
    fresh: bool,
) -> None:
    """Answer a press with what `make` builds: a new message only for the presser (`fresh`),
    or the pressed message redrawn; a refusal is said privately."""
    bot = interaction.client
    assert isinstance(bot, SkyTableBot)
    try:
        try:
            embed, view = await make(bot)
        except IllegalAction as error:
            text = words_for(interaction).error(error)
            await interaction.response.send_message(text, ephemeral=True)
            return
        if fresh:
            await interaction.response.send_message(
                embed=embed, view=view, ephemeral=True, allowed_mentions=QUIET
            )
        else:
            await interaction.response.edit_message(embed=embed, view=view, allowed_mentions=QUIET)
    except discord.NotFound as error:
        if not expired(error):
            raise
        log.info("A stats button was answered too late for Discord")


def web_link(
    view: discord.ui.View, url: str | None, words: Words, row: int | None = None
) -> discord.ui.View:
    """`view` with a link to the same on the server's web pages, when it has them."""
    if url is not None:
        view.add_item(
            discord.ui.Button(label=words("Open on the web"), emoji="🌐", url=url, row=row)
        )
    return view


def standing_rating(standing: Standing, words: Words) -> str:
    """ "rating 12.3", marked when provisional, or that there is none yet."""
    if standing.rating is None:
        return words("not rated yet")
    shown = words("rating {rating}", rating=rating_text(standing.rating, words))
    return shown + " " + words("(provisional)") if standing.provisional else f"**{shown}**"


async def leaderboard_page(
    stats: StatsRepository,
    guild_id: int,
    kind: str,
    period: str,
    page: int,
    words: Words,
    pages: str | None = None,
) -> Shown:
    if kind not in TITLES or period not in PERIODS:
        raise IllegalAction("That is not a leaderboard of this bot.")
    span = PERIODS[period]
    since = time.time() - span if span is not None else 0.0
    rows = await stats.leaderboard(guild_id, kind, since, limit=PAGE + 1, offset=page * PAGE)
    shown, more = rows[:PAGE], len(rows) > PAGE
    lines = []
    for place, standing in enumerate(shown, start=page * PAGE + 1):
        lines.append(
            f"**{place}.** <@{standing.user_id}> — "
            + standing_rating(standing, words)
            + " · "
            + words.plural("{n} win", "{n} wins", standing.wins)
            + " · "
            + words.plural("{n} game", "{n} games", standing.games)
        )
    embed = discord.Embed(
        title=words(
            "{game} leaderboard · {period}",
            game=words(TITLES[kind]),
            period=words(PERIOD_NAMES[period]),
        ),
        description="\n".join(lines) or words("No finished games yet."),
        colour=discord.Colour.gold(),
    )
    embed.set_footer(
        text=words(
            "Ranked by rating: the skill shown in this server's games, counting only what is"
            " sure of it (μ − 3σ). A rating from fewer than {n} games is provisional. Bots and"
            " guests are not ranked.",
            n=PROVISIONAL_GAMES,
        )
    )
    view = discord.ui.View(timeout=None)
    view.add_item(
        discord.ui.Button(
            label=words("Previous"),
            custom_id=f"skyb:{kind}:{period}:{max(0, page - 1)}",
            disabled=page == 0,
        )
    )
    view.add_item(
        discord.ui.Button(
            label=words("Next"), custom_id=f"skyb:{kind}:{period}:{page + 1}", disabled=not more
        )
    )
    board = links.board_page(pages, kind, period) if pages is not None else None
    return embed, web_link(view, board, words)


class BoardButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"skyb:(?P<kind>[a-z-]+):(?P<period>[a-z]+):(?P<page>[0-9]{1,4})",
):
    """Previous and Next on a leaderboard: the page is redrawn from the stored results."""

    def __init__(self, button: discord.ui.Button[Any], kind: str, period: str, page: int) -> None:
        super().__init__(button)
        self.kind, self.period, self.page = kind, period, page

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> BoardButton:
        assert isinstance(item, discord.ui.Button)
        return cls(item, match["kind"], match["period"], int(match["page"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        async def page(bot: SkyTableBot) -> Shown:
            words = words_for(interaction)
            guild_id = _guild(interaction)
            return await leaderboard_page(
                bot.stats,
                guild_id,
                self.kind,
                self.period,
                self.page,
                words,
                await bot.pages_of(guild_id),
            )

        await _answer(interaction, page, fresh=False)


async def replay_message(
    bot: SkyTableBot, interaction: discord.Interaction[Any], game_id: int, step: int
) -> Shown:
    """A step of a finished game of this server, with the buttons to move through it."""
    words = words_for(interaction)
    game = await bot.sessions.store.get(game_id)
    if game is None or game.guild_id != _guild(interaction) or game.status != "finished":
        raise IllegalAction("That game cannot be replayed here.")
    adapter = bot.catalog.require(game.kind)
    moves = await bot.sessions.store.moves(game_id)
    found = steps(adapter, game, moves)
    step = min(step, len(found) - 1)
    embed = replay_embed(adapter, game, moves, found, step, words)
    pages = await bot.pages_of(game.guild_id)
    url = links.game_page(pages, game_id, step + 1) if pages is not None else None
    return embed, web_link(replay_buttons(game_id, found, step, words), url, words, row=2)


def replay_buttons(game_id: int, found: Sequence[Step], step: int, words: Words) -> discord.ui.View:
    """Back and forward by step on the first row (a thumb's reach on a phone); the first
    step, the previous and next round (named by number) and the last on the second."""
    last = len(found) - 1
    earlier, later = previous_round(found, step), next_round(found, step)
    here = found[step].round
    view = discord.ui.View(timeout=None)
    for which, label, emoji, target, row in (
        ("back", words("Previous"), "◀️", step - 1 if step else None, 0),
        ("next", words("Next"), "▶️", step + 1 if step < last else None, 0),
        ("first", "⏮", None, 0 if step else None, 1),
        ("rback", _round_label(found, earlier, here, words), "⏪", earlier, 1),
        ("rnext", _round_label(found, later, here, words), "⏩", later, 1),
        ("last", "⏭", None, last if step < last else None, 1),
    ):
        view.add_item(
            discord.ui.Button(
                label=label,
                emoji=emoji,
                custom_id=f"skyr:{game_id}:{step if target is None else target}:{which}",
                disabled=target is None,
                row=row,
            )
        )
    return view


def _round_label(found: Sequence[Step], target: int | None, here: int, words: Words) -> str:
    """ "Round 3": the round a jump lands in (the round shown, when there is none)."""
    return words("Round {round}", round=here if target is None else found[target].round)


def replay_choice(games: Sequence[tuple[int, str]], words: Words) -> discord.ui.View:
    """The select that replays one of these games (id, kind), only for whoever chose it
    (`ReplayChoice`); no select without a game."""
    view = discord.ui.View(timeout=None)
    if games:
        view.add_item(
            discord.ui.Select(
                custom_id="skyh:replay",
                placeholder=words("Replay a game…"),
                options=[
                    discord.SelectOption(
                        label=f"#{game_id} {words(TITLES.get(kind, kind))}", value=str(game_id)
                    )
                    for game_id, kind in games
                ],
            )
        )
    return view


LAST = 999_999
"""A step past any game's last: its last step, the standings."""


class ReplayChoice(discord.ui.DynamicItem[discord.ui.Select[Any]], template=r"skyh:replay"):
    """The history's select: the chosen game's standings, and its replay from the deal, only
    for whoever chose it."""

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> ReplayChoice:
        assert isinstance(item, discord.ui.Select)
        return cls(item)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        values = self.item.values

        async def standings(bot: SkyTableBot) -> Shown:
            if not values or not re.fullmatch(r"[0-9]{1,18}", values[0]):
                raise IllegalAction("That game cannot be replayed here.")
            return await replay_message(bot, interaction, int(values[0]), LAST)

        await _answer(interaction, standings, fresh=True)


class ReplayButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=(
        r"skyr:(?P<game>[0-9]{1,18}):(?P<step>[0-9]{1,6}):"
        r"(?P<which>first|back|next|last|rback|rnext)"
    ),
):
    """A step forward or back in a replay, or a jump to a round, the first or the last step."""

    def __init__(self, button: discord.ui.Button[Any], game_id: int, step: int) -> None:
        super().__init__(button)
        self.game_id, self.step = game_id, step

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> ReplayButton:
        assert isinstance(item, discord.ui.Button)
        return cls(item, int(match["game"]), int(match["step"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        async def step(bot: SkyTableBot) -> Shown:
            return await replay_message(bot, interaction, self.game_id, self.step)

        await _answer(interaction, step, fresh=False)


def rating_with_change(rating: Rating, words: Words) -> str:
    """ "Rating 12.3 · ▲ 1.4 in the last game"."""
    text = rating_summary(rating, words)
    if rating.change is None:
        return text
    return (
        text + " · " + words("{change} in the last game", change=change_text(rating.change, words))
    )


CHART_FILE = "rating.png"


async def rating_picture(
    stats: StatsRepository,
    guild_id: int,
    user: discord.abc.User,
    ratings: Sequence[Rating],
    words: Words,
) -> discord.File | None:
    """The member's ratings over their games, as a picture described in words; None before
    their first rated game."""
    steps = await stats.rating_steps(guild_id, user.id)
    games = {rating.kind: rating.games for rating in ratings}
    chart = rating_chart(steps, games, TITLES, user.display_name, words)
    if chart is None:
        return None
    data = await asyncio.to_thread(render_chart, chart)
    return discord.File(io.BytesIO(data), filename=CHART_FILE, description=describe(chart, words))


class StatsCog(commands.Cog):
    def __init__(self, bot: SkyTableBot) -> None:
        self.bot = bot

    @app_commands.command(name="leaderboard", description="This server's best players of a game")
    @app_commands.describe(game="Which game", period="Over which period (default all time)")
    @app_commands.choices(game=GAMES, period=PERIOD_CHOICES)
    async def leaderboard(
        self, interaction: discord.Interaction[Any], game: str, period: str = "all"
    ) -> None:
        words = words_for(interaction)
        if period == DAILY_PERIOD:
            await self._daily_board(interaction, game, words)
            return
        guild_id = _guild(interaction)
        embed, view = await leaderboard_page(
            self.bot.stats, guild_id, game, period, 0, words, await self.bot.pages_of(guild_id)
        )
        await interaction.response.send_message(embed=embed, view=view, allowed_mentions=QUIET)

    async def _daily_board(
        self, interaction: discord.Interaction[Any], game: str, words: Words
    ) -> None:
        daily = self.bot.sessions.daily
        adapter = self.bot.catalog.require(game)
        if not daily.has_deal(adapter):
            raise IllegalAction("{game} has no daily deal.", game=adapter.title)
        guild_id = _guild(interaction)
        board = await daily_board(daily.daily, guild_id, game, adapter.title, daily.today(), words)
        pages = await self.bot.pages_of(guild_id)
        url = links.board_page(pages, game, DAILY_PERIOD) if pages is not None else None
        view = web_link(discord.ui.View(timeout=None), url, words)
        await interaction.response.send_message(embed=board, view=view, allowed_mentions=QUIET)

    @app_commands.command(name="stats", description="A member's record in this server's games")
    @app_commands.describe(member="Whose record (default yours)")
    async def stats(
        self, interaction: discord.Interaction[Any], member: discord.Member | None = None
    ) -> None:
        words = words_for(interaction)
        guild_id = _guild(interaction)
        user = member or interaction.user
        found = await self.bot.stats.player(guild_id, user.id)
        ratings = await self.bot.stats.ratings(guild_id, user.id, list(TITLES))
        rated = {rating.kind: rating for rating in ratings}
        embed = discord.Embed(
            title=words("{name}'s games", name=user.display_name), colour=discord.Colour.gold()
        )
        if not found:
            embed.description = words("No finished games in this server yet.")
        for record in found:
            lines = [
                words.plural("{n} game", "{n} games", record.games)
                + " · "
                + words.plural("{n} win", "{n} wins", record.wins)
                + " · "
                + words("{rate} %", rate=round(100 * record.wins / record.games)),
                words("Average score {average}", average=decimal_text(record.average_score, words)),
                best_and_worst_line(record, words),
                words.plural(
                    "Winning streak: {n} game", "Winning streak: {n} games", record.streak
                ),
            ]
            feats = feat_texts(self.bot.catalog.adapter(record.kind), record.feats, words)
            if feats:
                lines.append(" · ".join(feats))
            rating = rated.get(record.kind)
            if rating is not None:
                lines.insert(0, rating_with_change(rating, words))
            embed.add_field(
                name=words(TITLES.get(record.kind, record.kind)),
                value="\n".join(lines),
                inline=False,
            )
        chart = await rating_picture(self.bot.stats, guild_id, user, ratings, words)
        if chart is None:
            await interaction.response.send_message(embed=embed, allowed_mentions=QUIET)
            return
        embed.set_image(url=f"attachment://{chart.filename}")
        await interaction.response.send_message(embed=embed, file=chart, allowed_mentions=QUIET)

    @app_commands.command(name="history", description="This server's latest finished games")
    async def history(self, interaction: discord.Interaction[Any]) -> None:
        words = words_for(interaction)
        guild_id = _guild(interaction)
        past = await self.bot.stats.history(guild_id)
        lines = []
        nobody = words("a bot or a guest")
        for game in past:
            winners = " ".join(f"<@{user}>" for user in game.winners if user is not None)
            title = words(TITLES.get(game.kind, game.kind))
            thread = f" · <#{game.thread_id}>" if game.thread_id is not None else ""
            lines.append(
                f"**#{game.game_id}** {title} · <t:{int(game.ended_at)}:R> · 🏆 {winners or nobody}"
                f"{thread}"
            )
        embed = discord.Embed(
            title=words("Latest games"),
            description="\n".join(lines) or words("No finished games yet."),
            colour=discord.Colour.gold(),
        )
        view = replay_choice([(game.game_id, game.kind) for game in past], words)
        pages = await self.bot.pages_of(guild_id)
        web_link(view, links.server_page(pages) if pages is not None else None, words)
        await interaction.response.send_message(embed=embed, view=view, allowed_mentions=QUIET)


async def setup(bot: commands.Bot) -> None:
    assert isinstance(bot, SkyTableBot)
    bot.add_dynamic_items(BoardButton, ReplayChoice, ReplayButton)
    await bot.add_cog(StatsCog(bot))
