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

# No deadline: the suite shares two cores among its workers, so an example's time says how busy
# the machine was, not whether the code is right (speed is measured by the benches).
settings.register_profile("fixed", derandomize=True, database=None, print_blob=True, deadline=None)
settings.register_profile("fuzz", derandomize=False, database=None, print_blob=True, deadline=None)
settings.load_profile("fixed")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """On several workers (`make test`), the long tests are spread over the workers, each
    started first: pytest-xdist's `worksteal` first gives each worker an equal run of the
    collection, in order, so each run begins with its share of the long tests."""
    workers = getattr(config, "workerinput", {}).get("workercount")
    if workers:
        items[:] = spread(items, int(workers))


def spread(items: list[pytest.Item], workers: int) -> list[pytest.Item]:
    """`items` reordered into `workers` runs of the sizes worksteal cuts them into, the long
    tests dealt out to the runs (longest first, to the run with the fewest seconds so far) and
    placed at their start."""
    long = [item for item in items if item.get_closest_marker("long") is not None]
    rest = [item for item in items if item.get_closest_marker("long") is None]
    runs: list[list[pytest.Item]] = [[] for _ in range(workers)]
    seconds = [0.0] * workers
    for item in sorted(long, key=_seconds, reverse=True):
        lightest = seconds.index(min(seconds))
        runs[lightest].append(item)
        seconds[lightest] += _seconds(item)
    ordered: list[pytest.Item] = []
    left = len(items)
    for number, first in enumerate(runs):
        size = left // (workers - number)
        take = max(0, size - len(first))
        ordered += first + rest[:take]
        rest = rest[take:]
        left -= size
    return ordered + rest


def _seconds(item: pytest.Item) -> float:
    marker = item.get_closest_marker("long")
    return float(marker.kwargs.get("seconds", 0)) if marker is not None else 0.0


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
