"""Each server's coach: the bot level whose moves its hints give, `hard` until the server
chooses another, kept in the store."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.storage import Database, open_database
from bot.storage.games import DEFAULT_COACH, GuildRepository


@pytest.fixture
async def database(store: str | Path) -> AsyncIterator[Database]:
    db = await open_database(store)
    yield db
    await db.close()


async def test_the_coach_is_hard_until_a_server_chooses_another(
    database: Database, store: str | Path
) -> None:
    guilds = GuildRepository(database)
    assert DEFAULT_COACH == "hard"
    assert await guilds.coach(1) == "hard"
    assert await guilds.coach(None) == "hard", "a DM has the default"
    await guilds.set_text_only(2, True)
    assert await GuildRepository(database).coach(2) == "hard", "a server's row starts at hard"
    await guilds.set_coach(1, "expert")
    assert await guilds.coach(1) == "expert"
    assert await guilds.coach(2) == "hard", "each server its own"
    await guilds.set_coach(2, "expert")
    await guilds.set_coach(2, "hard")
    assert await guilds.text_only(2) is True, "one choice does not undo another"
    reopened = await open_database(store)
    try:
        kept = GuildRepository(reopened)
        assert await kept.coach(1) == "expert", "kept in the store"
        assert await kept.coach(2) == "hard"
    finally:
        await reopened.close()
