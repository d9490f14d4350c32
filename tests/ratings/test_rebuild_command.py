"""`python -m bot.ratings rebuild` finds the bot's store from its settings and says what it
rated."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.ratings.__main__ import main
from bot.storage import GameRepository, open_database
from bot.storage.records import ResultRecord, SeatRecord


async def _two_games(path: Path) -> None:
    database = await open_database(path)
    games = GameRepository(database)
    try:
        for channel, (first, second) in enumerate([(1, 2), (1, 3)]):
            game = await games.create(
                guild_id=7,
                channel_id=channel,
                kind="junior",
                host_id=first,
                seed=1,
                seats=[SeatRecord(name="a", user_id=first), SeatRecord(name="b", user_id=second)],
                settings={},
            )
            game.status = "finished"
            game.version += 1
            results = [
                ResultRecord(seat=0, user_id=first, score=9, won=True, place=1),
                ResultRecord(seat=1, user_id=second, score=3, won=False, place=2),
            ]
            await games.finish(game, results, over=0)
        async with database.transaction() as transaction:
            await transaction.execute("DELETE FROM ratings")
    finally:
        await database.close()


async def _rated(path: Path) -> int:
    database = await open_database(path)
    try:
        row = await database.fetchone("SELECT COUNT(*) FROM ratings")
        assert row is not None
        return int(row[0])
    finally:
        await database.close()


def test_the_command_rebuilds_the_store_the_settings_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "data" / "sky.db"
    asyncio.run(_two_games(path))
    monkeypatch.chdir(tmp_path)  # no .env here
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.setenv("DATABASE_PATH", str(path))
    main(["rebuild"])
    assert capsys.readouterr().out.startswith(
        "Rated games: 2 · members: 3 · ratings (one a member, server and game type): 3 · "
    )
    assert asyncio.run(_rated(path)) == 3
