"""Leaderboards, stats and history at scale: `python -m bench.stats [--results 1000000]
[--servers 1000] [--json]`.

Fills a fresh database (the bot's own schema and migrations) with finished games whose seats add
up to `--results` results, spread over `--servers` servers and the four game types, each server
with its own members and some bots; then times each query the commands make, 20 times each on
random servers, members and game types, and prints the medians and p99s and the file's size.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

from bot.storage.sqlite import SqliteDatabase
from bot.storage.stats import StatsRepository

KINDS = ("skyjo", "junior", "skyfive", "skyjo-sheet")
MEMBERS_PER_SERVER = 40
RUNS = 20
DAY = 86_400.0


async def fill(database: SqliteDatabase, results: int, servers: int, seed: int = 1) -> int:
    """Returns how many results were written (the last game may go a few over)."""
    rng = random.Random(seed)
    games_rows = []
    result_rows = []
    game_id = 0
    now = time.time()
    written = 0
    while written < results:
        game_id += 1
        guild = rng.randrange(servers) + 1
        kind = rng.choice(KINDS)
        seats = rng.randint(2, 6)
        ended = now - rng.uniform(0, 365 * DAY)
        members = rng.sample(range(MEMBERS_PER_SERVER), seats)
        winner = rng.randrange(seats)
        games_rows.append(
            (
                game_id,
                guild,
                game_id,
                kind,
                "finished",
                guild * 1000,
                1,
                "[]",
                "{}",
                "{}",
                ended - 600,
                ended,
                ended - 600,
                ended,
            )
        )
        for seat in range(seats):
            bot = rng.random() < 0.15
            user = None if bot else guild * 1000 + members[seat]
            result_rows.append(
                (
                    game_id,
                    seat,
                    guild,
                    user,
                    kind,
                    rng.randint(-10, 150),
                    int(seat == winner),
                    1 if seat == winner else 2,
                    None,
                    "bot" if bot else "member",
                    ended,
                    0,
                )
            )
        written += seats
    async with database.transaction() as connection:
        await connection.executemany(
            "INSERT INTO games (id, guild_id, channel_id, kind, status, host_id, seed, seats,"
            " settings, state, created_at, updated_at, started_at, ended_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            games_rows,
        )
        await connection.executemany(
            "INSERT INTO results (game_id, seat, guild_id, user_id, kind, score, won, place,"
            " tiebreak, seat_kind, ended_at, left_game)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            result_rows,
        )
    await database.connection.execute("ANALYZE")
    return written


async def timed(run: Callable[[random.Random], Awaitable[object]]) -> list[float]:
    rng = random.Random(7)
    await run(rng)
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        await run(rng)
        times.append((time.perf_counter() - start) * 1000)
    return sorted(times)


def p99(times: list[float]) -> float:
    return times[min(len(times) - 1, int(len(times) * 0.99))]


async def measure(results: int, servers: int) -> dict[str, float]:
    with tempfile.TemporaryDirectory(prefix="skytable-stats-", ignore_cleanup_errors=True) as tmp:
        return await measure_in(Path(tmp), results, servers)


async def measure_in(folder: Path, results: int, servers: int) -> dict[str, float]:
    """The figures, from a database filled in `folder`."""
    path = folder / "sky.db"
    database = await SqliteDatabase.open(path)
    try:
        written = await fill(database, results, servers)
        stats = StatsRepository(database)
        month = time.time() - 30 * DAY

        async def leaderboard(rng: random.Random) -> object:
            since = rng.choice([0.0, month])
            return await stats.leaderboard(rng.randrange(servers) + 1, rng.choice(KINDS), since)

        async def player(rng: random.Random) -> object:
            guild = rng.randrange(servers) + 1
            return await stats.player(guild, guild * 1000 + rng.randrange(MEMBERS_PER_SERVER))

        async def history(rng: random.Random) -> object:
            return await stats.history(rng.randrange(servers) + 1)

        figures: dict[str, float] = {"results": written}
        for name, run in (("leaderboard", leaderboard), ("stats", player), ("history", history)):
            times = await timed(run)
            figures[f"{name}_ms_median"] = round(statistics.median(times), 2)
            figures[f"{name}_ms_p99"] = round(p99(times), 2)
    finally:
        await database.close()
    size = sum(f.stat().st_size for f in folder.iterdir())
    figures["database_mb"] = round(size / 1_000_000, 1)
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--results", type=int, default=1_000_000)
    parser.add_argument("--servers", type=int, default=1000)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    figures = asyncio.run(measure(args.results, args.servers))
    if args.json:
        print(json.dumps(figures))
        return
    for key, value in figures.items():
        print(f"{key:<24} {value}")


if __name__ == "__main__":
    main()
