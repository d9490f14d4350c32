"""The store's interface, the same over SQLite and PostgreSQL: queries written once with `?`
placeholders, one write transaction at a time, numbered migrations per dialect. Each store
is opened by `bot.storage.opening.open_database`.
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any, Literal, Protocol

Dialect = Literal["sqlite", "postgres"]
POSTGRES_SCHEMES = ("postgresql://", "postgres://")
_MIGRATION = re.compile(r"^(\d{3})_[a-z0-9_]+\.sql$")


class StorageUnavailable(Exception):
    """A write was refused by the store itself (disk full, read-only, unreachable…): nothing
    was saved."""


class Conflict(Exception):
    """A write broke a uniqueness rule of the schema (one open game a channel…)."""


class Row(Protocol):
    """A row read: its values by column name (or position)."""

    def __getitem__(self, key: str | int, /) -> Any: ...


Params = Sequence[Any]


class Mismatch(Exception):
    """A statement of a `Database.write` changed another number of rows than it expected."""

    def __init__(self, index: int, changed: int) -> None:
        super().__init__(f"statement {index} changed {changed} rows")
        self.index = index
        self.changed = changed


@dataclass(frozen=True)
class Statement:
    """One statement of a `Database.write`; with `expect`, the rows it must change."""

    sql: str
    params: Params = ()
    expect: int | None = None


class Transaction(Protocol):
    """Statements inside one write transaction."""

    async def execute(self, sql: str, params: Params = ()) -> int:
        """Runs a statement; returns how many rows it changed."""
        ...

    async def executemany(self, sql: str, rows: Iterable[Params]) -> None: ...

    async def fetchone(self, sql: str, params: Params = ()) -> Row | None: ...

    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]: ...


class Database(ABC):
    """One store of the bot's data."""

    dialect: Dialect

    @abstractmethod
    def transaction(self) -> AbstractAsyncContextManager[Transaction]:
        """One write transaction, committed on success, rolled back on failure. A store that
        refuses the write raises StorageUnavailable; a broken uniqueness rule, Conflict."""

    async def write(self, statements: Sequence[Statement]) -> None:
        """`statements` in one transaction, committed before this returns; Mismatch (nothing
        written) when one changes another number of rows than it expects. A store may commit
        several writes together (see `bot.storage.group_commit`)."""
        async with self.transaction() as transaction:
            for index, statement in enumerate(statements):
                changed = await transaction.execute(statement.sql, statement.params)
                if statement.expect is not None and changed != statement.expect:
                    raise Mismatch(index, changed)

    @abstractmethod
    async def fetchone(self, sql: str, params: Params = ()) -> Row | None: ...

    @abstractmethod
    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]: ...

    @abstractmethod
    async def schema_version(self) -> int: ...

    @abstractmethod
    async def close(self) -> None: ...

    def describe(self) -> str:
        """Where the data is, for the log (no password)."""
        return self.dialect


def migrations(dialect: Dialect = "sqlite") -> list[tuple[int, str]]:
    """Every migration shipped with the bot for `dialect`, as (number, SQL), in order."""
    found = []
    for entry in resources.files("bot.storage.migrations").joinpath(dialect).iterdir():
        match = _MIGRATION.match(entry.name)
        if match:
            found.append((int(match.group(1)), entry.read_text(encoding="utf-8")))
    found.sort()
    numbers = [number for number, _ in found]
    if numbers != list(range(1, len(numbers) + 1)):
        raise RuntimeError(f"migrations must be numbered 1, 2, 3… without gaps, not {numbers}")
    return found


def statements(sql: str) -> list[str]:
    """A migration's statements, comments left out."""
    lines = [line for line in sql.splitlines() if not line.lstrip().startswith("--")]
    return [part.strip() for part in "\n".join(lines).split(";") if part.strip()]


def is_postgres(target: str | Path) -> bool:
    return isinstance(target, str) and target.lower().startswith(POSTGRES_SCHEMES)
