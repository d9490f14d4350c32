"""Sky Table in a process of its own, pointed at a local Discord stand-in, for tests that kill
it for real (`tests/e2e/test_crash.py`).

    python -m tests.e2e.bot_process BASE_URL GATEWAY_URL TOKEN DATABASE READY_FILE [SEED]
                                    [--threads]

DATABASE is a SQLite file's path or a PostgreSQL URL. READY_FILE is written once the bot is
connected and ready. Its servers play each game in its channel (`/table threads off`), unless
`--threads` leaves them the default: each game in a thread of its own. The bot runs until it
is killed; on SIGTERM it closes cleanly. SEED (optional) seeds the games it deals. The other
settings come from the environment, as for `python -m bot` (SHARD_COUNT and SHARD_IDS make it a
sharded bot).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import random
import signal
import sys
from pathlib import Path

import discord
import discord.asset
import discord.gateway
import discord.http
import yarl

from bot.client import make_bot
from bot.config import BotSettings
from bot.runtime import use_fast_loop

BOT_DELAY = 0.05
"""Seconds a bot waits before its move: short, so that tests move on quickly."""
GUILD_READY_TIMEOUT = 0.2
ANSWER_WITHIN = 2.5
"""How long a click on the table waits for its picture to be answered with the table, as in the
in-process harness: the tests read the table from a click's answer, on a busy machine."""
HURRY = math.inf
"""No click is acknowledged first for the loop's lateness alone, for the same reason (a click
waiting for its game still is, see `bot.sessions.patience`)."""


def point_at(base_url: str, gateway_url: str) -> None:
    """Make discord.py talk to the stand-in instead of Discord."""
    discord.http.Route.BASE = f"{base_url}/api/v10"
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)
    discord.asset.Asset.BASE = f"{base_url}/cdn"


async def main(argv: list[str]) -> None:
    threads = "--threads" in argv
    argv = [arg for arg in argv if arg != "--threads"]
    if len(argv) not in (5, 6):
        raise SystemExit(__doc__)
    base_url, gateway_url, token, database, ready_file = argv[:5]
    seeds = random.Random(int(argv[5])) if len(argv) == 6 else None
    logging.basicConfig(
        level=logging.WARNING,
        format="%(asctime)s %(process)d %(levelname)s %(name)s: %(message)s",
        stream=sys.stderr,
    )
    logging.getLogger("discord.client").addFilter(
        lambda record: "voice will NOT be supported" not in record.getMessage()
    )
    point_at(base_url, gateway_url)
    settings = BotSettings(
        discord_token=token,
        database_url=database,
        log_level="WARNING",
        dev_guild_id=None,
        avatar_cdn=None,
        web_port=None,
    )
    bot = make_bot(settings, bot_delay=BOT_DELAY, seeds=seeds)
    bot._connection.guild_ready_timeout = GUILD_READY_TIMEOUT

    @bot.event
    async def on_ready() -> None:
        bot.sessions.context.answer_within = ANSWER_WITHIN
        bot.sessions.context.strain.hurry = HURRY
        if not threads:
            for guild in bot.guilds:
                await bot.sessions.guilds.set_threads(guild.id, False)
        Path(ready_file).write_text("ready")

    stopping = asyncio.Event()
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stopping.set)
    runner = asyncio.create_task(bot.start(token))
    stopped = asyncio.create_task(stopping.wait())
    await asyncio.wait({runner, stopped}, return_when=asyncio.FIRST_COMPLETED)
    if runner.done():
        stopped.cancel()
        runner.result()
        return
    await bot.close()
    runner.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await runner


if __name__ == "__main__":
    use_fast_loop()
    asyncio.run(main(sys.argv[1:]))
