"""Leaderboards, a player's stats and a server's history, against both stores: a real SQLite
file and a real PostgreSQL server."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import AsyncIterator, Sequence
from pathlib import Path

import pytest

from bot.adapters.specs import Score
from bot.standings import rank
from bot.storage import Database, GameRepository, open_database
from bot.storage.database import migrations
from bot.storage.records import SeatRecord
from bot.storage.sqlite import SqliteDatabase
from bot.storage.stats import StatsRepository
from tests.catalog import bot_ratings

ANA, LEO, ZOE = 100, 101, 102


@pytest.fixture
async def database(store: str | Path) -> AsyncIterator[Database]:
    db = await open_database(store)
    yield db
    await db.close()


@pytest.fixture
async def sqlite(tmp_path: Path) -> AsyncIterator[SqliteDatabase]:
    db = await SqliteDatabase.open(tmp_path / "data" / "sky.db")
    yield db
    await db.close()


async def finished(
    games: GameRepository,
    seats: Sequence[SeatRecord],
    scores: Sequence[int],
    *,
    guild_id: int = 1,
    kind: str = "skyjo",
    channel_id: int = 10,
    high_score_wins: bool = False,
) -> int:
    """A game played to its end, saved as the bot saves one."""
    game = await games.create(
        guild_id=guild_id,
        channel_id=channel_id,
        kind=kind,
        host_id=seats[0].user_id or 1,
        seed=1,
        seats=list(seats),
        settings={},
    )
    game.status = "finished"
    game.state = "{}"
    results = rank(
        [Score(seat, score) for seat, score in enumerate(scores)],
        game.seats,
        high_score_wins=high_score_wins,
    )
    await games.finish(game, results, over=game.version)
    return game.id


def member(user_id: int, name: str = "P") -> SeatRecord:
    return SeatRecord(name=name, user_id=user_id)


async def rate(
    database: Database,
    user_id: int,
    mu: float,
    sigma: float,
    games: int,
    *,
    guild_id: int = 1,
    kind: str = "skyjo",
) -> None:
    """Sets a member's rating, as the rating update leaves it."""
    async with database.transaction() as transaction:
        await transaction.execute(
            "INSERT INTO ratings (guild_id, kind, user_id, mu, sigma, ordinal, games)"
            " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id, kind, user_id) DO UPDATE"
            " SET mu = excluded.mu, sigma = excluded.sigma, ordinal = excluded.ordinal,"
            " games = excluded.games",
            (guild_id, kind, user_id, mu, sigma, mu - 3 * sigma, games),
        )


async def unrated(database: Database, *users: int) -> None:
    """Takes away members' ratings and rating changes, however they were made."""
    marks = ", ".join("?" for _ in users)
    async with database.transaction() as transaction:
        for table in ("ratings", "rating_changes"):
            await transaction.execute(f"DELETE FROM {table} WHERE user_id IN ({marks})", users)


async def changed(
    database: Database,
    game_id: int,
    user_id: int,
    before: tuple[float, float],
    after: tuple[float, float],
    *,
    ended_at: float,
    guild_id: int = 1,
    kind: str = "skyjo",
) -> None:
    """Records what a rated game did to a member's rating (mu, sigma before and after)."""
    async with database.transaction() as transaction:
        await transaction.execute(
            "INSERT INTO rating_changes (game_id, user_id, guild_id, kind, ended_at,"
            " mu_before, sigma_before, mu, sigma) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (game_id, user_id) DO UPDATE SET ended_at = excluded.ended_at,"
            " mu_before = excluded.mu_before, sigma_before = excluded.sigma_before,"
            " mu = excluded.mu, sigma = excluded.sigma",
            (game_id, user_id, guild_id, kind, ended_at, *before, *after),
        )


async def test_members_with_no_rating_yet_rank_by_wins(database: Database) -> None:
    games = GameRepository(database, bot_ratings())
    stats = StatsRepository(database)
    bot = SeatRecord(name="Bot 1", bot_level="hard")
    for _ in range(3):
        await finished(games, [member(ANA), member(LEO)], [10, 20])  # ana wins
    await finished(games, [member(ANA), member(LEO)], [30, 20])  # leo wins
    await finished(games, [member(ZOE), bot], [5, 40])  # zoe wins against a bot
    await unrated(database, ANA, LEO, ZOE)
    board = await stats.leaderboard(1, "skyjo")
    assert [(s.user_id, s.games, s.wins) for s in board] == [(ANA, 4, 3), (LEO, 4, 1), (ZOE, 1, 1)]
    assert all(s.rating is None for s in board)
    assert all(s.user_id is not None for s in board), "bots are never ranked"
    assert await stats.leaderboard(1, "skyjo", limit=1, offset=1) == board[1:2]
    assert await stats.leaderboard(2, "skyjo") == [], "another server sees nothing"
    assert await stats.leaderboard(1, "junior") == []


async def test_the_leaderboard_ranks_by_conservative_rating_then_the_unrated(
    database: Database,
) -> None:
    games = GameRepository(database)
    stats = StatsRepository(database)
    for _ in range(3):
        await finished(games, [member(ANA), member(LEO), member(ZOE)], [10, 20, 30])
    await rate(database, ANA, 30.0, 6.0, 3)  # 12: the highest mu, but the least sure
    await rate(database, LEO, 26.0, 3.0, 8)  # 17
    await unrated(database, ZOE)
    board = await stats.leaderboard(1, "skyjo")
    assert [(s.user_id, s.wins, s.games) for s in board] == [(LEO, 0, 3), (ANA, 3, 3), (ZOE, 0, 3)]
    assert [s.rating for s in board] == [pytest.approx(17.0), pytest.approx(12.0), None]
    assert [s.provisional for s in board] == [False, True, True], "under 5 rated games"
    await rate(database, ZOE, 40.0, 1.0, 20, kind="junior")
    assert (await stats.leaderboard(1, "skyjo"))[2].rating is None, "ratings are per game type"
    await rate(database, ZOE, 40.0, 1.0, 20, guild_id=2)
    assert (await stats.leaderboard(1, "skyjo"))[2].rating is None, "ratings are per server"


async def test_a_periods_leaderboard_ranks_only_who_played_in_it(database: Database) -> None:
    games = GameRepository(database)
    stats = StatsRepository(database)
    await finished(games, [member(ANA), member(LEO)], [10, 20])
    await rate(database, ANA, 25.0, 5.0, 6)
    await rate(database, LEO, 25.0, 4.0, 6)
    await rate(database, ZOE, 40.0, 1.0, 30)  # rated long ago, not playing lately
    board = await stats.leaderboard(1, "skyjo", since=0.0)
    assert [s.user_id for s in board] == [LEO, ANA]
    later = await stats.leaderboard(1, "skyjo", since=time.time() + 60)
    assert later == []


async def test_a_members_ratings_place_them_among_the_servers_rated_members(
    database: Database,
) -> None:
    stats = StatsRepository(database)
    await unrated(database, ANA, LEO, ZOE)
    await rate(database, ANA, 25.0, 3.0, 7)  # 16
    await rate(database, LEO, 28.0, 2.0, 9)  # 22
    await rate(database, ZOE, 25.0, 3.0, 2)  # 16: a tie with ana
    await rate(database, ANA, 20.0, 5.0, 1, kind="junior")
    await rate(database, 999, 50.0, 1.0, 50, guild_id=2)
    mine = await stats.ratings(1, ANA, ["skyjo", "junior", "skyfive"])
    assert [(r.kind, r.place, r.rated, r.games) for r in mine] == [
        ("skyjo", 2, 3, 7),
        ("junior", 1, 1, 1),
    ]
    assert mine[0].value == pytest.approx(16.0) and not mine[0].provisional
    assert mine[1].provisional
    assert [r.place for r in await stats.ratings(1, ZOE, ["skyjo"])] == [2], "ties share a place"
    assert mine[0].change is None, "no game recorded its change"
    assert await stats.ratings(2, ANA, ["skyjo"]) == [], "another server has its own ratings"


async def test_a_members_rating_changes_game_by_game(database: Database) -> None:
    games = GameRepository(database)
    stats = StatsRepository(database)
    ids = [await finished(games, [member(ANA), member(LEO)], [10, 20]) for _ in range(3)]
    junior = await finished(games, [member(ANA), member(LEO)], [9, 3], kind="junior")
    await unrated(database, ANA, LEO)
    await changed(database, ids[0], ANA, (25.0, 8.0), (27.0, 7.0), ended_at=100.0)
    await changed(database, ids[1], ANA, (27.0, 7.0), (28.0, 6.0), ended_at=200.0)
    await changed(database, ids[2], ANA, (28.0, 6.0), (26.0, 5.5), ended_at=300.0)
    await changed(database, junior, ANA, (25.0, 8.0), (24.0, 7.5), ended_at=250.0, kind="junior")
    await changed(database, ids[0], LEO, (25.0, 8.0), (23.0, 7.0), ended_at=100.0)
    await rate(database, ANA, 26.0, 5.5, 3)
    steps = await stats.rating_steps(1, ANA)
    assert [(s.kind, s.ended_at) for s in steps] == [
        ("skyjo", 100.0),
        ("skyjo", 200.0),
        ("junior", 250.0),
        ("skyjo", 300.0),
    ], "oldest first, every game type"
    assert steps[0].before == pytest.approx(1.0) and steps[0].after == pytest.approx(6.0)
    latest = await stats.rating_steps(1, ANA, "skyjo", limit=2)
    assert [s.ended_at for s in latest] == [200.0, 300.0], "the latest games, oldest first"
    (rating,) = await stats.ratings(1, ANA, ["skyjo"])
    assert rating.change == pytest.approx((26.0 - 16.5) - (28.0 - 18.0))
    assert await stats.rating_steps(2, ANA) == [], "another server's"


async def test_a_members_latest_games_with_their_place_and_thread(database: Database) -> None:
    games = GameRepository(database, bot_ratings())
    stats = StatsRepository(database)
    bot = SeatRecord(name="Bot 1", bot_level="hard")
    first = await finished(games, [member(ANA), member(LEO), bot], [10, 20, 5])
    second = await finished(
        games, [member(LEO), member(ANA)], [1, 3], kind="junior", high_score_wins=True
    )
    await finished(games, [member(LEO), member(ZOE)], [1, 3])
    await finished(games, [member(ANA), member(LEO)], [10, 20], guild_id=2)
    recent = await stats.recent(1, ANA)
    assert [(g.game_id, g.kind, g.score, g.place, g.seats) for g in recent] == [
        (second, "junior", 3, 1, 2),
        (first, "skyjo", 10, 2, 3),
    ], "newest first, this server's only"
    assert all(g.thread_id is None for g in recent), "played in their channel"
    assert [g.game_id for g in await stats.recent(1, ANA, limit=1)] == [second]
    assert await stats.recent(1, 12345) == []


async def test_a_member_who_left_keeps_their_result_and_guests_are_never_ranked(
    database: Database,
) -> None:
    games = GameRepository(database)
    stats = StatsRepository(database)
    left = SeatRecord(name="leo", bot_level="normal", left_by=LEO)
    guest = SeatRecord(name="Grandma", guest=True)
    game_id = await finished(games, [member(ANA), left, guest], [10, 50, 5])
    results = await games.results(game_id)
    assert [(r.user_id, r.seat_kind, r.left, r.won) for r in results] == [
        (ANA, "member", False, False),
        (LEO, "member", True, False),
        (None, "guest", False, True),
    ]
    board = await stats.leaderboard(1, "skyjo")
    assert sorted((s.user_id, s.games, s.wins) for s in board) == [(ANA, 1, 0), (LEO, 1, 0)]


async def test_a_players_stats_per_game_type_with_their_streak(database: Database) -> None:
    games = GameRepository(database)
    stats = StatsRepository(database)
    for score in (30, 10, 12):  # a loss, then two wins
        await finished(games, [member(ANA), member(LEO)], [score, 20])
    await finished(games, [member(ANA), member(LEO)], [9, 3], kind="junior", high_score_wins=True)
    found = {s.kind: s for s in await stats.player(1, ANA)}
    assert set(found) == {"skyjo", "junior"}
    skyjo = found["skyjo"]
    assert (skyjo.games, skyjo.wins, skyjo.lowest_score, skyjo.highest_score) == (3, 2, 10, 30)
    assert skyjo.average_score == pytest.approx(52 / 3)
    assert skyjo.streak == 2
    assert found["junior"].wins == 1 and found["junior"].streak == 1
    assert await stats.player(2, ANA) == [], "another server sees nothing"


async def test_the_history_lists_finished_games_newest_first(database: Database) -> None:
    games = GameRepository(database)
    stats = StatsRepository(database)
    first = await finished(games, [member(ANA), member(LEO)], [10, 20])
    second = await finished(games, [member(ANA), member(LEO)], [30, 20])
    await finished(games, [member(ZOE), member(LEO)], [1, 2], guild_id=2)
    cancelled = await games.create(
        guild_id=1,
        channel_id=11,
        kind="skyjo",
        host_id=ANA,
        seed=1,
        seats=[member(ANA)],
        settings={},
    )
    cancelled.status = "cancelled"
    cancelled.state = "{}"
    await games.save(cancelled, over=cancelled.version)
    past = await stats.history(1)
    assert [(g.game_id, g.winners) for g in past] == [(second, (LEO,)), (first, (ANA,))]
    assert [g.game_id for g in await stats.history(1, before=past[0].ended_at)] == [first]
    saved = await games.get(cancelled.id)
    assert saved is not None and saved.started_at is not None and saved.ended_at is not None, (
        "a game cancelled after it started is recorded as such"
    )


@pytest.mark.parametrize(
    ("query", "parameters"),
    [
        (
            "SELECT user_id, COUNT(*), SUM(won) FROM results WHERE guild_id = ? AND kind = ?"
            " AND seat_kind = 'member' AND ended_at >= ? GROUP BY user_id",
            (1, "skyjo", 0.0),
        ),
        (
            "SELECT kind, COUNT(*), AVG(score) FROM results WHERE guild_id = ? AND user_id = ?"
            " GROUP BY kind",
            (1, ANA),
        ),
        (
            "SELECT kind, COUNT(*), SUM(CASE WHEN ended_at > lost_at THEN 1 ELSE 0 END) FROM"
            " (SELECT kind, ended_at, MAX(CASE WHEN won = 0 THEN ended_at END)"
            " OVER (PARTITION BY kind) AS lost_at FROM results"
            " WHERE guild_id = ? AND user_id = ?) AS played GROUP BY kind",
            (1, ANA),
        ),
        (
            "SELECT id FROM games WHERE guild_id = ? AND status = 'finished' AND ended_at < ?"
            " ORDER BY ended_at DESC LIMIT 10",
            (1, 1e18),
        ),
        (
            "SELECT COUNT(*) FROM ratings WHERE guild_id = ? AND kind = ? AND ordinal > ?",
            (1, "skyjo", 3.0),
        ),
        (
            "SELECT own.kind, (SELECT COUNT(*) FROM ratings AS others"
            " WHERE others.guild_id = own.guild_id AND others.kind = own.kind"
            " AND others.ordinal > own.ordinal), (SELECT changes.game_id"
            " FROM rating_changes AS changes WHERE changes.guild_id = own.guild_id"
            " AND changes.user_id = own.user_id AND changes.kind = own.kind"
            " ORDER BY changes.ended_at DESC LIMIT 1) FROM ratings AS own"
            " WHERE own.guild_id = ? AND own.user_id = ? AND own.kind IN (?, ?)",
            (1, ANA, "skyjo", "junior"),
        ),
        (
            "SELECT mu FROM rating_changes WHERE guild_id = ? AND user_id = ?"
            " ORDER BY ended_at DESC LIMIT 500",
            (1, ANA),
        ),
        (
            "SELECT results.game_id, games.channel_id FROM results"
            " JOIN games ON games.id = results.game_id"
            " WHERE results.guild_id = ? AND results.user_id = ?"
            " ORDER BY results.ended_at DESC LIMIT 5",
            (1, ANA),
        ),
    ],
)
async def test_no_query_scans_a_whole_table(
    sqlite: SqliteDatabase, query: str, parameters: tuple[object, ...]
) -> None:
    plan = [row[3] for row in await sqlite.fetchall(f"EXPLAIN QUERY PLAN {query}", parameters)]
    assert any(step.startswith("SEARCH") for step in plan), plan
    assert not any(
        step.startswith("SCAN results") or step.startswith("SCAN games") for step in plan
    ), plan


async def test_a_database_of_the_oldest_schema_is_upgraded_with_nothing_lost(
    tmp_path: Path,
) -> None:
    path = tmp_path / "old.db"
    number, first = migrations("sqlite")[0]
    with sqlite3.connect(path) as old:
        old.executescript(first)
        old.execute(f"PRAGMA user_version = {number}")
        seats = '[{"name": "ana", "user_id": 100}, {"name": "Bot 1", "bot_level": "easy"}]'
        for game_id, status in ((1, "running"), (2, "finished")):
            old.execute(
                "INSERT INTO games (id, guild_id, channel_id, kind, status, host_id, seed, seats,"
                " settings, state, version, created_at, updated_at)"
                " VALUES (?, 1, ?, 'skyjo', ?, 100, 7, ?, '{}', ?, 3, 1000, 2000)",
                (game_id, 10 + game_id, status, seats, '{"x": 1}'),
            )
        old.execute(
            "INSERT INTO results (game_id, seat, guild_id, user_id, kind, score, won)"
            " VALUES (2, 0, 1, 100, 'skyjo', 12, 1), (2, 1, 1, NULL, 'skyjo', 30, 0)"
        )
    database = await open_database(path)
    try:
        assert await database.schema_version() == len(migrations("sqlite"))
        games = GameRepository(database)
        running = await games.get(1)
        assert running is not None and running.status == "running" and running.version == 3
        assert running.started_at == 1000 and running.ended_at is None
        assert [r.seat_kind for r in await games.results(2)] == ["member", "bot"]
        board = await StatsRepository(database).leaderboard(1, "skyjo")
        assert [(s.user_id, s.wins) for s in board] == [(100, 1)]
        past = await StatsRepository(database).history(1)
        assert [(g.game_id, g.ended_at) for g in past] == [(2, 2000)]
    finally:
        await database.close()
