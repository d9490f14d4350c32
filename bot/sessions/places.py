"""Where a new game is played: in a thread of its own started from a card in the channel (the
default), right there in a thread the command was used in, or in the channel itself, one game
a channel (threads turned off, or impossible there, in which case the person is told why)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

import discord

from bot.i18n import N_, Words
from bot.storage.games import GuildRepository

THREADED = frozenset({discord.ChannelType.text})
"""Channels whose messages start public threads."""
THREADS = frozenset(
    {
        discord.ChannelType.public_thread,
        discord.ChannelType.private_thread,
        discord.ChannelType.news_thread,
    }
)
FOR_THREADS = (
    ("create_public_threads", N_("Create Public Threads")),
    ("send_messages_in_threads", N_("Send Messages in Threads")),
)
ARCHIVE_MINUTES: Literal[1440] = 1440
"""A game's thread stays in the channel's list through a day without a message: a slow game's
turn never outlasts it."""

NO_SERVER = N_(
    "Games open in threads of their own only in a server: this one is played right here."
)
NOT_HERE = N_(
    "Threads cannot be started in this kind of channel, so the game is played right here, "
    "one game at a time. Open games in a text channel to have a thread for each."
)


@dataclass(frozen=True)
class Place:
    """Where a game opens."""

    own_thread: bool = False
    """In a thread of its own, started from its card in the channel."""
    parent_id: int | None = None
    """The channel whose threads hold the game (its own, or the one the command was used in)."""
    missing: list[str] = field(default_factory=list)
    """The permissions that would give it a thread of its own."""
    why: str | None = None
    """Why it is played in the channel, told privately (a catalog message)."""

    def told(self, words: Words) -> str | None:
        """What the person who opened the game is told about where it is played."""
        if self.missing:
            names = words.listing([f"**{words(name)}**" for name in self.missing])
            return words.plural(
                "I could not give this game a thread of its own: I need the {names} permission "
                "in this channel. It is played right here meanwhile, one game at a time; ask a "
                "server admin to grant it to me.",
                "I could not give this game a thread of its own: I need the {names} permissions "
                "in this channel. It is played right here meanwhile, one game at a time; ask a "
                "server admin to grant them to me.",
                len(self.missing),
                names=names,
            )
        return None if self.why is None else words(self.why)


async def place_for(interaction: discord.Interaction[Any], guilds: GuildRepository) -> Place:
    """Where a game opened by this command is played."""
    channel = interaction.channel
    kind = getattr(channel, "type", None)
    if kind in THREADS:
        return Place(parent_id=getattr(channel, "parent_id", None))
    if interaction.guild_id is None:
        return Place(why=NO_SERVER)
    if not await guilds.threads(interaction.guild_id):
        return Place()
    if kind not in THREADED:
        return Place(why=NOT_HERE)
    permissions = interaction.app_permissions
    missing = [label for name, label in FOR_THREADS if not getattr(permissions, name)]
    if missing:
        return Place(missing=missing)
    return Place(own_thread=True, parent_id=interaction.channel_id)
