"""Ratings kept with the results, on both stores: updated in the transaction that saves a
finished game, taken back exactly when it is reopened, and always what a rebuild from the
stored results gives."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
from collections.abc import AsyncIterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.ratings.__main__ import rebuild_store
from bot.ratings.model import NEW, RatedSeat, Rating, UnratedBot, update
from bot.storage import Database, GameRepository, open_database
from bot.storage.database import Row, Transaction
from bot.storage.ratings import rebuild, rebuild_database, record_game
from bot.storage.records import GameRecord, ResultRecord, SeatRecord
from tests.catalog import bot_ratings
from tests.postgres_server import PostgresServer

ANA, LEO, ZOE = 100, 101, 102
_channels = itertools.count(1000)
_guilds = itertools.count(50)
BOTS = bot_ratings()


@pytest.fixture
async def database(store: str | Path) -> AsyncIterator[Database]:
    db = await open_database(store)
    yield db
    await db.close()


def seat(kind: str, user: int | None = None, level: str | None = None) -> SeatRecord:
    if kind == "member":
        return SeatRecord(name=f"m{user}", user_id=user)
    if kind == "guest":
        return SeatRecord(name="guest", guest=True)
    return SeatRecord(name="bot", bot_level=level)


def result(
    number: int, record: SeatRecord, place: int, *, decided: bool = True, left: bool = False
) -> ResultRecord:
    return ResultRecord(
        seat=number,
        user_id=record.user_id,
        score=place * 10,
        won=decided and place == 1,
        place=place,
        seat_kind=record.kind,
        left=left,
        bot_level=record.bot_level,
    )


async def play(
    games: GameRepository,
    seats: Sequence[SeatRecord],
    places: Sequence[int],
    *,
    guild: int = 1,
    kind: str = "skyjo",
    decided: bool = True,
    daily: str | None = None,
    ended_at: float | None = None,
) -> GameRecord:
    """A game of these seats, finished at these places."""
    game = await games.create(
        guild_id=guild,
        channel_id=next(_channels),
        kind=kind,
        host_id=ANA,
        seed=1,
        seats=list(seats),
        settings={},
        daily=daily,
    )
    results = [
        result(n, record, place, decided=decided)
        for n, (record, place) in enumerate(zip(seats, places, strict=True))
    ]
    return await finish(games, game, results, ended_at)


async def finish(
    games: GameRepository,
    game: GameRecord,
    results: Sequence[ResultRecord],
    ended_at: float | None = None,
) -> GameRecord:
    game.status = "finished"
    game.ended_at = ended_at
    game.version += 1
    await games.finish(game, results, over=game.version - 1)
    return game


async def reopen(games: GameRepository, game: GameRecord) -> None:
    game.status = "running"
    game.ended_at = None
    game.version += 1
    await games.save(game, over=game.version - 1, reopened=True)


def _values(row: Row, start: int, end: int) -> tuple[Any, ...]:
    return tuple(row[index] for index in range(start, end))


async def ratings(database: Database, guild: int | None = None) -> dict[tuple[Any, ...], Any]:
    where = "" if guild is None else f" WHERE guild_id = {int(guild)}"
    rows = await database.fetchall(
        f"SELECT guild_id, kind, user_id, mu, sigma, ordinal, games FROM ratings{where}"
    )
    return {(r["guild_id"], r["kind"], r["user_id"]): _values(r, 3, 7) for r in rows}


async def changes(database: Database, guild: int | None = None) -> dict[tuple[Any, ...], Any]:
    where = "" if guild is None else f" WHERE guild_id = {int(guild)}"
    rows = await database.fetchall(
        "SELECT game_id, user_id, guild_id, kind, ended_at, mu_before, sigma_before, mu, sigma"
        f" FROM rating_changes{where}"
    )
    return {(r["game_id"], r["user_id"]): _values(r, 2, 9) for r in rows}


async def rating(database: Database, user: int, kind: str = "skyjo") -> Rating | None:
    row = await database.fetchone(
        "SELECT mu, sigma FROM ratings WHERE guild_id = 1 AND kind = ? AND user_id = ?",
        (kind, user),
    )
    return None if row is None else Rating(row["mu"], row["sigma"])


async def test_the_store_rates_bots_at_the_ratings_it_is_given(database: Database) -> None:
    ana, hard = seat("member", ANA), seat("bot", level="hard")
    won = RatedSeat(1, "member", ANA, won=True)
    stronger = {"skyjo": {"hard": Rating(45.0, 1.0)}}
    await play(GameRepository(database, stronger), [ana, hard], [1, 2])
    beaten = RatedSeat(2, "bot", bot_level="hard")
    assert await rating(database, ANA) == update(stronger["skyjo"], [won, beaten], {})[ANA]
    kept = await ratings(database), await changes(database)
    with pytest.raises(UnratedBot):
        await play(GameRepository(database), [ana, hard], [1, 2])
    assert (await ratings(database), await changes(database)) == kept
    saved = await database.fetchone("SELECT COUNT(*) FROM results")
    assert saved is not None and saved[0] == 2, "nor are its results: only the first game's"


async def test_a_finished_game_rates_its_members_in_the_same_transaction(
    database: Database,
) -> None:
    games = GameRepository(database, BOTS)
    ana, leo = seat("member", ANA), seat("member", LEO)
    game = await play(games, [ana, seat("bot", level="hard"), leo], [1, 2, 3])
    expected = update(
        BOTS["skyjo"],
        [
            RatedSeat(1, "member", ANA, won=True),
            RatedSeat(2, "bot", None, "hard"),
            RatedSeat(3, "member", LEO),
        ],
        {},
    )
    assert await rating(database, ANA) == expected[ANA]
    assert await rating(database, LEO) == expected[LEO]
    row = await database.fetchone("SELECT ordinal, games FROM ratings WHERE user_id = ?", (ANA,))
    assert row is not None and (row["ordinal"], row["games"]) == (expected[ANA].ordinal, 1)
    change = (await changes(database))[(game.id, ANA)]
    assert change == (
        1,
        "skyjo",
        game.ended_at,
        NEW.mu,
        NEW.sigma,
        expected[ANA].mu,
        expected[ANA].sigma,
    )


async def test_ratings_are_kept_per_server_and_game_type(database: Database) -> None:
    games = GameRepository(database, BOTS)
    pair = [seat("member", ANA), seat("bot", level="easy")]
    await play(games, pair, [1, 2])
    await play(games, pair, [1, 2], kind="junior")
    await play(games, pair, [2, 1], guild=2)
    kept = await ratings(database)
    assert set(kept) == {(1, "skyjo", ANA), (1, "junior", ANA), (2, "skyjo", ANA)}
    assert kept[(2, "skyjo", ANA)][0] < NEW.mu < kept[(1, "skyjo", ANA)][0]


@pytest.mark.parametrize(
    ("case", "seats", "places", "options", "rated"),
    [
        ("solo against one bot", [("member", ANA), ("bot", "easy")], [2, 1], {}, {ANA}),
        (
            "guests left out",
            [("member", ANA), ("guest", None), ("member", LEO)],
            [2, 1, 3],
            {"kind": "skyjo-sheet"},
            {ANA, LEO},
        ),
        ("a member and a guest", [("member", ANA), ("guest", None)], [1, 2], {}, set()),
        (
            "a sheet ended early",
            [("member", ANA), ("member", LEO)],
            [1, 2],
            {"kind": "skyjo-sheet", "decided": False},
            set(),
        ),
        (
            "a daily attempt",
            [("member", ANA), ("bot", "hard"), ("bot", "hard")],
            [1, 2, 3],
            {"daily": "2026-12-02"},
            set(),
        ),
    ],
)
async def test_which_games_leave_a_rating(
    database: Database,
    case: str,
    seats: list[tuple[str, Any]],
    places: list[int],
    options: dict[str, Any],
    rated: set[int],
) -> None:
    records = [
        seat(kind, user=value if kind == "member" else None, level=value if kind == "bot" else None)
        for kind, value in seats
    ]
    await play(GameRepository(database, BOTS), records, places, **options)
    assert {user for _, _, user in await ratings(database)} == rated, case
    assert len(await changes(database)) == len(rated), case


async def test_a_member_who_left_is_rated_with_their_result(database: Database) -> None:
    games = GameRepository(database, BOTS)
    ana = SeatRecord(name="bot", bot_level="normal", left_by=ANA)  # a bot played on for Ana
    game = await games.create(
        guild_id=1,
        channel_id=next(_channels),
        kind="skyjo",
        host_id=LEO,
        seed=1,
        seats=[ana, seat("member", LEO)],
        settings={},
    )
    left = ResultRecord(seat=0, user_id=ANA, score=90, won=False, place=2, left=True)
    await finish(games, game, [left, result(1, seat("member", LEO), 1)])
    ana_rating = await rating(database, ANA)
    assert ana_rating is not None and ana_rating.mu < NEW.mu


async def test_an_old_bot_result_without_a_level_counts_as_normal(database: Database) -> None:
    games = GameRepository(database, BOTS)
    await play(games, [seat("member", ANA), seat("bot", level=None)], [1, 2])
    await play(games, [seat("member", LEO), seat("bot", level="normal")], [1, 2])
    ana, leo = await rating(database, ANA), await rating(database, LEO)
    assert ana is not None and ana == leo


async def test_a_failed_transaction_rolls_the_update_back_with_the_results(
    database: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    games = GameRepository(database, BOTS)

    async def then_fail(*args: Any) -> None:
        await record_game(*args)
        assert await args[0].fetchone("SELECT 1 FROM ratings") is not None
        raise RuntimeError("the store failed after the update")

    monkeypatch.setattr("bot.storage.games.record_game", then_fail)
    with pytest.raises(RuntimeError):
        await play(games, [seat("member", ANA), seat("bot", level="hard")], [1, 2])
    assert await ratings(database) == {} and await changes(database) == {}
    assert await database.fetchall("SELECT * FROM results") == []


async def test_a_reopened_game_takes_its_changes_back_exactly(database: Database) -> None:
    games = GameRepository(database, BOTS)
    ana, leo, hard = seat("member", ANA), seat("member", LEO), seat("bot", level="hard")
    first = await play(games, [ana, hard], [1, 2])
    after_first = await ratings(database)
    last = await play(games, [ana, leo, hard], [3, 1, 2])
    await reopen(games, last)
    assert await ratings(database) == after_first, "Leo had no other game: he is gone"
    assert set(await changes(database)) == {(first.id, ANA)}
    await finish(games, last, [result(0, ana, 1), result(1, leo, 2), result(2, hard, 3)])
    gained = await rating(database, ANA)
    assert gained is not None and gained.mu > after_first[(1, "skyjo", ANA)][0]


async def test_reopening_an_older_game_rates_the_later_ones_again(database: Database) -> None:
    games = GameRepository(database, BOTS)
    ana, leo, easy = seat("member", ANA), seat("member", LEO), seat("bot", level="easy")
    first = await play(games, [ana, leo], [2, 1])
    await play(games, [ana, easy], [1, 2])
    await reopen(games, first)
    only_second = update(
        BOTS["skyjo"],
        [RatedSeat(1, "member", ANA, won=True), RatedSeat(2, "bot", bot_level="easy")],
        {},
    )
    assert await rating(database, ANA) == only_second[ANA]
    assert await rating(database, LEO) is None


async def test_a_game_ending_before_a_rated_one_is_rated_in_its_place(
    database: Database,
) -> None:
    games = GameRepository(database, BOTS)
    ana, hard = seat("member", ANA), seat("bot", level="hard")
    await play(games, [ana, hard], [1, 2], ended_at=2000.0)
    await play(games, [ana, hard], [2, 1], ended_at=1000.0)
    kept = await ratings(database), await changes(database)
    async with database.transaction() as transaction:
        await rebuild(transaction, database.dialect, BOTS)
    assert (await ratings(database), await changes(database)) == kept


async def test_the_rebuild_command_rates_every_stored_game(store: str | Path) -> None:
    database = await open_database(store)
    try:
        games = GameRepository(database, BOTS)
        await play(games, [seat("member", ANA), seat("bot", level="easy")], [1, 2])
        await play(games, [seat("member", LEO), seat("member", ZOE)], [1, 2], guild=2)
        kept = await ratings(database)
        async with database.transaction() as transaction:
            await transaction.execute("UPDATE ratings SET mu = 0")
            await transaction.execute("DELETE FROM rating_changes")
    finally:
        await database.close()
    assert await rebuild_store(store) == (2, 3, 3)
    database = await open_database(store)
    try:
        assert await ratings(database) == kept
    finally:
        await database.close()


# ---------------------------------------------------------------- rebuild = game by game

MEMBERS = (ANA, LEO, ZOE, 103)
SEAT = st.one_of(
    st.sampled_from(MEMBERS).map(lambda user: ("member", user)),
    st.sampled_from(["easy", "normal", "hard", None]).map(lambda level: ("bot", level)),
    st.just(("guest", None)),
)
GAME = st.fixed_dictionaries(
    {
        "seats": st.lists(SEAT, min_size=1, max_size=5),
        "places": st.lists(st.integers(1, 3), min_size=5, max_size=5),
        "kind": st.sampled_from(["skyjo", "junior"]),
        "decided": st.booleans() | st.just(True),
        "ended_at": st.sampled_from([None, None, 10.0, 20.0]),
    }
)
STEP = st.one_of(
    GAME.map(lambda game: ("play", game)),
    st.integers(0, 20).map(lambda index: ("reopen", index)),
    st.integers(0, 20).map(lambda index: ("finish again", index)),
)


def _records(seats: list[tuple[str, Any]]) -> list[SeatRecord]:
    """The seats, each member seated once (a second seat of one becomes a guest)."""
    records, seen = [], set()
    for kind, value in seats:
        if kind == "member" and value in seen:
            kind = "guest"
        seen.add(value)
        records.append(
            seat(kind, value if kind == "member" else None, value if kind == "bot" else None)
        )
    return records


async def _run(store: str | Path, guild: int, steps: list[tuple[str, Any]]) -> None:
    database = await open_database(store)
    try:
        games = GameRepository(database, BOTS)
        finished: list[tuple[GameRecord, list[ResultRecord]]] = []
        reopened: list[tuple[GameRecord, list[ResultRecord]]] = []
        for step, value in steps:
            if step == "play":
                records = _records(value["seats"])
                places = value["places"][: len(records)]
                low = min(places)
                places = [place - low + 1 for place in places]
                game = await play(
                    games,
                    records,
                    places,
                    guild=guild,
                    kind=value["kind"],
                    decided=value["decided"],
                    ended_at=value["ended_at"],
                )
                finished.append((game, await games.results(game.id)))
            elif step == "reopen" and finished:
                pair = finished.pop(value % len(finished))
                await reopen(games, pair[0])
                reopened.append(pair)
            elif step == "finish again" and reopened:
                game, results = reopened.pop(value % len(reopened))
                await finish(games, game, list(reversed_places(results)))
                finished.append((game, results))
        kept = await ratings(database, guild), await changes(database, guild)
        async with database.transaction() as transaction:
            await rebuild(transaction, database.dialect, BOTS)
        assert (await ratings(database, guild), await changes(database, guild)) == kept
    finally:
        await database.close()


def reversed_places(results: list[ResultRecord]) -> list[ResultRecord]:
    """The same seats, the order of their places turned round (a correction)."""
    last = max(r.place for r in results)
    return [
        r.model_copy(update={"place": last - r.place + 1, "won": r.place == last}) for r in results
    ]


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(steps=st.lists(STEP, min_size=1, max_size=12))
def test_a_rebuild_equals_the_ratings_updated_game_by_game(
    store: str | Path, steps: list[tuple[str, Any]]
) -> None:
    asyncio.run(_run(store, next(_guilds), steps))


async def test_games_finishing_at_once_in_two_processes_all_count(
    postgres: PostgresServer,
) -> None:
    """PostgreSQL, where several bot processes share the store (SQLite writes one at a time)."""
    store = postgres.create_database(f"race_{next(_guilds)}")
    handles = [await open_database(store) for _ in range(2)]
    try:
        ana, hard = seat("member", ANA), seat("bot", level="hard")
        await asyncio.gather(
            *(
                play(GameRepository(handles[n % 2], BOTS), [ana, hard], [1 + n % 2, 2 - n % 2])
                for n in range(8)
            )
        )
        row = await handles[0].fetchone("SELECT games FROM ratings WHERE user_id = ?", (ANA,))
        assert row is not None and row["games"] == 8
        kept = await ratings(handles[0]), await changes(handles[0])
        async with handles[0].transaction() as transaction:
            await rebuild(transaction, handles[0].dialect, BOTS)
        assert (await ratings(handles[0]), await changes(handles[0])) == kept
    finally:
        for handle in handles:
            await handle.close()


async def test_a_game_saved_as_finished_twice_counts_once_with_its_last_results(
    database: Database,
) -> None:
    games = GameRepository(database, BOTS)
    ana, leo = seat("member", ANA), seat("member", LEO)
    game = await play(games, [ana, leo], [1, 2])
    game.version += 1
    await games.finish(game, [result(0, ana, 2), result(1, leo, 1)], over=game.version - 1)
    kept = await ratings(database)
    assert kept[(1, "skyjo", LEO)][3] == 1 and kept[(1, "skyjo", LEO)][0] > NEW.mu
    async with database.transaction() as transaction:
        await rebuild(transaction, database.dialect, BOTS)
    assert await ratings(database) == kept


async def test_a_rebuild_rates_again_a_game_another_process_saved_meanwhile(
    store: str | Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first, second = await open_database(store), await open_database(store)
    try:
        ana, easy = seat("member", ANA), seat("bot", level="easy")
        await play(GameRepository(first, BOTS), [ana, easy], [2, 1])
        begin = first.transaction

        @contextlib.asynccontextmanager
        async def after_a_game_elsewhere() -> AsyncIterator[Transaction]:
            await play(GameRepository(second, BOTS), [ana, easy], [1, 2])
            async with begin() as transaction:
                yield transaction

        monkeypatch.setattr(first, "transaction", after_a_game_elsewhere)
        done = await rebuild_database(first, BOTS)
        monkeypatch.undo()
        assert done.games == 2
        row = await first.fetchone("SELECT games FROM ratings WHERE user_id = ?", (ANA,))
        assert row is not None and row["games"] == 2
    finally:
        await first.close()
        await second.close()
