"""What every session is given when it is made: storage, the client, time, and task spawning."""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any

import discord

from bot.sessions.brains import BotBrains
from bot.sessions.clock import Clock
from bot.sessions.strain import LoopStrain
from bot.shards import EVERY, Shards
from bot.storage.games import GameRepository, GuildRepository
from bot.storage.records import GameRecord
from bot.ui.avatars import AvatarCache
from bot.ui.rendering import PictureCache

log = logging.getLogger(__name__)


class Tasks:
    """The background tasks of every session, so that closing the bot ends them all."""

    def __init__(self) -> None:
        self._tasks: set[asyncio.Task[None]] = set()
        self._closed = False

    def spawn(self, coroutine: Coroutine[Any, Any, None], name: str) -> asyncio.Task[None] | None:
        """Run `coroutine` in the background; not once the bot is closing (None)."""
        if self._closed:
            coroutine.close()
            return None
        task = asyncio.get_running_loop().create_task(coroutine, name=name)
        self._tasks.add(task)
        task.add_done_callback(self._finished)
        return task

    def _finished(self, task: asyncio.Task[None]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("Background task %s failed", task.get_name(), exc_info=task.exception())

    async def cancel_all(self) -> None:
        self._closed = True
        tasks = list(self._tasks)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


ANSWER_WITHIN = 0.06
"""Seconds a click on the table waits for the table's picture to answer with it; past them,
the click is answered without a message, and the table follows through its webhook."""


async def no_pages(guild_id: int | None) -> str | None:
    return None


@dataclass
class SessionContext:
    store: GameRepository
    guilds: GuildRepository
    client: discord.Client
    clock: Clock
    tasks: Tasks
    pictures: PictureCache
    brains: BotBrains
    """Chooses the game bots' moves, off the event loop."""
    bot_delay: float = 1.0
    pauses: random.Random = field(default_factory=random.Random)
    shards: Shards = EVERY
    """The servers whose games this process runs."""
    strain: LoopStrain = field(default_factory=LoopStrain)
    """How far behind the event loop runs: bots wait longer while it lags."""
    answer_within: float = ANSWER_WITHIN
    """Seconds a click on the table waits for the table's picture to be answered with it."""
    avatars: AvatarCache = field(default_factory=lambda: AvatarCache(None))
    """Members' avatars for the pictures (by default none is fetched)."""
    pages: Callable[[int | None], Awaitable[str | None]] = no_pages
    """The root of a server's web pages, while it has them."""
    endings: list[Callable[[GameRecord], None]] = field(default_factory=list)
    """Told of each game that has just ended, finished or not (its web page is made ahead, its
    tournament table is done)."""

    def bot_pause(self) -> float:
        """How long a bot waits before its move: about `bot_delay`, varied so that bots of
        many games do not all move in the same instant, and stretched while the bot has more
        to do than it can (`LoopStrain`)."""
        if self.bot_delay <= 0:
            return 0.0
        self.strain.start()
        return self.bot_delay * self.pauses.uniform(0.7, 1.3) * self.strain.stretch
