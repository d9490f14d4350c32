"""Leaderboards, a player's stats and a server's history, against both stores: a real SQLite
file and a real PostgreSQL server."""

from __future__ import annotations

import sqlite3
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


async def test_the_leaderboard_ranks_members_by_wins_then_win_rate(database: Database) -> None:
    games = GameRepository(database)
    stats = StatsRepository(database)
    bot = SeatRecord(name="Bot 1", bot_level="hard")
    for _ in range(3):
        await finished(games, [member(ANA), member(LEO)], [10, 20])  # ana wins
    await finished(games, [member(ANA), member(LEO)], [30, 20])  # leo wins
    await finished(games, [member(ZOE), bot], [5, 40])  # zoe wins against a bot
    board = await stats.leaderboard(1, "skyjo", min_games=1)
    assert [(s.user_id, s.games, s.wins) for s in board] == [(ANA, 4, 3), (ZOE, 1, 1), (LEO, 4, 1)]
    assert all(s.user_id is not None for s in board), "bots are never ranked"
    assert await stats.leaderboard(1, "skyjo", limit=1, offset=1, min_games=1) == board[1:2]
    assert await stats.leaderboard(2, "skyjo") == [], "another server sees nothing"
    assert await stats.leaderboard(1, "junior") == []


async def test_win_rate_counts_only_from_the_minimum_number_of_games(database: Database) -> None:
    games = GameRepository(database)
    stats = StatsRepository(database)
    await finished(games, [member(ANA), member(LEO)], [10, 20])  # ana: 1 of 1
    for score in (10, 30, 30):
        await finished(games, [member(ZOE), member(LEO)], [score, 20])  # zoe: 1 of 3
    board = await stats.leaderboard(1, "skyjo", min_games=3)
    assert [s.user_id for s in board] == [LEO, ZOE, ANA], "ana's 1 of 1 is not ranked yet"
    board = await stats.leaderboard(1, "skyjo", min_games=1)
    assert [s.user_id for s in board] == [LEO, ANA, ZOE]


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
    board = await stats.leaderboard(1, "skyjo", min_games=1)
    assert [(s.user_id, s.games, s.wins) for s in board] == [(ANA, 1, 0), (LEO, 1, 0)]


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
            "SELECT won FROM results WHERE guild_id = ? AND user_id = ? AND kind = ?"
            " ORDER BY ended_at DESC",
            (1, ANA, "skyjo"),
        ),
        (
            "SELECT id FROM games WHERE guild_id = ? AND status = 'finished' AND ended_at < ?"
            " ORDER BY ended_at DESC LIMIT 10",
            (1, 1e18),
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
        board = await StatsRepository(database).leaderboard(1, "skyjo", min_games=1)
        assert [(s.user_id, s.wins) for s in board] == [(100, 1)]
        past = await StatsRepository(database).history(1)
        assert [(g.game_id, g.ended_at) for g in past] == [(2, 2000)]
    finally:
        await database.close()
