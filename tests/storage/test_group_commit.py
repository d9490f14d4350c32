"""SQLite's writes committed together: every write that waits while a batch is written goes in
the next one, each undone alone when it fails, and none reported done before its commit."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import TypeVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.storage.database import Conflict, Mismatch, Statement, StorageUnavailable
from bot.storage.group_commit import GroupCommit
from bot.storage.sqlite import SqliteDatabase, translated

T = TypeVar("T")

SCHEMA = "CREATE TABLE counters (name TEXT PRIMARY KEY, value INTEGER NOT NULL)"


def bump(name: str, expect: int | None = 1) -> Statement:
    return Statement("UPDATE counters SET value = value + 1 WHERE name = ?", (name,), expect)


def insert(name: str) -> Statement:
    return Statement("INSERT INTO counters (name, value) VALUES (?, 0)", (name,))


class Trips:
    """A connection's thread as aiosqlite has one, counting the trips made to it."""

    def __init__(self, path: Path) -> None:
        self.connection = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        self.connection.execute("PRAGMA busy_timeout = 100")
        self.count = 0
        self.gate: asyncio.Event | None = None

    async def run(self, function: Callable[[], T]) -> T:
        self.count += 1
        if self.gate is not None:
            await self.gate.wait()
        return await asyncio.to_thread(function)


@asynccontextmanager
async def group(tmp_path: Path) -> AsyncIterator[tuple[GroupCommit, Trips]]:
    trips = Trips(tmp_path / "store.db")
    trips.connection.execute(SCHEMA)
    trips.connection.executemany(
        "INSERT INTO counters VALUES (?, 0)", [(name,) for name in "abcdef"]
    )
    try:
        yield GroupCommit(lambda: trips.connection, trips.run, asyncio.Lock(), translated), trips
    finally:
        trips.connection.close()


def values(trips: Trips) -> dict[str, int]:
    return dict(trips.connection.execute("SELECT name, value FROM counters").fetchall())


async def test_writes_that_wait_meanwhile_are_committed_in_one_trip(tmp_path: Path) -> None:
    async with group(tmp_path) as (commit, trips):
        trips.gate = asyncio.Event()
        first = asyncio.ensure_future(commit.write([bump("a")]))
        await asyncio.sleep(0)
        waiting = [asyncio.ensure_future(commit.write([bump(name)])) for name in "bcdef"]
        await asyncio.sleep(0.05)
        assert not any(task.done() for task in [first, *waiting]), "nothing done before its commit"
        trips.gate.set()
        await asyncio.gather(first, *waiting)
        assert trips.count == 2, "the first write, then the five that waited for it"
        assert values(trips) == dict.fromkeys("abcdef", 1)


async def test_a_write_that_fails_is_undone_alone(tmp_path: Path) -> None:
    async with group(tmp_path) as (commit, trips):
        trips.gate = asyncio.Event()
        blocker = asyncio.ensure_future(commit.write([bump("f")]))
        await asyncio.sleep(0)
        good = asyncio.ensure_future(commit.write([bump("a"), bump("b")]))
        stale = asyncio.ensure_future(commit.write([bump("c"), bump("nobody")]))
        taken = asyncio.ensure_future(commit.write([bump("d"), insert("a")]))
        last = asyncio.ensure_future(commit.write([bump("e")]))
        trips.gate.set()
        await asyncio.gather(blocker, good, last)
        with pytest.raises(Mismatch) as mismatch:
            await stale
        assert (mismatch.value.index, mismatch.value.changed) == (1, 0)
        with pytest.raises(Conflict):
            await taken
        assert values(trips) == {"a": 1, "b": 1, "c": 0, "d": 0, "e": 1, "f": 1}


async def test_a_store_that_refuses_the_batch_fails_every_write_in_it(tmp_path: Path) -> None:
    async with group(tmp_path) as (commit, trips):
        other = sqlite3.connect(tmp_path / "store.db", isolation_level=None)
        other.execute("BEGIN IMMEDIATE")  # another writer holds the file
        try:
            results = await asyncio.gather(
                commit.write([bump("a")]), commit.write([bump("b")]), return_exceptions=True
            )
        finally:
            other.execute("ROLLBACK")
            other.close()
        assert all(isinstance(result, StorageUnavailable) for result in results), results
        assert values(trips) == dict.fromkeys("abcdef", 0)
        await commit.write([bump("a")])
        assert values(trips)["a"] == 1, "the next batch is written"


async def test_a_cancelled_writer_waits_for_its_write_to_be_committed(tmp_path: Path) -> None:
    async with group(tmp_path) as (commit, trips):
        trips.gate = asyncio.Event()
        writing = asyncio.ensure_future(commit.write([bump("a")]))
        await asyncio.sleep(0.01)
        writing.cancel()
        await asyncio.sleep(0.01)
        assert not writing.done(), "it waits for the outcome of the write it asked for"
        trips.gate.set()
        with pytest.raises(asyncio.CancelledError):
            await writing
        assert values(trips)["a"] == 1
        await commit.drain()


@settings(max_examples=40, deadline=None)
@given(
    st.lists(
        st.lists(st.tuples(st.sampled_from("abcx"), st.booleans()), min_size=1, max_size=3),
        min_size=1,
        max_size=12,
    )
)
def test_group_commit_writes_what_one_write_at_a_time_would(
    writes: list[list[tuple[str, bool]]],
) -> None:
    """Each write bumps counters, expecting a row changed (or not checking): the counters end
    as if each write had been a transaction of its own, in the order asked."""
    import tempfile

    async def play(path: Path) -> tuple[dict[str, int], list[bool]]:
        async with group(path) as (commit, trips):
            asked = [[bump(name, 1 if checked else None) for name, checked in w] for w in writes]
            results = await asyncio.gather(
                *(commit.write(statements) for statements in asked), return_exceptions=True
            )
            return values(trips), [result is None for result in results]

    with tempfile.TemporaryDirectory() as folder:
        counters, succeeded = asyncio.run(play(Path(folder)))
    expected = dict.fromkeys("abcdef", 0)
    model = []
    for write in writes:
        ok = all(name != "x" or not checked for name, checked in write)
        model.append(ok)
        if ok:
            for name, _ in write:
                if name in expected:
                    expected[name] += 1
    assert succeeded == model
    assert counters == expected


async def test_the_store_saves_games_through_the_group(tmp_path: Path) -> None:
    """Many games' writes at once on the real store: each committed, in fewer trips."""
    database = await SqliteDatabase.open(tmp_path / "sky.db")
    try:
        await database.write(
            [Statement("CREATE TABLE IF NOT EXISTS marks (n INTEGER PRIMARY KEY)")]
        )
        await asyncio.gather(
            *(database.write([Statement("INSERT INTO marks VALUES (?)", (n,))]) for n in range(50))
        )
        row = await database.fetchone("SELECT COUNT(*) FROM marks")
        assert row is not None and row[0] == 50
        with pytest.raises(Conflict):
            await database.write([Statement("INSERT INTO marks VALUES (?)", (7,))])
    finally:
        await database.close()
