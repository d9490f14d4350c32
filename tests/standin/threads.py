"""Threads as Discord runs them: starting one (from a message or not), posting in it, archiving,
locking, renaming, deleting it, and its members.

Each rule names where Discord states it: "API docs" is discord-api-docs (Resources > Channel:
Start Thread from Message, Start Thread without Message, Modify Channel, Delete/Close Channel,
Add/Remove Thread Member, List Thread Members, List Public Archived Threads; Topics > Threads;
Topics > Permissions; Topics > Opcodes and Status Codes for the JSON error codes; Events >
Gateway Events for THREAD_*).
"""

from __future__ import annotations

from typing import Any

from .errors import MISSING_PERMISSIONS, ApiError, FieldErrors, unknown
from .world import (
    DM_CHANNEL,
    HAS_THREAD,
    PRIVATE_THREAD,
    PUBLIC_THREAD,
    TEXT_CHANNEL,
    Channel,
    StoredMessage,
    ThreadState,
    User,
    World,
    permission_bits,
)

VIEW_CHANNEL = permission_bits(view_channel=True)
READ_MESSAGE_HISTORY = permission_bits(read_message_history=True)
SEND_MESSAGES_IN_THREADS = permission_bits(send_messages_in_threads=True)
CREATE_PUBLIC_THREADS = permission_bits(create_public_threads=True)
CREATE_PRIVATE_THREADS = permission_bits(create_private_threads=True)
MANAGE_THREADS = permission_bits(manage_threads=True)

ARCHIVE_DURATIONS = (60, 1440, 4320, 10080)
"""Minutes of inactivity before Discord archives a thread (API docs, Channel object:
`auto_archive_duration` "can be set to: 60, 1440, 4320, 10080")."""
NAME_LENGTH = (1, 100)
"""A thread's name: 1-100 characters (API docs, Start Thread from Message: `name`)."""

# JSON error codes (API docs, Opcodes and Status Codes).
CANNOT_ON_CHANNEL_TYPE = 50024
"""Cannot execute action on this channel type."""
ARCHIVED_THREAD = 50083
"""Operation was performed on an archived thread."""
THREAD_ALREADY_CREATED = 160004
"""A thread has already been created for this message."""
THREAD_LOCKED = 160005
"""Thread is locked."""

THREAD_CREATED_MESSAGE = 18
"""The system message a public thread started without a message leaves in its parent."""


def _missing_permissions() -> ApiError:
    return ApiError(403, MISSING_PERMISSIONS, "Missing Permissions")


def _archived() -> ApiError:
    return ApiError(400, ARCHIVED_THREAD, "Thread is archived")


def _has(perms: int, bits: int) -> bool:
    return perms & bits == bits


def check_fields(body: dict[str, Any], *, creating: bool) -> None:
    """Discord's form checks of a thread's `name` and `auto_archive_duration` (50035)."""
    errors = FieldErrors()
    if creating or "name" in body:
        errors.length_between(("name",), body.get("name"), *NAME_LENGTH)
    duration = body.get("auto_archive_duration")
    if duration is not None and duration not in ARCHIVE_DURATIONS:
        choices = ", ".join(str(d) for d in ARCHIVE_DURATIONS)
        errors.add(
            ("auto_archive_duration",), "BASE_TYPE_CHOICES", f"Value must be one of {{{choices}}}."
        )
    errors.raise_if_any()


def thread_type(body: dict[str, Any]) -> int:
    """The `type` of a thread started without a message: required in API v10 (API docs, Start
    Thread without Message: "In API v10 this will be changed to be a required field");
    the stand-in starts public (11) and private (12) threads."""
    errors = FieldErrors()
    kind = body.get("type")
    if kind is None:
        errors.add(("type",), "BASE_TYPE_REQUIRED", "This field is required")
    elif kind not in (PUBLIC_THREAD, PRIVATE_THREAD):
        errors.add(("type",), "BASE_TYPE_CHOICES", "Value must be one of {11, 12}.")
    errors.raise_if_any()
    assert isinstance(kind, int)
    return kind


def check_can_start(parent: Channel, user: User, kind: int) -> None:
    """A thread starts only in a guild text channel (not in a DM, not in a thread: 50024), by
    someone who sees the parent and may create that kind of thread there (API docs,
    Permissions: CREATE_PUBLIC_THREADS "Allows for creating public and announcement threads",
    CREATE_PRIVATE_THREADS "Allows for creating private threads"; 403 50013 otherwise)."""
    if parent.type != TEXT_CHANNEL or parent.guild is None:
        raise ApiError(400, CANNOT_ON_CHANNEL_TYPE, "Cannot execute action on this channel type")
    needed = VIEW_CHANNEL | (
        CREATE_PRIVATE_THREADS if kind == PRIVATE_THREAD else CREATE_PUBLIC_THREADS
    )
    if not _has(parent.permissions_for(user), needed):
        raise _missing_permissions()


def check_starter(message: StoredMessage) -> None:
    """A message starts one thread at most (160004)."""
    if message.flags & HAS_THREAD:
        raise ApiError(
            400, THREAD_ALREADY_CREATED, "A thread has already been created for this message"
        )


def start_thread(
    world: World,
    parent: Channel,
    author: User,
    body: dict[str, Any],
    *,
    kind: int,
    message: StoredMessage | None = None,
) -> Channel:
    """Starts the thread once every rule has been checked: from a message, the thread takes
    the message's id (API docs, Start Thread from Message: "The id of the created thread will
    be the same as the id of the source message") and the message gets `thread`. Its author
    is its first member. Events: THREAD_CREATE with `newly_created`, THREAD_MEMBERS_UPDATE
    adding the author, and MESSAGE_UPDATE of the starter message or, for a public thread
    started without one, the parent's "started a thread" system message (type 18)."""
    guild = parent.guild
    assert guild is not None
    now = world.clock.now()
    state = ThreadState(
        parent=parent,
        owner_id=author.id,
        created_at=now,
        auto_archive_duration=int(body.get("auto_archive_duration") or 4320),
        invitable=bool(body.get("invitable", True)),
    )
    thread = Channel(
        id=world.snowflake() if message is None else message.id,
        name=str(body["name"]),
        type=kind,
        guild=guild,
        world=world,
        thread=state,
    )
    guild.threads.append(thread)
    world.channels[thread.id] = thread
    state.members[author.id] = now
    world.dispatch_thread("THREAD_CREATE", thread, {**thread.payload(), "newly_created": True})
    members_update(world, thread, added=[author])
    if message is not None:
        _mark_starter(world, message, thread)
    elif kind == PUBLIC_THREAD:
        _announce(world, parent, author, thread)
    world.changes.notify()
    return thread


def _mark_starter(world: World, message: StoredMessage, thread: Channel) -> None:
    message.payload["thread"] = thread.payload()
    message.payload["flags"] = message.flags | HAS_THREAD
    world._dispatch_message("MESSAGE_UPDATE", message)


def _announce(world: World, parent: Channel, author: User, thread: Channel) -> None:
    guild = parent.guild
    assert guild is not None
    reference = {
        "type": 0,
        "channel_id": str(thread.id),
        "guild_id": str(guild.id),
    }
    world.new_message(
        parent,
        author,
        {"content": thread.name},
        extra={"type": THREAD_CREATED_MESSAGE, "message_reference": reference},
    )


def check_send(thread: Channel, user: User) -> None:
    """Posting in a thread: SEND_MESSAGES_IN_THREADS, not SEND_MESSAGES (API docs,
    Permissions: "Allows for sending messages in threads"). A locked thread refuses whoever
    may not manage threads (API docs, Channel object `thread_metadata.locked`: "when a thread
    is locked, only users with MANAGE_THREADS can unarchive it"): archived, it answers 50083
    as for any operation on an archived thread it cannot unarchive; open, 160005 Thread is
    locked. An archived thread that is not locked is unarchived by the post (see
    `World._posted_in_thread`)."""
    state = thread.thread
    assert state is not None
    perms = thread.permissions_for(user)
    if not _has(perms, VIEW_CHANNEL | SEND_MESSAGES_IN_THREADS):
        raise _missing_permissions()
    if state.locked and not _has(perms, MANAGE_THREADS):
        if state.archived:
            raise _archived()
        raise ApiError(400, THREAD_LOCKED, "Thread is locked")


def check_open(thread: Channel) -> None:
    """Editing or deleting a message, and adding or removing members, need the thread not
    archived (API docs, Add Thread Member: "Also requires the thread is not archived")."""
    state = thread.thread
    if state is not None and state.archived:
        raise _archived()


def modify(world: World, thread: Channel, user: User, body: dict[str, Any]) -> Channel:
    """PATCH /channels/{thread} (API docs, Modify Channel, Thread): "Requires the thread to
    have archived set to false or be set to false in the request" (50083 otherwise, as
    discord-api-docs#6928 shows for locking an archived thread). "When setting archived to
    false, when locked is also false, only the SEND_MESSAGES permission is required.
    Otherwise, requires the MANAGE_THREADS permission" (the thread's creator may also edit
    their own thread, locking it included: discord-api-docs#7407); unarchiving a locked
    thread always needs MANAGE_THREADS."""
    state = thread.thread
    assert state is not None
    check_fields(body, creating=False)
    if state.archived and body.get("archived") is not False:
        raise _archived()
    perms = thread.permissions_for(user)
    manager = _has(perms, MANAGE_THREADS)
    only_unarchive = set(body) <= {"archived", "locked"} and body.get("archived") is False
    if only_unarchive and not body.get("locked") and not state.locked:
        allowed = _has(perms, VIEW_CHANNEL | SEND_MESSAGES_IN_THREADS)
    elif state.locked and (body.get("archived") is False or body.get("locked") is False):
        allowed = manager
    else:
        allowed = manager or user.id == state.owner_id
    if not allowed:
        raise _missing_permissions()
    _apply(world, thread, state, body)
    world.thread_updated(thread)
    return thread


def _apply(world: World, thread: Channel, state: ThreadState, body: dict[str, Any]) -> None:
    if "name" in body:
        thread.name = str(body["name"])
    if body.get("auto_archive_duration") is not None:
        state.auto_archive_duration = int(body["auto_archive_duration"])
    if body.get("locked") is not None:
        state.locked = bool(body["locked"])
    if body.get("invitable") is not None and thread.type == PRIVATE_THREAD:
        state.invitable = bool(body["invitable"])
    if body.get("archived") is not None and bool(body["archived"]) != state.archived:
        state.archived = bool(body["archived"])
        state.archive_timestamp = world.clock.now()


def check_delete(thread: Channel, user: User) -> None:
    """Deleting a thread needs MANAGE_THREADS (API docs, Delete/Close Channel: "Requires the
    MANAGE_CHANNELS permission for the guild, or MANAGE_THREADS if the channel is a
    thread")."""
    if not _has(thread.permissions_for(user), MANAGE_THREADS):
        raise _missing_permissions()


def add_member(world: World, thread: Channel, actor: User, member: User) -> None:
    """PUT /channels/{thread}/thread-members/{user} or @me (API docs, Add Thread Member:
    "Requires the ability to send messages in the thread. Also requires the thread is not
    archived. Returns a 204 empty response if the member is successfully added or was already
    a member of the thread"). Joining oneself (Join Thread) needs only to see the thread."""
    state = thread.thread
    guild = thread.guild
    assert state is not None and guild is not None
    check_open(thread)
    needed = VIEW_CHANNEL if actor is member else VIEW_CHANNEL | SEND_MESSAGES_IN_THREADS
    if not _has(thread.permissions_for(actor), needed):
        raise _missing_permissions()
    if member.id not in guild.members:
        raise unknown("Member", 10007)
    if member.id in state.members:
        return
    state.members[member.id] = world.clock.now()
    members_update(world, thread, added=[member])


def remove_member(world: World, thread: Channel, actor: User, member: User) -> None:
    """DELETE /channels/{thread}/thread-members/{user} or @me (API docs, Remove Thread
    Member: "Requires the MANAGE_THREADS permission, or the creator of the thread if it is a
    PRIVATE_THREAD. Also requires the thread is not archived"; Leave Thread needs only the
    thread not archived)."""
    state = thread.thread
    assert state is not None
    check_open(thread)
    if actor is not member:
        owner = thread.type == PRIVATE_THREAD and actor.id == state.owner_id
        if not owner and not _has(thread.permissions_for(actor), MANAGE_THREADS):
            raise _missing_permissions()
    if state.members.pop(member.id, None) is not None:
        members_update(world, thread, removed=[member])


def members_update(
    world: World,
    thread: Channel,
    *,
    added: list[User] | None = None,
    removed: list[User] | None = None,
) -> None:
    """THREAD_MEMBERS_UPDATE (Gateway events, Thread Members Update): the thread's id,
    guild_id and member_count, `added_members` (thread members with their guild `member`)
    and `removed_member_ids`. The gateway sends it to a client without the GUILD_MEMBERS
    intent only when the change is the bot's own (see `gateway.thread_members_visible`)."""
    state, guild = thread.thread, thread.guild
    assert state is not None and guild is not None
    data: dict[str, Any] = {
        "id": str(thread.id),
        "guild_id": str(guild.id),
        "member_count": min(len(state.members), 50),
    }
    if added:
        data["added_members"] = [
            {
                **state.member_payload(thread.id, user.id),
                "member": guild.members[user.id].payload(),
                "presence": None,
            }
            for user in added
        ]
    if removed:
        data["removed_member_ids"] = [str(user.id) for user in removed]
    world.dispatch_thread("THREAD_MEMBERS_UPDATE", thread, data)
    world.changes.notify()


def member_list(thread: Channel, *, with_member: bool) -> list[dict[str, Any]]:
    """GET /channels/{thread}/thread-members (API docs, List Thread Members)."""
    state, guild = thread.thread, thread.guild
    assert state is not None and guild is not None
    listed = []
    for user_id in state.members:
        entry = state.member_payload(thread.id, user_id)
        if with_member and user_id in guild.members:
            entry["member"] = guild.members[user_id].payload()
        listed.append(entry)
    return listed


def archived_public(parent: Channel, user: User, limit: int) -> dict[str, Any]:
    """GET /channels/{channel}/threads/archived/public (API docs, List Public Archived
    Threads: "Requires the READ_MESSAGE_HISTORY permission"), newest archived first."""
    guild = parent.guild
    if parent.type == DM_CHANNEL or guild is None:
        raise ApiError(400, CANNOT_ON_CHANNEL_TYPE, "Cannot execute action on this channel type")
    if not _has(parent.permissions_for(user), VIEW_CHANNEL | READ_MESSAGE_HISTORY):
        raise _missing_permissions()
    archived = [
        t
        for t in guild.threads
        if t.parent is parent and t.type == PUBLIC_THREAD and t.thread and t.thread.archived
    ]
    archived.sort(key=lambda t: t.thread.archive_timestamp if t.thread else 0, reverse=True)
    shown = archived[:limit]
    members = [
        t.thread.member_payload(t.id, user.id)
        for t in shown
        if t.thread is not None and user.id in t.thread.members
    ]
    return {
        "threads": [t.payload() for t in shown],
        "members": members,
        "has_more": len(archived) > limit,
    }
