"""Fixtures shared by the whole suite: a real PostgreSQL server, started once a session on a
free local port, and the store fixtures built on it."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.postgres_server import PostgresServer

_databases = itertools.count(1)


@pytest.fixture(scope="session")
def postgres() -> Iterator[PostgresServer]:
    with PostgresServer() as server:
        yield server


@pytest.fixture(params=["sqlite", "postgres"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> str | Path:
    """Where a test's data goes, once on each kind of store: a SQLite file, or a new empty
    database on the session's PostgreSQL server."""
    if request.param == "sqlite":
        return tmp_path / "data" / "sky.db"
    server: PostgresServer = request.getfixturevalue("postgres")
    return server.create_database(f"sky_{next(_databases)}")
