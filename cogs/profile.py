"""`/profile card [member]`: one card of a member in this server, made to be read on a phone;
`/profile hide` and `/profile show`: whether the member is on the server's web pages.

Their avatar and name; per game type their rating and place among the server's rated members,
games and wins, best game and feats; their daily deal streak, while they have one; their latest
games, each with a link to its thread where it had one, and the history's select to replay them.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import SkyTableBot
from bot.i18n import Words
from bot.storage.daily import DailyRepository, day_of
from bot.storage.profiles import Profile, read_profile
from bot.storage.stats import Rating, RecentGame
from bot.storage.tournaments import TournamentResult
from bot.tournaments.screens import points_text
from bot.ui.rating_words import rating_summary
from bot.ui.records import feat_texts
from bot.ui.replies import tell, words_for
from bot.web import links
from cogs.stats import QUIET, TITLES, best_of, replay_choice, web_link
from games.core.errors import IllegalAction


def profile_embed(
    bot: SkyTableBot,
    user: discord.abc.User,
    profile: Profile,
    words: Words,
    tournaments: Sequence[TournamentResult] = (),
) -> discord.Embed:
    embed = discord.Embed(
        title=words("{name}'s profile", name=user.display_name), colour=discord.Colour.gold()
    )
    embed.set_thumbnail(url=user.display_avatar.url)
    notes = _streak_lines(profile.daily_streak, words)
    if not profile.records:
        notes.append(words("No finished games in this server yet."))
    embed.description = "\n".join(notes) or None
    for record in profile.records:
        lines = [
            _rating_line(profile.ratings.get(record.kind), words),
            words.plural("{n} game", "{n} games", record.games)
            + " · "
            + words.plural("{n} win", "{n} wins", record.wins),
            words("Best game {best}", best=best_of(record)[0]),
        ]
        feats = feat_texts(bot.catalog.adapter(record.kind), record.feats, words)
        if feats:
            lines.append(" · ".join(feats))
        embed.add_field(
            name=words(TITLES.get(record.kind, record.kind)), value="\n".join(lines), inline=False
        )
    if tournaments:
        lines = [_tournament_line(result, words) for result in tournaments]
        embed.add_field(name=words("Tournaments"), value="\n".join(lines), inline=False)
    if profile.recent:
        lines = [_recent_line(game, words) for game in profile.recent]
        embed.add_field(name=words("Latest games"), value="\n".join(lines), inline=False)
    return embed


MEDALS = {1: "🥇 ", 2: "🥈 ", 3: "🥉 "}


def _tournament_line(result: TournamentResult, words: Words) -> str:
    """ "🥇 1 of 9 · Skyjo · 2.5 pts · 3 days ago"."""
    place = MEDALS.get(result.place, "") + words(
        "{place} of {count}", place=result.place, count=result.players
    )
    title = words(TITLES.get(result.kind, result.kind))
    scored = points_text(Fraction(result.points).limit_denominator(100), words)
    return f"{place} · {title} · {scored} · <t:{int(result.ended_at)}:R>"


def _streak_lines(days: int, words: Words) -> list[str]:
    """The member's daily deal streak, if they have one going."""
    if not days:
        return []
    return [words.plural("🔥 Daily deal streak: {n} day", "🔥 Daily deal streak: {n} days", days)]


def _rating_line(rating: Rating | None, words: Words) -> str:
    """ "Rating 12.3 · #3 of 41", or that there is none yet."""
    if rating is None:
        return words("Not rated yet")
    place = words("#{place} of {count}", place=rating.place, count=rating.rated)
    return rating_summary(rating, words) + " · " + place


def _recent_line(game: RecentGame, words: Words) -> str:
    """ "#12 Skyjo · 🏆 1 of 4 · 2 hours ago · #thread"."""
    title = words(TITLES.get(game.kind, game.kind))
    place = ("🏆 " if game.place == 1 else "") + words(
        "{place} of {count}", place=game.place, count=game.seats
    )
    thread = f" · <#{game.thread_id}>" if game.thread_id is not None else ""
    return f"**#{game.game_id}** {title} · {place} · <t:{int(game.ended_at)}:R>{thread}"


class ProfileCog(
    commands.GroupCog, group_name="profile", group_description="Members' cards in this server"
):
    def __init__(self, bot: SkyTableBot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="card", description="A member's card in this server")
    @app_commands.describe(member="Whose card (default yours)")
    async def card(
        self, interaction: discord.Interaction[Any], member: discord.Member | None = None
    ) -> None:
        words = words_for(interaction)
        if interaction.guild_id is None:
            raise IllegalAction("A profile belongs to a server, not to direct messages.")
        user = member or interaction.user
        today = day_of(self.bot.sessions.context.clock.now())
        found = await read_profile(
            self.bot.stats,
            DailyRepository(self.bot.database),
            interaction.guild_id,
            user.id,
            list(TITLES),
            today,
        )
        view = replay_choice([(game.game_id, game.kind) for game in found.recent], words)
        web_link(view, await self._page(interaction.guild_id, user.id), words)
        tournaments = await self.bot.tournaments.repository.results_of(
            interaction.guild_id, user.id
        )
        await interaction.response.send_message(
            embed=profile_embed(self.bot, user, found, words, tournaments),
            view=view,
            allowed_mentions=QUIET,
        )

    async def _page(self, guild_id: int, user_id: int) -> str | None:
        """The member's web page, when the server has pages and they are on them."""
        pages = await self.bot.pages_of(guild_id)
        if pages is None:
            return None
        member = await self.bot.web.member(guild_id, user_id)
        if member is None or not member.visible:
            return None
        return links.member_page(pages, member.page)

    @app_commands.command(name="hide", description="Keep yourself off this server's web pages")
    async def hide(self, interaction: discord.Interaction[Any]) -> None:
        await self._on_pages(interaction, hidden=True)
        await tell(
            interaction,
            "You are off this server's web pages: on no leaderboard, no page of your own, and "
            '"Player N" in the games you played. `{show}` puts you back.',
            show=words_for(interaction).command("profile", "show"),
        )

    @app_commands.command(
        name="show", description="Be on this server's web pages again (as you are by default)"
    )
    async def show(self, interaction: discord.Interaction[Any]) -> None:
        await self._on_pages(interaction, hidden=False)
        await tell(
            interaction,
            "You are on this server's web pages again, under the name of your latest game here.",
        )

    async def _on_pages(self, interaction: discord.Interaction[Any], *, hidden: bool) -> None:
        if interaction.guild_id is None:
            raise IllegalAction("Web pages belong to a server, not to direct messages.")
        user = interaction.user
        await self.bot.web.set_hidden(
            interaction.guild_id,
            user.id,
            user.display_name,
            user.avatar.key if user.avatar is not None else None,
            hidden,
            self.bot.sessions.context.clock.now(),
        )


async def setup(bot: commands.Bot) -> None:
    assert isinstance(bot, SkyTableBot)
    await bot.add_cog(ProfileCog(bot))
