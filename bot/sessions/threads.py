"""The state of a game's thread as Discord keeps it: an archived thread is reopened to show the
game again; a locked one ends it."""

from __future__ import annotations

from typing import Any

import discord

ARCHIVED_THREAD = 50083
"""Discord's answer to an operation on an archived thread."""


class ThreadLocked(Exception):
    """A moderator locked the game's thread."""


def archived(error: BaseException) -> bool:
    return isinstance(error, discord.HTTPException) and error.code == ARCHIVED_THREAD


def _locked(data: Any) -> bool:
    return bool((data.get("thread_metadata") or {}).get("locked"))


async def reopen(client: discord.Client, thread_id: int) -> None:
    """Unarchive the thread, as a post in it would; raises `ThreadLocked` when it is locked
    (the game is not to go on there), or Discord's refusal."""
    try:
        data = await client.http.edit_channel(thread_id, archived=False)
    except discord.HTTPException:
        if await is_locked(client, thread_id):
            raise ThreadLocked from None
        raise
    if _locked(data):
        raise ThreadLocked


async def is_locked(client: discord.Client, thread_id: int) -> bool:
    """Whether a moderator locked the thread (looked up once, after a restart)."""
    return _locked(await client.http.get_channel(thread_id))
