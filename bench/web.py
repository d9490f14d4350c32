"""The web pages over a million results: `python -m bench.web [--results 1000000]
[--servers 1000] [--requests 100] [--json]`.

Fills a fresh SQLite store as `bench.stats` does (finished games whose seats add up to
`--results` results over `--servers` servers, every game rated, a day of daily deal results),
names the members of every server (as the bot does when their games end), turns every server's
pages on, and adds games played to their end by bots with every move recorded, among them the
longest of several eight-player Skyjo games. Then serves the pages from this process, as the bot
does, and times `--requests` requests of each page on random servers, members and games, one
at a time, from a client in this process (its own time included): the median and p99 of each,
and its size as sent (gzip) and as read. The pages' rests between requests (`bot.web.guard.Turns`)
are lifted, so that each page's own time is measured; the process making games' pages is
started by a first game's page, untimed.

- `server`, `board` (all time, rating order), `board_month_by_rate`, `daily`, `member`: read
  from the store each time;
- `game_first` and `game_again`: a recorded game's page the first time it is asked for (its
  replay made in a process of its own) and once made (kept for its names and language);
- `picture`: a replay step's picture (drawn in the picture process, the latest kept);
- `longest_replay_*`: the page of the game with the most steps, its size and the time to make it.
"""

from __future__ import annotations

import argparse
import asyncio
import gzip
import json
import random
import re
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

import aiohttp

from bench.daily_rank import fill_daily
from bench.stats import MEMBERS_PER_SERVER, Filled, fill, p99, rate
from bot.catalog import installed
from bot.replay import steps
from bot.storage import GameRepository, open_database
from bot.storage.daily import day_of
from bot.storage.records import SeatRecord
from bot.storage.web import new_page_key, new_token
from bot.ui.rendering import PictureCache
from bot.web.app import make_app
from bot.web.guard import Buckets, Turns
from bot.web.pages import Sources
from tests.web.stored import played_game

CATALOG = installed()
PLAYED_GAMES = 60
LONGEST_TRIES = 6
DAILY_RESULTS = 20_000


async def name_members(filled: Filled) -> None:
    """Every server's members, as the bot knows them once their games have ended."""
    rows = [
        (guild, guild * 1000 + m, f"Member {m}", None, new_page_key(), time.time())
        for guild in range(1, filled.servers + 1)
        for m in range(MEMBERS_PER_SERVER)
    ]
    async with filled.database.transaction() as transaction:
        await transaction.executemany(
            "INSERT INTO members (guild_id, user_id, name, avatar, page, seen_at)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            rows,
        )


async def pages_on(filled: Filled) -> dict[int, str]:
    tokens = {guild: new_token() for guild in range(1, filled.servers + 1)}
    async with filled.database.transaction() as transaction:
        await transaction.executemany(
            "INSERT INTO guilds (guild_id, web_token) VALUES (?, ?)"
            " ON CONFLICT (guild_id) DO UPDATE SET web_token = excluded.web_token",
            list(tokens.items()),
        )
    return tokens


async def play_games(filled: Filled, rng: random.Random) -> tuple[list[tuple[int, int]], int]:
    """Games played to their end with their moves, as (server, game); and the longest."""
    played = []
    for number in range(PLAYED_GAMES):
        guild = filled.guild(rng)
        kind = rng.choice(("skyjo", "junior", "skyfive"))
        seats = [
            SeatRecord(name=f"Member {m}", user_id=guild * 1000 + m)
            for m in rng.sample(range(MEMBERS_PER_SERVER), rng.randint(2, 4))
        ]
        game = await played_game(filled.database, kind, seats, guild_id=guild, seed=number + 1)
        played.append((guild, game))
    games = GameRepository(filled.database, CATALOG.bot_ratings)
    longest, most = 0, 0
    for seed in range(LONGEST_TRIES):
        guild = filled.guild(rng)
        seats = [SeatRecord(name=f"Member {m}", user_id=guild * 1000 + m) for m in range(8)]
        game_id = await played_game(filled.database, "skyjo", seats, guild_id=guild, seed=seed)
        record = await games.get(game_id)
        assert record is not None
        found = len(steps(CATALOG.require("skyjo"), record, await games.moves(game_id)))
        if found > most:
            longest, most = game_id, found
    return played, longest


Fetch = Callable[[str], Awaitable[tuple[int, bytes, int]]]


async def timed(fetch: Fetch, paths: list[str]) -> dict[str, float]:
    times, sizes, sent = [], [], []
    for path in paths:
        start = time.perf_counter()
        status, body, compressed = await fetch(path)
        times.append((time.perf_counter() - start) * 1000)
        if status != 200:
            raise RuntimeError(f"{path} answered {status}")
        sizes.append(len(body))
        sent.append(compressed)
    times.sort()
    return {
        "ms_median": round(statistics.median(times), 2),
        "ms_p99": round(p99(times), 2),
        "kb_median": round(statistics.median(sizes) / 1000, 1),
        "kb_sent_median": round(statistics.median(sent) / 1000, 1),
    }


async def measure(results: int, servers: int, requests: int, folder: Path) -> dict[str, float]:
    database = await open_database(folder / "sky.db")
    rng = random.Random(3)
    figures: dict[str, float] = {}
    pictures = PictureCache()
    try:
        began = time.perf_counter()
        filled = await fill(database, results, servers)
        await rate(filled)
        await fill_daily(database, day_of(time.time()), DAILY_RESULTS, servers)
        await name_members(filled)
        tokens = await pages_on(filled)
        played, longest = await play_games(filled, rng)
        async with database.transaction() as transaction:
            await transaction.execute("ANALYZE")
        figures["fill_s"] = round(time.perf_counter() - began, 1)
        figures["results"] = filled.results
        found = Sources(database, CATALOG, pictures)
        app = make_app(found, buckets=Buckets(rate=1e9, burst=1e9), turns=Turns(share=1.0))
        try:
            figures.update(
                await serve_and_time(app, filled, tokens, played, longest, requests, rng)
            )
        finally:
            found.close()
    finally:
        pictures.close()
        await database.close()
    return figures


async def serve_and_time(
    app: aiohttp.web.Application,
    filled: Filled,
    tokens: dict[int, str],
    played: list[tuple[int, int]],
    longest: int,
    requests: int,
    rng: random.Random,
) -> dict[str, float]:
    runner = aiohttp.web.AppRunner(app, access_log=None)
    await runner.setup()
    site = aiohttp.web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = runner.addresses[0][1]
    base = f"http://127.0.0.1:{port}"
    figures: dict[str, float] = {}
    async with aiohttp.ClientSession(auto_decompress=False) as http:

        async def fetch(path: str) -> tuple[int, bytes, int]:
            async with http.get(base + path, headers={"Accept-Encoding": "gzip"}) as answer:
                raw = await answer.read()
                body = gzip.decompress(raw) if answer.headers.get("Content-Encoding") else raw
                return answer.status, body, len(raw)

        def some(make: Callable[[int], str]) -> list[str]:
            return [make(filled.guild(rng)) for _ in range(requests)]

        kinds = ("skyjo", "junior", "skyfive", "skyjo-sheet")
        members = await member_pages(filled, rng, requests)
        pages: dict[str, list[str]] = {
            "server": some(lambda g: f"/s/{tokens[g]}/"),
            "board": some(lambda g: f"/s/{tokens[g]}/board/{rng.choice(kinds)}/all"),
            "board_month_by_rate": some(
                lambda g: f"/s/{tokens[g]}/board/{rng.choice(kinds)}/month?sort=rate"
            ),
            "daily": some(lambda g: f"/s/{tokens[g]}/board/skyjo/daily"),
            "member": [f"/s/{tokens[g]}/member/{key}" for g, key in members],
        }
        for name, paths in pages.items():
            for key, value in (await timed(fetch, paths)).items():
                figures[f"{name}_{key}"] = value
        warm, *rest = [f"/s/{tokens[g]}/game/{game}" for g, game in played]
        await fetch(warm)
        games = rest
        for name, paths in (("game_first", games), ("game_again", games)):
            for key, value in (await timed(fetch, paths)).items():
                figures[f"{name}_{key}"] = value
        pictures = []
        for path in games[:20]:
            _, body, _ = await fetch(path)
            pictures += re.findall(rb'src="(/s/[^"]+\.png\?v=\w+)"', body)[:3]
        for key, value in (await timed(fetch, [p.decode() for p in pictures])).items():
            figures[f"picture_{key}"] = value
        guild = await guild_of(filled, longest)
        start = time.perf_counter()
        _, body, sent = await fetch(f"/s/{tokens[guild]}/game/{longest}")
        figures["longest_replay_ms"] = round((time.perf_counter() - start) * 1000, 1)
        figures["longest_replay_steps"] = body.count(b'<article class="step"')
        figures["longest_replay_kb"] = round(len(body) / 1000, 1)
        figures["longest_replay_kb_sent"] = round(sent / 1000, 1)
    await runner.cleanup()
    return figures


async def member_pages(filled: Filled, rng: random.Random, count: int) -> list[tuple[int, str]]:
    found = []
    for _ in range(count):
        guild = filled.guild(rng)
        row = await filled.database.fetchone(
            "SELECT page FROM members WHERE guild_id = ? AND user_id = ?",
            (guild, filled.member(rng, guild)),
        )
        assert row is not None
        found.append((guild, str(row["page"])))
    return found


async def guild_of(filled: Filled, game_id: int) -> int:
    row = await filled.database.fetchone("SELECT guild_id FROM games WHERE id = ?", (game_id,))
    assert row is not None
    return int(row["guild_id"])


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--results", type=int, default=1_000_000)
    parser.add_argument("--servers", type=int, default=1000)
    parser.add_argument("--requests", type=int, default=100)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="skytable-web-") as folder:
        figures = asyncio.run(measure(args.results, args.servers, args.requests, Path(folder)))
    if args.json:
        print(json.dumps(figures))
        return
    for key, value in figures.items():
        print(f"{key:<32} {value}")


if __name__ == "__main__":
    main()
