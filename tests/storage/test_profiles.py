"""A member's profile read from both stores: their record, ratings and places per game type,
latest games and daily deal streak, nothing of another server's, and in a few queries."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import AbstractAsyncContextManager
from pathlib import Path

import pytest

from bot.storage import Database, GameRepository, open_database
from bot.storage.daily import DailyRepository
from bot.storage.database import Params, Row, Transaction
from bot.storage.profiles import RECENT_GAMES, read_profile
from bot.storage.stats import StatsRepository
from tests.storage.test_stats import ANA, LEO, ZOE, changed, finished, member, rate, unrated

KINDS = ["skyjo", "junior", "skyfive", "skyjo-sheet"]
TODAY = "2030-03-17"


@pytest.fixture
async def database(store: str | Path) -> AsyncIterator[Database]:
    db = await open_database(store)
    yield db
    await db.close()


def recorded(database: Database, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every query `database` runs from now on (a write transaction counts as one)."""
    queries: list[str] = []
    fetchone, fetchall, transaction = database.fetchone, database.fetchall, database.transaction

    async def one(sql: str, params: Params = ()) -> Row | None:
        queries.append(sql)
        return await fetchone(sql, params)

    async def every(sql: str, params: Params = ()) -> list[Row]:
        queries.append(sql)
        return await fetchall(sql, params)

    def written() -> AbstractAsyncContextManager[Transaction]:
        queries.append("a write transaction")
        return transaction()

    monkeypatch.setattr(database, "fetchone", one)
    monkeypatch.setattr(database, "fetchall", every)
    monkeypatch.setattr(database, "transaction", written)
    return queries


async def played_daily(database: Database, user_id: int, *days: str) -> None:
    async with database.transaction() as transaction:
        for day in days:
            await transaction.execute(
                "INSERT INTO daily_results (day, kind, user_id, guild_id, status, score,"
                " standing) VALUES (?, 'skyjo', ?, 1, 'finished', 10, 10)",
                (day, user_id),
            )


async def test_a_profile_holds_each_game_types_record_rating_and_place(
    database: Database,
) -> None:
    games = GameRepository(database)
    stats = StatsRepository(database)
    for scores in ([10, 20, 30], [40, 20, 30], [5, 50, 60]):
        await finished(games, [member(ANA), member(LEO), member(ZOE)], scores)
    await finished(games, [member(ANA), member(LEO)], [9, 3], kind="junior", high_score_wins=True)
    await unrated(database, ANA, LEO, ZOE)
    await rate(database, ANA, 30.0, 4.0, 3)  # 18
    await rate(database, LEO, 32.0, 3.0, 3)  # 23
    await rate(database, ZOE, 20.0, 5.0, 3)  # 5
    await played_daily(database, ANA, "2030-03-16", "2030-03-15", "2030-03-13")
    profile = await read_profile(stats, DailyRepository(database), 1, ANA, KINDS, TODAY)
    assert [(r.kind, r.games, r.wins, r.lowest_score) for r in profile.records] == [
        ("junior", 1, 1, 9),
        ("skyjo", 3, 2, 5),
    ]
    assert set(profile.ratings) == {"skyjo"}, "no rating in junior yet"
    skyjo = profile.ratings["skyjo"]
    assert (skyjo.place, skyjo.rated, skyjo.provisional) == (2, 3, True)
    assert skyjo.value == pytest.approx(18.0)
    assert [game.kind for game in profile.recent] == ["junior", "skyjo", "skyjo", "skyjo"]
    assert profile.daily_streak == 2, "yesterday and the day before; not the 13th"


async def test_a_member_with_no_games_has_an_empty_profile_and_another_server_sees_none(
    database: Database,
) -> None:
    games = GameRepository(database)
    stats = StatsRepository(database)
    daily = DailyRepository(database)
    for _ in range(RECENT_GAMES + 2):
        await finished(games, [member(ANA), member(LEO)], [10, 20])
    empty = await read_profile(stats, daily, 1, ZOE, KINDS, TODAY)
    assert (empty.records, empty.ratings, empty.recent, empty.daily_streak) == ([], {}, [], 0)
    elsewhere = await read_profile(stats, daily, 2, ANA, KINDS, TODAY)
    assert (elsewhere.records, elsewhere.ratings, elsewhere.recent) == ([], {}, [])
    mine = await read_profile(stats, daily, 1, ANA, KINDS, TODAY)
    assert len(mine.recent) == RECENT_GAMES, "the latest few games only"


async def test_a_profile_reads_the_store_at_most_once_per_game_type(
    database: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    games = GameRepository(database)
    stats = StatsRepository(database)
    daily = DailyRepository(database)
    for kind in KINDS:
        for scores in ([10, 20], [30, 20], [5, 40]):
            game_id = await finished(games, [member(ANA), member(LEO)], scores, kind=kind)
        await rate(database, ANA, 30.0, 4.0, 3, kind=kind)
        await changed(database, game_id, ANA, (25.0, 8.0), (30.0, 4.0), ended_at=1.0, kind=kind)
    await finished(games, [member(ZOE), member(LEO)], [10, 20])
    await played_daily(database, ANA, "2030-03-16", "2030-03-17")

    queries = recorded(database, monkeypatch)
    everything = await read_profile(stats, daily, 1, ANA, KINDS, TODAY)
    assert len(everything.records) == len(everything.ratings) == len(KINDS)
    assert everything.daily_streak == 2 and everything.recent
    constant = 2  # the latest games and the daily deal streak
    assert len(queries) <= len(KINDS) + constant, queries

    asked = len(queries)
    queries.clear()
    one_kind = await read_profile(stats, daily, 1, ZOE, KINDS, TODAY)
    assert [record.kind for record in one_kind.records] == ["skyjo"]
    assert len(queries) == asked, "as many queries for one game type played as for all"
