"""The bot's settings, read from the environment or a `.env` file."""

from __future__ import annotations

from pathlib import Path

from pydantic import Field, SecretStr, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from bot.budget import BOT_BUDGET
from bot.shards import Shards
from bot.storage.database import is_postgres
from bot.ui.avatars import DISCORD_CDN

DEFAULT_DATABASE = Path("data") / "skytable.db"
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")


class BotSettings(BaseSettings):
    """Everything the bot reads at start-up; `.env.example` documents each one."""

    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    discord_token: SecretStr | None = Field(default=None)
    database_path: Path = Field(default=DEFAULT_DATABASE)
    database_url: str | None = Field(default=None)
    """The store: a PostgreSQL URL (`postgresql://user:password@host/db`), or a SQLite file's
    path; unset, the SQLite file at `database_path`."""
    dev_guild_id: int | None = Field(default=None)
    log_level: str = Field(default="INFO")
    shard_count: int | None = Field(default=None, ge=1)
    """Discord shards in all; set, the process runs as an auto-sharded client."""
    shard_ids: str | None = Field(default=None)
    """The shards this process owns, as `0,1`; unset, every shard of `shard_count`."""
    requests_per_second: float = Field(default=BOT_BUDGET, gt=0, le=50)
    """The whole bot's counted requests a second (Discord allows 50); each process takes its
    shards' share."""
    picture_processes: int = Field(default=1, ge=0, le=8)
    """Processes drawing the tables' pictures; 0 draws them in a thread of the bot's own."""
    avatar_cdn: str | None = Field(default=DISCORD_CDN)
    """Where members' avatars are fetched from for the pictures (Discord's CDN); empty, none
    is fetched and members get a placeholder."""
    bot_move_processes: int | None = Field(default=None, ge=0, le=8)
    """Processes choosing the game bots' moves; 0 chooses them in a thread of the bot's own;
    unset, one, or none when the pictures are drawn in the bot's process (one core in all)."""

    web_port: int | None = Field(default=8080, ge=0, le=65535)
    """The port the web pages are served on in the bot's process; unset (empty), none are
    served (`python -m bot.web` may serve them alone); 0, a free port."""
    web_host: str = Field(default="127.0.0.1")
    """The address the pages are served on: this machine only unless told otherwise (a
    reverse proxy in front of them gives them their public address)."""
    web_url: str | None = Field(default=None)
    """The public address of the pages, which links from Discord use (typically the HTTPS
    address of a reverse proxy); unset, http://WEB_HOST:WEB_PORT."""
    web_trust_forwarded: bool = Field(default=False)
    """Behind a reverse proxy: the client of a request is the last address of its
    X-Forwarded-For (for the pages' rate limit per client)."""

    @field_validator("web_port", "web_url", mode="before")
    @classmethod
    def _blank_web_is_unset(cls, value: object) -> object:
        if isinstance(value, str) and not value.strip():
            return None
        return value

    @field_validator("web_url")
    @classmethod
    def _web_address(cls, value: str | None) -> str | None:
        if value is None:
            return None
        value = value.strip().rstrip("/")
        if not value.lower().startswith(("http://", "https://")):
            raise ValueError(
                "must be an http:// or https:// address, such as https://sky.example.org"
            )
        return value

    def pages_url(self, bound_port: int | None = None) -> str:
        """Where links from Discord point to."""
        if self.web_url is not None:
            return self.web_url
        return f"http://{self.web_host}:{bound_port or self.web_port}"

    @field_validator("discord_token", mode="before")
    @classmethod
    def _blank_token_is_missing(cls, value: object) -> object:
        if isinstance(value, str) and not value.strip():
            return None
        return value

    @field_validator("avatar_cdn", mode="before")
    @classmethod
    def _blank_cdn_is_none(cls, value: object) -> object:
        if isinstance(value, str) and not value.strip():
            return None
        return value

    @field_validator("database_url", mode="before")
    @classmethod
    def _database_url(cls, value: object) -> object:
        if not isinstance(value, str):
            return value
        value = value.strip()
        if not value:
            return None
        scheme, found, _ = value.partition("://")
        if found and scheme.lower() not in ("postgresql", "postgres", "sqlite"):
            raise ValueError(
                "must be a PostgreSQL URL (postgresql://user:password@host/database), "
                "sqlite:///path or a SQLite file's path"
            )
        return value

    @property
    def store(self) -> str | Path:
        """Where the data is: a PostgreSQL URL, or a SQLite file's path."""
        url = self.database_url
        if url is None:
            return self.database_path
        if url.lower().startswith("sqlite://"):
            return Path(url[len("sqlite://") :].removeprefix("/") or DEFAULT_DATABASE)
        return url if is_postgres(url) else Path(url)

    @field_validator("shard_count", "shard_ids", mode="before")
    @classmethod
    def _blank_shards_are_unset(cls, value: object) -> object:
        if isinstance(value, str) and not value.strip():
            return None
        return value

    @field_validator("shard_ids")
    @classmethod
    def _shard_list(cls, value: str | None) -> str | None:
        if value is None:
            return None
        parts = [part.strip() for part in value.split(",")]
        if not all(part.isdigit() for part in parts):
            raise ValueError("must list shard numbers separated by commas, such as 0,1")
        if len(set(parts)) != len(parts):
            raise ValueError("lists a shard twice")
        return ",".join(str(int(part)) for part in parts)

    @model_validator(mode="after")
    def _shards_fit(self) -> BotSettings:
        if self.shard_ids is not None:
            if self.shard_count is None:
                raise ValueError("SHARD_IDS needs SHARD_COUNT, the number of shards in all")
            too_high = [i for i in self.owned_shards or () if i >= self.shard_count]
            if too_high:
                raise ValueError(
                    f"SHARD_IDS names shard {too_high[0]}, but shards are numbered 0 to "
                    f"{self.shard_count - 1} (SHARD_COUNT={self.shard_count})"
                )
        return self

    @field_validator("bot_move_processes", mode="before")
    @classmethod
    def _blank_bot_move_processes_is_unset(cls, value: object) -> object:
        if isinstance(value, str) and not value.strip():
            return None
        return value

    @property
    def bot_move_workers(self) -> int:
        """The processes choosing the game bots' moves (0: a thread of the bot's own)."""
        if self.bot_move_processes is not None:
            return self.bot_move_processes
        return 1 if self.picture_processes else 0

    @property
    def owned_shards(self) -> list[int] | None:
        return None if self.shard_ids is None else [int(i) for i in self.shard_ids.split(",")]

    @property
    def shards(self) -> Shards:
        """The shards this process serves (every one, unsharded)."""
        owned = self.owned_shards
        return Shards(self.shard_count or 1, None if owned is None else frozenset(owned))

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
