"""The bot's store (SQLite by default, PostgreSQL for several processes), with repositories
holding the SQL."""

from bot.storage.database import Conflict, Database, StorageUnavailable
from bot.storage.games import GameRepository, StaleGame
from bot.storage.opening import open_database

__all__ = [
    "Conflict",
    "Database",
    "GameRepository",
    "StaleGame",
    "StorageUnavailable",
    "open_database",
]
