"""`python -m bot.web`: the web pages alone, against the bot's store (the same settings as
`python -m bot`: DATABASE_URL or DATABASE_PATH, WEB_PORT, WEB_HOST, WEB_URL), for a bot that
runs in several processes or serves no pages itself. Stops on Ctrl+C or SIGTERM."""

from __future__ import annotations

import asyncio
import logging
import signal
import sys

from pydantic import ValidationError

from bot.catalog import installed
from bot.config import BotSettings
from bot.runtime import use_fast_loop
from bot.storage import open_database
from bot.ui.avatars import AvatarCache
from bot.ui.rendering import PictureCache
from bot.web.app import serve
from bot.web.pages import Sources

log = logging.getLogger("bot.web")


async def run(settings: BotSettings) -> int:
    if settings.web_port is None:
        log.error("WEB_PORT is empty: set the port to serve the pages on (8080, say)")
        return 2
    database = await open_database(settings.store)
    pictures = PictureCache(processes=settings.picture_processes)
    avatars = AvatarCache(settings.avatar_cdn)
    try:
        served = await serve(settings, Sources(database, installed(), pictures, avatars))
        if served is None:
            return 1
        stopping = asyncio.Event()
        loop = asyncio.get_running_loop()
        if sys.platform != "win32":  # where Ctrl+C alone stops it, as KeyboardInterrupt
            for signum in (signal.SIGINT, signal.SIGTERM):
                loop.add_signal_handler(signum, stopping.set)
        await stopping.wait()
        await served.close()
        return 0
    finally:
        await avatars.close()
        pictures.close()
        await database.close()


def main() -> int:
    try:
        settings = BotSettings()
    except ValidationError as error:
        print(f"The settings are not valid:\n{error}", file=sys.stderr)
        return 2
    logging.basicConfig(
        level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    use_fast_loop()
    try:
        return asyncio.run(run(settings))
    except KeyboardInterrupt:
        return 0


if __name__ == "__main__":
    sys.exit(main())
