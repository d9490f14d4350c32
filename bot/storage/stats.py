"""What a server's finished games add up to: its leaderboards, a player's stats, its history.

Every query names its server, so one server never sees another's games, and each reads an
index (`migrations/sqlite/007_history.sql`) rather than the whole table. Only members are ranked:
bots and guests play, but never count; a member who left a game is credited with its result.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from bot.storage.database import Database

MIN_GAMES_FOR_RATE = 5
"""Below this many games a player's win rate is not ranked (they still rank by wins)."""


@dataclass(frozen=True)
class Standing:
    user_id: int
    games: int
    wins: int

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


@dataclass(frozen=True)
class KindStats:
    """A member's record in one game type of one server."""

    kind: str
    games: int
    wins: int
    average_score: float
    lowest_score: int
    highest_score: int
    streak: int
    """Wins in a row, counting back from the latest game."""
    feats: dict[str, int]
    """The game type's feats over all the member's games: totals, and the best of a
    "biggest_…" one."""


@dataclass(frozen=True)
class PastGame:
    game_id: int
    kind: str
    ended_at: float
    winners: tuple[int | None, ...]
    """The winning seats' members (None for a bot or a guest)."""
    thread_id: int | None = None
    """The thread of its own the game was played in, if any."""


class StatsRepository:
    def __init__(self, database: Database) -> None:
        self.database = database

    async def leaderboard(
        self,
        guild_id: int,
        kind: str,
        since: float = 0.0,
        *,
        limit: int = 10,
        offset: int = 0,
        min_games: int = MIN_GAMES_FOR_RATE,
    ) -> list[Standing]:
        """Members by wins, then by win rate among those with `min_games` games or more."""
        rows = await self.database.fetchall(
            "SELECT user_id, COUNT(*) AS games, SUM(won) AS wins FROM results"
            " WHERE guild_id = ? AND kind = ? AND seat_kind = 'member' AND ended_at >= ?"
            " GROUP BY user_id"
            " ORDER BY wins DESC,"
            " CASE WHEN COUNT(*) >= ? THEN CAST(SUM(won) AS REAL) / COUNT(*) ELSE 0 END DESC,"
            " games DESC, user_id"
            " LIMIT ? OFFSET ?",
            (guild_id, kind, since, min_games, limit, offset),
        )
        return [Standing(r["user_id"], r["games"], r["wins"]) for r in rows]

    async def player(self, guild_id: int, user_id: int) -> list[KindStats]:
        """The member's record in each game type they have played in this server."""
        rows = await self.database.fetchall(
            "SELECT kind, COUNT(*) AS games, SUM(won) AS wins,"
            " CAST(AVG(score) AS DOUBLE PRECISION) AS average,"
            " MIN(score) AS low, MAX(score) AS high FROM results"
            " WHERE guild_id = ? AND user_id = ? GROUP BY kind ORDER BY kind",
            (guild_id, user_id),
        )
        feats = await self._feats(guild_id, user_id)
        found = []
        for row in rows:
            streak = await self._streak(guild_id, user_id, row["kind"])
            found.append(
                KindStats(
                    kind=row["kind"],
                    games=row["games"],
                    wins=row["wins"],
                    average_score=row["average"],
                    lowest_score=row["low"],
                    highest_score=row["high"],
                    streak=streak,
                    feats=feats.get(row["kind"], {}),
                )
            )
        return found

    async def _feats(self, guild_id: int, user_id: int) -> dict[str, dict[str, int]]:
        totals: dict[str, dict[str, int]] = {}
        for row in await self.database.fetchall(
            "SELECT kind, feats FROM results WHERE guild_id = ? AND user_id = ? AND feats != '{}'",
            (guild_id, user_id),
        ):
            kind = totals.setdefault(row["kind"], {})
            for name, count in json.loads(row["feats"]).items():
                if name.startswith("biggest_"):
                    kind[name] = max(kind.get(name, 0), count)
                else:
                    kind[name] = kind.get(name, 0) + count
        return totals

    async def _streak(self, guild_id: int, user_id: int, kind: str) -> int:
        streak = 0
        for row in await self.database.fetchall(
            "SELECT won FROM results WHERE guild_id = ? AND user_id = ? AND kind = ?"
            " ORDER BY ended_at DESC LIMIT 200",
            (guild_id, user_id, kind),
        ):
            if not row["won"]:
                break
            streak += 1
        return streak

    async def history(
        self, guild_id: int, *, limit: int = 10, before: float | None = None
    ) -> list[PastGame]:
        """The server's latest finished games, newest first (older than `before`, if given)."""
        games = await self.database.fetchall(
            "SELECT id, kind, ended_at, channel_id, parent_id FROM games"
            " WHERE guild_id = ? AND status = 'finished' AND ended_at < ?"
            " ORDER BY ended_at DESC LIMIT ?",
            (guild_id, before if before is not None else float("inf"), limit),
        )
        found = []
        for game in games:
            rows = await self.database.fetchall(
                "SELECT user_id FROM results WHERE game_id = ? AND won = 1 ORDER BY seat",
                (game["id"],),
            )
            winners = tuple(row["user_id"] for row in rows)
            thread = game["channel_id"] if game["parent_id"] is not None else None
            found.append(PastGame(game["id"], game["kind"], game["ended_at"], winners, thread))
        return found
