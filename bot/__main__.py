"""`python -m bot`: check the settings, then run the bot until interrupted."""

from __future__ import annotations

import logging
import sqlite3
import sys

import aiohttp
import discord
from pydantic import ValidationError

from bot import startup_errors
from bot.client import SkyTableBot
from bot.config import BotSettings


def check_database(settings: BotSettings) -> str | None:
    path = settings.database_path
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with sqlite3.connect(path) as connection:
            connection.execute("CREATE TABLE IF NOT EXISTS _write_check (x INTEGER)")
            connection.execute("DROP TABLE _write_check")
    except (OSError, sqlite3.Error) as error:
        return startup_errors.unwritable_database(path, str(error))
    return None


def main() -> int:
    try:
        settings = BotSettings()
    except ValidationError as error:
        details = "; ".join(
            f"{'.'.join(str(p) for p in e['loc']).upper()}: "
            + str(e["msg"]).removeprefix("Value error, ")
            for e in error.errors()
        )
        print(startup_errors.bad_settings(details), file=sys.stderr)
        return 2
    logging.basicConfig(
        level=settings.log_level,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    if settings.discord_token is None:
        print(startup_errors.MISSING_TOKEN, file=sys.stderr)
        return 2
    problem = check_database(settings)
    if problem is not None:
        print(problem, file=sys.stderr)
        return 2
    bot = SkyTableBot(settings)
    try:
        bot.run(settings.discord_token.get_secret_value(), log_handler=None)
    except discord.LoginFailure:
        print(startup_errors.REJECTED_TOKEN, file=sys.stderr)
        return 2
    except (aiohttp.ClientConnectionError, OSError) as error:
        print(startup_errors.UNREACHABLE.format(detail=error), file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
