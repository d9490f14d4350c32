"""The state of a game's thread as Discord keeps it: an archived thread is reopened to show the
game again; a locked one ends it."""

from __future__ import annotations

from typing import Any

import discord

from bot.sessions.places import ARCHIVE_MINUTES
from bot.storage.records import GameRecord

UNKNOWN_CHANNEL = 10003
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
        if _locked(await client.http.get_channel(thread_id)):
            raise ThreadLocked from None
        raise
    if _locked(data):
        raise ThreadLocked


async def check(client: discord.Client, game: GameRecord, name: str) -> None:
    """After a restart, the game's thread as Discord has it: raises `ThreadLocked` when a
    moderator locked it, Unknown Channel when one deleted it. A game saved as its thread was
    about to be started from its card (the bot stopped in between, before anything was posted
    in the thread) gets it now, named `name`."""
    try:
        data = await client.http.get_channel(game.channel_id)
    except discord.NotFound as error:
        never_started = game.card_id == game.channel_id and game.message_id is None
        if error.code != UNKNOWN_CHANNEL or not never_started:
            raise
        assert game.parent_id is not None and game.card_id is not None
        try:
            await client.http.start_thread_with_message(
                game.parent_id, game.card_id, name=name, auto_archive_duration=ARCHIVE_MINUTES
            )
        except discord.HTTPException:
            raise error from None
        return
    if _locked(data):
        raise ThreadLocked
