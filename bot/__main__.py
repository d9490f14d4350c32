"""`python -m bot`: check the settings, then run the bot until interrupted."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import sys
from contextlib import closing, suppress
from pathlib import Path

import aiohttp
import asyncpg
import discord
from pydantic import ValidationError

from bot import startup_errors
from bot.client import make_bot
from bot.config import BotSettings
from bot.runtime import use_fast_loop

POSTGRES_CONNECT_SECONDS = 10


def check_database(settings: BotSettings) -> str | None:
    store = settings.store
    if isinstance(store, str):
        return asyncio.run(check_postgres(store))
    return check_sqlite(store)


def check_sqlite(path: Path) -> str | None:
    """Whether the database file can be written. What the check creates, it removes: the
    bot creates the file once it has logged in, so a start that fails leaves nothing behind."""
    created = [folder for folder in (path.parent, *path.parent.parents) if not folder.exists()]
    existed = path.exists()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with closing(sqlite3.connect(path)) as connection:
            connection.execute("CREATE TABLE IF NOT EXISTS _write_check (x INTEGER)")
            connection.execute("DROP TABLE _write_check")
    except (OSError, sqlite3.Error) as error:
        return startup_errors.unwritable_database(path, str(error))
    finally:
        remove_created(path if not existed else None, created)
    return None


def remove_created(file: Path | None, folders: list[Path]) -> None:
    """Removes the file, then the folders, innermost first, as far as they are gone or empty."""
    with suppress(OSError):
        if file is not None:
            file.unlink(missing_ok=True)
        for folder in folders:
            folder.rmdir()


async def check_postgres(url: str) -> str | None:
    where = url.rsplit("@", 1)[-1]
    try:
        connection = await asyncio.wait_for(asyncpg.connect(url), POSTGRES_CONNECT_SECONDS)
    except (OSError, TimeoutError, asyncpg.PostgresError, asyncpg.InterfaceError) as error:
        return startup_errors.unreachable_database(where, str(error) or type(error).__name__)
    await connection.close()
    return None


def main() -> int:
    try:
        settings = BotSettings()
    except ValidationError as error:
        details = "; ".join(
            ": ".join(
                part
                for part in (
                    ".".join(str(p) for p in e["loc"]).upper(),
                    str(e["msg"]).removeprefix("Value error, "),
                )
                if part
            )
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
    bot = make_bot(settings)
    use_fast_loop()
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
