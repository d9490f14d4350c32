"""Forty solo Skyjo games at once, under Discord's rate limits.

Sky Table runs in a process of its own (`bench.latency_bot`: SQLite, its tables drawn as
pictures, its bots waiting `BOT_DELAY` s a move, the bot's default) against a stand-in enforcing
Discord's limits. Forty channels each hold one member who opens `/skyjo solo` against seven
bots (hard in half the channels, the default level in the others) and plays for `PLAY` s as
`bench.load`'s scripted users do: a 1-3 s think, then a legal move through the buttons, and a
rematch when a game ends. Then, from the stand-in's counters and records:

- Discord answered no 429, of any scope, and never counted more than 50 requests in a second;
- the 99th percentile of a click's time from reaching the stand-in to the bot's answer is at
  most `P99_MS`, and no interaction was answered after Discord's 3 s (or never);
- every game moved: the versions saved in its channel advanced at least `MOVES` times in the
  last `WINDOW` s.

With `-s` the figures are printed.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import sqlite3
import statistics
from pathlib import Path

import pytest

from bench.bot_latency import percentile
from bench.load import BotProcess, Deadlines, Game, Plan, Tally, Watch, build_world
from tests.standin import DiscordStandIn, Limits

GAMES = 40
BOTS = 7
LEVELS = ("hard", "normal")
"""The bots' level, by turns: hard, and the default."""
BOT_DELAY = 1.0
THINK = (1.0, 3.0)
RAMP = 2.0
"""Seconds over which the games are opened."""
PLAY = 45.0
WINDOW = 30.0
MOVES = 15
"""Saved versions a game gains at the least in the last `WINDOW` s. A member and seven bots
make 21 to 28 there (median 25: a turn is one move or two, a bot waits about 1 s before each,
the member 1-3 s before each click); the margin is for a round's end and its new opening."""
P99_MS = 250.0
COMPONENT = 3
"""The interaction type of a click."""


def saved_versions(database: Path) -> dict[int, int]:
    """The versions of the games saved in each channel, added up: how often they moved."""
    with contextlib.closing(sqlite3.connect(f"file:{database}?mode=ro", uri=True)) as db:
        rows = db.execute("SELECT channel_id, SUM(version) FROM games GROUP BY channel_id")
        return {int(channel): int(total) for channel, total in rows}


def solo_games(dc: DiscordStandIn, tally: Tally) -> list[Game]:
    watch = Watch(dc)
    games = []
    for number, (channel, members) in enumerate(build_world(dc, "solo", GAMES, [1] * GAMES)):
        plan = Plan("skyjo", 1, (LEVELS[number % len(LEVELS)],) * BOTS, solo=True)
        games.append(Game(dc, watch, tally, channel, plan, members, number, THINK, THINK))
    return games


async def play(games: list[Game], database: Path) -> dict[int, int]:
    """Opens the games, has them played for `PLAY` s once all are open; the versions each
    channel's games gained in the last `WINDOW` s."""
    rng = random.Random(7)
    stop = asyncio.Event()
    openings = [asyncio.create_task(game.open(rng.uniform(0, RAMP))) for game in games]
    players = [
        asyncio.create_task(game.play(opening, stop))
        for game, opening in zip(games, openings, strict=True)
    ]
    await asyncio.gather(*openings)
    await asyncio.sleep(PLAY - WINDOW)
    before = saved_versions(database)
    await asyncio.sleep(WINDOW)
    after = saved_versions(database)
    stop.set()
    await asyncio.gather(*players)
    return {
        game.channel.id: after.get(game.channel.id, 0) - before.get(game.channel.id, 0)
        for game in games
    }


def click_answers_ms(dc: DiscordStandIn, deadlines: Deadlines) -> list[float]:
    """Each click's time from reaching the stand-in to the bot's first answer on it."""
    kinds = dc.interactions.by_id
    return [
        (deadlines.answered[i] - sent) * 1000
        for i, sent in deadlines.sent.items()
        if i in deadlines.answered and kinds[i].kind == COMPONENT
    ]


@pytest.mark.long(seconds=72)
async def test_forty_solo_games_keep_within_discords_limits(tmp_path: Path) -> None:
    limits = Limits(ready_timeout=60.0, guild_ready_timeout=0.2)
    async with DiscordStandIn(limits=limits) as dc:
        assert dc.limits.enforce_rate_limits
        tally = Tally()
        games = solo_games(dc, tally)
        deadlines = Deadlines(dc)
        database = tmp_path / "sky.db"
        arguments = [dc.base_url, dc.gateway_url(), dc.token, str(database)]
        bot = BotProcess("bench.latency_bot", arguments, [str(BOT_DELAY), "pictures"], tmp_path)
        dc.reset_request_stats()
        try:
            await bot.start()
            moved = await play(games, database)
        finally:
            figures = await bot.stop()
            deadlines.stop()
        stats = dc.request_stats()
        late, never = deadlines.figures(float("-inf"), float("inf"))
        answers = click_answers_ms(dc, deadlines)

    p99 = percentile(answers, 0.99)
    print(
        f"\n{GAMES} solo games, {PLAY:g} s: {len(answers)} clicks, answered in "
        f"{statistics.median(answers):.0f} ms (median), {p99:.0f} ms (p99), "
        f"{max(answers):.0f} ms (max); {late} late, {never} never answered"
        f"\ncounted requests: {stats['counted_requests']}, at most "
        f"{stats['counted_requests_per_s_max']} in a second; 429s {stats['rate_limited']}"
        f"\nversions saved a game in the last {WINDOW:g} s: least {min(moved.values())}, "
        f"median {statistics.median(moved.values()):g}, most {max(moved.values())}"
        f"\nusers' failures {dict(tally.failures)}, refused {dict(tally.refused)}; "
        f"bot errors {figures['error_count']} {figures['errors']}"
    )
    assert all(game.started_at is not None for game in games), "every game opened"
    assert stats["rate_limited"] == {"global": 0, "user": 0, "shared": 0}, stats
    assert stats["counted_requests_per_s_max"] <= 50, stats
    assert p99 <= P99_MS, f"p99 {p99:.0f} ms"
    assert late == 0 and never == 0, f"{late} answered after 3 s, {never} never"
    slow = {channel: count for channel, count in moved.items() if count < MOVES}
    assert not slow, f"games that moved fewer than {MOVES} times: {slow}"
