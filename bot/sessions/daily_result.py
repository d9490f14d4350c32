"""The daily deal's deal and its result: the same seed for everyone on a UTC day and game, and
how a member's attempt ended, written with the game's results."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.adapters.base import GameAdapter
from bot.adapters.specs import ButtonSpec
from bot.i18n import Words
from bot.storage.daily import DailyEnd, DailyPlace, DailyRepository, DailyResult
from bot.storage.database import Database
from bot.storage.records import GameRecord, ResultRecord
from bot.ui.daily_screens import result_text, share_line

DAILY_LEVEL = "hard"
"""The level of the bots a daily deal seats (as many as its game's `daily_bots`)."""


def daily_seed(day: str, kind: str) -> int:
    """The seed of the deal of `kind` on the UTC `day`: a hash of their text, the same in
    every process and version (62 bits, as every game's seed)."""
    digest = hashlib.sha256(f"sky-table daily deal {kind} {day}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 2


def daily_end(
    record: GameRecord,
    adapter: GameAdapter,
    engine: Any,
    results: Sequence[ResultRecord],
    words: Words,
) -> DailyEnd | None:
    """How the member's attempt `record` ended (left when the game is not over); None when
    no result is the member's."""
    assert record.daily is not None
    mine = next((r for r in results if r.user_id == record.host_id), None)
    if mine is None:
        return None
    left = not engine.is_over
    lines = adapter.share_squares(engine, mine.seat)
    share = share_line(adapter.title, record.daily, lines, mine.score, left, words)
    standing = -mine.score if adapter.high_score_wins else mine.score
    return DailyEnd(
        user_id=record.host_id,
        score=mine.score,
        standing=standing,
        place=mine.place,
        left=left,
        share=share,
    )


@dataclass(frozen=True)
class DailyFinal:
    """What the final standings of an attempt add: its result and place, and the button
    that posts its share line."""

    content: str
    share: ButtonSpec


async def places(daily: DailyRepository, attempt: DailyResult) -> tuple[DailyPlace, DailyPlace]:
    """Where the ended attempt stands today in its server, and across every server."""
    assert attempt.standing is not None
    everywhere = await daily.place(attempt.day, attempt.kind, attempt.standing)
    if attempt.guild_id is None:
        return everywhere, everywhere
    here = await daily.place_in_guild(attempt.guild_id, attempt.day, attempt.kind, attempt.standing)
    return here, everywhere


async def daily_final(record: GameRecord, words: Words, database: Database) -> DailyFinal | None:
    """The result of the attempt `record` for its final standings; None for another game."""
    if record.daily is None:
        return None
    daily = DailyRepository(database)
    attempt = await daily.of_game(record.id)
    if attempt is None or attempt.standing is None:
        return None
    here, everywhere = await places(daily, attempt)
    name = record.seats[0].name if record.seats else None
    content = result_text(attempt, here, everywhere, words, name=name)
    share = ButtonSpec(words("Share my result"), "share", style="success", emoji="📣")
    return DailyFinal(content, share)
