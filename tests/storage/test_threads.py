"""What the store keeps for games played in threads: the thread's parent channel and the game's
card there, the open games of a channel's threads, and each server's choice of threads."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.storage import Database, GameRepository, open_database
from bot.storage.games import ChannelBusy, GuildRepository
from bot.storage.records import GameRecord, SeatRecord

CHANNEL = 10


@pytest.fixture
async def database(store: str | Path) -> AsyncIterator[Database]:
    db = await open_database(store)
    yield db
    await db.close()


async def in_thread(games: GameRepository, thread_id: int, parent_id: int = CHANNEL) -> GameRecord:
    game = await games.create(
        guild_id=1,
        channel_id=thread_id,
        kind="skyjo",
        host_id=100,
        seed=42,
        seats=[SeatRecord(name="Ana", user_id=100)],
        settings={},
    )
    game.parent_id, game.card_id = parent_id, thread_id
    await games.save(game, over=game.version)
    return game


async def test_a_games_thread_and_card_are_kept(database: Database) -> None:
    games = GameRepository(database)
    game = await in_thread(games, thread_id=501)
    saved = await games.get(game.id)
    assert saved is not None
    assert (saved.channel_id, saved.parent_id, saved.card_id) == (501, CHANNEL, 501)
    saved.card_id = 777
    await games.save(saved, over=saved.version)
    again = await games.get(game.id)
    assert again is not None and again.card_id == 777, "a card posted again is noted"


async def test_a_channel_holds_any_number_of_games_one_a_thread(database: Database) -> None:
    games = GameRepository(database)
    first = await in_thread(games, thread_id=501)
    second = await in_thread(games, thread_id=502)
    elsewhere = await in_thread(games, thread_id=601, parent_id=11)
    listed = await games.open_in_threads_of(CHANNEL)
    assert [game.id for game in listed] == [first.id, second.id]
    assert [game.id for game in await games.open_in_threads_of(11)] == [elsewhere.id]
    with pytest.raises(ChannelBusy):
        await in_thread(games, thread_id=501)
    second.status = "cancelled"
    await games.save(second, over=second.version)
    assert [game.id for game in await games.open_in_threads_of(CHANNEL)] == [first.id]


async def test_a_game_in_its_channel_has_no_thread(database: Database) -> None:
    games = GameRepository(database)
    game = await games.create(
        guild_id=1,
        channel_id=CHANNEL,
        kind="skyjo",
        host_id=100,
        seed=1,
        seats=[SeatRecord(name="Ana", user_id=100)],
        settings={},
    )
    saved = await games.get(game.id)
    assert saved is not None and saved.parent_id is None and saved.card_id is None
    assert await games.open_in_threads_of(CHANNEL) == []


async def test_threads_are_on_until_a_server_turns_them_off(
    database: Database, store: str | Path
) -> None:
    guilds = GuildRepository(database)
    assert await guilds.threads(1) is True
    assert await guilds.threads(None) is False, "a DM has no threads"
    await guilds.set_threads(1, False)
    assert await guilds.threads(1) is False
    assert await guilds.threads(2) is True, "each server its own"
    await guilds.set_text_only(1, True)
    assert await guilds.threads(1) is False, "one choice does not undo another"
    reopened = await open_database(store)
    try:
        assert await GuildRepository(reopened).threads(1) is False, "kept in the store"
    finally:
        await reopened.close()


async def test_a_game_is_created_with_its_thread_and_card(database: Database) -> None:
    games = GameRepository(database)
    game = await games.create(
        guild_id=1,
        channel_id=502,
        kind="skyjo",
        host_id=100,
        seed=42,
        seats=[SeatRecord(name="Ana", user_id=100)],
        settings={},
        parent_id=CHANNEL,
        card_id=502,
    )
    saved = await games.get(game.id)
    assert saved is not None
    assert (saved.channel_id, saved.parent_id, saved.card_id) == (502, CHANNEL, 502)
    assert [g.id for g in await games.open_in_threads_of(CHANNEL)] == [game.id]


async def test_the_planned_archive_of_an_ended_games_thread_is_kept_until_done(
    database: Database,
) -> None:
    games = GameRepository(database)
    early, late = await in_thread(games, thread_id=501), await in_thread(games, thread_id=502)
    for game, moment in ((late, 2_000_000_600.5), (early, 2_000_000_300.25)):
        game.status, game.archive_at = "cancelled", moment
        await games.save(game, over=game.version)
    pending = await games.threads_to_archive()
    assert [(game.id, game.archive_at) for game in pending] == [
        (early.id, 2_000_000_300.25),
        (late.id, 2_000_000_600.5),
    ]
    late.archive_at = 2_000_000_900.0
    await games.save(late, over=late.version)
    await games.thread_archived(late.id, 2_000_000_600.5)
    await games.thread_archived(early.id, 2_000_000_300.25)
    pending = await games.threads_to_archive()
    assert [(game.id, game.archive_at) for game in pending] == [(late.id, 2_000_000_900.0)], (
        "an archive planned anew stays pending"
    )
