"""Everything a member's profile shows, read in one go: their record, ratings and places per
game type in a server, their latest games there, and their daily deal streak (across servers)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.storage.daily import DailyRepository
from bot.storage.stats import KindStats, Rating, RecentGame, StatsRepository

RECENT_GAMES = 5


@dataclass(frozen=True)
class Profile:
    records: list[KindStats]
    ratings: dict[str, Rating]
    recent: list[RecentGame]
    daily_streak: int


async def read_profile(
    stats: StatsRepository,
    daily: DailyRepository,
    guild_id: int,
    user_id: int,
    kinds: Sequence[str],
    today: str,
) -> Profile:
    """The member's profile in the server `guild_id`, `today` being the UTC day (YYYY-MM-DD)."""
    records = await stats.player(guild_id, user_id)
    ratings = await stats.ratings(guild_id, user_id, kinds)
    recent = await stats.recent(guild_id, user_id, limit=RECENT_GAMES)
    streak = await daily.streak(user_id, today)
    return Profile(records, {rating.kind: rating for rating in ratings}, recent, streak)
