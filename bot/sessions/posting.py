"""A game's messages posted and edited through Discord's REST routes directly: the bot only
needs a posted message's id, and discord.py would otherwise build a whole `Message` from each
answer (its embeds, components and author), a cost paid on every move."""

from __future__ import annotations

import discord
from discord.http import handle_message_parameters
from discord.utils import MISSING

from bot.ui.rendering import Message


async def send(
    client: discord.Client,
    channel_id: int,
    message: Message,
    *,
    nonce: str,
    mentions: discord.AllowedMentions | None = None,
) -> int:
    """Post `message`; its id. `nonce` makes Discord return the message it already took with
    that nonce (in the last few minutes) instead of posting another."""
    files = message.files_to_send()
    with handle_message_parameters(
        content=message.content,
        embed=message.embed if message.embed is not None else MISSING,
        files=files if files else MISSING,
        view=message.view if message.view is not None else MISSING,
        nonce=nonce,
        allowed_mentions=mentions if mentions is not None else MISSING,
        previous_allowed_mentions=client.allowed_mentions,
    ) as params:
        data = await client.http.send_message(channel_id, params=params)
    return int(data["id"])


async def edit(client: discord.Client, channel_id: int, message_id: int, message: Message) -> None:
    """Edit a message into `message`: its files replace every earlier attachment."""
    with handle_message_parameters(
        content=message.content,
        embed=message.embed,
        attachments=message.files_to_send(),
        view=message.view,
        previous_allowed_mentions=client.allowed_mentions,
    ) as params:
        await client.http.edit_message(channel_id, message_id, params=params)
