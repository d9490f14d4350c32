"""The bot on PostgreSQL, end to end: a game played to its end through Discord, a restart in
the middle that resumes it from the shared store, and the leaderboard read back from it."""

from __future__ import annotations

import random
from pathlib import Path

from bot.storage import GameRepository, open_database
from bot.storage.postgres import PostgresDatabase
from tests.e2e.harness import shown, table
from tests.e2e.skyjo_play import choose_opening_cards, play_solo_to_the_end, skyjo
from tests.postgres_server import PostgresServer


async def test_a_solo_game_on_postgresql_survives_a_restart_and_counts(
    tmp_path: Path, postgres: PostgresServer
) -> None:
    rng = random.Random(12)
    url = postgres.create_database("e2e_solo")
    async with table(tmp_path) as t:
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
