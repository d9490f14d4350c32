"""The Discord bot under load: N concurrent solo games against the local Discord stand-in.

    .venv/bin/python -m bench.bot_latency [--games 200] [--seconds 60] [--think 1-3]
                                          [--bot-delay 1.0] [--text-only]

The bot runs in its own process (`bench.latency_bot`), as in production; this process runs
the stand-in and one scripted user per game, who opens a solo game against two bots and plays
each turn, thinking a random 1 to 3 seconds (`--think`) before each click; the bots wait
`--bot-delay` seconds before each move, as the bot does in production.

Printed: the bot's time from receiving an interaction to having answered it (median and p99,
on the bot's own clock), the same as the users see it (round trip), and the bot's resident
memory per running game (its growth from idle to N running games, divided by N; child processes
included). The tables carry their pictures unless `--text-only` makes them text only.

With `--pages-rate R` (or `--serve-pages`, with no visitor), the bot also serves its web pages,
over a store filled beforehand as `bench.web` fills one (`--pages-results` results over 100
servers, their members named, their pages on, games played to their end with their moves), and
visitors ask for R pages a second while the games are played (open loop: a server's page, a
leaderboard, a member's page or a game's page, at random, by 50 visitors each from an address
of its own): `pages`, `pages_ok`, `pages_busy` (answered 503 while the bot was behind with its
games), `page_ms_median`, `page_ms_p99` and `page_errors` are added. Compare the clicks'
figures with and without, one run after the other.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from tests.standin import Channel, DiscordStandIn, Limits, StandInError, StoredMessage, User

ROOT = Path(__file__).resolve().parents[1]
STEADY_AFTER = 5.0
"""Seconds after the last game was opened from which the steady state is measured."""


def rss_kib(pid: int) -> int:
    """The resident memory of a process and its children (the bot draws pictures in one)."""
    total = 0
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            total += int(line.split()[1])
    for task in Path(f"/proc/{pid}/task").iterdir():
        children = (task / "children").read_text().split()
        total += sum(rss_kib(int(child)) for child in children)
    return total


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def table_message(dc: DiscordStandIn, channel: Channel) -> StoredMessage | None:
    for message in reversed(dc.messages(channel)):
        if any(custom_id.startswith("sky:") for custom_id in message.custom_ids):
            return message
    return None


def enabled(message: StoredMessage, verb: str) -> list[str]:
    return [
        c["custom_id"]
        for c in message.walk_components()
        if c.get("type") == 2
        and not c.get("disabled", False)
        and c.get("custom_id", "").split(":")[3:4] == [verb]
    ]


class Player:
    def __init__(
        self,
        dc: DiscordStandIn,
        user: User,
        channel: Channel,
        seed: int,
        think: tuple[float, float],
    ) -> None:
        self.dc = dc
        self.think = think
        self.user = user
        self.channel = channel
        self.rng = random.Random(seed)
        self.round_trips: list[float] = []
        self.failures = 0
        self.opened_round: str | None = None
        self.turn_text = f"**{user.name}**'s turn"

    async def act(self, message: StoredMessage, verb: str) -> StoredMessage | None:
        """Think, then click one of the message's enabled `verb` buttons as it is shown now."""
        await asyncio.sleep(self.rng.uniform(*self.think))
        choices = enabled(message, verb)
        if not choices:
            return None
        start = time.perf_counter()
        try:
            result = await self.dc.click(self.user, message, self.rng.choice(choices))
        except StandInError as error:
            self.failures += 1
            print(error, file=sys.stderr)
            return None
        self.round_trips.append((time.perf_counter() - start) * 1000)
        return result.message

    async def start_game(self, within: float = 0.0) -> None:
        await asyncio.sleep(self.rng.uniform(0.0, within))
        start = time.perf_counter()
        await self.dc.slash(self.user, self.channel, "skyjo solo", bots=2, level="normal")
        self.round_trips.append((time.perf_counter() - start) * 1000)

    async def play(self, stop: asyncio.Event) -> None:
        while not stop.is_set():
            message = table_message(self.dc, self.channel)
            if message is None or not message.embeds:
                await asyncio.sleep(0.05)
                continue
            title = str(message.embeds[0].get("title", ""))
            description = str(message.embeds[0].get("description", ""))
            if enabled(message, "rematch"):
                await self.start_game()
            elif enabled(message, "mine") and self.opened_round != title:
                self.opened_round = title
                personal = await self.act(message, "mine")
                while personal is not None and enabled(personal, "reveal"):
                    personal = await self.act(personal, "reveal")
            elif description.startswith(self.turn_text) and enabled(message, "draw"):
                drawn = await self.act(message, "draw")
                if drawn is not None:
                    await self.act(drawn, "swap")
            else:
                await asyncio.sleep(0.05)


PAGE_SERVERS = 100


async def run(
    games: int,
    seconds: float,
    think: tuple[float, float],
    bot_delay: float,
    ramp: float,
    text_only: bool = False,
    pages_rate: float = 0.0,
    pages_results: int = 100_000,
    serve_pages: bool = False,
) -> dict[str, float]:
    with tempfile.TemporaryDirectory(prefix="skytable-bench-", ignore_cleanup_errors=True) as tmp:
        visits = None
        if pages_rate > 0 or serve_pages:
            visits = await prepared_pages(Path(tmp) / "sky.db", pages_results)
        return await run_in(
            Path(tmp), games, seconds, think, bot_delay, ramp, text_only, pages_rate, visits
        )


async def prepared_pages(database_path: Path, results: int) -> list[str]:
    """Fills the store as `bench.web` does; the addresses of pages to visit (under the pages'
    root)."""
    from bench import web
    from bench.stats import fill, rate
    from bot.storage import open_database

    database = await open_database(database_path)
    try:
        filled = await fill(database, results, PAGE_SERVERS)
        await rate(filled)
        await web.name_members(filled)
        tokens = await web.pages_on(filled)
        rng = random.Random(11)
        played, _ = await web.play_games(filled, rng)
        members = await web.member_pages(filled, rng, 200)
    finally:
        await database.close()
    paths = [f"/s/{tokens[g]}/" for g in tokens]
    paths += [f"/s/{tokens[g]}/board/skyjo/all" for g in tokens]
    paths += [f"/s/{tokens[g]}/member/{key}" for g, key in members]
    paths += [f"/s/{tokens[g]}/game/{game}" for g, game in played]
    return paths


VISITORS = 50
"""Visitors, each from an address of its own on the loopback network (127.0.0.2 and up): the
pages' rate limit is per visitor."""


class Visitors:
    """Pages asked for at `rate` a second, open loop, each at random among `paths`, by
    `VISITORS` visitors in turn."""

    def __init__(self, base: str, paths: list[str], rate: float) -> None:
        self.base = base
        self.paths = paths
        self.rate = rate
        self.times: list[float] = []
        self.statuses: Counter[int] = Counter()

    async def visit(self, stop: asyncio.Event) -> None:
        import aiohttp

        rng = random.Random(5)
        pending: set[asyncio.Task[None]] = set()
        sessions = [
            aiohttp.ClientSession(
                connector=aiohttp.TCPConnector(local_addr=(f"127.0.0.{2 + number}", 0))
            )
            for number in range(VISITORS)
        ]

        async def one(http: aiohttp.ClientSession, path: str) -> None:
            start = time.perf_counter()
            try:
                async with http.get(self.base + path) as answer:
                    await answer.read()
                    status = answer.status
            except aiohttp.ClientError:
                status = 0
            self.times.append((time.perf_counter() - start) * 1000)
            self.statuses[status] += 1

        try:
            began = time.perf_counter()
            sent = 0
            while not stop.is_set():
                due = began + sent / self.rate
                await asyncio.sleep(max(0.0, due - time.perf_counter()))
                http = sessions[sent % len(sessions)]
                task = asyncio.create_task(one(http, rng.choice(self.paths)))
                pending.add(task)
                task.add_done_callback(pending.discard)
                sent += 1
            await asyncio.gather(*pending)
        finally:
            for http in sessions:
                await http.close()

    def figures(self) -> dict[str, float]:
        return {
            "pages_rate": self.rate,
            "pages": len(self.times),
            "page_ms_median": statistics.median(self.times) if self.times else 0.0,
            "page_ms_p99": percentile(self.times, 0.99) if self.times else 0.0,
            "pages_ok": self.statuses[200],
            "pages_busy": self.statuses[503],
            "page_errors": sum(
                n for status, n in self.statuses.items() if status not in (200, 503)
            ),
        }


async def run_in(
    workdir: Path,
    games: int,
    seconds: float,
    think: tuple[float, float],
    bot_delay: float,
    ramp: float,
    text_only: bool,
    pages_rate: float = 0.0,
    visits: list[str] | None = None,
) -> dict[str, float]:
    """The bench, with the bot's database and files in `workdir`."""
    limits = Limits(answer_timeout=30.0, ready_timeout=60.0, guild_ready_timeout=0.2)
    async with DiscordStandIn(limits=limits) as dc:
        guild = dc.add_guild("Bench")
        players = []
        for number in range(games):
            channel = guild.add_text_channel(f"table-{number}")
            user = dc.add_user(f"player{number}")
            guild.add_member(user)
            players.append(Player(dc, user, channel, number, think))
        ready = workdir / "ready"
        out = workdir / "out.json"
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "bench.latency_bot",
            dc.base_url,
            dc.gateway_url(),
            dc.token,
            str(workdir / "sky.db"),
            str(out),
            str(ready),
            str(bot_delay),
            "text" if text_only else "pictures",
            *(["pages"] if visits else []),
            cwd=ROOT,
        )
        visitors = None
        try:
            deadline = time.monotonic() + 60
            while not ready.exists():
                if time.monotonic() > deadline or process.returncode is not None:
                    raise RuntimeError("the bot did not become ready")
                await asyncio.sleep(0.1)
            await asyncio.sleep(1.0)
            idle = rss_kib(process.pid)
            began = time.perf_counter()
            await asyncio.gather(*(player.start_game(ramp) for player in players))
            stop = asyncio.Event()
            loops = [asyncio.create_task(player.play(stop)) for player in players]
            if visits and pages_rate > 0:
                base = ready.read_text().split(maxsplit=1)[1]
                visitors = Visitors(base, visits, pages_rate)
                loops.append(asyncio.create_task(visitors.visit(stop)))
            steady = time.perf_counter() - began + STEADY_AFTER
            await asyncio.sleep(seconds)
            busy = rss_kib(process.pid)
            stop.set()
            await asyncio.gather(*loops)
        finally:
            process.terminate()
            await process.wait()
        result = json.loads(out.read_text())
    latencies: list[float] = result["latencies_ms"]
    received: list[float] = result["received_at"]
    first = min(received)
    settled = [ms for ms, at in zip(latencies, received, strict=True) if at - first >= steady]
    trips = [t for player in players for t in player.round_trips]
    return {
        "games": games,
        "text_only": text_only,
        "seconds": seconds,
        "think_seconds_min": think[0],
        "think_seconds_max": think[1],
        "bot_delay_seconds": bot_delay,
        "interactions": len(latencies),
        "ramp_seconds": ramp,
        "bot_ms_median": statistics.median(latencies),
        "bot_ms_p99": percentile(latencies, 0.99),
        "steady_interactions": len(settled),
        "steady_bot_ms_median": statistics.median(settled),
        "steady_bot_ms_p99": percentile(settled, 0.99),
        "round_trip_ms_median": statistics.median(trips),
        "round_trip_ms_p99": percentile(trips, 0.99),
        "failures": sum(player.failures for player in players),
        "running_games_at_end": result["running_games"],
        "kib_per_running_game": (busy - idle) / games,
        **(visitors.figures() if visitors is not None else {}),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--think", default="1-3", help="a user's seconds before a click: LOW-HIGH")
    parser.add_argument("--bot-delay", type=float, default=1.0)
    parser.add_argument(
        "--ramp", type=float, default=10.0, help="seconds over which the games are opened"
    )
    parser.add_argument(
        "--text-only", action="store_true", help="the server's tables without pictures"
    )
    parser.add_argument(
        "--pages-rate", type=float, default=0.0, help="web pages asked for a second (0: none)"
    )
    parser.add_argument("--pages-results", type=int, default=100_000)
    parser.add_argument(
        "--serve-pages",
        action="store_true",
        help="serve the pages over the filled store even with no visitor (the baseline)",
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    low, _, high = args.think.partition("-")
    think = (float(low), float(high or low))
    figures = asyncio.run(
        run(
            args.games,
            args.seconds,
            think,
            args.bot_delay,
            args.ramp,
            args.text_only,
            args.pages_rate,
            args.pages_results,
            args.serve_pages,
        )
    )
    if args.json:
        print(json.dumps(figures))
        return
    print(
        f"{args.games} concurrent solo games for {args.seconds:g} s"
        f"{' (text only)' if args.text_only else ' (with pictures)'}; users think "
        f"{think[0]:g}–{think[1]:g} s a click, bots wait {args.bot_delay:g} s a move"
    )
    print(f"interactions answered      {figures['interactions']:,}")
    print(
        f"bot, receive → answer      median {figures['bot_ms_median']:.1f} ms, "
        f"p99 {figures['bot_ms_p99']:.1f} ms (whole run, games opened over {args.ramp:g} s)"
    )
    print(
        f"  once all games run       median {figures['steady_bot_ms_median']:.1f} ms, "
        f"p99 {figures['steady_bot_ms_p99']:.1f} ms "
        f"({figures['steady_interactions']:,} interactions from {STEADY_AFTER:g} s after the "
        "last game opened)"
    )
    print(
        f"users' round trip          median {figures['round_trip_ms_median']:.1f} ms, "
        f"p99 {figures['round_trip_ms_p99']:.1f} ms"
    )
    print(f"memory per running game    {figures['kib_per_running_game']:.1f} KiB")
    print(f"unanswered interactions    {figures['failures']}")
    if "pages" in figures:
        print(
            f"web pages                  {figures['pages']:,} at {args.pages_rate:g}/s: median "
            f"{figures['page_ms_median']:.1f} ms, p99 {figures['page_ms_p99']:.1f} ms, "
            f"{figures['pages_busy']} answered busy, {figures['page_errors']} errors"
        )


if __name__ == "__main__":
    main()
