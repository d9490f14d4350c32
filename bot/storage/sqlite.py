"""SQLite, the embedded default store: one aiosqlite connection in WAL mode, foreign keys on,
migrations numbered by `PRAGMA user_version`."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sqlite3
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import TypeVar

import aiosqlite

from bot.storage.database import (
    Conflict,
    Database,
    Params,
    Row,
    Statement,
    StorageUnavailable,
    Transaction,
    migrations,
    statements,
)
from bot.storage.group_commit import GroupCommit

log = logging.getLogger(__name__)

T = TypeVar("T")

UNWRITABLE = {
    sqlite3.SQLITE_BUSY,
    sqlite3.SQLITE_READONLY,
    sqlite3.SQLITE_IOERR,
    sqlite3.SQLITE_FULL,
    sqlite3.SQLITE_CANTOPEN,
}
"""Primary result codes of a store that cannot take a write for now: locked, read-only, an I/O
error, a full disk, a file that cannot be opened."""


async def _wal(connection: aiosqlite.Connection, tries: int = 50) -> None:
    """Turns on write-ahead logging. Another process turning it on at the same moment holds
    the file without waiting for the busy timeout, so a locked file is tried again."""
    for attempt in range(tries):
        try:
            await connection.execute("PRAGMA journal_mode = WAL")
            return
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) or attempt == tries - 1:
                raise
            await asyncio.sleep(0.1)


def translated(error: BaseException) -> BaseException:
    """SQLite's error as the store's: a broken uniqueness rule is a Conflict, a store that
    cannot take a write for now StorageUnavailable; any other error as it is."""
    if isinstance(error, sqlite3.IntegrityError) and "UNIQUE" in str(error):
        store_error: BaseException = Conflict(str(error))
    elif isinstance(error, sqlite3.OperationalError) and (
        error.sqlite_errorcode & 0xFF in UNWRITABLE
    ):
        store_error = StorageUnavailable(str(error))
    else:
        return error
    store_error.__cause__ = error
    return store_error


class SqliteTransaction:
    def __init__(self, connection: aiosqlite.Connection) -> None:
        self.connection = connection

    async def execute(self, sql: str, params: Params = ()) -> int:
        async with self.connection.execute(sql, params) as cursor:
            return cursor.rowcount

    async def executemany(self, sql: str, rows: Iterable[Params]) -> None:
        await self.connection.executemany(sql, rows)

    async def fetchone(self, sql: str, params: Params = ()) -> Row | None:
        async with self.connection.execute(sql, params) as cursor:
            row: Row | None = await cursor.fetchone()
        return row

    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]:
        async with self.connection.execute(sql, params) as cursor:
            return list(await cursor.fetchall())


class SqliteDatabase(Database):
    """Owns the single aiosqlite connection of the bot."""

    dialect = "sqlite"

    def __init__(self, connection: aiosqlite.Connection, path: Path) -> None:
        self.connection = connection
        self.path = path
        self._writing = asyncio.Lock()
        self._group = GroupCommit(
            lambda: connection._conn, self._in_thread, self._writing, translated
        )

    async def _in_thread(self, function: Callable[[], T]) -> T:
        """`function` run in the connection's thread, where aiosqlite runs every statement."""
        result: T = await self.connection._execute(function)  # type: ignore[no-untyped-call]
        return result

    async def write(self, statements: Sequence[Statement]) -> None:
        """Committed together with the other writes waiting meanwhile (`GroupCommit`)."""
        await self._group.write(statements)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Transaction]:
        """One write transaction at a time on the shared connection.

        The connection's thread runs a statement even when the task that asked for it is
        cancelled meanwhile, so the transaction is always ended (rolled back if it did not
        get to its commit) before the next one may begin."""
        async with self._writing:
            try:
                try:
                    await self._to_the_end("BEGIN IMMEDIATE")
                    yield SqliteTransaction(self.connection)
                    await self._to_the_end("COMMIT")
                except BaseException:
                    await self._to_the_end("ROLLBACK", ending=True)
                    raise
            except (sqlite3.IntegrityError, sqlite3.OperationalError) as error:
                store_error = translated(error)
                if store_error is error:
                    raise
                raise store_error from error

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

    async def fetchone(self, sql: str, params: Params = ()) -> Row | None:
        async with self.connection.execute(sql, params) as cursor:
            row: Row | None = await cursor.fetchone()
        return row

    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]:
        async with self.connection.execute(sql, params) as cursor:
            return list(await cursor.fetchall())

    @classmethod
    async def open(cls, path: Path) -> SqliteDatabase:
        path.parent.mkdir(parents=True, exist_ok=True)
        connection = await aiosqlite.connect(path, isolation_level=None)
        connection.row_factory = aiosqlite.Row
        await connection.execute("PRAGMA busy_timeout = 5000")
        await _wal(connection)
        await connection.execute("PRAGMA synchronous = NORMAL")
        await connection.execute("PRAGMA foreign_keys = ON")
        database = cls(connection, path)
        await database.migrate()
        return database

    async def schema_version(self) -> int:
        row = await self.fetchone("PRAGMA user_version")
        return int(row[0]) if row else 0

    async def migrate(self) -> None:
        """Applies the migrations not applied yet, each in its own transaction; the version is
        read under the write lock, so another process migrating meanwhile is waited for."""
        for number, sql in migrations("sqlite"):
            async with self.transaction() as transaction:
                row = await transaction.fetchone("PRAGMA user_version")
                if number <= (int(row[0]) if row else 0):
                    continue
                log.info("Applying database migration %03d", number)
                for statement in statements(sql):
                    await transaction.execute(statement)
                await transaction.execute(f"PRAGMA user_version = {number}")

    async def close(self) -> None:
        await self._group.drain()
        await self.connection.close()

    def describe(self) -> str:
        return f"SQLite at {self.path}"
