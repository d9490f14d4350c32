"""The bot process of `bench.bot_latency`: Sky Table pointed at a local Discord stand-in,
timing each interaction from the moment its gateway event is parsed to the moment its answer
has been sent.

    python -m bench.latency_bot BASE_URL GATEWAY_URL TOKEN DATABASE OUT_JSON READY_FILE \
        BOT_DELAY LOOK

LOOK is `pictures` or `text` (the servers' tables as text only). With SKYTABLE_PROFILE=FILE
in the environment, the bot process runs under cProfile and writes its statistics to FILE.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sys
import time
from pathlib import Path
from typing import Any

import discord
import discord.gateway
import discord.http
import yarl
from discord.webhook.async_ import AsyncWebhookAdapter

from bot.client import SkyTableBot
from bot.config import BotSettings


async def main(argv: list[str]) -> None:
    base, gateway, token, database, out, ready_file, bot_delay, look = argv
    discord.http.Route.BASE = f"{base}/api/v10"
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway)
    settings = BotSettings(discord_token=token, database_path=Path(database), log_level="WARNING")
    bot = SkyTableBot(settings, bot_delay=float(bot_delay))
    bot._connection.guild_ready_timeout = 0.2
    received: dict[int, float] = {}
    latencies: list[float] = []
    moments: list[float] = []

    parsers = bot._connection.parsers
    parse_interaction = parsers["INTERACTION_CREATE"]

    def timed_parse(data: dict[str, Any]) -> None:
        received[int(data["id"])] = time.perf_counter()
        parse_interaction(data)

    parsers["INTERACTION_CREATE"] = timed_parse
    respond = AsyncWebhookAdapter.create_interaction_response

    async def timed_respond(
        self: AsyncWebhookAdapter, interaction_id: int, *args: Any, **kwargs: Any
    ) -> Any:
        answer = await respond(self, interaction_id, *args, **kwargs)
        start = received.pop(int(interaction_id), None)
        if start is not None:
            latencies.append((time.perf_counter() - start) * 1000)
            moments.append(start)
        return answer

    AsyncWebhookAdapter.create_interaction_response = timed_respond  # type: ignore[method-assign]

    @bot.event
    async def on_ready() -> None:
        for guild in bot.guilds:
            await bot.sessions.guilds.set_text_only(guild.id, look == "text")
        Path(ready_file).write_text("ready")

    loop = asyncio.get_running_loop()
    stopping = asyncio.Event()
    loop.add_signal_handler(signal.SIGTERM, stopping.set)
    runner = asyncio.create_task(bot.start(token))
    await stopping.wait()
    running_games = len(bot.sessions.running)
    await bot.close()
    runner.cancel()
    Path(out).write_text(
        json.dumps(
            {"latencies_ms": latencies, "received_at": moments, "running_games": running_games}
        )
    )


if __name__ == "__main__":
    profile = os.environ.get("SKYTABLE_PROFILE")
    if profile:
        import cProfile

        cProfile.run("asyncio.run(main(sys.argv[1:]))", profile)
    else:
        asyncio.run(main(sys.argv[1:]))
