"""A game's messages posted and edited through Discord's REST routes directly: the bot only
needs a posted message's id, and discord.py would otherwise build a whole `Message` from each
answer (its embeds, components and author), a cost paid on every move."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

import discord
from discord.http import handle_message_parameters
from discord.utils import MISSING

from bot.ui.components import BUTTON_ID, SELECT_ID
from bot.ui.rendering import Message

LOOKED_THROUGH = 50
"""The latest messages of a channel looked through for a game's strays."""


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


class Appearance(NamedTuple):
    """What a message shows, to compare with what another shows. Every open game keeps its
    public message's: a digest of the text, embed and controls stands for them."""

    digest: bytes
    files: tuple[tuple[str, int, str], ...]
    """`Message.fingerprint()`: what tells its files apart."""


def appearance(message: Message) -> Appearance:
    embed = message.embed.to_dict() if message.embed is not None else None
    controls = message.view.to_components() if message.view is not None else None
    shown = json.dumps([message.content, embed, controls], separators=(",", ":"), default=str)
    digest = hashlib.blake2b(shown.encode(), digest_size=16).digest()
    return Appearance(digest, message.fingerprint())


async def strays(
    client: discord.Client, channel_id: int, game_id: int, kept: int | None
) -> list[int]:
    """The bot's messages among the channel's latest that still offer controls of game
    `game_id`, other than `kept` (its public message)."""
    me = client.user.id if client.user is not None else None
    found = []
    for data in await client.http.logs_from(channel_id, LOOKED_THROUGH):
        message_id = int(data["id"])
        author = int(data.get("author", {}).get("id", 0))
        if message_id == kept or (me is not None and author != me):
            continue
        if any(_of_game(c, game_id) for c in _controls(data.get("components") or ())):
            found.append(message_id)
    return found


async def delete(client: discord.Client, channel_id: int, message_id: int) -> None:
    await client.http.delete_message(channel_id, message_id)


def _controls(components: Any) -> Iterator[dict[str, Any]]:
    """The buttons and selects that can be used, in rows or not."""
    for component in components:
        if not isinstance(component, dict):
            continue
        yield from _controls(component.get("components") or ())
        if "custom_id" in component and not component.get("disabled", False):
            yield component


def _of_game(control: dict[str, Any], game_id: int) -> bool:
    custom_id = str(control["custom_id"])
    found = BUTTON_ID.fullmatch(custom_id) or SELECT_ID.fullmatch(custom_id)
    return found is not None and int(found["game"]) == game_id
