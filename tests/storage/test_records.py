"""Every open game keeps its record in memory, with a record for each seat: read back from
the store, they hold their values and little else."""

from __future__ import annotations

import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.storage import Database, GameRepository, open_database
from bot.storage.records import GameRecord, SeatRecord
from tests.held import held

MEMBER = 10**17


@pytest.fixture
async def games(tmp_path: Path) -> AsyncIterator[GameRepository]:
    database: Database = await open_database(tmp_path / "sky.db")
    yield GameRepository(database)
    await database.close()


async def running(games: GameRepository, seats: int) -> GameRecord:
    """A game of `seats` members, started and saved at its 50th version, read back."""
    lobby = await games.create(
        guild_id=MEMBER,
        channel_id=MEMBER + 50,
        kind="skyjo",
        host_id=MEMBER,
        seed=123_456_789,
        seats=[
            SeatRecord(name=f"Player {n}", user_id=MEMBER + n, language="fr") for n in range(seats)
        ],
        settings={"target_score": 100},
        language="fr",
    )
    saved = lobby.version
    lobby.status, lobby.state, lobby.version = "running", "{}" * 700, 50
    lobby.message_id, lobby.deadline, lobby.started_at = MEMBER * 10, 1.7e9, 1.7e9
    await games.save(lobby, over=saved)
    record = await games.get(lobby.id)
    assert record is not None
    return record


async def test_a_record_read_back_holds_little_besides_its_values(
    games: GameRepository,
) -> None:
    record = await running(games, 8)
    assert record.state is not None
    assert held(record) - sys.getsizeof(record.state) < 9 * 1024, held(record)


async def test_a_record_is_still_read_changed_copied_and_compared_as_before(
    games: GameRepository,
) -> None:
    record = await running(games, 2)
    assert record == await games.get(record.id)
    record.version += 1
    record.seats[1].timeouts = 2
    copy = record.model_copy(update={"deadline": None})
    assert (copy.deadline, copy.version, copy.seats[1].timeouts) == (None, 51, 2)
    assert record != await games.get(record.id)
    assert GameRecord.model_validate_json(record.model_dump_json()) == record
