"""A game saved meanwhile by another writer (another bot process on the same store, SQLite or
PostgreSQL): this bot's move over the older version is refused, the player is told the table
changed, and the bot reads the game again instead of overwriting it."""

from __future__ import annotations

import logging
import random
from pathlib import Path

import pytest

from bot.i18n import Words
from bot.sessions.router import CHANGED_MEANWHILE
from bot.storage import GameRepository, open_database
from tests.e2e.harness import button, table
from tests.e2e.skyjo_play import skyjo, two_players_at_first_turn

TOLD = Words("en").error(CHANGED_MEANWHILE)


async def test_a_move_over_a_version_saved_elsewhere_is_refused_and_the_game_read_again(
    tmp_path: Path, store: str | Path, caplog: pytest.LogCaptureFixture
) -> None:
    rng = random.Random(3)
    caplog.set_level(logging.INFO)
    async with table(tmp_path) as t:
        t.database_url = str(store)
        await t.start()
        session = await two_players_at_first_turn(t, rng)
        message = await t.table_message(session)
        player = ["ana", "leo"][skyjo(session).current]

        elsewhere = await open_database(store)
        try:
            games = GameRepository(elsewhere)
            theirs = await games.get(session.record.id)
            assert theirs is not None and theirs.version == session.record.version
            theirs.version += 1
            theirs.deadline = 4_000_000_000.0
            await games.save(theirs, over=theirs.version - 1)
            moves = len(await games.moves(theirs.id))

            result = await t.click(player, message, button(message, "draw"))
            assert result.ephemeral and result.content == TOLD, result.content
            assert await games.get(theirs.id) == theirs, "nothing of this bot's move was saved"
            assert len(await games.moves(theirs.id)) == moves, "no move was recorded"
        finally:
            await elsewhere.close()
        live = await t.session()
        assert live.record == theirs and live.saved_version == theirs.version
        errors = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
        assert not errors
        assert any("another writer" in r.getMessage() for r in caplog.records)
