"""Leaderboards, stats, history and ratings at scale: `python -m bench.stats [--results 1000000]
[--servers 1000] [--store sqlite|postgres | --postgres-url URL] [--json]`.

Fills a fresh database (the bot's own schema and migrations) with finished games whose seats add
up to `--results` results, spread over `--servers` servers and the four game types, each server
with its own members and some bots, and rates them all (the rebuild `python -m bot.ratings
rebuild` runs, timed as `rebuild_s`); then times each query the commands make, 20 times each on
random servers, members and game types, and prints the medians and p99s and the store's size.

The store is a SQLite file (`--store sqlite`, the default), a PostgreSQL server started for the
run from the machine's PostgreSQL install (`--store postgres`, as the tests start theirs), or an
empty PostgreSQL database given by its URL (`--postgres-url`).

A new figure is one more entry in `samplers`: a name and what gives its times in milliseconds
(`query` times a function of a random generator, run 20 times after one warm-up run).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import random
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path

from bench.daily_rank import daily_rank
from bot.catalog import installed
from bot.storage import Database, open_database
from bot.storage.daily import DailyRepository, day_of
from bot.storage.database import Transaction
from bot.storage.profiles import read_profile
from bot.storage.ratings import rebuild, record_game
from bot.storage.records import GameRecord, ResultRecord
from bot.storage.stats import StatsRepository

KINDS = ("skyjo", "junior", "skyfive", "skyjo-sheet")
BOTS = installed().bot_ratings
"""Each game's bots' fixed ratings: a game without them (the score sheet) seats no bot."""
MEMBERS_PER_SERVER = 40
RUNS = 20
DAY = 86_400.0
STORES = ("sqlite", "postgres")

Run = Callable[[random.Random], Awaitable[object]]


@dataclass
class Filled:
    """A filled store, and what the figures need to know of its contents."""

    database: Database
    servers: int
    results: int
    games: int

    def guild(self, rng: random.Random) -> int:
        return rng.randrange(self.servers) + 1

    def member(self, rng: random.Random, guild: int) -> int:
        return guild * 1000 + rng.randrange(MEMBERS_PER_SERVER)


Sampler = Callable[[Filled], Awaitable[list[float]]]


async def fill(database: Database, results: int, servers: int, seed: int = 1) -> Filled:
    """Returns the filled store (the last game may go a few results over `results`)."""
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
            bot = rng.random() < 0.15 and bool(BOTS[kind])
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
                    rng.choice(tuple(BOTS[kind])) if bot else None,
                )
            )
        written += seats
    async with database.transaction() as transaction:
        await transaction.executemany(
            "INSERT INTO games (id, guild_id, channel_id, kind, status, host_id, seed, seats,"
            " settings, state, created_at, updated_at, started_at, ended_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            games_rows,
        )
        await transaction.executemany(
            "INSERT INTO results (game_id, seat, guild_id, user_id, kind, score, won, place,"
            " tiebreak, seat_kind, ended_at, left_game, bot_level)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            result_rows,
        )
        if database.dialect == "postgres":  # the ids above were given, not drawn
            await transaction.fetchone(
                "SELECT setval(pg_get_serial_sequence('games', 'id'), ?)", (game_id,)
            )
    return Filled(database, servers, written, game_id)


async def rate(filled: Filled) -> float:
    """Rate every game filled (the rebuild), and analyse the tables; the rebuild's seconds."""
    start = time.perf_counter()
    async with filled.database.transaction() as transaction:
        await rebuild(transaction, filled.database.dialect, BOTS)
    seconds = time.perf_counter() - start
    async with filled.database.transaction() as transaction:
        await transaction.execute("ANALYZE")
    return seconds


async def timed(run: Run) -> list[float]:
    rng = random.Random(7)
    await run(rng)
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        await run(rng)
        times.append((time.perf_counter() - start) * 1000)
    return sorted(times)


def query(make: Callable[[Filled], Run]) -> Sampler:
    """A figure timing the run `make` gives for the filled store."""

    async def sample(filled: Filled) -> list[float]:
        return await timed(make(filled))

    return sample


def p99(times: list[float]) -> float:
    return times[min(len(times) - 1, int(len(times) * 0.99))]


def leaderboard(filled: Filled) -> Run:
    stats = StatsRepository(filled.database)
    month = time.time() - 30 * DAY

    async def run(rng: random.Random) -> object:
        since = rng.choice([0.0, month])
        return await stats.leaderboard(filled.guild(rng), rng.choice(KINDS), since)

    return run


def player(filled: Filled) -> Run:
    stats = StatsRepository(filled.database)

    async def run(rng: random.Random) -> object:
        guild = filled.guild(rng)
        return await stats.player(guild, filled.member(rng, guild))

    return run


def history(filled: Filled) -> Run:
    stats = StatsRepository(filled.database)

    async def run(rng: random.Random) -> object:
        return await stats.history(filled.guild(rng))

    return run


def profile(filled: Filled) -> Run:
    """Every store read of a member's `/profile`."""
    stats = StatsRepository(filled.database)
    daily = DailyRepository(filled.database)
    today = day_of(time.time())

    async def run(rng: random.Random) -> object:
        guild = filled.guild(rng)
        member = filled.member(rng, guild)
        return await read_profile(stats, daily, guild, member, KINDS, today)

    return run


async def rating_updates(filled: Filled) -> list[float]:
    """The rating update of one finished game of four members who have ratings already,
    inside its transaction (the game and its results are written first, untimed)."""
    rng = random.Random(11)
    database = filled.database
    times = []
    for number in range(RUNS + 1):
        guild = filled.guild(rng)
        kind = rng.choice(KINDS)
        users = rng.sample(range(MEMBERS_PER_SERVER), 4)
        game = _finished_game(guild, kind, filled.games + number + 1)
        results = [
            ResultRecord(
                seat=seat, user_id=guild * 1000 + user, score=seat, won=seat == 0, place=seat + 1
            )
            for seat, user in enumerate(users)
        ]
        async with database.transaction() as transaction:
            await _write_game(transaction, game, results)
            start = time.perf_counter()
            await record_game(transaction, game, results, database.dialect, BOTS)
            elapsed = (time.perf_counter() - start) * 1000
        if number:  # the first is a warm-up
            times.append(elapsed)
    return sorted(times)


def _finished_game(guild: int, kind: str, game_id: int) -> GameRecord:
    return GameRecord(
        id=game_id,
        guild_id=guild,
        channel_id=game_id,
        kind=kind,
        status="finished",
        host_id=guild * 1000,
        seed=1,
        seats=[],
        ended_at=time.time(),
    )


async def _write_game(
    transaction: Transaction, game: GameRecord, results: list[ResultRecord]
) -> None:
    await transaction.execute(
        "INSERT INTO games (id, guild_id, channel_id, kind, status, host_id, seed, seats,"
        " settings, created_at, updated_at, ended_at)"
        " VALUES (?, ?, ?, ?, 'finished', ?, 1, '[]', '{}', ?, ?, ?)",
        (
            game.id,
            game.guild_id,
            game.channel_id,
            game.kind,
            game.host_id,
            game.ended_at,
            game.ended_at,
            game.ended_at,
        ),
    )
    await transaction.executemany(
        "INSERT INTO results (game_id, seat, guild_id, user_id, kind, score, won, place,"
        " seat_kind, ended_at, left_game) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'member', ?, 0)",
        [
            (
                game.id,
                r.seat,
                game.guild_id,
                r.user_id,
                game.kind,
                r.score,
                int(r.won),
                r.place,
                game.ended_at,
            )
            for r in results
        ],
    )


def samplers() -> dict[str, Sampler]:
    """Each figure's name and its sampler: the figures `{name}_ms_median` and `{name}_ms_p99`."""
    return {
        "leaderboard": query(leaderboard),
        "stats": query(player),
        "history": query(history),
        "rating_update": rating_updates,
        "daily_rank": daily_rank,
        "profile": query(profile),
    }


async def measure(
    results: int, servers: int, store: str = "sqlite", postgres_url: str | None = None
) -> dict[str, float]:
    """The figures, on a store made for the run (and removed after it), or on the empty
    PostgreSQL database at `postgres_url`."""
    with contextlib.ExitStack() as stack:
        tmp = stack.enter_context(
            tempfile.TemporaryDirectory(prefix="skytable-stats-", ignore_cleanup_errors=True)
        )
        target: str | Path = Path(tmp) / "sky.db"
        if postgres_url is not None:
            target = postgres_url
        elif store == "postgres":
            from tests.postgres_server import PostgresServer

            server = stack.enter_context(PostgresServer())
            target = server.create_database("stats")
        return await measure_in(Path(tmp), results, servers, target)


async def measure_in(
    folder: Path, results: int, servers: int, target: str | Path | None = None
) -> dict[str, float]:
    """The figures, from a database filled at `target` (default: a SQLite file in
    `folder`)."""
    database = await open_database(folder / "sky.db" if target is None else target)
    figures: dict[str, float] = {}
    try:
        filled = await fill(database, results, servers)
        figures["results"] = filled.results
        figures["rebuild_s"] = round(await rate(filled), 1)
        for name, sample in samplers().items():
            times = await sample(filled)
            figures[f"{name}_ms_median"] = round(statistics.median(times), 2)
            figures[f"{name}_ms_p99"] = round(p99(times), 2)
        figures["database_mb"] = round(await _size(database, folder) / 1_000_000, 1)
    finally:
        await database.close()
    return figures


async def _size(database: Database, folder: Path) -> int:
    if database.dialect == "postgres":
        row = await database.fetchone("SELECT pg_database_size(current_database())")
        return int(row[0]) if row is not None else 0
    return sum(f.stat().st_size for f in folder.iterdir())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--results", type=int, default=1_000_000)
    parser.add_argument("--servers", type=int, default=1000)
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--store", choices=STORES, default="sqlite")
    where.add_argument("--postgres-url", help="an empty PostgreSQL database (its URL)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    store = "postgres" if args.postgres_url else args.store
    figures = asyncio.run(measure(args.results, args.servers, store, args.postgres_url))
    if args.json:
        print(json.dumps({"store": store, **figures}))
        return
    print(f"{'store':<24} {store}")
    for key, value in figures.items():
        print(f"{key:<24} {value}")


if __name__ == "__main__":
    main()
