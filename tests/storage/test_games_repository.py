"""The games repository against both stores: a real SQLite file and a real PostgreSQL server."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path

import asyncpg
import pytest

from bot.storage import Database, GameRepository, StaleGame, open_database
from bot.storage.database import migrations
from bot.storage.games import ChannelBusy
from bot.storage.records import GameRecord, ResultRecord, SeatRecord
from bot.storage.sqlite import SqliteDatabase
from tests.catalog import bot_ratings
from tests.postgres_server import PostgresServer


@pytest.fixture
async def database(store: str | Path) -> AsyncIterator[Database]:
    db = await open_database(store)
    yield db
    await db.close()


async def new_lobby(games: GameRepository, channel_id: int = 10) -> GameRecord:
    return await games.create(
        guild_id=1,
        channel_id=channel_id,
        kind="skyjo",
        host_id=100,
        seed=42,
        seats=[SeatRecord(name="Ana", user_id=100)],
        settings={"target_score": 100},
    )


async def test_migrations_run_once_and_set_the_schema_version(store: str | Path) -> None:
    first = await open_database(store)
    latest = len(migrations(first.dialect))
    assert latest >= 1
    assert await first.schema_version() == latest
    await first.close()
    again = await open_database(store)
    assert await again.schema_version() == latest
    if isinstance(again, SqliteDatabase):
        row = await again.fetchone("PRAGMA journal_mode")
        assert row is not None and row[0] == "wal"
    await again.close()


async def test_two_processes_opening_a_new_store_at_once_migrate_it_once(
    store: str | Path,
) -> None:
    opened = await asyncio.gather(
        open_database(store), open_database(store), return_exceptions=True
    )
    failed = [o for o in opened if isinstance(o, BaseException)]
    if failed:
        for handle in opened:
            if isinstance(handle, Database):
                await handle.close()
    assert not failed, failed
    first, second = opened
    assert isinstance(first, Database) and isinstance(second, Database)
    try:
        games = GameRepository(second)
        lobby = await new_lobby(games)
        assert await GameRepository(first).get(lobby.id) == lobby
        assert await first.schema_version() == await second.schema_version()
    finally:
        await first.close()
        await second.close()


async def test_a_lobby_is_created_and_read_back(database: Database) -> None:
    games = GameRepository(database)
    lobby = await new_lobby(games)
    assert lobby.status == "lobby"
    assert lobby.seats == [SeatRecord(name="Ana", user_id=100)]
    assert await games.get(lobby.id) == lobby
    assert await games.open_in_channel(10) == lobby
    assert await games.open_in_channel(11) is None


async def test_one_open_game_per_channel(database: Database) -> None:
    games = GameRepository(database)
    lobby = await new_lobby(games)
    with pytest.raises(ChannelBusy) as busy:
        await new_lobby(games)
    assert busy.value.game.id == lobby.id
    other = await new_lobby(games, channel_id=11)
    assert other.id != lobby.id
    lobby.status = "cancelled"
    await games.save(lobby, over=lobby.version)
    again = await new_lobby(games)
    assert again.id not in (lobby.id, other.id)


async def test_saved_changes_survive_reopening_the_store(store: str | Path) -> None:
    db = await open_database(store)
    games = GameRepository(db)
    game = await new_lobby(games)
    game.status = "running"
    game.seats.append(SeatRecord(name="Bot 1", bot_level="hard"))
    game.state = '{"round": 1}'
    game.version = 7
    game.message_id = 555
    game.deadline = 1234.5
    await games.save(game, over=0)
    await db.close()

    reopened = await open_database(store)
    loaded = await GameRepository(reopened).get(game.id)
    assert loaded == game
    assert [g.id for g in await GameRepository(reopened).open_games()] == [game.id]
    await reopened.close()


async def test_finishing_stores_the_results_in_the_same_transaction(database: Database) -> None:
    games = GameRepository(database)
    game = await new_lobby(games)
    game.status = "finished"
    results = [
        ResultRecord(seat=0, user_id=100, score=12, won=True),
        ResultRecord(seat=1, user_id=None, score=40, won=False),
    ]
    await games.finish(game, results, over=game.version)
    assert await games.results(game.id) == results
    assert await games.open_games() == []


async def test_a_failed_transaction_leaves_nothing_behind(database: Database) -> None:
    games = GameRepository(database)
    game = await new_lobby(games)
    with pytest.raises(RuntimeError):
        async with database.transaction() as transaction:
            await transaction.execute("UPDATE games SET version = 99 WHERE id = ?", (game.id,))
            raise RuntimeError("boom")
    assert (await games.get(game.id)) == game


async def test_concurrent_saves_are_all_applied(database: Database) -> None:
    games = GameRepository(database)
    lobbies = [await new_lobby(games, channel_id=100 + i) for i in range(20)]
    for round_number in range(1, 6):
        for lobby in lobbies:
            lobby.version = round_number
        await asyncio.gather(*(games.save(lobby, over=round_number - 1) for lobby in lobbies))
    assert {g.version for g in await games.open_games()} == {5}


async def test_results_keep_places_tiebreaks_and_kinds_of_seat(database: Database) -> None:
    games = GameRepository(database, bot_ratings())
    game = await new_lobby(games)
    game.status = "finished"
    results = [
        ResultRecord(seat=0, user_id=100, score=5, won=False, place=2, tiebreak=0),
        ResultRecord(
            seat=1,
            user_id=None,
            score=5,
            won=True,
            place=1,
            tiebreak=2,
            seat_kind="bot",
            bot_level="hard",
        ),
        ResultRecord(seat=2, user_id=None, score=1, won=False, place=3, seat_kind="guest"),
    ]
    await games.finish(game, results, over=game.version)
    assert await games.results(game.id) == results


async def test_a_daily_attempt_keeps_its_day(database: Database) -> None:
    games = GameRepository(database)
    created = await games.create(
        guild_id=1,
        channel_id=10,
        kind="skyjo",
        host_id=100,
        seed=7,
        seats=[SeatRecord(name="Ana", user_id=100)],
        settings={},
        daily="2026-12-02",
    )
    read = await games.get(created.id)
    assert read is not None and read.daily == "2026-12-02"
    assert (await new_lobby(games, channel_id=11)).daily is None


async def test_results_saved_before_places_existed_are_migrated(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    with sqlite3.connect(path) as old:
        for number, sql in migrations("sqlite")[:1]:
            old.executescript(sql)
            old.execute(f"PRAGMA user_version = {number}")
        old.execute(
            "INSERT INTO games (id, channel_id, kind, status, host_id, seed, seats, settings,"
            " created_at, updated_at) VALUES (1, 10, 'skyjo', 'finished', 100, 1, '[]', '{}', 0, 0)"
        )
        old.executemany(
            "INSERT INTO results (game_id, seat, user_id, kind, score, won)"
            " VALUES (1, ?, ?, 'skyjo', ?, ?)",
            [(0, 100, 12, 1), (1, None, 30, 0)],
        )
    database = await open_database(path)
    try:
        results = await GameRepository(database).results(1)
    finally:
        await database.close()
    assert [(r.place, r.won, r.seat_kind) for r in results] == [
        (1, True, "member"),
        (2, False, "bot"),
    ]


@pytest.mark.parametrize("ticks", [0, 1, 2, 3, 5, 8])
async def test_a_write_cancelled_at_any_moment_leaves_no_transaction_open(
    database: Database, ticks: int
) -> None:
    games = GameRepository(database)
    lobby = await new_lobby(games)

    async def rename() -> None:
        async with database.transaction() as transaction:
            await transaction.execute("UPDATE games SET host_id = 7 WHERE id = ?", (lobby.id,))

    writer = asyncio.create_task(rename())
    for _ in range(ticks):
        await asyncio.sleep(0)
    writer.cancel()
    await asyncio.gather(writer, return_exceptions=True)
    async with database.transaction() as transaction:
        await transaction.execute("UPDATE games SET host_id = 9 WHERE id = ?", (lobby.id,))
    if isinstance(database, SqliteDatabase):
        assert not database.connection.in_transaction
    saved = await games.get(lobby.id)
    assert saved is not None and saved.host_id == 9


async def test_a_save_over_an_older_version_is_refused_and_changes_nothing(
    store: str | Path,
) -> None:
    one, other = await open_database(store), await open_database(store)
    try:
        lobby = await new_lobby(GameRepository(one))
        mine = await GameRepository(one).get(lobby.id)
        theirs = await GameRepository(other).get(lobby.id)
        assert mine is not None and theirs is not None
        mine.version, mine.state = 1, "mine"
        await GameRepository(one).save(mine, over=0)

        theirs.version, theirs.state = 1, "theirs"
        with pytest.raises(StaleGame):
            await GameRepository(other).save(theirs, over=0)
        with pytest.raises(StaleGame):
            await GameRepository(other).finish(theirs, [], over=0)
        assert await GameRepository(other).get(lobby.id) == mine
        assert await GameRepository(other).results(lobby.id) == []
    finally:
        await one.close()
        await other.close()


async def test_of_writers_racing_over_one_version_exactly_one_wins(store: str | Path) -> None:
    handles = [await open_database(store) for _ in range(3)]
    try:
        lobby = await new_lobby(GameRepository(handles[0]))

        async def write(index: int) -> bool:
            repository = GameRepository(handles[index % len(handles)])
            game = await repository.get(lobby.id)
            assert game is not None
            game.version, game.state = 1, f"writer {index}"
            try:
                await repository.save(game, over=0)
            except StaleGame:
                return False
            return True

        won = await asyncio.gather(*(write(i) for i in range(12)))
        assert won.count(True) == 1
        saved = await GameRepository(handles[1]).get(lobby.id)
        assert saved is not None and saved.state == f"writer {won.index(True)}"
    finally:
        for handle in handles:
            await handle.close()


async def end_connections(postgres: PostgresServer, database: str) -> None:
    """The server ends every session of the database, as a restart or a failover does."""
    admin = await asyncpg.connect(postgres.url())
    try:
        await admin.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
            " WHERE datname = $1 AND pid <> pg_backend_pid()",
            database,
        )
    finally:
        await admin.close()


async def test_pooled_postgresql_connections_the_server_ended_are_replaced(
    postgres: PostgresServer,
) -> None:
    db = await open_database(postgres.create_database("ended_connections"))
    try:
        games = GameRepository(db)
        lobby = await new_lobby(games)
        await end_connections(postgres, "ended_connections")
        lobby.version = 1
        await games.save(lobby, over=0)
        await end_connections(postgres, "ended_connections")
        assert await games.get(lobby.id) == lobby
    finally:
        await db.close()
