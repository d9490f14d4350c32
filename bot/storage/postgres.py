"""PostgreSQL, the store shared by several bot processes (through asyncpg): a small pool of
connections, the same queries as SQLite with their `?` placeholders numbered, and migrations
numbered in a `schema_version` table."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from functools import lru_cache

import asyncpg
from asyncpg import Record
from asyncpg.pool import PoolConnectionProxy

from bot.storage.database import (
    Conflict,
    Database,
    Params,
    Row,
    StorageUnavailable,
    Transaction,
    migrations,
    statements,
)

log = logging.getLogger(__name__)

POOL_SIZE = 4
UNAVAILABLE_CLASSES = ("08", "53", "57")
"""SQLSTATE classes of a store that cannot take a write for now: the connection failed,
resources ran out (a full disk), or an operator intervened (a shutdown)."""
UNAVAILABLE_STATES = ("25006", "40001", "40P01")
"""A read-only transaction, a serialization failure, a deadlock."""
MIGRATION_LOCK = 7_235_012
"""The advisory lock that keeps two processes from migrating at once."""


@lru_cache(maxsize=512)
def numbered(sql: str) -> str:
    """`sql` with each `?` outside quotes turned into `$1`, `$2`…"""
    out: list[str] = []
    count = 0
    quote: str | None = None
    for character in sql:
        if quote is not None:
            if character == quote:
                quote = None
        elif character in "'\"":
            quote = character
        elif character == "?":
            count += 1
            out.append(f"${count}")
            continue
        out.append(character)
    return "".join(out)


def _changed(status: str) -> int:
    """The rows a command changed, from its status ("UPDATE 1", "INSERT 0 3")."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


BROKEN = (
    OSError,
    asyncpg.InterfaceError,
    asyncpg.InternalClientError,
    asyncpg.PostgresConnectionError,
)
"""A connection that no longer works (the server ended it, or the network did)."""


def translated(error: BaseException) -> BaseException | None:
    """The store's own exception for a driver's error, or None to let it through."""
    if isinstance(error, asyncpg.UniqueViolationError):
        return Conflict(str(error))
    if isinstance(error, BROKEN):
        return StorageUnavailable(str(error) or type(error).__name__)
    if isinstance(error, asyncpg.PostgresError):
        state = str(getattr(error, "sqlstate", "") or "")
        if state.startswith(UNAVAILABLE_CLASSES) or state in UNAVAILABLE_STATES:
            return StorageUnavailable(str(error))
    return None


class PostgresTransaction:
    def __init__(self, connection: PoolConnectionProxy[Record]) -> None:
        self.connection = connection

    async def execute(self, sql: str, params: Params = ()) -> int:
        return _changed(await self.connection.execute(numbered(sql), *params))

    async def executemany(self, sql: str, rows: Iterable[Params]) -> None:
        await self.connection.executemany(numbered(sql), [tuple(row) for row in rows])

    async def fetchone(self, sql: str, params: Params = ()) -> Row | None:
        row: Row | None = await self.connection.fetchrow(numbered(sql), *params)
        return row

    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]:
        return list(await self.connection.fetch(numbered(sql), *params))


class PostgresDatabase(Database):
    dialect = "postgres"

    def __init__(self, pool: asyncpg.Pool, url: str) -> None:
        self.pool = pool
        self.url = url

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Transaction]:
        try:
            connection, transaction = await self._begin()
            try:
                yield PostgresTransaction(connection)
            except BaseException:
                try:
                    await transaction.rollback()
                except Exception:
                    connection.terminate()  # not to go back to the pool half-way
                raise
            else:
                await transaction.commit()
            finally:
                await self.pool.release(connection)
        except Exception as error:
            mine = translated(error)
            if mine is None:
                raise
            raise mine from error

    async def _begin(self) -> tuple[PoolConnectionProxy[Record], asyncpg.transaction.Transaction]:
        """A transaction begun on a pooled connection. A connection the server ended while it
        lay in the pool (a restart, a failover) fails at BEGIN, before anything was done: it
        is closed and the transaction begun on another (each pooled one may have been)."""
        for _ in range(POOL_SIZE):
            with contextlib.suppress(*BROKEN):
                return await self._begin_once()
        return await self._begin_once()

    async def _begin_once(
        self,
    ) -> tuple[PoolConnectionProxy[Record], asyncpg.transaction.Transaction]:
        connection = await self.pool.acquire()
        transaction = connection.transaction()
        try:
            await transaction.start()
        except BaseException as error:
            if isinstance(error, BROKEN):
                connection.terminate()
            await self.pool.release(connection)
            raise
        return connection, transaction

    async def _read(self, sql: str, params: Params) -> list[Row]:
        """The rows, read again on another connection if the first ones had been ended."""
        try:
            for _ in range(POOL_SIZE):
                with contextlib.suppress(*BROKEN):
                    return list(await self.pool.fetch(numbered(sql), *params))
            return list(await self.pool.fetch(numbered(sql), *params))
        except Exception as error:
            raise translated(error) or error from error

    async def fetchone(self, sql: str, params: Params = ()) -> Row | None:
        rows = await self._read(sql, params)
        return rows[0] if rows else None

    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]:
        return await self._read(sql, params)

    @classmethod
    async def open(cls, url: str) -> PostgresDatabase:
        try:
            pool = await asyncpg.create_pool(url, min_size=1, max_size=POOL_SIZE)
        except Exception as error:
            raise translated(error) or error from error
        database = cls(pool, url)
        try:
            await database.migrate()
        except BaseException:
            await pool.close()
            raise
        return database

    async def schema_version(self) -> int:
        if not await self._has_versions():
            return 0
        row = await self.fetchone("SELECT MAX(version) AS version FROM schema_version")
        return int(row["version"] or 0) if row else 0

    async def _has_versions(self) -> bool:
        row = await self.fetchone("SELECT to_regclass('schema_version') IS NOT NULL AS found")
        return bool(row and row["found"])

    async def migrate(self) -> None:
        """Applies the migrations not applied yet, in one transaction under an advisory lock:
        another process migrating meanwhile is waited for."""
        async with self.transaction() as transaction:
            await transaction.execute("SELECT pg_advisory_xact_lock(?)", (MIGRATION_LOCK,))
            await transaction.execute(
                "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)"
            )
            row = await transaction.fetchone("SELECT MAX(version) AS version FROM schema_version")
            current = int(row["version"] or 0) if row else 0
            for number, sql in migrations("postgres"):
                if number <= current:
                    continue
                log.info("Applying database migration %03d", number)
                for statement in statements(sql):
                    await transaction.execute(statement)
                await transaction.execute(
                    "INSERT INTO schema_version (version) VALUES (?)", (number,)
                )

    async def close(self) -> None:
        await self.pool.close()

    def describe(self) -> str:
        host = self.url.rsplit("@", 1)[-1]
        return f"PostgreSQL at {host}"
