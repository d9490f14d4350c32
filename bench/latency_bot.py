"""The bot process of `bench.bot_latency` and `bench.load`: Sky Table pointed at a local Discord
stand-in, timing each interaction from the moment its gateway event is parsed to the moment its
answer has been sent.

    python -m bench.latency_bot BASE_URL GATEWAY_URL TOKEN DATABASE OUT_JSON READY_FILE \
        BOT_DELAY LOOK [pages]

DATABASE is a SQLite file's path or a PostgreSQL URL.
LOOK is `pictures` or `text` (the servers' tables as text only). With `pages`, the bot serves
its web pages on a free port, and READY_FILE, once written, holds `ready` and their address. Its
servers play one game a channel (`/table threads off`), as the benches' users expect. The
process runs until SIGTERM, then writes OUT_JSON: `latencies_ms`, `received_at` (each
interaction's arrival on `time.perf_counter`'s clock, which on Linux is the system's monotonic
clock, shared by every process), `running_games`, `bot_moves`: each move of a bot seat, as [game
id, the version it was saved as, when its save was committed], and `tables_shown`: each time the
bot showed a game's public message (edited it, or posted it anew), as [message id, game id, the
game's version then, when the bot began, when Discord had taken it] (times on `time.time()`'s
clock, which the stand-in's also reads). With SKYTABLE_PROFILE=FILE in the environment, the bot
process runs under cProfile and writes its statistics to FILE (timed by the main thread's CPU
time with SKYTABLE_PROFILE_CLOCK=cpu, else by the wall clock). With SKYTABLE_TRACEMALLOC=FILE,
it traces the Python heap and writes, at SIGTERM, where the memory it holds was allocated,
largest first, to FILE.PID (SKYTABLE_TRACEMALLOC_FRAMES: frames a place, 1 by default).
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sys
import time
import tracemalloc
from collections.abc import Callable, Coroutine, Sequence
from pathlib import Path
from typing import Any

import discord
import discord.gateway
import discord.http
import yarl
from discord.webhook.async_ import AsyncWebhookAdapter

from bot.client import SkyTableBot
from bot.config import BotSettings
from bot.runtime import use_fast_loop
from bot.sessions.display import Display, Queued
from bot.storage.games import GameRepository, Move
from bot.storage.records import GameRecord, ResultRecord
from bot.ui.rendering import Message


def point_at(base: str, gateway: str) -> None:
    """discord.py's REST and gateway addresses: the stand-in's."""
    discord.http.Route.BASE = f"{base}/api/v10"
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway)


class AnswerTimes:
    """The client's time from parsing each INTERACTION_CREATE to having sent its answer (the
    interaction callback, whether Discord took it or refused it as too late), in milliseconds,
    with each interaction's arrival moment."""

    def __init__(self, client: discord.Client) -> None:
        self.latencies: list[float] = []
        self.moments: list[float] = []
        self.received: dict[int, float] = {}
        latencies, moments, received = self.latencies, self.moments, self.received
        parsers = client._connection.parsers
        parse_interaction = parsers["INTERACTION_CREATE"]

        def timed_parse(data: dict[str, Any]) -> None:
            received[int(data["id"])] = time.perf_counter()
            parse_interaction(data)

        parsers["INTERACTION_CREATE"] = timed_parse
        respond = AsyncWebhookAdapter.create_interaction_response

        async def timed_respond(
            self: AsyncWebhookAdapter, interaction_id: int, *args: Any, **kwargs: Any
        ) -> Any:
            try:
                return await respond(self, interaction_id, *args, **kwargs)
            finally:
                start = received.pop(int(interaction_id), None)
                if start is not None:
                    latencies.append((time.perf_counter() - start) * 1000)
                    moments.append(start)

        AsyncWebhookAdapter.create_interaction_response = timed_respond  # type: ignore[method-assign]

    def figures(self) -> dict[str, Any]:
        """`unanswered`: interactions received and not answered (or still being answered)."""
        return {
            "latencies_ms": self.latencies,
            "received_at": self.moments,
            "unanswered": len(self.received),
        }


class BotMoves:
    """Each move of a bot seat once saved: its game, the version it was saved as, and when the
    save was committed (`time.time()`)."""

    def __init__(self) -> None:
        self.saved: list[tuple[int, int, float]] = []
        saved = self.saved
        save, finish = GameRepository.save, GameRepository.finish

        def note(game: GameRecord, move: Move | None) -> None:
            if move is not None and game.seats[move.seat].bot_level is not None:
                saved.append((game.id, game.version, time.time()))

        async def timed_save(
            repository: GameRepository,
            game: GameRecord,
            move: Move | None = None,
            *,
            over: int,
            reopened: bool = False,
        ) -> None:
            await save(repository, game, move, over=over, reopened=reopened)
            note(game, move)

        async def timed_finish(
            repository: GameRepository,
            game: GameRecord,
            results: Sequence[ResultRecord],
            move: Move | None = None,
            **options: Any,
        ) -> None:
            await finish(repository, game, results, move, **options)
            note(game, move)

        GameRepository.save = timed_save  # type: ignore[method-assign, assignment]
        GameRepository.finish = timed_finish  # type: ignore[method-assign, assignment]


class TablesShown:
    """Each time a game's public message was shown (`Display.edit`, `Display.post`, which
    render it at the game's version of the moment, and a queued state sent): the message, its
    game and version, and when the showing began and ended."""

    def __init__(self) -> None:
        self.shown: list[tuple[int, int, int, float, float]] = []
        shown = self.shown
        edit, post, send_queued = Display.edit, Display.post, Display._send_queued

        async def timed_edit(
            display: Display, message: Message, interaction: discord.Interaction[Any] | None = None
        ) -> None:
            record, began = display.session.record, time.time()
            version = record.version
            await edit(display, message, interaction)
            shown.append((record.message_id or 0, record.id, version, began, time.time()))

        async def timed_post(display: Display, message: Message) -> None:
            record, began = display.session.record, time.time()
            version = record.version
            await post(display, message)
            shown.append((record.message_id or 0, record.id, version, began, time.time()))

        async def timed_queued(display: Display, queued: Queued) -> None:
            record, began = display.session.record, time.time()
            await send_queued(display, queued)
            if not display.stale:
                shown.append((queued.message_id, record.id, queued.version, began, time.time()))

        Display.edit = timed_edit  # type: ignore[method-assign, assignment]
        Display.post = timed_post  # type: ignore[method-assign, assignment]
        Display._send_queued = timed_queued  # type: ignore[method-assign, assignment]


async def serve_until_terminated(
    client: discord.Client,
    token: str,
    out: str,
    times: AnswerTimes,
    extra: Callable[[], dict[str, Any]] = dict,
) -> None:
    """Runs the client until SIGTERM, then closes it and writes the answer times (and `extra`,
    read before closing) to `out` as JSON."""
    loop = asyncio.get_running_loop()
    stopping = asyncio.Event()
    loop.add_signal_handler(signal.SIGTERM, stopping.set)
    runner = asyncio.create_task(client.start(token))
    await stopping.wait()
    figures = {**times.figures(), **extra()}
    await client.close()
    runner.cancel()
    Path(out).write_text(json.dumps(figures))


def run(main: Callable[[list[str]], Coroutine[Any, Any, None]]) -> None:
    """Runs `main(argv)` on Sky Table's event loop (`bot.runtime`), under cProfile when
    SKYTABLE_PROFILE names a file for its figures: timed by the wall clock, or with
    SKYTABLE_PROFILE_CLOCK=cpu by the CPU time of the main thread (the event loop's; time spent
    waiting, or running other threads, is left out)."""
    use_fast_loop()
    profile = os.environ.get("SKYTABLE_PROFILE")
    if not profile:
        asyncio.run(main(sys.argv[1:]))
        return
    import cProfile

    cpu = os.environ.get("SKYTABLE_PROFILE_CLOCK") == "cpu"
    profiler = cProfile.Profile(time.thread_time) if cpu else cProfile.Profile()
    profiler.enable()
    try:
        asyncio.run(main(sys.argv[1:]))
    finally:
        profiler.disable()
        profiler.dump_stats(profile)


async def main(argv: list[str]) -> None:
    base, gateway, token, database, out, ready_file, bot_delay, look, *pages = argv
    point_at(base, gateway)
    settings = BotSettings(
        discord_token=token,
        database_url=database,
        log_level="WARNING",
        dev_guild_id=None,
        web_port=0 if pages == ["pages"] else None,
    )
    bot = SkyTableBot(settings, bot_delay=float(bot_delay))
    bot._connection.guild_ready_timeout = 0.2
    times = AnswerTimes(bot)
    moves = BotMoves()
    tables = TablesShown()

    @bot.event
    async def on_ready() -> None:
        for guild in bot.guilds:
            await bot.sessions.guilds.set_text_only(guild.id, look == "text")
            await bot.sessions.guilds.set_threads(guild.id, False)
        served = bot.pages
        Path(ready_file).write_text(f"ready {served.url if served is not None else ''}")

    memory = os.environ.get("SKYTABLE_TRACEMALLOC")
    if memory:
        tracemalloc.start(int(os.environ.get("SKYTABLE_TRACEMALLOC_FRAMES", "1")))

    def extra() -> dict[str, Any]:
        if memory:
            write_allocations(f"{memory}.{os.getpid()}")
        return {
            "running_games": len(bot.sessions.running),
            "bot_moves": moves.saved,
            "tables_shown": tables.shown,
        }

    await serve_until_terminated(bot, token, out, times, extra)


def write_allocations(path: str, top: int = 60) -> None:
    """The memory the Python heap holds, by where it was allocated, largest first."""
    snapshot = tracemalloc.take_snapshot()
    key = "traceback" if tracemalloc.get_traceback_limit() > 1 else "lineno"
    statistics = snapshot.statistics(key)
    total = sum(stat.size for stat in statistics)
    lines = [f"total {total / 1024:.0f} KiB in {len(statistics)} places"]
    for stat in statistics[:top]:
        lines.append(f"{stat.size / 1024:10.0f} KiB {stat.count:8d} blocks")
        lines += [f"        {frame}" for frame in stat.traceback.format()]
    Path(path).write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    run(main)
