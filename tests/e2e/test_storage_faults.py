"""A store that refuses writes — read-only, or its disk full — refuses moves with a clear
message and loses nothing: the saved game stays as it was, the live one equals it, and play
goes on where it stopped once the store takes writes again.

SQLite itself refuses: `PRAGMA query_only` makes it answer SQLITE_READONLY, as for a file on a
read-only disk, and `PRAGMA max_page_count` at the file's size makes it answer SQLITE_FULL, as
a full disk does."""

from __future__ import annotations

import logging
import random
import sqlite3
from pathlib import Path

import pytest

from bot.i18n import Words
from bot.sessions.session import GameSession
from bot.storage.sqlite import SqliteDatabase
from bot.ui.replies import NOT_SAVED
from tests.e2e.harness import Table, button, enabled, table
from tests.e2e.skyjo_play import choose_opening_cards, play_turn, skyjo, two_players_at_first_turn
from tests.standin import InteractionResult

REFUSAL = Words("en")(NOT_SAVED)


def saved(t: Table) -> tuple[int, str]:
    with sqlite3.connect(t.database) as db:
        version, state = db.execute("SELECT version, state FROM games").fetchone()
    return int(version), str(state)


def live(session: GameSession) -> tuple[int, str]:
    return session.record.version, session.adapter.dump(session.engine)


def refused(result: InteractionResult) -> bool:
    return result.ephemeral and result.content == REFUSAL


def sqlite_of(t: Table) -> SqliteDatabase:
    database = t.running.database
    assert isinstance(database, SqliteDatabase)
    return database


async def writes(t: Table, allowed: bool) -> None:
    await sqlite_of(t).connection.execute(f"PRAGMA query_only = {int(not allowed)}")


@pytest.fixture(autouse=True)
def quick_storage_retries(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("bot.sessions.autoplay.STORAGE_PAUSES", (0.05,))


async def test_a_read_only_store_refuses_moves_and_loses_nothing(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    rng = random.Random(31)
    caplog.set_level(logging.WARNING)
    async with table(tmp_path) as t:
        await t.start()
        await t.slash("ana", "skyjo solo", bots=1)
        await choose_opening_cards(t, "ana", rng)
        session = await t.settled(
            lambda s: skyjo(s).phase == "turn" and skyjo(s).current == 0, "ana's first turn"
        )
        before = saved(t)
        message = await t.table_message()
        await writes(t, allowed=False)

        draw = await t.click("ana", message, button(message, "draw"))
        assert refused(draw), draw.content
        remind = await t.slash("ana", "table remind")
        assert refused(remind), remind.content
        lobby = await t.dc.slash(t.users["leo"], t.guild.add_text_channel("more"), "skyjo start")
        assert refused(lobby), lobby.content
        assert saved(t) == before == live(session)
        assert not session.record.seats[0].reminders
        assert (await t.table_message()).custom_ids == message.custom_ids, "the table stands"

        await writes(t, allowed=True)
        drawn = await t.click("ana", message, button(message, "draw"))
        assert drawn.type == 7 and not drawn.errors
        placed = drawn.message
        assert placed is not None
        assert placed.text().count("ana drew") == 1, "the refused draw left no line in the log"
        await t.click("ana", placed, enabled(placed, "swap")[0])
        await t.settled(
            lambda s: skyjo(s).current == 0 and skyjo(s).phase == "turn", "the bot to play on"
        )
        assert saved(t) == live(session)
        assert saved(t)[0] > before[0] + 2, "ana's turn and the bot's were saved"
        errors = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
        assert not errors


async def test_a_bot_waits_for_the_store_and_then_plays_on(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    rng = random.Random(32)
    caplog.set_level(logging.WARNING)
    async with table(tmp_path) as t:
        await t.start()
        await t.slash("ana", "skyjo solo", bots=1)
        await choose_opening_cards(t, "ana", rng)
        session = await t.settled(
            lambda s: skyjo(s).phase == "turn" and skyjo(s).current == 0, "ana's first turn"
        )
        message = await t.table_message()
        drawn = await t.click("ana", message, button(message, "draw"))
        assert drawn.message is not None
        session.context.bot_delay = 1.0
        waiting = len(caplog.records)
        await t.click("ana", drawn.message, enabled(drawn.message, "swap")[0])
        await writes(t, allowed=False)
        await t.settled_engine(
            lambda s: any("waits for storage" in r.getMessage() for r in caplog.records[waiting:]),
            "the bot to find the store refusing",
            session,
        )
        assert skyjo(session).current == 1, "the bot's move was not made"
        assert saved(t) == live(session)
        await writes(t, allowed=True)
        await t.settled(lambda s: skyjo(s).current == 0, "the bot to play once the store is back")
        assert saved(t) == live(session)
        errors = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
        assert not errors


async def test_a_full_disk_refuses_the_move_that_needs_room_and_loses_nothing(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    rng = random.Random(33)
    caplog.set_level(logging.WARNING)
    async with table(tmp_path) as t:
        await t.start()
        session = await two_players_at_first_turn(t, rng)
        connection = sqlite_of(t).connection
        async with connection.execute("PRAGMA page_count") as cursor:
            (pages,) = await cursor.fetchone() or (0,)
        await connection.execute(f"PRAGMA max_page_count = {pages}")
        names = ("ana", "leo")
        refusal: InteractionResult | None = None
        for _ in range(300):
            await t.settled(lambda s: True, "the table")
            message = await t.table_message()
            before = saved(t)
            mover = names[skyjo(session).current]
            choice = enabled(message, "swap") or enabled(message, "draw")
            result = await t.click(mover, message, choice[0])
            if refused(result):
                refusal = result
                break
            assert result.type == 7, result.errors
        assert refusal is not None, "the file filled up"
        assert saved(t) == before == live(session)
        await connection.execute("PRAGMA max_page_count = 1000000")
        await play_turn(t, names[skyjo(session).current], rng)
        assert saved(t)[0] > before[0]
        assert saved(t) == live(session)
        errors = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
        assert not errors
