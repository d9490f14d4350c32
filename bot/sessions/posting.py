"""A game's messages posted and edited through Discord's REST routes directly: the bot only
needs a posted message's id, and discord.py would otherwise build a whole `Message` from each
answer (its embeds, components and author), a cost paid on every move."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import discord
from discord.http import handle_message_parameters
from discord.utils import MISSING

from bot.ui.rendering import Message


@dataclass(frozen=True)
class Posted:
    """A message as Discord took it: its id and its attachments' ids, in order."""

    id: int
    attachments: tuple[int, ...]

    @classmethod
    def of(cls, data: Any) -> Posted:
        return cls(int(data["id"]), tuple(int(a["id"]) for a in data.get("attachments") or ()))


async def send(
    client: discord.Client,
    channel_id: int,
    message: Message,
    *,
    nonce: str,
    mentions: discord.AllowedMentions | None = None,
) -> Posted:
    """Post `message`. `nonce` makes Discord return the message it already took with that
    nonce (in the last few minutes) instead of posting another."""
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
    return Posted.of(data)


async def edit(
    client: discord.Client,
    channel_id: int,
    message_id: int,
    message: Message,
    kept: Sequence[int] = (),
) -> Posted:
    """Edit a message into `message`: its files replace every earlier attachment, or the
    attachments `kept` (the message's own, holding these very files) stay as they are."""
    with handle_message_parameters(
        **message.edit_kwargs(kept), previous_allowed_mentions=client.allowed_mentions
    ) as params:
        data = await client.http.edit_message(channel_id, message_id, params=params)
    return Posted.of(data)
