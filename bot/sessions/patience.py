"""A click waits for its game's lock, but Discord waits only 3 s for its answer.

The lock may be held for long: by the game's restoring after a restart (its table redrawn, its
thread checked, its channel looked through, each request waiting for the bot's request budget),
by a bot's move, by another player's click. A click that cannot have the lock by `ANSWER_BY`
seconds after it was made is acknowledged first (Discord shows nothing, and the click is no
longer at risk of "This interaction failed"), then waits on; its answer comes through the
interaction's webhook (`bot.ui.replies.send`, `update`). While the bot has more to do than it
can (`bot.sessions.strain`), a click is acknowledged as soon as it arrives, whatever its game:
its own work may be slow too.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime
from collections.abc import AsyncIterator, Awaitable
from typing import Any, TypeVar

import discord

from bot.sessions.display import expired
from bot.ui import replies

T = TypeVar("T")

ANSWER_BY = 2.0
"""Seconds after a click was made by which it is answered, whatever holds its game: Discord
takes an answer for 3 s, and the acknowledgement's own request needs some of it."""


def patience(interaction: discord.Interaction[Any]) -> float:
    """How long the click may still wait before it must be acknowledged."""
    age = (discord.utils.utcnow() - interaction.created_at) / datetime.timedelta(seconds=1)
    return max(0.0, min(ANSWER_BY, ANSWER_BY - age))


@contextlib.asynccontextmanager
async def held_for(
    lock: asyncio.Lock, interaction: discord.Interaction[Any], *, at_once: bool = False
) -> AsyncIterator[None]:
    """`lock`, held for the click: acknowledged first if the lock is not free in time, or
    before anything else when it must be `at_once` (the bot is overloaded). The click keeps
    its place among those waiting for the lock meanwhile."""
    if at_once:
        await _acknowledge(interaction)
    if lock.locked():
        await _wait_for(lock, interaction)
    else:
        await lock.acquire()  # free: taken at once, with no task to wait on
    try:
        yield
    finally:
        lock.release()


async def _wait_for(lock: asyncio.Lock, interaction: discord.Interaction[Any]) -> None:
    """Take `lock`, acknowledging the click once its patience runs out."""
    acquiring = asyncio.ensure_future(lock.acquire())
    try:
        done, _ = await asyncio.wait({acquiring}, timeout=patience(interaction))
        if not done:
            await _acknowledge(interaction)
        await acquiring
    except BaseException:
        if not acquiring.done():
            acquiring.cancel()
        elif not acquiring.cancelled() and acquiring.exception() is None:
            lock.release()
        raise


async def in_time(work: Awaitable[T], interaction: discord.Interaction[Any]) -> T:
    """What `work` gives; the click is acknowledged first if it is not ready by the time the
    click must be answered (a hint waiting for the bots' process, busy with other games)."""
    task = asyncio.ensure_future(work)
    try:
        done, _ = await asyncio.wait({task}, timeout=patience(interaction))
        if not done:
            await _acknowledge(interaction)
        return await task
    finally:
        task.cancel()


async def _acknowledge(interaction: discord.Interaction[Any]) -> None:
    if interaction.response.is_done():
        return
    try:
        await replies.acknowledge(interaction)
    except discord.HTTPException as error:
        if not expired(error):
            raise
