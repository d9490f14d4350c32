"""What a server's finished games add up to: its leaderboards, a player's stats, its history.

Every query names its server, so one server never sees another's games, and each reads an
index (`migrations/sqlite/007_history.sql`) rather than the whole table. Only members are ranked:
bots and guests play, but never count; a member who left a game is credited with its result.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass

from bot.storage.database import Database, Row

PROVISIONAL_GAMES = 5
"""Below this many rated games a member's rating is provisional: shown, but marked."""


def conservative(mu: float, sigma: float) -> float:
    """A rating's conservative value, mu - 3 sigma: what boards rank by and players read."""
    return mu - 3 * sigma


@dataclass(frozen=True)
class Standing:
    user_id: int
    games: int
    wins: int
    rating: float | None = None
    """The member's conservative rating in the game type; None before their first rated game."""
    rated_games: int = 0

    @property
    def provisional(self) -> bool:
        return self.rated_games < PROVISIONAL_GAMES


@dataclass(frozen=True)
class Rating:
    """A member's rating in one game type of one server, and where it places them."""

    kind: str
    value: float
    """The conservative rating, mu - 3 sigma."""
    games: int
    """Rated games."""
    place: int
    """1 for the server's best; equal ratings share a place."""
    rated: int
    """How many members of the server have a rating in this game type."""
    change: float | None
    """What the member's latest rated game did to the value."""

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL_GAMES


@dataclass(frozen=True)
class RatingStep:
    """What one rated game did to a member's rating in its game type."""

    kind: str
    ended_at: float
    before: float
    after: float


@dataclass(frozen=True)
class RecentGame:
    """One of a member's latest finished games, as they finished it."""

    game_id: int
    kind: str
    ended_at: float
    score: int
    place: int
    seats: int
    thread_id: int | None


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
    ) -> list[Standing]:
        """The members who played since `since`, by conservative rating, best first; those
        with no rating yet after them, by wins."""
        rows = await self.database.fetchall(
            "SELECT played.user_id, played.games, played.wins,"
            " ratings.ordinal, ratings.games AS rated FROM"
            " (SELECT user_id, COUNT(*) AS games, SUM(won) AS wins FROM results"
            " WHERE guild_id = ? AND kind = ? AND seat_kind = 'member' AND ended_at >= ?"
            " GROUP BY user_id) AS played"
            " LEFT JOIN ratings ON ratings.guild_id = ? AND ratings.kind = ?"
            " AND ratings.user_id = played.user_id"
            " ORDER BY CASE WHEN ratings.ordinal IS NULL THEN 1 ELSE 0 END, ratings.ordinal DESC,"
            " played.wins DESC, played.games DESC, played.user_id"
            " LIMIT ? OFFSET ?",
            (guild_id, kind, since, guild_id, kind, limit, offset),
        )
        return [
            Standing(r["user_id"], r["games"], r["wins"], r["ordinal"], r["rated"] or 0)
            for r in rows
        ]

    async def ratings(self, guild_id: int, user_id: int, kinds: Sequence[str]) -> list[Rating]:
        """The member's rating in each of `kinds` they have one in, with their place among
        the server's rated members and their latest game's change (one query for them all)."""
        if not kinds:
            return []
        marks = ", ".join("?" for _ in kinds)
        rows = await self.database.fetchall(
            "SELECT mine.kind, mine.ordinal, mine.games, mine.rated, mine.above,"
            " latest.mu_before, latest.sigma_before, latest.mu, latest.sigma FROM"
            " (SELECT own.kind, own.ordinal, own.games,"
            " (SELECT COUNT(*) FROM ratings AS others"
            " WHERE others.guild_id = own.guild_id AND others.kind = own.kind) AS rated,"
            " (SELECT COUNT(*) FROM ratings AS others"
            " WHERE others.guild_id = own.guild_id AND others.kind = own.kind"
            " AND others.ordinal > own.ordinal) AS above,"
            " (SELECT changes.game_id FROM rating_changes AS changes"
            " WHERE changes.guild_id = own.guild_id AND changes.user_id = own.user_id"
            " AND changes.kind = own.kind"
            " ORDER BY changes.ended_at DESC, changes.game_id DESC LIMIT 1) AS latest_game"
            " FROM ratings AS own WHERE own.guild_id = ? AND own.user_id = ?"
            f" AND own.kind IN ({marks})) AS mine"
            " LEFT JOIN rating_changes AS latest"
            " ON latest.game_id = mine.latest_game AND latest.user_id = ?",
            (guild_id, user_id, *kinds, user_id),
        )
        found = {row["kind"]: _rating(row) for row in rows}
        return [found[kind] for kind in kinds if kind in found]

    async def rating_steps(
        self, guild_id: int, user_id: int, kind: str | None = None, *, limit: int = 500
    ) -> list[RatingStep]:
        """What the member's latest `limit` rated games (of one game type, or of every one)
        did to their ratings, oldest first."""
        rows = await self.database.fetchall(
            "SELECT kind, ended_at, mu_before, sigma_before, mu, sigma FROM rating_changes"
            " WHERE guild_id = ? AND user_id = ?"
            + (" AND kind = ?" if kind is not None else "")
            + " ORDER BY ended_at DESC, game_id DESC LIMIT ?",
            (guild_id, user_id, *((kind,) if kind is not None else ()), limit),
        )
        return [
            RatingStep(
                r["kind"],
                r["ended_at"],
                conservative(r["mu_before"], r["sigma_before"]),
                conservative(r["mu"], r["sigma"]),
            )
            for r in reversed(rows)
        ]

    async def recent(self, guild_id: int, user_id: int, *, limit: int = 5) -> list[RecentGame]:
        """The member's latest finished games in this server, newest first."""
        rows = await self.database.fetchall(
            "SELECT results.game_id, results.kind, results.ended_at, results.score,"
            " results.place, games.channel_id, games.parent_id,"
            " (SELECT COUNT(*) FROM results AS seated WHERE seated.game_id = results.game_id)"
            " AS seats"
            " FROM results JOIN games ON games.id = results.game_id"
            " WHERE results.guild_id = ? AND results.user_id = ?"
            " ORDER BY results.ended_at DESC, results.game_id DESC LIMIT ?",
            (guild_id, user_id, limit),
        )
        return [
            RecentGame(
                r["game_id"],
                r["kind"],
                r["ended_at"],
                r["score"],
                r["place"],
                r["seats"],
                r["channel_id"] if r["parent_id"] is not None else None,
            )
            for r in rows
        ]

    async def player(self, guild_id: int, user_id: int) -> list[KindStats]:
        """The member's record in each game type they have played in this server; their
        streak is the games they won after their latest game not won."""
        rows = await self.database.fetchall(
            "SELECT kind, COUNT(*) AS games, SUM(won) AS wins,"
            " CAST(AVG(score) AS DOUBLE PRECISION) AS average,"
            " MIN(score) AS low, MAX(score) AS high,"
            " SUM(CASE WHEN lost_at IS NULL OR ended_at > lost_at THEN 1 ELSE 0 END) AS streak"
            " FROM (SELECT kind, won, score, ended_at,"
            " MAX(CASE WHEN won = 0 THEN ended_at END) OVER (PARTITION BY kind) AS lost_at"
            " FROM results WHERE guild_id = ? AND user_id = ?) AS played"
            " GROUP BY kind ORDER BY kind",
            (guild_id, user_id),
        )
        feats = await self._feats(guild_id, user_id)
        return [
            KindStats(
                kind=row["kind"],
                games=row["games"],
                wins=row["wins"],
                average_score=row["average"],
                lowest_score=row["low"],
                highest_score=row["high"],
                streak=row["streak"],
                feats=feats.get(row["kind"], {}),
            )
            for row in rows
        ]

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


def _rating(row: Row) -> Rating:
    """A rating read with its place (`rated`, `above`) and its latest change's mu and sigma
    (None when no game recorded one)."""
    change = None
    if row["mu"] is not None:
        before = conservative(row["mu_before"], row["sigma_before"])
        change = conservative(row["mu"], row["sigma"]) - before
    return Rating(row["kind"], row["ordinal"], row["games"], row["above"] + 1, row["rated"], change)
