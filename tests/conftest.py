"""Fixtures shared by the whole suite: a real PostgreSQL server, started once a session on a
free local port, and the store fixtures built on it; and Hypothesis's profiles.

Every test that explores at random plays a fixed set of examples (the profile `fixed`, the
default): a commit passes or fails the same way in every clone. `make fuzz` plays new ones
(the profile `fuzz`, through `tests/fuzz.py`)."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

from tests.postgres_server import PostgresServer

_databases = itertools.count(1)

settings.register_profile("fixed", derandomize=True, database=None, print_blob=True)
settings.register_profile("fuzz", derandomize=False, database=None, print_blob=True)
settings.load_profile("fixed")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The long tests first: on several workers (`make test`), each starts at once on a worker
    of its own rather than last, after the others."""
    items.sort(key=lambda item: item.get_closest_marker("long") is None)


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
