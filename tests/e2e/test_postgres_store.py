"""The bot on PostgreSQL, end to end: a game played to its end through Discord, a restart in
the middle that resumes it from the shared store, and the leaderboard read back from it."""

from __future__ import annotations

import logging
import random
from pathlib import Path

import asyncpg
import pytest

from bot.i18n import Words
from bot.storage import GameRepository, open_database
from bot.storage.postgres import PostgresDatabase
from bot.ui.replies import NOT_SAVED
from tests.e2e.harness import button, shown, table
from tests.e2e.skyjo_play import choose_opening_cards, play_solo_to_the_end, skyjo
from tests.postgres_server import PostgresServer


async def test_a_solo_game_on_postgresql_survives_a_restart_and_counts(
    tmp_path: Path, postgres: PostgresServer
) -> None:
    rng = random.Random(12)
    url = postgres.create_database("e2e_solo")
    async with table(tmp_path) as t:
        # A whole game at machine speed: more table edits a second than players make.
        t.dc.limits.enforce_rate_limits = False
        t.database_url = url
        bot = await t.start()
        assert isinstance(bot.database, PostgresDatabase)
        await t.slash("ana", "skyjo solo", bots=1)
        await choose_opening_cards(t, "ana", rng)
        before = await t.settled(lambda s: skyjo(s).phase == "turn", "the first turn")
        game_id, version = before.record.id, before.record.version

        await t.stop()
        assert not (tmp_path / "data" / "sky.db").exists(), "nothing went to SQLite"
        await t.start()
        session = await t.session()
        assert (session.record.id, session.record.version) == (game_id, version)
        await play_solo_to_the_end(t, session, rng)

        board = shown(await t.slash("ana", "leaderboard", game="skyjo"))
        assert f"**1.** <@{t.users['ana'].id}> — " in board.text() and "· 1 game" in board.text()
    store = await open_database(url)
    try:
        saved = await GameRepository(store).get(game_id)
        assert saved is not None and saved.status == "finished"
        results = await GameRepository(store).results(game_id)
        assert [r.seat_kind for r in results] == ["member", "bot"]
        assert len(await GameRepository(store).moves(game_id)) > 10
    finally:
        await store.close()


async def read_only(url: str, on: bool) -> None:
    """The database takes no writes (or takes them again) from its next sessions on; the
    bot's open connections are ended, as a failover to a read-only replica ends them."""
    name = url.rsplit("/", 1)[1]
    admin = await asyncpg.connect(url.rsplit("/", 1)[0] + "/postgres")
    try:
        await admin.execute(
            f"ALTER DATABASE {name} SET default_transaction_read_only = {'on' if on else 'off'}"
        )
        await admin.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
            " WHERE datname = $1 AND pid <> pg_backend_pid()",
            name,
        )
    finally:
        await admin.close()


async def test_a_postgresql_store_that_refuses_writes_refuses_moves_and_loses_nothing(
    tmp_path: Path, postgres: PostgresServer, caplog: pytest.LogCaptureFixture
) -> None:
    rng = random.Random(21)
    url = postgres.create_database("e2e_read_only")
    caplog.set_level(logging.WARNING)
    async with table(tmp_path) as t:
        t.database_url = url
        await t.start()
        await t.slash("ana", "skyjo solo", bots=1)
        await choose_opening_cards(t, "ana", rng)
        session = await t.settled(
            lambda s: skyjo(s).phase == "turn" and skyjo(s).current == 0, "ana's first turn"
        )
        message = await t.table_message()
        before = (session.record.version, session.record.state)

        await read_only(url, True)
        for _ in range(2):
            draw = await t.click("ana", message, button(message, "draw"))
            assert draw.ephemeral and draw.content == Words("en")(NOT_SAVED), draw.content
        assert (session.record.version, session.record.state) == before

        await read_only(url, False)
        drawn = await t.click("ana", message, button(message, "draw"))
        assert drawn.type == 7 and not drawn.errors, drawn.errors
        store = await open_database(url)
        try:
            saved = await GameRepository(store).get(session.record.id)
        finally:
            await store.close()
        assert saved is not None and saved.version == before[0] + 1
        errors = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
        assert not errors, errors
