"""The world the stand-in serves: users, guilds, channels, permissions and stored messages."""

from __future__ import annotations

import asyncio
import datetime
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import discord

from .errors import FieldErrors, StandInError
from .limits import COMPONENTS_V2, EPHEMERAL, LOADING, walk_components

DISCORD_EPOCH_MS = 1_420_070_400_000
TEXT_CHANNEL, DM_CHANNEL, PUBLIC_THREAD, PRIVATE_THREAD = 0, 1, 11, 12
THREAD_TYPES = (PUBLIC_THREAD, PRIVATE_THREAD)
HAS_THREAD = 1 << 5
"""The message flag of a message a thread was started from."""
ALL_PERMISSIONS = discord.Permissions.all().value
EVERYONE_PERMISSIONS = discord.Permissions(
    view_channel=True,
    send_messages=True,
    send_messages_in_threads=True,
    create_public_threads=True,
    create_private_threads=True,
    embed_links=True,
    attach_files=True,
    read_message_history=True,
    add_reactions=True,
    use_external_emojis=True,
    use_application_commands=True,
    create_instant_invite=True,
    change_nickname=True,
    connect=True,
    speak=True,
).value
BOT_ROLE_PERMISSIONS = discord.Permissions(
    view_channel=True,
    send_messages=True,
    send_messages_in_threads=True,
    embed_links=True,
    attach_files=True,
    read_message_history=True,
    add_reactions=True,
    use_external_emojis=True,
    manage_messages=True,
).value


def permission_bits(**flags: bool) -> int:
    """A permission integer from discord.py's flag names: `permission_bits(send_messages=True)`."""
    return discord.Permissions(**flags).value


def copied(value: Any) -> Any:
    """A copy of JSON-like data (dicts, lists, tuples and plain values), nested ones copied
    too: a quicker `copy.deepcopy` for payloads."""
    if isinstance(value, dict):
        return {key: copied(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return type(value)(copied(item) for item in value)
    return value


def iso(moment: float) -> str:
    """A Unix time as Discord writes timestamps (ISO 8601, UTC)."""
    return datetime.datetime.fromtimestamp(moment, datetime.UTC).isoformat()


class Clock:
    """Wall-clock time that a test can move forward (token lifetimes, old-message edits)."""

    def __init__(self) -> None:
        self.offset = 0.0

    def now(self) -> float:
        return time.time() + self.offset

    def advance(self, seconds: float) -> None:
        self.offset += seconds

    def iso(self, at: float | None = None) -> str:
        return iso(self.now() if at is None else at)


class Changes:
    """Wakes whoever waits for a change in the world (new messages, edits, answers)."""

    def __init__(self) -> None:
        self._event = asyncio.Event()

    def notify(self) -> None:
        self._event.set()
        self._event = asyncio.Event()

    async def wait_until(self, predicate: Callable[[], Any], timeout: float, what: str) -> Any:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            result = predicate()
            if result:
                return result
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise StandInError(f"timed out after {timeout:g} s waiting for {what}")
            event = self._event
            try:
                await asyncio.wait_for(event.wait(), remaining)
            except TimeoutError:
                continue


@dataclass(eq=False)
class User:
    """A Discord user; `bot` marks the application's own user."""

    id: int
    name: str
    global_name: str | None = None
    bot: bool = False
    dms_open: bool = True
    locale: str = "en-US"
    """The language of the user's Discord client, sent with each of their interactions."""
    avatar: str | None = None
    """The hash of the user's avatar on the CDN; None: Discord's default avatar."""

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "username": self.name,
            "discriminator": "0",
            "global_name": self.global_name,
            "avatar": self.avatar,
            "bot": self.bot,
            "public_flags": 0,
            "flags": 0,
            "banner": None,
            "accent_color": None,
            "avatar_decoration_data": None,
            "primary_guild": None,
            "collectibles": None,
        }

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"


@dataclass(eq=False)
class Role:
    """A guild role with its permission integer."""

    id: int
    name: str
    permissions: int
    position: int = 0
    managed: bool = False

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "name": self.name,
            "color": 0,
            "colors": {"primary_color": 0},
            "hoist": False,
            "icon": None,
            "unicode_emoji": None,
            "position": self.position,
            "permissions": str(self.permissions),
            "managed": self.managed,
            "mentionable": False,
            "flags": 0,
        }


@dataclass(eq=False)
class Member:
    """A user's membership of a guild."""

    user: User
    roles: list[Role]
    joined_at: float
    nick: str | None = None

    def payload(self, *, with_user: bool = True) -> dict[str, Any]:
        data: dict[str, Any] = {
            "roles": [str(r.id) for r in self.roles],
            "joined_at": iso(self.joined_at),
            "nick": self.nick,
            "avatar": None,
            "banner": None,
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "pending": False,
            "flags": 0,
            "communication_disabled_until": None,
        }
        if with_user:
            data["user"] = self.user.payload()
        return data


@dataclass(eq=False)
class ThreadState:
    """What a thread channel has beyond a channel: its parent, creator, members and
    `thread_metadata` (archived, locked, auto-archive duration)."""

    parent: Channel
    owner_id: int
    created_at: float
    auto_archive_duration: int = 4320
    archived: bool = False
    locked: bool = False
    invitable: bool = True
    archive_timestamp: float = 0.0
    members: dict[int, float] = field(default_factory=dict)
    """The thread's members: user id to the time they joined."""
    message_count: int = 0
    total_message_sent: int = 0
    last_message_id: int | None = None

    def metadata(self) -> dict[str, Any]:
        return {
            "archived": self.archived,
            "auto_archive_duration": self.auto_archive_duration,
            "archive_timestamp": iso(self.archive_timestamp or self.created_at),
            "locked": self.locked,
            "invitable": self.invitable,
            "create_timestamp": iso(self.created_at),
        }

    def member_payload(self, thread_id: int, user_id: int) -> dict[str, Any]:
        """A thread member object, as the thread-members routes and events carry it."""
        return {
            "id": str(thread_id),
            "user_id": str(user_id),
            "join_timestamp": iso(self.members[user_id]),
            "flags": 0,
        }


@dataclass(eq=False)
class Channel:
    """A guild text channel, a thread (`thread` set) or a DM channel; overwrites map a role or
    user id to (allow, deny)."""

    id: int
    name: str
    type: int
    guild: Guild | None = None
    recipient: User | None = None
    position: int = 0
    overwrites: dict[int, tuple[int, int]] = field(default_factory=dict)
    world: World | None = field(default=None, repr=False)
    deleted: bool = False
    """Deleted (see `delete`): every request on it answers 404 Unknown Channel (10003)."""
    thread: ThreadState | None = None

    @property
    def parent(self) -> Channel | None:
        """The channel a thread was started in (None for any other channel)."""
        return None if self.thread is None else self.thread.parent

    def thread_payload(self, *, for_user: int | None = None) -> dict[str, Any]:
        """The thread as a channel object; with `for_user`, that user's thread `member`
        object when they belong to it (as Discord sends it to them)."""
        thread, guild = self.thread, self.guild
        assert thread is not None and guild is not None
        data: dict[str, Any] = {
            "id": str(self.id),
            "type": self.type,
            "guild_id": str(guild.id),
            "parent_id": str(thread.parent.id),
            "owner_id": str(thread.owner_id),
            "name": self.name,
            "last_message_id": None
            if thread.last_message_id is None
            else str(thread.last_message_id),
            "rate_limit_per_user": 0,
            "flags": 0,
            # Discord counts at most 50 members here (Channel object, `member_count`).
            "member_count": min(len(thread.members), 50),
            "message_count": thread.message_count,
            "total_message_sent": thread.total_message_sent,
            "thread_metadata": thread.metadata(),
        }
        if for_user is not None and for_user in thread.members:
            data["member"] = thread.member_payload(self.id, for_user)
        return data

    def payload(self) -> dict[str, Any]:
        if self.thread is not None:
            return self.thread_payload()
        if self.type == DM_CHANNEL:
            assert self.recipient is not None
            return {
                "id": str(self.id),
                "type": DM_CHANNEL,
                "last_message_id": None,
                "recipients": [self.recipient.payload()],
                "flags": 0,
            }
        assert self.guild is not None
        overwrites = []
        for target, (allow, deny) in self.overwrites.items():
            is_role = any(r.id == target for r in self.guild.roles)
            overwrites.append(
                {
                    "id": str(target),
                    "type": 0 if is_role else 1,
                    "allow": str(allow),
                    "deny": str(deny),
                }
            )
        return {
            "id": str(self.id),
            "type": self.type,
            "guild_id": str(self.guild.id),
            "name": self.name,
            "position": self.position,
            "permission_overwrites": overwrites,
            "topic": None,
            "nsfw": False,
            "parent_id": None,
            "rate_limit_per_user": 0,
            "last_message_id": None,
            "flags": 0,
        }

    def deny(self, who: User | Role, **flags: bool) -> None:
        """Deny permissions in this channel to a user (the bot included) or a role."""
        self._no_thread_overwrites()
        allow, deny = self.overwrites.get(who.id, (0, 0))
        bits = permission_bits(**flags)
        self.overwrites[who.id] = (allow & ~bits, deny | bits)
        self._changed()

    def allow(self, who: User | Role, **flags: bool) -> None:
        """Allow permissions in this channel to a user or a role."""
        self._no_thread_overwrites()
        allow, deny = self.overwrites.get(who.id, (0, 0))
        bits = permission_bits(**flags)
        self.overwrites[who.id] = (allow | bits, deny & ~bits)
        self._changed()

    def _no_thread_overwrites(self) -> None:
        if self.thread is not None:
            raise StandInError("a thread has no permission overwrites: set them on its parent")

    def clear_overwrites(self, who: User | Role) -> None:
        self.overwrites.pop(who.id, None)
        self._changed()

    def _changed(self) -> None:
        if self.world is not None and not self.deleted:
            self.world.dispatch("CHANNEL_UPDATE", self.payload())

    def delete(self) -> None:
        """A moderator deletes this guild channel: see `Guild.delete_channel`."""
        if self.guild is None:
            raise StandInError("a DM channel cannot be deleted")
        self.guild.delete_channel(self)

    def permissions_for(self, user: User) -> int:
        """Discord's permission computation for a member in this channel."""
        if self.thread is not None:
            return self._thread_permissions(self.thread, user)
        if self.guild is None:
            return permission_bits(
                view_channel=True,
                send_messages=True,
                embed_links=True,
                attach_files=True,
                read_message_history=True,
                add_reactions=True,
                use_application_commands=True,
            )
        guild = self.guild
        member = guild.members.get(user.id)
        if member is None:
            return 0
        if guild.owner_id == user.id:
            return ALL_PERMISSIONS
        perms = guild.everyone.permissions
        for role in member.roles:
            perms |= role.permissions
        if perms & discord.Permissions(administrator=True).value:
            return ALL_PERMISSIONS
        allow, deny = self.overwrites.get(guild.everyone.id, (0, 0))
        perms = (perms & ~deny) | allow
        role_allow = role_deny = 0
        for role in member.roles:
            a, d = self.overwrites.get(role.id, (0, 0))
            role_allow, role_deny = role_allow | a, role_deny | d
        perms = (perms & ~role_deny) | role_allow
        allow, deny = self.overwrites.get(user.id, (0, 0))
        return (perms & ~deny) | allow

    def _thread_permissions(self, thread: ThreadState, user: User) -> int:
        """A thread has its parent's permissions (it has no overwrites of its own); a private
        thread is seen only by its members and by those who may manage threads (Discord's
        threads topic: "Private threads are only viewable by those who are invited or have
        the MANAGE_THREADS permission")."""
        perms = thread.parent.permissions_for(user)
        manage = discord.Permissions(manage_threads=True).value
        if self.type == PRIVATE_THREAD and user.id not in thread.members and not perms & manage:
            return perms & ~discord.Permissions(view_channel=True).value
        return perms

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"


@dataclass(eq=False)
class Guild:
    """A guild: roles (the first is @everyone), text channels and members."""

    id: int
    name: str
    everyone: Role
    world: World = field(repr=False)
    owner: User | None = None
    roles: list[Role] = field(default_factory=list)
    channels: list[Channel] = field(default_factory=list)
    threads: list[Channel] = field(default_factory=list)
    """The guild's threads, archived ones included (deleted ones are dropped)."""
    members: dict[int, Member] = field(default_factory=dict)
    joined_at: float = 0.0
    locale: str = "en-US"
    """The server's language (its preferred locale), sent as `guild_locale`."""

    @property
    def owner_id(self) -> int:
        if self.owner is not None:
            return self.owner.id
        humans = [m.user for m in self.members.values() if not m.user.bot]
        return humans[0].id if humans else self.id

    def add_text_channel(self, name: str) -> Channel:
        channel = Channel(
            id=self.world.snowflake(),
            name=name,
            type=TEXT_CHANNEL,
            guild=self,
            position=len(self.channels),
            world=self.world,
        )
        self.channels.append(channel)
        self.world.channels[channel.id] = channel
        if self.world.bot_user.id in self.members:
            self.world.dispatch("CHANNEL_CREATE", channel.payload())
        return channel

    def add_role(self, name: str, **flags: bool) -> Role:
        role = Role(
            id=self.world.snowflake(),
            name=name,
            permissions=permission_bits(**flags),
            position=len(self.roles),
        )
        self.roles.append(role)
        self.world.dispatch("GUILD_ROLE_CREATE", {"guild_id": str(self.id), "role": role.payload()})
        return role

    def add_member(self, user: User, *roles: Role, nick: str | None = None) -> Member:
        member = Member(user=user, roles=list(roles), joined_at=self.world.clock.now(), nick=nick)
        self.members[user.id] = member
        data = member.payload()
        data["guild_id"] = str(self.id)
        self.world.dispatch("GUILD_MEMBER_ADD", data)
        return member

    def remove_member(self, user: User) -> Member:
        """The user leaves, or is kicked or banned: GUILD_MEMBER_REMOVE reaches the clients
        with the GUILD_MEMBERS intent. From then on the user can no longer act in this guild
        (sending an interaction as them raises StandInError); DMs to them still follow their
        own DM setting."""
        if user.id == self.world.bot_user.id:
            raise StandInError("the bot leaving a guild is not modelled; remove users only")
        member = self.members.pop(user.id, None)
        if member is None:
            raise StandInError(f"{user.name} is not a member of {self.name!r}")
        self.world.dispatch(
            "GUILD_MEMBER_REMOVE", {"guild_id": str(self.id), "user": user.payload()}
        )
        self.world.changes.notify()
        return member

    def remove_bot(self) -> None:
        """The bot is kicked from this guild (or leaves it): GUILD_DELETE without
        `unavailable` reaches it; from then on its REST requests on the guild's channels answer
        403 Missing Access (50001), and a client identifying later is not given the guild."""
        bot = self.world.bot_user
        if self.members.pop(bot.id, None) is None:
            raise StandInError(f"the bot is not in {self.name!r}")
        self.world.dispatch("GUILD_DELETE", {"id": str(self.id)})
        self.world.changes.notify()

    def delete_channel(self, channel: Channel) -> None:
        """A moderator deletes a channel of this guild: CHANNEL_DELETE (with the channel as it
        was) reaches the clients with the GUILDS intent; from then on every REST request on
        the channel, its messages included, answers 404 Unknown Channel (10003), answers to
        interactions made in it too, and no interaction can be made in it. Its messages stay
        readable for the test (`DiscordStandIn.messages`)."""
        if channel.guild is not self or channel.deleted:
            raise StandInError(f"#{channel.name} is not a channel of {self.name!r}")
        if channel.thread is not None:
            self._delete_thread(channel)
            return
        payload = channel.payload()
        channel.deleted = True
        self.channels.remove(channel)
        # A deleted channel's threads go with it; Discord sends no THREAD_DELETE for them
        # (discord.py drops them from its cache on the CHANNEL_DELETE).
        for thread in [t for t in self.threads if t.parent is channel]:
            thread.deleted = True
            self.threads.remove(thread)
        if self.world.bot_user.id in self.members:
            self.world.dispatch("CHANNEL_DELETE", payload)
        self.world.changes.notify()

    def _delete_thread(self, thread: Channel) -> None:
        """THREAD_DELETE carries only the thread's id, guild_id, parent_id and type (Gateway
        events, Thread Delete)."""
        parent = thread.parent
        assert parent is not None
        data = {
            "id": str(thread.id),
            "guild_id": str(self.id),
            "parent_id": str(parent.id),
            "type": thread.type,
        }
        self.world.dispatch_thread("THREAD_DELETE", thread, data)
        thread.deleted = True
        self.threads.remove(thread)
        self.world.changes.notify()

    def thread(self, name: str) -> Channel:
        for thread in self.threads:
            if thread.name == name:
                return thread
        raise StandInError(f"guild {self.name!r} has no thread {name!r}")

    def active_threads(self, viewer: User) -> list[dict[str, Any]]:
        """The threads GUILD_CREATE lists: those not archived that `viewer` can see, with
        `viewer`'s thread member object where they belong (Gateway events, Guild Create:
        "threads: all active threads in the guild that current user has permission to
        view")."""
        view = discord.Permissions(view_channel=True).value
        return [
            t.thread_payload(for_user=viewer.id)
            for t in self.threads
            if t.thread is not None and not t.thread.archived and t.permissions_for(viewer) & view
        ]

    def channel(self, name: str) -> Channel:
        for channel in self.channels:
            if channel.name == name:
                return channel
        raise StandInError(f"guild {self.name!r} has no channel {name!r}")

    def payload(self) -> dict[str, Any]:
        members = [m.payload() for m in self.members.values()]
        return {
            "id": str(self.id),
            "name": self.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "banner": None,
            "description": None,
            "owner_id": str(self.owner_id),
            "region": None,
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "features": [],
            "mfa_level": 0,
            "application_id": None,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "public_updates_channel_id": None,
            "safety_alerts_channel_id": None,
            "vanity_url_code": None,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "preferred_locale": self.locale,
            "nsfw_level": 0,
            "premium_progress_bar_enabled": False,
            "max_members": 500000,
            "max_video_channel_users": 25,
            "roles": [r.payload() for r in self.roles],
            "emojis": [],
            "stickers": [],
            "soundboard_sounds": [],
            "joined_at": iso(self.joined_at),
            "large": False,
            "unavailable": False,
            "member_count": len(members),
            "members": members,
            "voice_states": [],
            "channels": [c.payload() for c in self.channels],
            "threads": self.active_threads(self.world.bot_user),
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "embedded_activities": [],
            "lazy": True,
        }


@dataclass(eq=False)
class StoredMessage:
    """A message as the stand-in holds it: the payload the bot would fetch, edits applied."""

    payload: dict[str, Any]
    created_at: float
    ephemeral_for: int | None = None
    interaction_id: int | None = None
    edits: int = 0
    edits_when_old: int | None = None
    deleted: bool = False
    attachments_data: dict[str, bytes] = field(default_factory=dict)
    snapshot: bool = False
    """A copy of the message as a user's client last showed it (see `DiscordStandIn.as_seen`)."""

    @property
    def id(self) -> int:
        return int(self.payload["id"])

    @property
    def channel_id(self) -> int:
        return int(self.payload["channel_id"])

    @property
    def author_id(self) -> int:
        return int(self.payload["author"]["id"])

    @property
    def content(self) -> str:
        return str(self.payload.get("content") or "")

    @property
    def embeds(self) -> list[dict[str, Any]]:
        return list(self.payload.get("embeds") or [])

    @property
    def components(self) -> list[dict[str, Any]]:
        return list(self.payload.get("components") or [])

    @property
    def flags(self) -> int:
        return int(self.payload.get("flags") or 0)

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        return bool(self.flags & LOADING)

    def walk_components(self) -> Iterator[dict[str, Any]]:
        for _, component in walk_components(self.components):
            yield component

    def component(self, custom_id: str) -> dict[str, Any]:
        for component in self.walk_components():
            if component.get("custom_id") == custom_id:
                return component
        ids = [c["custom_id"] for c in self.walk_components() if "custom_id" in c]
        raise StandInError(f"message {self.id} has no component {custom_id!r}; it has {ids}")

    def custom_id_for(self, label: str) -> str:
        """The custom_id of the button or select carrying this label or placeholder."""
        for component in self.walk_components():
            if label in (component.get("label"), component.get("placeholder")):
                return str(component["custom_id"])
        labels = [c.get("label") for c in self.walk_components() if c.get("label")]
        raise StandInError(
            f"message {self.id} has no component labelled {label!r}; it has {labels}"
        )

    @property
    def custom_ids(self) -> list[str]:
        return [str(c["custom_id"]) for c in self.walk_components() if "custom_id" in c]

    def text(self) -> str:
        """Everything a person can read in the message, for assertions on wording."""
        parts = [self.content]
        for embed in self.embeds:
            parts += [str(embed.get(k, "")) for k in ("title", "description")]
            parts += [f"{f.get('name', '')} {f.get('value', '')}" for f in embed.get("fields", [])]
            parts.append(str((embed.get("footer") or {}).get("text", "")))
        for component in self.walk_components():
            parts += [str(component.get(k, "")) for k in ("label", "content", "placeholder")]
        return "\n".join(p for p in parts if p)


class World:
    """Everything that persists across bot restarts in one stand-in."""

    def __init__(self, bot_name: str = "Sky Table") -> None:
        self.clock = Clock()
        self.changes = Changes()
        self._last_id = 0
        self.users: dict[int, User] = {}
        self.guilds: dict[int, Guild] = {}
        self.channels: dict[int, Channel] = {}
        self.messages: dict[int, StoredMessage] = {}
        self.by_nonce: dict[tuple[int, int, str], StoredMessage] = {}
        """The last message of each (channel, author, nonce)."""
        self.dispatcher: Callable[[str, dict[str, Any]], None] | None = None
        self.application_id = self.snowflake()
        self.bot_user = User(id=self.application_id, name=bot_name, bot=True)
        self.users[self.bot_user.id] = self.bot_user
        self.owner = self.add_user("app-owner")

    def snowflake(self, shard: tuple[int, int] | None = None) -> int:
        """A new id, increasing, whose timestamp is the stand-in clock's. With `shard`
        (shard_id, shard_count), a guild id of that shard: `(id >> 22) % shard_count ==
        shard_id`, its timestamp moved up to `shard_count - 1` ms ahead for that."""
        if shard is not None and not 0 <= shard[0] < shard[1]:
            raise StandInError(f"there is no shard {shard[0]} of {shard[1]}")
        candidate = (int(self.clock.now() * 1000) - DISCORD_EPOCH_MS) << 22
        self._last_id = max(candidate, self._last_id + 1)
        if shard is not None:
            shard_id, count = shard
            moment = self._last_id >> 22
            if self._last_id & ((1 << 22) - 1):
                moment += 1
            self._last_id = (moment + (shard_id - moment) % count) << 22
        return self._last_id

    def dispatch(self, event: str, data: dict[str, Any]) -> None:
        if self.dispatcher is not None:
            self.dispatcher(event, data)

    def dispatch_thread(self, event: str, thread: Channel, data: dict[str, Any]) -> None:
        """A thread event, sent only if the bot is in the guild and can see the thread (a
        private one only to its members and to those who may manage threads)."""
        guild = thread.guild
        if guild is None or self.bot_user.id not in guild.members:
            return
        if thread.permissions_for(self.bot_user) & discord.Permissions(view_channel=True).value:
            self.dispatch(event, data)

    def thread_updated(self, thread: Channel) -> None:
        """THREAD_UPDATE with the thread as it is now; the message it was started from shows
        it too."""
        starter = self.messages.get(thread.id)
        if starter is not None and "thread" in starter.payload:
            starter.payload["thread"] = thread.payload()
        self.dispatch_thread("THREAD_UPDATE", thread, thread.payload())
        self.changes.notify()

    def add_user(
        self,
        name: str,
        *,
        global_name: str | None = None,
        bot: bool = False,
        avatar: str | None = None,
    ) -> User:
        user = User(id=self.snowflake(), name=name, global_name=global_name, bot=bot, avatar=avatar)
        self.users[user.id] = user
        return user

    def user(self, name: str) -> User:
        for user in self.users.values():
            if user.name == name:
                return user
        raise StandInError(f"no user named {name!r}")

    def add_guild(
        self, name: str, *, owner: User | None = None, shard: tuple[int, int] | None = None
    ) -> Guild:
        """A guild the bot is in; with `shard` (shard_id, shard_count), one whose id puts it
        on that shard."""
        guild_id = self.snowflake(shard)
        everyone = Role(id=guild_id, name="@everyone", permissions=EVERYONE_PERMISSIONS)
        guild = Guild(
            id=guild_id,
            name=name,
            everyone=everyone,
            world=self,
            owner=owner,
            roles=[everyone],
            joined_at=self.clock.now(),
        )
        bot_role = Role(
            id=self.snowflake(),
            name=self.bot_user.name,
            permissions=BOT_ROLE_PERMISSIONS,
            position=1,
            managed=True,
        )
        guild.roles.append(bot_role)
        guild.members[self.bot_user.id] = Member(self.bot_user, [bot_role], self.clock.now())
        self.guilds[guild.id] = guild
        self.dispatch("GUILD_CREATE", guild.payload())
        return guild

    def dm_channel(self, user: User) -> Channel:
        """The DM channel between the bot and a user (created on first use, as Discord does)."""
        for channel in self.channels.values():
            if channel.type == DM_CHANNEL and channel.recipient is user:
                return channel
        channel = Channel(id=self.snowflake(), name="", type=DM_CHANNEL, recipient=user, world=self)
        self.channels[channel.id] = channel
        return channel

    def channel(self, channel_id: int) -> Channel | None:
        """The channel, unless it does not exist or was deleted."""
        channel = self.channels.get(channel_id)
        return None if channel is None or channel.deleted else channel

    def message(self, message_id: int) -> StoredMessage | None:
        message = self.messages.get(message_id)
        return None if message is None or message.deleted else message

    def messages_in(self, channel: Channel, *, ephemeral: bool = False) -> list[StoredMessage]:
        """The channel's messages, oldest first; ephemeral ones only when asked."""
        return [
            m
            for m in self.messages.values()
            if m.channel_id == channel.id
            and not m.deleted
            and (ephemeral or m.ephemeral_for is None)
        ]

    def new_message(
        self,
        channel: Channel,
        author: User,
        body: dict[str, Any],
        *,
        ephemeral_for: int | None = None,
        interaction_id: int | None = None,
        extra: dict[str, Any] | None = None,
    ) -> StoredMessage:
        now = self.clock.now()
        payload: dict[str, Any] = {
            "id": str(self.snowflake()),
            "channel_id": str(channel.id),
            "type": 0,
            "author": author.payload(),
            "content": "",
            "timestamp": self.clock.iso(now),
            "edited_timestamp": None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [],
            "embeds": [],
            "pinned": False,
            "flags": 0,
            "components": [],
        }
        if channel.guild is not None:
            payload["guild_id"] = str(channel.guild.id)
        payload.update(extra or {})
        _apply_body(payload, body)
        if channel.thread is not None and ephemeral_for is None:
            self._posted_in_thread(channel, channel.thread, int(payload["id"]))
        message = StoredMessage(
            payload=payload,
            created_at=now,
            ephemeral_for=ephemeral_for,
            interaction_id=interaction_id,
        )
        self.messages[message.id] = message
        if payload.get("nonce") is not None:
            self.by_nonce[(channel.id, author.id, str(payload["nonce"]))] = message
        self.changes.notify()
        self._dispatch_message("MESSAGE_CREATE", message)
        return message

    def _posted_in_thread(self, thread: Channel, state: ThreadState, message_id: int) -> None:
        """A message in an archived thread that is not locked unarchives it (Discord's threads
        topic: "sending a message ... will automatically unarchive the thread"); whether the
        author may post there is checked before."""
        state.message_count += 1
        state.total_message_sent += 1
        state.last_message_id = message_id
        if state.archived:
            state.archived = False
            state.archive_timestamp = self.clock.now()
            self.thread_updated(thread)

    def edit_message(self, message: StoredMessage, body: dict[str, Any]) -> StoredMessage:
        kept = message.flags & (EPHEMERAL | COMPONENTS_V2)
        _apply_body(message.payload, body)
        message.payload["flags"] = (message.flags & ~(EPHEMERAL | LOADING)) | kept
        message.payload["edited_timestamp"] = self.clock.iso()
        message.edits += 1
        self.changes.notify()
        self._dispatch_message("MESSAGE_UPDATE", message)
        return message

    def delete_message(self, message: StoredMessage) -> None:
        message.deleted = True
        thread = self.channels.get(message.channel_id)
        if thread is not None and thread.thread is not None and message.ephemeral_for is None:
            thread.thread.message_count = max(0, thread.thread.message_count - 1)
        self.changes.notify()
        if message.ephemeral_for is None:
            data = {"id": str(message.id), "channel_id": str(message.channel_id)}
            if "guild_id" in message.payload:
                data["guild_id"] = message.payload["guild_id"]
            self.dispatch("MESSAGE_DELETE", data)

    def _dispatch_message(self, event: str, message: StoredMessage) -> None:
        if message.ephemeral_for is not None or message.loading:
            return
        data = dict(message.payload)
        channel = self.channels.get(message.channel_id)
        if channel is not None and channel.guild is not None:
            member = channel.guild.members.get(message.author_id)
            if member is not None:
                data["member"] = member.payload(with_user=False)
        self.dispatch(event, data)


EDITABLE = ("content", "embeds", "components", "attachments", "poll", "sticker_items")


def _apply_body(payload: dict[str, Any], body: dict[str, Any]) -> None:
    if isinstance(body.get("attachments"), list):
        body["attachments"] = _kept(payload.get("attachments") or [], body["attachments"])
    for key in EDITABLE:
        if key in body:
            value = body[key]
            payload[key] = [] if value is None and key != "content" else value
    if payload.get("content") is None:
        payload["content"] = ""
    for embed in payload.get("embeds") or []:
        if isinstance(embed, dict):
            embed.setdefault("type", "rich")
    if "flags" in body and body["flags"] is not None:
        payload["flags"] = int(body["flags"])
    if "tts" in body:
        payload["tts"] = bool(body["tts"])
    if "nonce" in body:
        payload["nonce"] = body["nonce"]


def _kept(existing: list[dict[str, Any]], listed: list[Any]) -> list[Any]:
    """An edit's `attachments`: an entry that names only an id keeps the message's attachment
    of that id as it is (Discord's way to keep a file without uploading it again); an id the
    message does not have is refused, as Discord does (400, 50035)."""
    have = {str(a.get("id")): a for a in existing if isinstance(a, dict)}
    result = []
    for number, entry in enumerate(listed):
        if isinstance(entry, dict) and "filename" not in entry and "url" not in entry:
            found = have.get(str(entry.get("id")))
            if found is None:
                errors = FieldErrors()
                errors.add(
                    ("attachments", number, "id"), "UNKNOWN_ATTACHMENT", "Unknown attachment"
                )
                errors.raise_if_any()
            result.append(found)
        else:
            result.append(entry)
    return result
