"""A game opened inside a thread plays there: its table, alerts and buttons stay in the thread,
a restart resumes it there, and a thread a moderator deletes ends its game as abandoned."""

from __future__ import annotations

import logging
import random
import sqlite3
from pathlib import Path

import pytest

from bot.sessions.session import GameSession
from tests.e2e.harness import Table, table
from tests.e2e.skyjo_play import choose_opening_cards, play_turn_well, skyjo


def stored(t: Table) -> tuple[str, int]:
    with sqlite3.connect(t.database) as db:
        status, abandoned = db.execute("SELECT status, abandoned FROM games").fetchone()
    return status, abandoned


async def solo_at_first_turn(t: Table, rng: random.Random) -> GameSession:
    await t.slash("ana", "skyjo solo", bots=1)
    await choose_opening_cards(t, "ana", rng)
    return await t.settled(
        lambda s: skyjo(s).phase == "turn" and skyjo(s).current == 0, "ana's first turn"
    )


async def into_a_thread(t: Table) -> None:
    """Ana starts a thread in the channel; the table's helpers then act in it."""
    thread = t.dc.start_thread_as(t.users["ana"], t.channel, None, "Ana's Skyjo")
    t.channel = thread


async def test_a_game_opened_in_a_thread_plays_and_resumes_there(tmp_path: Path) -> None:
    rng = random.Random(5)
    async with table(tmp_path) as t:
        parent = t.channel
        await t.start()
        await into_a_thread(t)
        session = await solo_at_first_turn(t, rng)
        assert session.record.channel_id == t.channel.id != parent.id
        await play_turn_well(t, "ana", 0, rng)
        bot_id = t.running.user.id if t.running.user else None
        assert not [m for m in t.dc.messages(parent) if m.author_id == bot_id], (
            "nothing of the game lands in the parent channel"
        )
        version = session.record.version
        await t.stop()
        await t.start()
        restored = await t.settled(
            lambda s: 0 in s.engine.to_move, "the game restored in its thread, at ana's turn"
        )
        assert restored.record.channel_id == t.channel.id
        assert restored.record.version >= version
        await play_turn_well(t, "ana", 0, rng)


async def test_a_deleted_thread_ends_its_game_as_abandoned(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING)
    async with table(tmp_path) as t:
        await t.start()
        await into_a_thread(t)
        session = await solo_at_first_turn(t, random.Random(6))
        t.dc.delete_channel(t.channel)
        await t.settled_engine(lambda s: not s.record.is_open, "the game to end (saved)", session)
        assert stored(t) == ("cancelled", 1)
        assert not t.running.sessions.running
        assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
