"""A server's tournaments as stored, against both stores: sign-up, a round drawn once however
many try, the tables' games and results, members leaving, and the organisers' role."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.storage import Database, GameRepository, open_database
from bot.storage.records import SeatRecord
from bot.storage.tournaments import (
    AlreadyIn,
    Entrant,
    SeatResult,
    StaleTournament,
    TournamentRecord,
    TournamentRepository,
)
from tests.catalog import bot_ratings
from tests.storage.test_stats import finished, member

ANA, LEO, ZOE, MAX = 100, 101, 102, 103


@pytest.fixture
async def database(store: str | Path) -> AsyncIterator[Database]:
    db = await open_database(store)
    yield db
    await db.close()


async def created(tournaments: TournamentRepository, **changes: object) -> TournamentRecord:
    values: dict[str, object] = {
        "guild_id": 1,
        "channel_id": 10,
        "organiser_id": ANA,
        "kind": "skyjo",
        "settings": {"target_score": 50},
        "rounds": 3,
        "seats": 2,
        "bot_level": "normal",
        "round_minutes": 45,
        "starts_at": None,
        "language": "fr",
    }
    values.update(changes)
    return await tournaments.create(**values)  # type: ignore[arg-type]


async def test_a_tournament_is_created_signing_up_and_saved_over_its_version(
    database: Database,
) -> None:
    tournaments = TournamentRepository(database)
    record = await created(tournaments)
    assert (record.status, record.round, record.last_round, record.version) == ("signup", 0, 3, 0)
    assert record.settings == {"target_score": 50} and record.language == "fr"
    assert [t.id for t in await tournaments.live()] == [record.id]

    record.card_id = 555
    await tournaments.save(record, over=0)
    assert record.version == 1
    stored = await tournaments.get(record.id)
    assert stored is not None and stored.card_id == 555 and stored.version == 1

    old = stored.model_copy()
    old.version = 0
    old.status = "cancelled"
    with pytest.raises(StaleTournament):
        await tournaments.save(old, over=0)
    again = await tournaments.get(record.id)
    assert again is not None and again.status == "signup"


async def test_members_sign_up_once_withdraw_and_leave_after_a_round(database: Database) -> None:
    tournaments = TournamentRepository(database)
    record = await created(tournaments)
    await tournaments.join(record.id, Entrant(ANA, "ana", 1600.0))
    await tournaments.join(record.id, Entrant(LEO, "leo", 1500.0))
    with pytest.raises(AlreadyIn):
        await tournaments.join(record.id, Entrant(ANA, "ana again", 1.0))
    await tournaments.join(record.id, Entrant(ZOE, "zoe", 1400.0, first_round=2))
    assert [e.user_id for e in await tournaments.entrants(record.id)] == [ANA, LEO, ZOE]

    assert await tournaments.withdraw(record.id, LEO)
    assert not await tournaments.withdraw(record.id, LEO)
    assert await tournaments.leave(record.id, ZOE, after_round=2)
    assert not await tournaments.leave(record.id, ZOE, after_round=3)
    zoe = (await tournaments.entrants(record.id))[-1]
    assert (zoe.first_round, zoe.left_after) == (2, 2)
    assert [zoe.plays_in(n) for n in (1, 2, 3)] == [False, True, False]


async def test_a_round_is_drawn_once_however_many_try(database: Database) -> None:
    tournaments = TournamentRepository(database)
    record = await created(tournaments)

    async def attempt() -> bool:
        mine = record.model_copy()
        mine.status, mine.round = "running", 1
        try:
            await tournaments.draw(mine, [((ANA, LEO), 0), ((ZOE,), 1)], over=0)
        except StaleTournament:
            return False
        return True

    outcomes = await asyncio.gather(*(attempt() for _ in range(4)))
    assert sorted(outcomes) == [False, False, False, True]
    stored = await tournaments.get(record.id)
    assert stored is not None and (stored.round, stored.version) == (1, 1)
    tables = await tournaments.tables(record.id)
    assert [(t.round, t.number, t.members, t.bots) for t in tables] == [
        (1, 1, (ANA, LEO), 0),
        (1, 2, (ZOE,), 1),
    ]
    assert not any(t.over or t.counts for t in tables)


async def test_a_tables_game_gives_its_results_and_an_abandoned_one_none(
    database: Database,
) -> None:
    tournaments = TournamentRepository(database)
    games = GameRepository(database, bot_ratings())
    record = await created(tournaments)
    for user, name in ((ANA, "ana"), (LEO, "leo"), (ZOE, "zoe"), (MAX, "max")):
        await tournaments.join(record.id, Entrant(user, name, 1500.0))
    record.status, record.round = "running", 1
    await tournaments.draw(record, [((ANA, LEO), 0), ((ZOE, MAX), 0)], over=0)
    bot = SeatRecord(name="Bot 1", bot_level="normal")
    first = await finished(games, [member(ANA, "ana"), member(LEO, "leo"), bot], [30, 12, 12])
    second = await games.create(
        guild_id=1,
        channel_id=11,
        kind="skyjo",
        host_id=ZOE,
        seed=1,
        seats=[member(ZOE, "zoe"), member(MAX, "max")],
        settings={},
    )
    await tournaments.table_message(record.id, 1, 1, 9001)
    await tournaments.table_game(record.id, 1, 1, first)
    await tournaments.table_game(record.id, 1, 2, second.id)
    assert await tournaments.table_of(first) == (record.id, 1, 1)
    assert await tournaments.table_of(12345) is None

    one, two = await tournaments.tables(record.id, 1)
    assert one.message_id == 9001 and one.over and one.counts
    assert one.results == (SeatResult(ANA, 3, 30), SeatResult(LEO, 1, 12), SeatResult(None, 1, 12))
    assert not two.over and two.results == ()
    assert await tournaments.playing_elsewhere(ZOE, record.id + 1) == record.id
    assert await tournaments.playing_elsewhere(ANA, record.id + 1) is None, "her game is over"
    assert await tournaments.playing_elsewhere(ZOE, record.id) is None
    await tournaments.leave(record.id, MAX, after_round=1)
    assert await tournaments.playing_elsewhere(MAX, record.id + 1) is None, "dropped"

    second.status = "cancelled"
    second.abandoned = True
    await games.save(second, over=second.version)
    _, two = await tournaments.tables(record.id, 1)
    assert two.over and two.abandoned and not two.counts


async def test_a_server_names_the_role_that_may_create_tournaments(database: Database) -> None:
    tournaments = TournamentRepository(database)
    assert await tournaments.role(1) is None
    await tournaments.set_role(1, 777)
    assert await tournaments.role(1) == 777
    await tournaments.set_role(1, None)
    assert await tournaments.role(1) is None


async def test_a_finished_tournament_keeps_each_players_place_for_their_profile(
    database: Database,
) -> None:
    tournaments = TournamentRepository(database)
    record = await created(tournaments)
    other = await created(tournaments, guild_id=2, channel_id=20)
    for tournament in (record, other):
        for user, name in ((ANA, "ana"), (LEO, "leo"), (ZOE, "zoe")):
            await tournaments.join(tournament.id, Entrant(user, name, 1500.0))
    record.status, record.round, record.ended_at = "finished", 3, 1_900_000_000.0
    await tournaments.finish(record, [(LEO, 1, 2.5), (ANA, 2, 1.0), (ZOE, 2, 1.0)], over=0)
    with pytest.raises(StaleTournament):
        await tournaments.finish(record, [(ANA, 1, 9.0)], over=0)

    [leo] = await tournaments.results_of(1, LEO)
    assert (leo.tournament_id, leo.kind, leo.place, leo.players, leo.points, leo.rounds) == (
        record.id,
        "skyjo",
        1,
        3,
        2.5,
        3,
    )
    assert [r.place for r in await tournaments.results_of(1, ZOE)] == [2]
    assert await tournaments.results_of(2, LEO) == [], "the other server's is not finished"
