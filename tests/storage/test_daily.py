"""The daily deal's attempts and results against both stores, and the counting of streaks."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.storage import Database, GameRepository, open_database
from bot.storage.daily import (
    DailyEnd,
    DailyPlace,
    DailyRepository,
    consecutive_days,
    day_of,
    week_of,
)
from bot.storage.records import GameRecord, ResultRecord, SeatRecord

DAY = "2030-03-17"


@pytest.fixture
async def database(store: str | Path) -> AsyncIterator[Database]:
    db = await open_database(store)
    yield db
    await db.close()


@pytest.mark.parametrize(
    ("days", "today", "streak"),
    [
        ([], "2030-03-17", 0),
        (["2030-03-17"], "2030-03-17", 1),
        (["2030-03-16"], "2030-03-17", 1),
        (["2030-03-15"], "2030-03-17", 0),
        (["2030-03-17", "2030-03-16", "2030-03-15"], "2030-03-17", 3),
        (["2030-03-16", "2030-03-15", "2030-03-13"], "2030-03-17", 2),
        (["2030-03-17", "2030-03-17", "2030-03-16"], "2030-03-17", 2),
        (["2030-03-01", "2030-02-28", "2030-02-27"], "2030-03-01", 3),
        (["2029-12-31", "2030-01-01"], "2030-01-02", 2),
        (["2030-03-18"], "2030-03-17", 0),
    ],
)
def test_a_streak_counts_consecutive_days_up_to_today_or_yesterday(
    days: list[str], today: str, streak: int
) -> None:
    assert consecutive_days(days, today) == streak


def test_days_and_weeks_are_utc() -> None:
    assert day_of(1_900_000_000.0) == "2030-03-17"
    assert day_of(1_900_000_000.0 - 1_900_000_000.0 % 86400 - 1) == "2030-03-16"
    assert week_of("2030-03-17") == ("2030-03-11", "2030-03-17")
    assert week_of("2030-03-18") == ("2030-03-18", "2030-03-24")


def test_a_place_says_which_share_of_the_others_it_beat() -> None:
    assert DailyPlace(ahead=0, behind=0, total=1).beaten_percent == 0
    assert DailyPlace(ahead=1, behind=3, total=5) == DailyPlace(1, 3, 5)
    assert DailyPlace(ahead=1, behind=3, total=5).beaten_percent == 75
    assert DailyPlace(ahead=1, behind=3, total=5).place == 2


async def _attempt(
    database: Database,
    *,
    user_id: int,
    guild_id: int,
    score: int,
    day: str = DAY,
    kind: str = "skyjo",
    left: bool = False,
    channel_id: int | None = None,
) -> GameRecord:
    """A member's attempt claimed, played and finished with `score`, as the bot does it."""
    daily = DailyRepository(database)
    games = GameRepository(database)
    assert await daily.claim(day, kind, user_id, guild_id)
    game = await games.create(
        guild_id=guild_id,
        channel_id=channel_id or user_id * 10 + guild_id,
        kind=kind,
        host_id=user_id,
        seed=7,
        seats=[SeatRecord(name="Ana", user_id=user_id), SeatRecord(name="Bot 1", bot_level="hard")],
        settings={},
        daily=day,
    )
    await daily.attach(day, kind, user_id, game.id)
    game.status = "finished"
    game.version = 1
    results = [
        ResultRecord(seat=0, user_id=user_id, score=score, won=True),
        ResultRecord(seat=1, user_id=None, score=99, won=False, place=2, seat_kind="bot"),
    ]
    end = DailyEnd(user_id, score, score, 1, left, "🟩🟩 12")
    await games.finish(game, results, over=0, daily=end)
    return game


async def test_a_streak_is_read_from_the_days_played(database: Database) -> None:
    daily = DailyRepository(database)
    assert await daily.streak(100, DAY) == 0
    await _attempt(database, user_id=100, guild_id=1, score=20, day="2030-03-15")
    await _attempt(database, user_id=100, guild_id=2, score=20, day="2030-03-16", kind="junior")
    assert await daily.streak(100, DAY) == 2, "up to yesterday, in any server and game"
    await _attempt(database, user_id=100, guild_id=1, score=20, day=DAY, kind="skyfive")
    assert await daily.streak(100, DAY) == 3
    assert await daily.streak(100, "2030-03-19") == 0
    assert await daily.claim("2030-03-18", "skyjo", 100, 1)
    assert await daily.streak(100, "2030-03-18") == 3, "an attempt still running is not a day"


async def test_one_attempt_a_member_a_day_and_game(database: Database) -> None:
    daily = DailyRepository(database)
    assert await daily.claim(DAY, "skyjo", 100, 1)
    assert not await daily.claim(DAY, "skyjo", 100, 2), "in another server too"
    assert await daily.claim(DAY, "junior", 100, 1)
    assert await daily.claim("2030-03-18", "skyjo", 100, 1)
    attempt = await daily.attempt(DAY, "skyjo", 100)
    assert attempt is not None and attempt.status == "running" and not attempt.ended
    await daily.release(DAY, "skyjo", 100)
    assert await daily.attempt(DAY, "skyjo", 100) is None
    assert await daily.claim(DAY, "skyjo", 100, 2)


async def test_the_result_is_written_with_the_game_and_placed_among_the_days(
    database: Database,
) -> None:
    daily = DailyRepository(database)
    scores = {101: 30, 102: 10, 103: 25, 104: 25, 105: 40}
    for user, score in scores.items():
        await _attempt(database, user_id=user, guild_id=1 if user < 104 else 2, score=score)
    game = await _attempt(database, user_id=100, guild_id=1, score=25, left=True)
    await _attempt(database, user_id=106, guild_id=1, score=1, day="2030-03-18")
    await _attempt(database, user_id=107, guild_id=1, score=1, kind="junior")
    mine = await daily.of_game(game.id)
    assert mine is not None
    assert (mine.status, mine.score, mine.place, mine.share) == ("left", 25, 1, "🟩🟩 12")
    assert mine.ended_at == game.ended_at and mine.guild_id == 1
    everywhere = await daily.place(DAY, "skyjo", 25)
    assert everywhere == DailyPlace(ahead=1, behind=2, total=6)
    assert everywhere.beaten_percent == 40
    here = await daily.place_in_guild(1, DAY, "skyjo", 25)
    assert here == DailyPlace(ahead=1, behind=1, total=4)
    today = await daily.of_day(1, "skyjo", DAY)
    assert [r.user_id for r in today] == [102, 103, 100, 101], "a tie: the first to finish"
    week = await daily.of_week(1, "skyjo", DAY)
    assert [(w.user_id, w.days) for w in week] == [(102, 1), (100, 1), (103, 1), (101, 1)]


async def test_a_result_written_twice_counts_once(database: Database) -> None:
    daily = DailyRepository(database)
    game = await _attempt(database, user_id=100, guild_id=1, score=25)
    end = DailyEnd(100, 5, 5, 1, False, "")
    game.version = 2
    await GameRepository(database).finish(game, [], over=1, daily=end)
    assert await daily.place(DAY, "skyjo", 25) == DailyPlace(0, 0, 1)
    mine = await daily.attempt(DAY, "skyjo", 100)
    assert mine is not None and mine.score == 25


async def test_the_share_line_is_posted_once(database: Database) -> None:
    daily = DailyRepository(database)
    game = await _attempt(database, user_id=100, guild_id=1, score=25)
    assert await daily.mark_shared(game.id, 555)
    assert not await daily.mark_shared(game.id, 556)
    mine = await daily.of_game(game.id)
    assert mine is not None and mine.shared_id == 555


async def test_the_longest_streaks_of_a_server(database: Database) -> None:
    daily = DailyRepository(database)
    for day in ("2030-03-14", "2030-03-15", "2030-03-16", DAY):
        await _attempt(database, user_id=100, guild_id=2, score=20, day=day)
    await _attempt(database, user_id=100, guild_id=1, score=20, day=DAY, kind="junior")
    await _attempt(database, user_id=101, guild_id=1, score=20, day="2030-03-16")
    await _attempt(database, user_id=102, guild_id=1, score=20, day="2030-03-14")
    await _attempt(database, user_id=103, guild_id=2, score=20, day=DAY)
    assert await daily.streaks(1, DAY) == [(100, 4), (101, 1)]


async def test_the_first_game_of_an_attempt_is_found_and_a_link_never_moves(
    database: Database,
) -> None:
    daily = DailyRepository(database)
    games = GameRepository(database)
    assert await daily.claim(DAY, "junior", 100, 1)
    assert await daily.first_game(DAY, "junior", 100) is None

    async def opened(channel_id: int) -> GameRecord:
        return await games.create(
            guild_id=1,
            channel_id=channel_id,
            kind="junior",
            host_id=100,
            seed=7,
            seats=[SeatRecord(name="Ana", user_id=100)],
            settings={},
            daily=DAY,
        )

    called_off = await opened(10)
    called_off.status = "cancelled"
    await games.save(called_off, over=0)
    first, second = await opened(11), await opened(12)
    assert await daily.first_game(DAY, "junior", 100) == first.id, "not the one called off"
    assert await daily.first_game(DAY, "skyjo", 100) is None, "another game's deal"
    await daily.attach(DAY, "junior", 100, first.id)
    await daily.attach(DAY, "junior", 100, second.id)
    attempt = await daily.attempt(DAY, "junior", 100)
    assert attempt is not None and attempt.game_id == first.id
