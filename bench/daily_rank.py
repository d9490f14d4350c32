"""The daily deal's figure of `bench.stats`: a member's place among the day's results, read as
the finished table reads it (their attempt, then its place in their server and across every
server), with a tenth as many results of the day's Skyjo deal as the bench has results (100,000
for its default million), spread over its servers."""

from __future__ import annotations

import random
import time
from collections import Counter
from typing import Protocol

from bot.storage.daily import DailyRepository, day_of
from bot.storage.database import Database

SHARE = 10
"""One daily result of the day for this many results of the bench."""
KIND = "skyjo"
RUNS = 20
BATCH = 10_000
FIRST_MEMBER = 10_000_000
"""The members of the day's results are numbered from here, apart from the bench's others."""


class Store(Protocol):
    """What the figure reads of the bench's filled store."""

    database: Database
    servers: int
    results: int


def _results(day: str, count: int, servers: int, rng: random.Random) -> list[tuple[object, ...]]:
    """The day's results: one a member, each in one of the servers, scores as Skyjo's."""
    ended = time.time()
    rows: list[tuple[object, ...]] = []
    for user in range(count):
        score = rng.randint(-10, 140)
        guild = rng.randrange(servers) + 1
        rows.append(
            (day, KIND, FIRST_MEMBER + user, guild, None, "finished", score, score, 1, ended, "")
        )
    return rows


async def fill_daily(
    database: Database, day: str, count: int, servers: int
) -> list[tuple[object, ...]]:
    rows = _results(day, count, servers, random.Random(5))
    for start in range(0, len(rows), BATCH):
        async with database.transaction() as transaction:
            await transaction.executemany(
                "INSERT INTO daily_results (day, kind, user_id, guild_id, game_id, status,"
                " score, standing, place, ended_at, share)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                rows[start : start + BATCH],
            )
    counts = Counter(row[7] for row in rows)
    async with database.transaction() as transaction:
        await transaction.executemany(
            "INSERT INTO daily_standings (day, kind, standing, players) VALUES (?, ?, ?, ?)",
            [(day, KIND, standing, players) for standing, players in counts.items()],
        )
        await transaction.execute("ANALYZE")
    return rows


async def daily_rank(store: Store) -> list[float]:
    """Milliseconds to place a random member of the day among its results, in their server
    and across every server (after one warm-up)."""
    day = day_of(time.time())
    count = max(1, store.results // SHARE)
    rows = await fill_daily(store.database, day, count, store.servers)
    daily = DailyRepository(store.database)
    rng = random.Random(9)
    times = []
    for number in range(RUNS + 1):
        user = FIRST_MEMBER + rng.randrange(len(rows))
        start = time.perf_counter()
        attempt = await daily.attempt(day, KIND, user)
        assert attempt is not None and attempt.standing is not None
        assert attempt.guild_id is not None
        await daily.place(day, KIND, attempt.standing)
        await daily.place_in_guild(attempt.guild_id, day, KIND, attempt.standing)
        elapsed = (time.perf_counter() - start) * 1000
        if number:
            times.append(elapsed)
    return sorted(times)
