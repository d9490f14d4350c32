"""Rules for the bot's messages: permissions, emptiness, limits, edits of old messages."""

from __future__ import annotations

from typing import Any

from .errors import (
    CANNOT_DM,
    MISSING_ACCESS,
    MISSING_PERMISSIONS,
    OLD_MESSAGE_EDITS,
    ApiError,
)
from .limits import Limits, validate_message
from .world import DM_CHANNEL, Channel, StoredMessage, User, World, permission_bits

VIEW_CHANNEL = permission_bits(view_channel=True)
SEND_MESSAGES = permission_bits(send_messages=True)
SEND_MESSAGES_IN_THREADS = permission_bits(send_messages_in_threads=True)
"""What posting in a thread needs instead of SEND_MESSAGES (API docs, Permissions)."""
EMBED_LINKS = permission_bits(embed_links=True)
ATTACH_FILES = permission_bits(attach_files=True)
MANAGE_MESSAGES = permission_bits(manage_messages=True)


def is_empty(body: dict[str, Any]) -> bool:
    return not any(
        body.get(key)
        for key in (
            "content",
            "embeds",
            "components",
            "attachments",
            "poll",
            "sticker_ids",
            "sticker_items",
        )
    )


def check_body(body: dict[str, Any], *, creating: bool) -> None:
    """Discord's 50035 form checks, and 50006 for a message with nothing in it."""
    errors = validate_message(body)
    errors.raise_if_any()
    if creating and is_empty(body):
        raise ApiError(400, 50006, "Cannot send an empty message")


def check_channel_send(channel: Channel, bot: User, body: dict[str, Any]) -> None:
    """What Discord checks before the bot posts or edits in a channel (403 50013 / 50007)."""
    if channel.type == DM_CHANNEL:
        if channel.recipient is not None and not channel.recipient.dms_open:
            raise ApiError(403, CANNOT_DM, "Cannot send messages to this user")
        return
    if channel.guild is not None and bot.id not in channel.guild.members:
        raise ApiError(403, MISSING_ACCESS, "Missing Access")
    perms = channel.permissions_for(bot)
    needed = VIEW_CHANNEL | (SEND_MESSAGES if channel.thread is None else SEND_MESSAGES_IN_THREADS)
    if body.get("embeds"):
        needed |= EMBED_LINKS
    if body.get("attachments"):
        needed |= ATTACH_FILES
    if perms & needed != needed:
        raise ApiError(403, MISSING_PERMISSIONS, "Missing Permissions")


def check_editable(world: World, limits: Limits, message: StoredMessage) -> None:
    """Discord limits edits of messages older than an hour (30046)."""
    if world.clock.now() - message.created_at < limits.old_message_age:
        return
    if message.edits_when_old is None:
        message.edits_when_old = message.edits
    if message.edits - message.edits_when_old >= limits.old_message_edits:
        raise ApiError(
            400,
            OLD_MESSAGE_EDITS,
            "Maximum number of edits to messages older than 1 hour reached. Try again later.",
        )
