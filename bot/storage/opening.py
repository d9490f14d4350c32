"""Opening the store: a `postgresql://` URL opens PostgreSQL (through asyncpg); anything else
is the path of a SQLite file, the embedded default."""

from __future__ import annotations

from pathlib import Path

from bot.storage.database import Database, is_postgres


async def open_database(target: str | Path) -> Database:
    """The store at `target` (a PostgreSQL URL or a SQLite path), migrated to the latest
    schema."""
    if is_postgres(target):
        from bot.storage.postgres import PostgresDatabase

        return await PostgresDatabase.open(str(target))
    from bot.storage.sqlite import SqliteDatabase

    return await SqliteDatabase.open(Path(target))
