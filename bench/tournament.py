"""A tournament's cost: `python -m bench.tournament [--players 64] [--seats 4] [--rounds 9]
[--json]`.

- **Drawing and standings** (pure code, `games.swiss`): `--players` players at `--seats` seats
  over `--rounds` rounds, each table's places drawn at random (a fixed seed), about one table in
  thirty abandoned. Printed: the median and the longest time to draw a round's tables
  (`draw_ms_*`) and to compute the standings after it (`standings_ms_*`), over the rounds.
- **A round opening through Discord** (the bot against the local stand-in, Discord's limits
  enforced): `--players` members sign up on a tournament's card and its organiser starts it;
  its first round's tables open, each a card in the channel, a thread and a game. Printed: the
  seconds until the first and the last table's game stood in its thread, the counted requests
  (interaction answers are not counted), the most counted in any one second, and the requests
  answered 429.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from bot.client import SkyTableBot
from bot.config import BotSettings
from games.swiss import RoundRecord, Table, TableResult, draw_round, standings
from tests.e2e.harness import until
from tests.standin import DiscordStandIn

ABANDONED = 1 / 30


def _results(tables: tuple[Table, ...], rng: random.Random) -> RoundRecord:
    results = []
    for table in tables:
        if rng.random() < ABANDONED:
            results.append(TableResult(table, abandoned=True))
        else:
            scores = [rng.randint(0, 60) for _ in range(table.seats)]
            results.append(TableResult.ranked(table, scores, high_score_wins=False))
    return RoundRecord(tuple(results))


def drawing(players: int, seats: int, rounds: int, seed: int = 1) -> dict[str, float]:
    rng = random.Random(seed)
    field = list(range(1, players + 1))
    ratings = {player: rng.uniform(0, 40) for player in field}
    history: list[RoundRecord] = []
    draws, tables_of = [], []
    for _ in range(rounds):
        started = time.perf_counter()
        tables = draw_round(field, seats, ratings=ratings, history=history, high_score_wins=False)
        draws.append(time.perf_counter() - started)
        history.append(_results(tables, rng))
        started = time.perf_counter()
        standings(field, history, high_score_wins=False)
        tables_of.append(time.perf_counter() - started)
    return {
        "draw_ms_median": round(1000 * statistics.median(draws), 2),
        "draw_ms_max": round(1000 * max(draws), 2),
        "standings_ms_median": round(1000 * statistics.median(tables_of), 2),
        "standings_ms_max": round(1000 * max(tables_of), 2),
        "tables": len(tables),
    }


async def opening(players: int, seats: int, workdir: Path) -> dict[str, Any]:
    async with DiscordStandIn() as dc:
        guild = dc.add_guild("Sky Club")
        channel = guild.add_text_channel("tournament")
        organisers = guild.add_role("Events", manage_events=True)
        members = []
        for number in range(players):
            user = dc.add_user(f"player{number}")
            guild.add_member(user, *((organisers,) if number == 0 else ()))
            members.append(user)
        settings = BotSettings(
            discord_token=dc.token,
            database_path=workdir / "tournament.db",
            picture_processes=1,
            web_port=None,
            avatar_cdn=None,
        )
        bot = await dc.start_bot(SkyTableBot(settings, bot_delay=1.0))
        try:
            created = await dc.slash(
                members[0], channel, "tournament create", game="skyjo", rounds=1, seats=seats
            )
            assert created.message is not None, created.errors
            card = created.message
            join = next(c for c in card.custom_ids if c.endswith(":join"))
            for user in members:
                joined = await dc.click(user, card, join)
                assert joined.error is None, joined.errors
            dc.reset_request_stats()
            start = next(c for c in card.custom_ids if c.endswith(":start"))
            before = len(dc.requests)
            started = time.perf_counter()
            pressed = await dc.click(members[0], card, start)
            assert pressed.error is None, pressed.errors
            tables = -(-players // seats)
            first: list[float] = []

            def shown() -> int:
                count = sum(
                    1 for thread in guild.threads if any(m.custom_ids for m in dc.messages(thread))
                )
                if count and not first:
                    first.append(time.perf_counter() - started)
                return count

            await until(lambda: shown() >= tables, "every table", timeout=600)
            last = time.perf_counter() - started
            await asyncio.sleep(1.5)
            stats = dc.request_stats()
            statuses = [r.status for r in dc.requests[before:]]
        finally:
            await dc.stop_bot(bot)
    return {
        "tables": tables,
        "first_table_s": round(first[0], 2),
        "all_tables_s": round(last, 2),
        "counted_requests": stats["counted_requests"],
        "counted_requests_per_s_max": stats["counted_requests_per_s_max"],
        "answered_429": statuses.count(429),
        "rate_limited": stats["rate_limited"],
        "invalid_requests": stats["invalid_requests"]["total"],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=64)
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    figures: dict[str, Any] = {"drawing": drawing(args.players, args.seats, args.rounds)}
    with tempfile.TemporaryDirectory() as folder:
        figures["opening"] = asyncio.run(opening(args.players, args.seats, Path(folder)))
    if args.json:
        print(json.dumps(figures))
        return
    for part, values in figures.items():
        print(f"{part}: " + ", ".join(f"{key} {value}" for key, value in values.items()))


if __name__ == "__main__":
    main()
