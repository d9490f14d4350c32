"""SQLite's writes of many games committed together.

Each statement sent to aiosqlite's thread costs a turn of the event loop to come back, and
write transactions take turns: a move's save (begin, update, insert, commit) made several
of them in a row while every other write waited. Here the writes that queue up while one batch
is written are the next batch: one trip to the connection's thread runs them all in one
transaction, each in a savepoint of its own, so that a write that fails (a stale version, a
broken rule) is undone alone. No write is reported done before its batch is committed.
"""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from functools import partial

from bot.storage.database import Mismatch, Statement

Outcomes = list[Exception | None]
Run = Callable[[Callable[[], Outcomes]], Awaitable[Outcomes]]
"""Runs a function in the connection's thread and returns what it returned."""


@dataclass
class _Write:
    statements: Sequence[Statement]
    done: asyncio.Future[None]


def written(connection: sqlite3.Connection, writes: Sequence[Sequence[Statement]]) -> Outcomes:
    """Every write in one transaction (in the connection's thread): for each, None, or the
    error that undid it. An error beginning or committing the transaction is raised: then
    nothing was written."""
    outcomes: Outcomes = []
    connection.execute("BEGIN IMMEDIATE")
    try:
        for statements in writes:
            connection.execute("SAVEPOINT write")
            try:
                for index, statement in enumerate(statements):
                    changed = connection.execute(statement.sql, statement.params).rowcount
                    if statement.expect is not None and changed != statement.expect:
                        raise Mismatch(index, changed)
            except Exception as error:
                if not connection.in_transaction:
                    raise  # SQLite ended the whole transaction (a full disk, say)
                connection.execute("ROLLBACK TO write")
                outcomes.append(error)
            else:
                outcomes.append(None)
            connection.execute("RELEASE write")
        connection.execute("COMMIT")
    except BaseException:
        with contextlib.suppress(sqlite3.Error):
            connection.execute("ROLLBACK")
        raise
    return outcomes


class GroupCommit:
    def __init__(
        self,
        connection: Callable[[], sqlite3.Connection],
        run: Run,
        writing: asyncio.Lock,
        translated: Callable[[BaseException], BaseException],
    ) -> None:
        """`run` runs a function in the thread of `connection()`; `writing` is held while a
        batch is written, as by any other write transaction; `translated` turns SQLite's
        errors into the store's."""
        self._connection = connection
        self._run = run
        self._writing = writing
        self._translated = translated
        self._waiting: list[_Write] = []
        self._flushing: asyncio.Task[None] | None = None

    async def write(self, statements: Sequence[Statement]) -> None:
        """The write, committed with the others waiting; raises what undid it. A caller
        cancelled meanwhile still waits for the outcome (it may be committed) before the
        cancellation goes on."""
        loop = asyncio.get_running_loop()
        write = _Write(statements, loop.create_future())
        self._waiting.append(write)
        if self._flushing is None or self._flushing.done():
            self._flushing = loop.create_task(self._flush(), name="group-commit")
        try:
            await asyncio.shield(write.done)
        except asyncio.CancelledError:
            with contextlib.suppress(Exception):
                await write.done
            raise

    async def _flush(self) -> None:
        while self._waiting:
            async with self._writing:
                batch, self._waiting = self._waiting, []
                connection = self._connection()
                writes = [write.statements for write in batch]
                running = asyncio.ensure_future(self._run(partial(written, connection, writes)))
                try:
                    await asyncio.shield(running)
                except asyncio.CancelledError:
                    with contextlib.suppress(Exception):
                        await running  # the thread writes it all the same
                    self._settle(batch, running)
                    raise
                except Exception:
                    pass
            self._settle(batch, running)

    def _settle(self, batch: list[_Write], running: asyncio.Future[Outcomes]) -> None:
        """Tell each write of the batch its outcome."""
        error = asyncio.CancelledError() if running.cancelled() else running.exception()
        outcomes = running.result() if error is None else [error] * len(batch)
        for write, outcome in zip(batch, outcomes, strict=True):
            if write.done.done():
                continue
            if outcome is None:
                write.done.set_result(None)
            else:
                write.done.set_exception(self._translated(outcome))

    async def drain(self) -> None:
        """Wait until every write asked for is written (before the connection closes)."""
        while self._flushing is not None and not self._flushing.done():
            await asyncio.shield(self._flushing)
