"""What a server's web pages may show, against both stores: the unlisted address and its
replacement, the members seen in games (named by their latest), who hid or left, and the
leaderboards the pages show."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.storage import Database, GameRepository, open_database
from bot.storage.database import migrations
from bot.storage.records import SeatRecord
from bot.storage.web import WebRepository, board, board_size
from tests.catalog import bot_ratings
from tests.storage.test_stats import finished, member

ANA, LEO, ZOE = 100, 101, 102


@pytest.fixture
async def database(store: str | Path) -> AsyncIterator[Database]:
    db = await open_database(store)
    yield db
    await db.close()


async def test_pages_are_off_until_turned_on_and_a_new_address_kills_the_old(
    database: Database,
) -> None:
    web = WebRepository(database)
    assert await web.token(1) is None
    assert await web.new_address(1) is None, "no address to replace while off"
    token = await web.turn_on(1, "Cards Club")
    assert len(token) >= 32 and await web.server(token) == (1, "Cards Club", None)
    assert await web.turn_on(1) == token, "turning on again keeps the address"
    moved = await web.new_address(1, "Cards & Co")
    assert moved is not None and moved != token
    assert await web.server(token) is None
    assert await web.server(moved) == (1, "Cards & Co", None)
    assert await web.turn_off(1) and not await web.turn_off(1)
    assert await web.server(moved) is None and await web.token(1) is None
    again = await web.turn_on(1)
    assert again not in (token, moved), "turned on again, the pages get a new address"


async def test_the_members_of_a_finished_game_are_named_by_their_latest_game(
    database: Database,
) -> None:
    games = GameRepository(database, bot_ratings())
    web = WebRepository(database)
    await finished(games, [member(ANA, "ana"), member(LEO, "leo")], [10, 20])
    first = await web.members(1, [ANA, LEO, ZOE])
    assert {user: m.name for user, m in first.items()} == {ANA: "ana", LEO: "leo"}
    await finished(
        games, [member(ANA, "Ana the Great"), SeatRecord(name="Bot", bot_level="easy")], [5, 9]
    )
    later = await web.members(1, [ANA])
    assert later[ANA].name == "Ana the Great"
    assert later[ANA].page == first[ANA].page, "a member's page keeps its address"
    assert len({m.page for m in first.values()}) == 2
    assert await web.members(2, [ANA]) == {}, "another server has not seen them"


async def test_hidden_and_departed_members_are_on_no_board_and_have_no_page(
    database: Database,
) -> None:
    games = GameRepository(database, bot_ratings())
    web = WebRepository(database)
    await finished(games, [member(ANA, "ana"), member(LEO, "leo"), member(ZOE, "zoe")], [1, 2, 3])
    pages = {user: m.page for user, m in (await web.members(1, [ANA, LEO, ZOE])).items()}
    names = [row.name for row in await board(database, 1, "skyjo", 0.0, "rating", limit=10)]
    assert sorted(names) == ["ana", "leo", "zoe"]
    await web.set_hidden(1, LEO, "leo", None, True, 0.0)
    await web.set_gone(1, ZOE)
    rows = await board(database, 1, "skyjo", 0.0, "rating", limit=10)
    assert [row.name for row in rows] == ["ana"]
    assert await board_size(database, 1, "skyjo", 0.0) == 1
    assert await web.member_by_page(1, pages[LEO]) is None
    assert await web.member_by_page(1, pages[ZOE]) is None
    assert await web.member_by_page(2, pages[ANA]) is None, "a page is its server's only"
    await web.set_hidden(1, LEO, "leo", None, False, 0.0)
    await finished(games, [member(ZOE, "zoe")], [4])
    assert await web.member_by_page(1, pages[LEO]) is not None, "shown again"
    assert await web.member_by_page(1, pages[ZOE]) is not None, "seen again in a game"
    await web.set_hidden(1, 999, "newcomer", None, True, 0.0)
    hidden = await web.members(1, [999])
    assert not hidden[999].visible, "a member may hide before their first game"


@pytest.mark.parametrize(
    ("sort", "order"),
    [
        ("games", ["leo", "zoe", "ana"]),
        ("wins", ["zoe", "ana", "leo"]),
        ("rate", ["ana", "zoe", "leo"]),
    ],
)
async def test_a_board_sorts_by_games_wins_or_win_rate(
    database: Database, sort: str, order: list[str]
) -> None:
    games = GameRepository(database, bot_ratings())
    ana, leo, zoe = member(ANA, "ana"), member(LEO, "leo"), member(ZOE, "zoe")
    await finished(games, [ana, leo], [1, 9])
    await finished(games, [ana, leo], [1, 9])
    await finished(games, [leo, zoe], [1, 9])
    await finished(games, [leo, zoe], [9, 1])
    await finished(games, [leo, zoe], [9, 1])
    await finished(games, [leo, zoe], [9, 1])
    rows = await board(database, 1, "skyjo", 0.0, sort, limit=10)
    assert [row.name for row in rows] == order
    assert [(r.games, r.wins) for r in rows if r.name == "leo"] == [(6, 1)]
    page = await board(database, 1, "skyjo", 0.0, sort, limit=1, offset=1)
    assert [row.name for row in page] == order[1:2]


async def test_members_of_games_finished_before_the_pages_existed_are_known(
    tmp_path: Path,
) -> None:
    path = tmp_path / "old.db"
    before = [m for m in migrations("sqlite") if m[0] < 15]
    with sqlite3.connect(path) as old:
        for number, sql in before:
            old.executescript(sql)
            old.execute(f"PRAGMA user_version = {number}")
        for game_id, ended, name in ((1, 1000, "ana"), (2, 2000, "Ana B."), (3, 1500, "old")):
            seats = json.dumps(
                [
                    {"name": name, "user_id": 100, "avatar": "abc"},
                    {"name": "B", "bot_level": "easy"},
                ]
            )
            old.execute(
                "INSERT INTO games (id, guild_id, channel_id, kind, status, host_id, seed, seats,"
                " settings, created_at, updated_at, ended_at)"
                " VALUES (?, 1, ?, 'skyjo', 'finished', 100, 1, ?, '{}', 0, 0, ?)",
                (game_id, 10 + game_id, seats, ended),
            )
    database = await open_database(path)
    try:
        known = await WebRepository(database).members(1, [100])
    finally:
        await database.close()
    assert known[100].name == "Ana B." and known[100].avatar == "abc" and known[100].visible


async def test_the_backfill_names_each_member_by_their_latest_game_in_either_store(
    database: Database,
) -> None:
    """The migration's last statement, run again over games saved by the bot."""
    games = GameRepository(database, bot_ratings())
    for name, ended in (("ana", 1000.0), ("Ana B.", 3000.0), ("old", 2000.0)):
        record = await games.create(
            guild_id=1,
            channel_id=int(ended),
            kind="skyjo",
            host_id=ANA,
            seed=1,
            seats=[member(ANA, name), member(LEO, "leo")],
            settings={},
        )
        record.status, record.state, record.ended_at = "finished", "{}", ended
        await games.save(record, over=record.version)
    backfill = next(sql for _, sql in migrations(database.dialect) if "CREATE TABLE members" in sql)
    insert = backfill[backfill.index("-- Members of the games finished before") :]
    async with database.transaction() as transaction:
        await transaction.execute("DELETE FROM members")
        await transaction.execute(insert.rstrip().rstrip(";"))
    known = await WebRepository(database).members(1, [ANA, LEO])
    assert {user: m.name for user, m in known.items()} == {ANA: "Ana B.", LEO: "leo"}
    assert known[ANA].page != known[LEO].page
