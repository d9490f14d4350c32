"""What opening a game costs, in its own thread or in its channel:
`python -m bench.game_open [--games 30] [--json]`.

Sky Table runs here against the local Discord stand-in, with bots that wait 0.05 s. For each
place, members open `--games` solo Skyjo games against one bot, one after the other: in
thread mode all from the same channel (each game gets a card there and a thread of its own),
in channel mode each in a channel of its own (one game a channel). Printed per place:
`answer_ms_median` (the command sent until the bot answered it), `table_ms_median` (until the
game's table stood in its channel or thread) and `counted_requests` per game opened (the REST
requests Discord counts against the bot's global limit; interaction answers and their webhooks
are not counted), as medians over the games.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import tempfile
import time
from functools import partial
from pathlib import Path
from typing import Any

from bot.client import SkyTableBot
from bot.config import BotSettings
from tests.e2e.harness import until
from tests.standin import DiscordStandIn
from tests.standin.world import Channel

BOT_DELAY = 0.05
EXEMPT = ("/interactions/", "/webhooks/")
"""Routes Discord's global limit does not count: interaction answers and their webhooks."""


def counted(path: str) -> bool:
    return not any(route in path for route in EXEMPT)


async def open_games(games: int, threads: bool, workdir: Path) -> dict[str, float]:
    async with DiscordStandIn() as dc:
        guild = dc.add_guild("Sky Club")
        user = dc.add_user("ana")
        guild.add_member(user)
        lobby = guild.add_text_channel("games")
        settings = BotSettings(
            discord_token=dc.token,
            database_path=workdir / f"{threads}.db",
            picture_processes=0,
            web_port=None,
        )
        bot = await dc.start_bot(SkyTableBot(settings, bot_delay=BOT_DELAY))
        try:
            await bot.sessions.guilds.set_threads(guild.id, threads)
            answers, tables, requests = [], [], []
            for number in range(games):
                channel = lobby if threads else guild.add_text_channel(f"table-{number}")
                before = len(dc.requests)
                started = time.perf_counter()
                result = await dc.slash(user, channel, "skyjo solo", bots=1)
                answers.append(time.perf_counter() - started)
                assert result.error is None, result.errors
                where = await _place(dc, guild, channel, threads, number)
                await until(partial(_table, dc, where), "the table")
                tables.append(time.perf_counter() - started)
                await asyncio.sleep(0.3)
                requests.append(sum(counted(r.path) for r in dc.requests[before:]))
        finally:
            await dc.stop_bot(bot)
    return {
        "answer_ms_median": round(1000 * statistics.median(answers), 1),
        "table_ms_median": round(1000 * statistics.median(tables), 1),
        "counted_requests_median": statistics.median(requests),
    }


async def _place(
    dc: DiscordStandIn, guild: Any, channel: Channel, threads: bool, number: int
) -> Channel:
    if not threads:
        return channel
    await until(lambda: len(guild.threads) > number, "the game's thread")
    thread: Channel = guild.threads[number]
    return thread


def _table(dc: DiscordStandIn, channel: Channel) -> bool:
    return any(m.custom_ids for m in dc.messages(channel))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        figures = {
            "thread": asyncio.run(open_games(args.games, True, Path(folder))),
            "channel": asyncio.run(open_games(args.games, False, Path(folder))),
        }
    if args.json:
        print(json.dumps(figures))
        return
    for place, values in figures.items():
        shown = ", ".join(f"{key} {value}" for key, value in values.items())
        print(f"{place}: {shown}")


if __name__ == "__main__":
    main()
