"""SQLite storage: one aiosqlite connection, numbered migrations, repositories holding the SQL."""

from bot.storage.database import Database, StorageUnavailable
from bot.storage.games import GameRepository

__all__ = ["Database", "GameRepository", "StorageUnavailable"]
