"""Members' ratings in the store (`ratings`, `rating_changes`), kept in the transaction that
saves a game's results: a finished game updates its members' ratings, a reopened one takes its
changes back, and the whole table can be rebuilt from the stored results, in the order the games
ended (then by game id).

Ratings are derived data: a game that ends (or is reopened) out of that order for one of its
members, because a later game of theirs is rated already, rebuilds its server's game type from
the results, so that the tables always equal a rebuild's. A bot's result saved before bots'
levels were kept counts as `normal` (`bot.ratings.model.DEFAULT_LEVEL`). Bots play at the
fixed ratings their games declare (`bots`: the catalog's `bot_ratings`, which every function
rating games is given).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from bot.ratings.model import NEW, BotRatings, RatedSeat, Rating, is_rated, update
from bot.storage.database import Database, Dialect, Row, Transaction
from bot.storage.records import GameRecord, ResultRecord

_RATED_RESULTS = (
    "SELECT r.game_id, r.guild_id, r.kind, r.ended_at, r.user_id, r.place, r.won,"
    " r.seat_kind, r.bot_level"
    " FROM results r JOIN games g ON g.id = r.game_id"
    " WHERE g.status = 'finished' AND g.daily IS NULL AND r.guild_id IS NOT NULL"
)
_ORDER = " ORDER BY r.ended_at, r.game_id, r.seat"
Scope = tuple[int, str]
"""A server's game type: (guild_id, kind)."""


@dataclass
class Standing:
    rating: Rating
    games: int


@dataclass(frozen=True)
class Change:
    game_id: int
    user_id: int
    guild_id: int
    kind: str
    ended_at: float
    before: Rating
    after: Rating


@dataclass
class Replay:
    """Ratings computed from results in order, and the change each game made."""

    standings: dict[tuple[int, str, int], Standing]
    changes: list[Change]
    games: int = 0


def _seat(result: ResultRecord | Row) -> RatedSeat:
    if isinstance(result, ResultRecord):
        return RatedSeat(
            result.place, result.seat_kind, result.user_id, result.bot_level, result.won
        )
    return RatedSeat(
        result["place"],
        result["seat_kind"],
        result["user_id"],
        result["bot_level"],
        bool(result["won"]),
    )


def _members(seats: Iterable[RatedSeat]) -> list[int]:
    return sorted({s.user_id for s in seats if s.seat_kind == "member" and s.user_id is not None})


def _in(values: Sequence[object]) -> str:
    return ", ".join("?" * len(values))


async def _lock(transaction: Transaction, dialect: Dialect, scope: Scope) -> None:
    """Holds the server's game type until the commit, so that two games finishing at once on
    PostgreSQL do not both start from the same rating (SQLite writes one at a time)."""
    if dialect == "postgres":
        await transaction.fetchone(
            "SELECT pg_advisory_xact_lock(hashtextextended(?, 0))",
            (f"ratings:{scope[0]}:{scope[1]}",),
        )


async def _rated_later(
    transaction: Transaction, scope: Scope, members: Sequence[int], ended_at: float, game_id: int
) -> bool:
    """Whether one of `members` has a rated game after this one (by end, then id)."""
    row = await transaction.fetchone(
        "SELECT 1 FROM rating_changes WHERE guild_id = ? AND kind = ?"
        f" AND user_id IN ({_in(members)})"
        " AND (ended_at > ? OR (ended_at = ? AND game_id > ?)) LIMIT 1",
        (*scope, *members, ended_at, ended_at, game_id),
    )
    return row is not None


async def record_game(
    transaction: Transaction,
    game: GameRecord,
    results: Sequence[ResultRecord],
    dialect: Dialect,
    bots: BotRatings,
) -> None:
    """Update the members' ratings for the finished `game`, whose `results` the transaction
    has just saved."""
    if game.guild_id is None:
        return
    scope = (game.guild_id, game.kind)
    seats = [_seat(result) for result in results]
    rated = is_rated(seats, finished=game.status == "finished", daily=game.daily)
    earlier = await transaction.fetchone(
        "SELECT 1 FROM rating_changes WHERE game_id = ? LIMIT 1", (game.id,)
    )
    if earlier is not None:  # saved as finished before: rate it again from scratch
        await _lock(transaction, dialect, scope)
        await rebuild_scope(transaction, scope, bots)
        return
    if not rated:
        return
    assert game.ended_at is not None
    members = _members(seats)
    await _lock(transaction, dialect, scope)
    if await _rated_later(transaction, scope, members, game.ended_at, game.id):
        await rebuild_scope(transaction, scope, bots)
        return
    await _rate_latest(transaction, game, scope, seats, bots.get(game.kind, {}))


async def _rate_latest(
    transaction: Transaction,
    game: GameRecord,
    scope: Scope,
    seats: Sequence[RatedSeat],
    bots: Mapping[str, Rating],
) -> None:
    """Rate a game that comes after every rated game of its members, from their ratings."""
    assert game.ended_at is not None
    members = _members(seats)
    rows = await transaction.fetchall(
        "SELECT user_id, mu, sigma, games FROM ratings WHERE guild_id = ? AND kind = ?"
        f" AND user_id IN ({_in(members)})",
        (*scope, *members),
    )
    current = {
        row["user_id"]: Standing(Rating(row["mu"], row["sigma"]), row["games"]) for row in rows
    }
    after = update(bots, seats, {user: s.rating for user, s in current.items()})
    standings = {}
    changes = []
    for user, rating in after.items():
        before = current.get(user, Standing(NEW, 0))
        standings[(*scope, user)] = Standing(rating, before.games + 1)
        changes.append(Change(game.id, user, *scope, game.ended_at, before.rating, rating))
    await _write(transaction, standings, changes, upsert=True)


async def take_back(
    transaction: Transaction, game_id: int, dialect: Dialect, bots: BotRatings
) -> None:
    """Undo what the game did to its members' ratings, exactly, once the transaction has
    deleted its results: their ratings before it when it is each one's latest rated game, a
    rebuild of its server's game type otherwise."""
    rows = await transaction.fetchall(
        "SELECT user_id, guild_id, kind, ended_at, mu_before, sigma_before"
        " FROM rating_changes WHERE game_id = ?",
        (game_id,),
    )
    if not rows:
        return
    scope: Scope = (rows[0]["guild_id"], rows[0]["kind"])
    members = sorted(row["user_id"] for row in rows)
    await _lock(transaction, dialect, scope)
    later = await _rated_later(transaction, scope, members, rows[0]["ended_at"], game_id)
    await transaction.execute("DELETE FROM rating_changes WHERE game_id = ?", (game_id,))
    if later:
        await rebuild_scope(transaction, scope, bots)
        return
    await transaction.executemany(
        "UPDATE ratings SET mu = ?, sigma = ?, ordinal = ?, games = games - 1"
        " WHERE guild_id = ? AND kind = ? AND user_id = ?",
        [
            (
                row["mu_before"],
                row["sigma_before"],
                Rating(row["mu_before"], row["sigma_before"]).ordinal,
                *scope,
                row["user_id"],
            )
            for row in rows
        ],
    )
    await transaction.execute(
        f"DELETE FROM ratings WHERE guild_id = ? AND kind = ? AND user_id IN ({_in(members)})"
        " AND games <= 0",
        (*scope, *members),
    )


def replay(rows: Iterable[Row], bots: BotRatings) -> Replay:
    """The ratings that stored results give, rated game after game in the rows' order (the
    rows of one game together)."""
    done = Replay({}, [])
    game: list[Row] = []
    for row in rows:
        if game and row["game_id"] != game[0]["game_id"]:
            _replay_game(done, game, bots)
            game = []
        game.append(row)
    if game:
        _replay_game(done, game, bots)
    return done


def _replay_game(done: Replay, rows: Sequence[Row], bots: BotRatings) -> None:
    seats = [_seat(row) for row in rows]
    if not is_rated(seats):
        return
    first = rows[0]
    scope: Scope = (first["guild_id"], first["kind"])
    known = {user: done.standings.get((*scope, user), Standing(NEW, 0)) for user in _members(seats)}
    levels = bots.get(first["kind"], {})
    after = update(levels, seats, {user: s.rating for user, s in known.items()})
    done.games += 1
    for user, rating in after.items():
        done.standings[(*scope, user)] = Standing(rating, known[user].games + 1)
        done.changes.append(
            Change(first["game_id"], user, *scope, first["ended_at"], known[user].rating, rating)
        )


async def rebuild_scope(transaction: Transaction, scope: Scope, bots: BotRatings) -> None:
    """Rate every stored game of one server's game type again, in order."""
    await transaction.execute("DELETE FROM ratings WHERE guild_id = ? AND kind = ?", scope)
    await transaction.execute("DELETE FROM rating_changes WHERE guild_id = ? AND kind = ?", scope)
    rows = await transaction.fetchall(
        f"{_RATED_RESULTS} AND r.guild_id = ? AND r.kind = ?{_ORDER}", scope
    )
    done = replay(rows, bots)
    await _write(transaction, done.standings, done.changes)


async def rebuild(transaction: Transaction, dialect: Dialect, bots: BotRatings) -> Replay:
    """Rate every stored game again, in order, in place of the ratings stored: after a change
    of formula or a restored backup. Games finishing meanwhile wait for it (PostgreSQL) or
    for its transaction (SQLite)."""
    if dialect == "postgres":
        await transaction.execute("LOCK TABLE results IN SHARE MODE")
    done = replay(await transaction.fetchall(f"{_RATED_RESULTS}{_ORDER}"), bots)
    await _replace(transaction, done)
    return done


async def rebuild_database(database: Database, bots: BotRatings) -> Replay:
    """`rebuild` in a transaction of its own. On SQLite, where the bot's saves give up after
    waiting 5 s for a write, the games are rated before the transaction, which only writes
    them, unless another connection wrote meanwhile: then they are rated again inside it."""
    if database.dialect == "sqlite":
        seen = await database.fetchone("PRAGMA data_version")
        done = replay(await database.fetchall(f"{_RATED_RESULTS}{_ORDER}"), bots)
        async with database.transaction() as transaction:
            now = await transaction.fetchone("PRAGMA data_version")
            if seen is not None and now is not None and seen[0] == now[0]:
                await _replace(transaction, done)
                return done
            return await rebuild(transaction, database.dialect, bots)
    async with database.transaction() as transaction:
        return await rebuild(transaction, database.dialect, bots)


async def _replace(transaction: Transaction, done: Replay) -> None:
    await transaction.execute("DELETE FROM rating_changes")
    await transaction.execute("DELETE FROM ratings")
    await _write(transaction, done.standings, done.changes)


async def _write(
    transaction: Transaction,
    standings: dict[tuple[int, str, int], Standing],
    changes: Sequence[Change],
    *,
    upsert: bool = False,
) -> None:
    conflict = (
        " ON CONFLICT (guild_id, kind, user_id) DO UPDATE SET mu = excluded.mu,"
        " sigma = excluded.sigma, ordinal = excluded.ordinal, games = excluded.games"
        if upsert
        else ""
    )
    await transaction.executemany(
        "INSERT INTO ratings (guild_id, kind, user_id, mu, sigma, ordinal, games)"
        f" VALUES (?, ?, ?, ?, ?, ?, ?){conflict}",
        [
            (*key, s.rating.mu, s.rating.sigma, s.rating.ordinal, s.games)
            for key, s in standings.items()
        ],
    )
    await transaction.executemany(
        "INSERT INTO rating_changes (game_id, user_id, guild_id, kind, ended_at, mu_before,"
        " sigma_before, mu, sigma) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (
                c.game_id,
                c.user_id,
                c.guild_id,
                c.kind,
                c.ended_at,
                c.before.mu,
                c.before.sigma,
                c.after.mu,
                c.after.sigma,
            )
            for c in changes
        ],
    )
