"""`/leaderboard … period: daily deal`: a server's results of today's deal of a game, its
members' averages over this week's, and the longest current streaks of days played."""

from __future__ import annotations

import discord

from bot.i18n import N_, Words
from bot.storage.daily import DailyRepository, DailyResult, WeekStanding
from bot.ui.names import Points
from bot.ui.rating_words import decimal_text

DAILY_PERIOD = "daily"
DAILY_PERIOD_NAME = N_("daily deal")
SHOWN = 10


def today_lines(results: list[DailyResult], words: Words) -> list[str]:
    lines = []
    for place, result in enumerate(results, start=1):
        score = Points(result.score or 0)
        line = f"**{place}.** <@{result.user_id}> — " + words.plural(
            "{n} point", "{n} points", score
        )
        if result.status == "left":
            line += " " + words("(left early)")
        lines.append(line)
    return lines


def week_lines(standings: list[WeekStanding], words: Words) -> list[str]:
    return [
        f"**{place}.** <@{standing.user_id}> — "
        + words("average score {average}", average=decimal_text(standing.average, words))
        + " · "
        + words.plural("{n} day", "{n} days", standing.days)
        for place, standing in enumerate(standings, start=1)
    ]


def streak_lines(streaks: list[tuple[int, int]], words: Words) -> list[str]:
    return [
        f"**{place}.** <@{user_id}> — 🔥 " + words.plural("{n} day", "{n} days", days)
        for place, (user_id, days) in enumerate(streaks, start=1)
    ]


async def daily_board(
    daily: DailyRepository, guild_id: int, kind: str, title: str, today: str, words: Words
) -> discord.Embed:
    """The server's daily deal board of the game `kind` (named `title`) on the UTC `today`."""
    results = await daily.of_day(guild_id, kind, today, limit=SHOWN)
    week = await daily.of_week(guild_id, kind, today, limit=SHOWN)
    streaks = await daily.streaks(guild_id, today, limit=SHOWN)
    embed = discord.Embed(
        title=words("{game} daily deal · {day}", game=title, day=today),
        colour=discord.Colour.orange(),
    )
    nobody = words("Nobody yet.")
    sections = (
        (words("Today"), today_lines(results, words)),
        (words("This week"), week_lines(week, words)),
        (words("Longest streaks of days played"), streak_lines(streaks, words)),
    )
    for name, lines in sections:
        embed.add_field(name=name, value="\n".join(lines) or nobody, inline=False)
    embed.set_footer(text=words("Daily deals never change anyone's rating."))
    return embed
