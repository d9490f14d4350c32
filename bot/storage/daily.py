"""The daily deal's attempts and results: one a member, game and UTC day, across every server.

An attempt is claimed when it opens (`running`) and written with the game's results when it
ends, in the same transaction (`record_daily`, called by `GameRepository.finish`): `finished`,
or `left` when the member left and the scores as they stood count. Ranks read the day's
counts of each standing (`daily_standings`) rather than every result of the day.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from bot.storage.database import Conflict, Database, Row, Transaction
from bot.storage.records import GameRecord

DailyStatus = Literal["running", "finished", "left"]
STREAK_LOOKBACK = 1000
"""The most days a streak is counted back over."""

_COLUMNS = (
    "day, kind, user_id, guild_id, game_id, status, score, standing, place, ended_at, share,"
    " shared_id"
)


@dataclass(frozen=True)
class DailyEnd:
    """How a member's attempt ended, written with the game's results."""

    user_id: int
    score: int
    standing: int
    """The score turned so that lower is better (minus the score where the highest wins)."""
    place: int
    """The member's place at the game's own table (1 is first)."""
    left: bool
    share: str
    """The spoiler-free line of emoji the member may post."""


@dataclass(frozen=True)
class DailyResult:
    day: str
    kind: str
    user_id: int
    guild_id: int | None
    game_id: int | None
    status: DailyStatus
    score: int | None
    standing: int | None
    place: int | None
    ended_at: float | None
    share: str
    shared_id: int | None
    """The message that posted the share line, once posted."""

    @property
    def ended(self) -> bool:
        return self.status != "running"


@dataclass(frozen=True)
class DailyPlace:
    """Where a result stands among the day's results (its own included)."""

    ahead: int
    """Results strictly better."""
    behind: int
    """Results strictly worse: the players it beat."""
    total: int

    @property
    def place(self) -> int:
        return self.ahead + 1

    @property
    def beaten_percent(self) -> int:
        """The share of the other players it beat, rounded down (0 when alone)."""
        others = self.total - 1
        return self.behind * 100 // others if others > 0 else 0


@dataclass(frozen=True)
class WeekStanding:
    user_id: int
    days: int
    average: float
    """The average score of the member's attempts of the week."""


def _result(row: Row) -> DailyResult:
    return DailyResult(
        day=row["day"],
        kind=row["kind"],
        user_id=row["user_id"],
        guild_id=row["guild_id"],
        game_id=row["game_id"],
        status=row["status"],
        score=row["score"],
        standing=row["standing"],
        place=row["place"],
        ended_at=row["ended_at"],
        share=row["share"],
        shared_id=row["shared_id"],
    )


def day_of(moment: float) -> str:
    """The UTC day (YYYY-MM-DD) of a moment in seconds since the epoch."""
    return datetime.datetime.fromtimestamp(moment, datetime.UTC).date().isoformat()


def week_of(day: str) -> tuple[str, str]:
    """The first (Monday) and last (Sunday) days of the ISO week holding `day`."""
    date = datetime.date.fromisoformat(day)
    monday = date - datetime.timedelta(days=date.weekday())
    return monday.isoformat(), (monday + datetime.timedelta(days=6)).isoformat()


def consecutive_days(days: Iterable[str], today: str) -> int:
    """The run of consecutive days played ending today, or yesterday when today is not played
    yet; 0 when neither was played. `days` may come in any order, repeated."""
    played = {datetime.date.fromisoformat(day) for day in days}
    current = datetime.date.fromisoformat(today)
    if current not in played:
        current -= datetime.timedelta(days=1)
    streak = 0
    while current in played:
        streak += 1
        current -= datetime.timedelta(days=1)
    return streak


async def record_daily(transaction: Transaction, game: GameRecord, end: DailyEnd) -> None:
    """Write how the attempt `game` ended (its day, kind and member) and count its standing
    among the day's; an attempt already written is left as it is."""
    assert game.daily is not None
    status: DailyStatus = "left" if end.left else "finished"
    key = (game.daily, game.kind, end.user_id)
    values = (status, end.score, end.standing, end.place, game.ended_at, end.share)
    changed = await transaction.execute(
        "UPDATE daily_results SET status = ?, score = ?, standing = ?, place = ?, ended_at = ?,"
        " share = ?, game_id = ?, guild_id = ?"
        " WHERE day = ? AND kind = ? AND user_id = ? AND standing IS NULL",
        (*values, game.id, game.guild_id, *key),
    )
    if changed == 0:
        row = await transaction.fetchone(
            "SELECT status FROM daily_results WHERE day = ? AND kind = ? AND user_id = ?", key
        )
        if row is not None:
            return
        await transaction.execute(
            "INSERT INTO daily_results (day, kind, user_id, guild_id, game_id, status, score,"
            " standing, place, ended_at, share) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (*key, game.guild_id, game.id, *values),
        )
    await transaction.execute(
        "INSERT INTO daily_standings (day, kind, standing, players) VALUES (?, ?, ?, 1)"
        " ON CONFLICT (day, kind, standing)"
        " DO UPDATE SET players = daily_standings.players + 1",
        (game.daily, game.kind, end.standing),
    )


class DailyRepository:
    def __init__(self, database: Database) -> None:
        self.database = database

    async def streak(self, user_id: int, today: str) -> int:
        """The member's current run of consecutive UTC days with a daily deal played (of any
        game, in any server): counting today, or up to yesterday if not played yet today."""
        rows = await self.database.fetchall(
            "SELECT DISTINCT day FROM daily_results"
            " WHERE user_id = ? AND day <= ? AND status <> 'running'"
            " ORDER BY day DESC LIMIT ?",
            (user_id, today, STREAK_LOOKBACK),
        )
        return consecutive_days((row["day"] for row in rows), today)

    async def attempt(self, day: str, kind: str, user_id: int) -> DailyResult | None:
        """The member's attempt at the day's deal of `kind`, wherever it was played."""
        row = await self.database.fetchone(
            f"SELECT {_COLUMNS} FROM daily_results WHERE day = ? AND kind = ? AND user_id = ?",
            (day, kind, user_id),
        )
        return None if row is None else _result(row)

    async def of_game(self, game_id: int) -> DailyResult | None:
        row = await self.database.fetchone(
            f"SELECT {_COLUMNS} FROM daily_results WHERE game_id = ?", (game_id,)
        )
        return None if row is None else _result(row)

    async def claim(self, day: str, kind: str, user_id: int, guild_id: int | None) -> bool:
        """Take the member's one attempt of the day at `kind`; False if it is already taken."""
        try:
            async with self.database.transaction() as transaction:
                await transaction.execute(
                    "INSERT INTO daily_results (day, kind, user_id, guild_id) VALUES (?, ?, ?, ?)",
                    (day, kind, user_id, guild_id),
                )
        except Conflict:
            return False
        return True

    async def attach(self, day: str, kind: str, user_id: int, game_id: int) -> None:
        """The claimed attempt is played in `game_id` (unless it is linked to a game already)."""
        async with self.database.transaction() as transaction:
            await transaction.execute(
                "UPDATE daily_results SET game_id = ?"
                " WHERE day = ? AND kind = ? AND user_id = ? AND game_id IS NULL",
                (game_id, day, kind, user_id),
            )

    async def first_game(self, day: str, kind: str, user_id: int) -> int | None:
        """The first game the member opened for the day's deal of `kind` and did not have
        called off, linked to their attempt or not."""
        row = await self.database.fetchone(
            "SELECT id FROM games WHERE daily = ? AND kind = ? AND host_id = ?"
            " AND status <> 'cancelled' ORDER BY id LIMIT 1",
            (day, kind, user_id),
        )
        return None if row is None else int(row["id"])

    async def release(self, day: str, kind: str, user_id: int) -> None:
        """Give back a claim whose game could not be opened."""
        async with self.database.transaction() as transaction:
            await transaction.execute(
                "DELETE FROM daily_results WHERE day = ? AND kind = ? AND user_id = ?"
                " AND status = 'running' AND game_id IS NULL",
                (day, kind, user_id),
            )

    async def mark_shared(self, game_id: int, message_id: int) -> bool:
        """Note the post of the attempt's share line; False if it was posted already."""
        async with self.database.transaction() as transaction:
            changed = await transaction.execute(
                "UPDATE daily_results SET shared_id = ? WHERE game_id = ? AND shared_id IS NULL",
                (message_id, game_id),
            )
        return changed == 1

    async def place(self, day: str, kind: str, standing: int) -> DailyPlace:
        """Where `standing` stands among the day's results of `kind` in every server."""
        row = await self.database.fetchone(
            "SELECT"
            " COALESCE(SUM(CASE WHEN standing < ? THEN players ELSE 0 END), 0) AS ahead,"
            " COALESCE(SUM(CASE WHEN standing > ? THEN players ELSE 0 END), 0) AS behind,"
            " COALESCE(SUM(players), 0) AS total"
            " FROM daily_standings WHERE day = ? AND kind = ?",
            (standing, standing, day, kind),
        )
        assert row is not None
        return DailyPlace(int(row["ahead"]), int(row["behind"]), int(row["total"]))

    async def place_in_guild(self, guild_id: int, day: str, kind: str, standing: int) -> DailyPlace:
        """Where `standing` stands among the day's results of `kind` in one server."""
        row = await self.database.fetchone(
            "SELECT"
            " COALESCE(SUM(CASE WHEN standing < ? THEN 1 ELSE 0 END), 0) AS ahead,"
            " COALESCE(SUM(CASE WHEN standing > ? THEN 1 ELSE 0 END), 0) AS behind,"
            " COUNT(*) AS total"
            " FROM daily_results WHERE guild_id = ? AND kind = ? AND day = ?"
            " AND standing IS NOT NULL",
            (standing, standing, guild_id, kind, day),
        )
        assert row is not None
        return DailyPlace(int(row["ahead"]), int(row["behind"]), int(row["total"]))

    async def of_day(
        self, guild_id: int, kind: str, day: str, *, limit: int = 10
    ) -> list[DailyResult]:
        """The server's results of the day's deal of `kind`, best first."""
        rows = await self.database.fetchall(
            f"SELECT {_COLUMNS} FROM daily_results"
            " WHERE guild_id = ? AND kind = ? AND day = ? AND standing IS NOT NULL"
            " ORDER BY standing, ended_at LIMIT ?",
            (guild_id, kind, day, limit),
        )
        return [_result(row) for row in rows]

    async def of_week(
        self, guild_id: int, kind: str, day: str, *, limit: int = 10
    ) -> list[WeekStanding]:
        """The server's members by their average standing over the week's deals of `kind` up
        to `day`, the days they played, and their best score."""
        first, _ = week_of(day)
        rows = await self.database.fetchall(
            "SELECT user_id, COUNT(*) AS days,"
            " CAST(AVG(standing) AS DOUBLE PRECISION) AS standing,"
            " CAST(AVG(score) AS DOUBLE PRECISION) AS average"
            " FROM daily_results"
            " WHERE guild_id = ? AND kind = ? AND day >= ? AND day <= ? AND standing IS NOT NULL"
            " GROUP BY user_id ORDER BY standing, days DESC, user_id LIMIT ?",
            (guild_id, kind, first, day, limit),
        )
        return [WeekStanding(row["user_id"], row["days"], row["average"]) for row in rows]

    async def streaks(self, guild_id: int, today: str, *, limit: int = 10) -> list[tuple[int, int]]:
        """The longest current streaks of days played among the server's members who played
        a daily deal here today or yesterday: (member, days), longest first."""
        yesterday = (datetime.date.fromisoformat(today) - datetime.timedelta(days=1)).isoformat()
        rows = await self.database.fetchall(
            "SELECT DISTINCT user_id FROM daily_results"
            " WHERE guild_id = ? AND day >= ? AND day <= ? AND status <> 'running'",
            (guild_id, yesterday, today),
        )
        found = [(row["user_id"], await self.streak(row["user_id"], today)) for row in rows]
        found.sort(key=lambda pair: (-pair[1], pair[0]))
        return [pair for pair in found[:limit] if pair[1] > 0]
