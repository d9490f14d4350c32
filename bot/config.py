"""The bot's settings, read from the environment or a `.env` file."""

from __future__ import annotations

from pathlib import Path

from pydantic import Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

DEFAULT_DATABASE = Path("data") / "skytable.db"
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")


class BotSettings(BaseSettings):
    """Everything the bot reads at start-up; `.env.example` documents each one."""

    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    discord_token: SecretStr | None = Field(default=None)
    database_path: Path = Field(default=DEFAULT_DATABASE)
    dev_guild_id: int | None = Field(default=None)
    log_level: str = Field(default="INFO")
    picture_processes: int = Field(default=1, ge=0, le=8)
    """Processes drawing the tables' pictures; 0 draws them in a thread of the bot's own."""

    @field_validator("discord_token", mode="before")
    @classmethod
    def _blank_token_is_missing(cls, value: object) -> object:
        if isinstance(value, str) and not value.strip():
            return None
        return value

    @field_validator("dev_guild_id", mode="before")
    @classmethod
    def _blank_guild_is_none(cls, value: object) -> object:
        if isinstance(value, str) and not value.strip():
            return None
        return value

    @field_validator("log_level")
    @classmethod
    def _known_level(cls, value: str) -> str:
        level = value.strip().upper()
        if level not in LOG_LEVELS:
            raise ValueError(f"LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}")
        return level
