"""The database connection: WAL, foreign keys, and numbered migrations by `PRAGMA user_version`."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import sqlite3
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib import resources
from pathlib import Path

import aiosqlite

log = logging.getLogger(__name__)

_MIGRATION = re.compile(r"^(\d{3})_[a-z0-9_]+\.sql$")
UNWRITABLE = {
    sqlite3.SQLITE_BUSY,
    sqlite3.SQLITE_READONLY,
    sqlite3.SQLITE_IOERR,
    sqlite3.SQLITE_FULL,
    sqlite3.SQLITE_CANTOPEN,
}
"""Primary result codes of a store that cannot take a write for now: locked, read-only, an I/O
error, a full disk, a file that cannot be opened."""


class StorageUnavailable(Exception):
    """A write was refused by the store itself (disk full, read-only…): nothing was saved."""


def migrations() -> list[tuple[int, str]]:
    """Every migration shipped with the bot, as (number, SQL), in order."""
    found = []
    for entry in resources.files("bot.storage.migrations").iterdir():
        match = _MIGRATION.match(entry.name)
        if match:
            found.append((int(match.group(1)), entry.read_text(encoding="utf-8")))
    found.sort()
    numbers = [number for number, _ in found]
    if numbers != list(range(1, len(numbers) + 1)):
        raise RuntimeError(f"migrations must be numbered 1, 2, 3… without gaps, not {numbers}")
    return found


class Database:
    """Owns the single aiosqlite connection of the bot."""

    def __init__(self, connection: aiosqlite.Connection) -> None:
        self.connection = connection
        self._writing = asyncio.Lock()

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """One write transaction at a time on the shared connection; committed on success.
        A store that refuses the write (full, read-only, locked) raises StorageUnavailable.

        The connection's thread runs a statement even when the task that asked for it is
        cancelled meanwhile, so the transaction is always ended (rolled back if it did not
        get to its commit) before the next one may begin."""
        async with self._writing:
            try:
                try:
                    await self._to_the_end("BEGIN IMMEDIATE")
                    yield self.connection
                    await self._to_the_end("COMMIT")
                except BaseException:
                    await self._to_the_end("ROLLBACK", ending=True)
                    raise
            except sqlite3.OperationalError as error:
                if error.sqlite_errorcode & 0xFF in UNWRITABLE:
                    raise StorageUnavailable(str(error)) from error
                raise

    async def _to_the_end(self, statement: str, *, ending: bool = False) -> None:
        """Run `statement` and wait for it, even through a cancellation (raised afterwards).
        An `ending` statement finding no transaction open (a BEGIN that failed) is no error."""
        running = asyncio.ensure_future(self.connection.execute(statement))
        try:
            await asyncio.shield(running)
        except asyncio.CancelledError:
            with contextlib.suppress(Exception):
                await running
            raise
        except sqlite3.OperationalError as error:
            if not (ending and "no transaction is active" in str(error)):
                raise

    @classmethod
    async def open(cls, path: Path) -> Database:
        path.parent.mkdir(parents=True, exist_ok=True)
        connection = await aiosqlite.connect(path, isolation_level=None)
        connection.row_factory = aiosqlite.Row
        await connection.execute("PRAGMA journal_mode = WAL")
        await connection.execute("PRAGMA synchronous = NORMAL")
        await connection.execute("PRAGMA foreign_keys = ON")
        await connection.execute("PRAGMA busy_timeout = 5000")
        database = cls(connection)
        await database.migrate()
        return database

    async def schema_version(self) -> int:
        async with self.connection.execute("PRAGMA user_version") as cursor:
            row = await cursor.fetchone()
        return int(row[0]) if row else 0

    async def migrate(self) -> None:
        current = await self.schema_version()
        for number, sql in migrations():
            if number <= current:
                continue
            log.info("Applying database migration %03d", number)
            async with self.transaction() as connection:
                for statement in _statements(sql):
                    await connection.execute(statement)
                await connection.execute(f"PRAGMA user_version = {number}")

    async def close(self) -> None:
        await self.connection.close()


def _statements(sql: str) -> list[str]:
    lines = [line for line in sql.splitlines() if not line.lstrip().startswith("--")]
    return [part.strip() for part in "\n".join(lines).split(";") if part.strip()]
