"""Threads in the stand-in, driven through a real discord.py client: the routes that start,
post in, edit, archive, lock, delete and fill threads, Discord's refusals, the gateway events
reaching discord.py's cache, and interactions made inside a thread."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass

import discord
import pytest

from . import DiscordStandIn, Limits, StoredMessage, User
from .sample_bot import SampleBot
from .world import HAS_THREAD, Channel, Guild


@dataclass
class Scene:
    standin: DiscordStandIn
    guild: Guild
    table: Channel
    alice: User
    bob: User
    bot: SampleBot

    def text_channel(self) -> discord.TextChannel:
        channel = self.bot.get_channel(self.table.id)
        assert isinstance(channel, discord.TextChannel)
        return channel

    async def card(self, content: str = "Skyjo table") -> discord.Message:
        """A message of the bot in #table, to start threads from."""
        return await self.text_channel().send(content)

    async def settled(self, check: Callable[[], bool], what: str) -> None:
        """Waits until the events sent so far have changed the bot's cache as `check` says."""
        for _ in range(200):
            if check():
                return
            await asyncio.sleep(0.01)
        raise AssertionError(f"the bot's cache never showed {what}")


@pytest.fixture
async def standin() -> AsyncIterator[DiscordStandIn]:
    async with DiscordStandIn(limits=Limits(answer_timeout=3.0)) as running:
        yield running


def _world(standin: DiscordStandIn) -> tuple[Guild, Channel, User, User]:
    guild = standin.add_guild("Sky Club")
    table = guild.add_text_channel("table")
    alice, bob = standin.add_user("alice"), standin.add_user("bob")
    guild.add_member(alice)
    guild.add_member(bob)
    return guild, table, alice, bob


@pytest.fixture
async def scene(standin: DiscordStandIn) -> AsyncIterator[Scene]:
    guild, table, alice, bob = _world(standin)
    async with standin.running(SampleBot(guild.id)) as bot:
        yield Scene(standin, guild, table, alice, bob, bot)


async def refused(call: Awaitable[object]) -> discord.HTTPException:
    with pytest.raises(discord.HTTPException) as caught:
        await call
    return caught.value


def stored(scene: Scene, message_id: int) -> StoredMessage:
    message = scene.standin.world.message(message_id)
    assert message is not None
    return message


# Starting threads


async def test_a_thread_started_from_a_message_takes_its_id(scene: Scene) -> None:
    card = await scene.card()
    thread = await card.create_thread(name="Skyjo #1", auto_archive_duration=60)
    assert thread.id == card.id and thread.type is discord.ChannelType.public_thread
    assert thread.parent_id == scene.table.id and thread.owner_id == scene.standin.bot_user.id
    assert thread.auto_archive_duration == 60 and not thread.archived and not thread.locked
    request = scene.standin.requests[-1]
    assert (request.method, request.path) == (
        "POST",
        f"/channels/{scene.table.id}/messages/{card.id}/threads",
    )
    starter = stored(scene, card.id)
    assert starter.flags & HAS_THREAD and starter.payload["thread"]["id"] == str(card.id)
    guild = scene.bot.get_guild(scene.guild.id)
    assert guild is not None
    await scene.settled(lambda: guild.get_thread(card.id) is not None, "the new thread")
    cached = guild.get_thread(card.id)
    assert cached is not None and scene.bot.get_channel(card.id) is cached
    await scene.settled(lambda: cached.me is not None, "the bot as the thread's member")
    assert [m.id for m in await cached.fetch_members()] == [scene.standin.bot_user.id]


async def test_a_message_starts_one_thread_only(scene: Scene) -> None:
    card = await scene.card()
    await card.create_thread(name="first")
    error = await refused(card.create_thread(name="second"))
    assert (error.status, error.code) == (400, 160004)
    assert [t.name for t in scene.guild.threads] == ["first"]


async def test_a_thread_without_a_message_announces_itself(scene: Scene) -> None:
    channel = scene.text_channel()
    thread = await channel.create_thread(
        name="Sky Five", type=discord.ChannelType.public_thread, auto_archive_duration=1440
    )
    assert thread.type is discord.ChannelType.public_thread and thread.parent_id == channel.id
    request = scene.standin.requests[-1]
    assert (request.method, request.path) == ("POST", f"/channels/{scene.table.id}/threads")
    announce = scene.standin.last_message(scene.table)
    assert announce.payload["type"] == 18 and announce.content == "Sky Five"
    assert announce.payload["message_reference"]["channel_id"] == str(thread.id)


async def test_discord_py_starts_private_threads_by_default(scene: Scene) -> None:
    thread = await scene.text_channel().create_thread(name="secret")
    assert thread.type is discord.ChannelType.private_thread
    assert scene.standin.messages(scene.table) == []


async def test_starting_a_thread_needs_create_threads_in_the_parent(scene: Scene) -> None:
    scene.standin.deny_bot(scene.table, create_public_threads=True)
    card = await scene.card()
    for call in (
        card.create_thread(name="no"),
        scene.text_channel().create_thread(name="no", type=discord.ChannelType.public_thread),
    ):
        error = await refused(call)
        assert isinstance(error, discord.Forbidden) and error.code == 50013
    scene.standin.deny_bot(scene.table, create_private_threads=True)
    error = await refused(scene.text_channel().create_thread(name="no"))
    assert error.code == 50013 and scene.guild.threads == []


async def test_starting_a_thread_needs_to_see_the_parent(scene: Scene) -> None:
    card = await scene.card()
    scene.standin.deny_bot(scene.table, view_channel=True)
    error = await refused(card.create_thread(name="hidden"))
    assert (error.status, error.code) == (403, 50013)


async def test_thread_names_and_archive_durations_are_checked(scene: Scene) -> None:
    card = await scene.card()
    error = await refused(card.create_thread(name="x" * 101))
    assert error.code == 50035 and "name" in str(error)
    error = await refused(card.create_thread(name="", auto_archive_duration=1440))
    assert error.code == 50035
    error = await refused(card.create_thread(name="ok", auto_archive_duration=30))  # type: ignore[arg-type]
    assert error.code == 50035 and "auto_archive_duration" in str(error)
    thread = await card.create_thread(name="x" * 100)
    assert len(thread.name) == 100


async def test_no_thread_inside_a_thread_or_a_dm(scene: Scene) -> None:
    card = await scene.card()
    thread = await card.create_thread(name="game")
    inner = await thread.send("in the thread")
    error = await refused(inner.create_thread(name="deeper"))
    assert (error.status, error.code) == (400, 50024)
    http = scene.bot.http
    error = await refused(
        http.start_thread_without_message(
            thread.id, name="deeper", auto_archive_duration=60, type=11
        )
    )
    assert error.code == 50024
    dm = await scene.bot.create_dm(discord.Object(scene.alice.id))
    error = await refused(
        http.start_thread_without_message(dm.id, name="dm", auto_archive_duration=60, type=11)
    )
    assert error.code == 50024


# Posting in threads


async def test_messages_inside_a_thread(scene: Scene) -> None:
    card = await scene.card()
    thread = await card.create_thread(name="game")
    sent = await thread.send("lobby")
    assert sent.channel.id == thread.id
    assert [m.content for m in scene.standin.messages(scene.standin.world.channels[thread.id])] == [
        "lobby"
    ]
    edited = await sent.edit(content="table")
    assert edited.content == "table"
    fetched = await thread.fetch_message(sent.id)
    assert fetched.content == "table"
    await sent.delete()
    assert scene.standin.world.message(sent.id) is None
    assert stored(scene, card.id).content == "Skyjo table"


async def test_posting_in_a_thread_needs_send_messages_in_threads(scene: Scene) -> None:
    card = await scene.card()
    thread = await card.create_thread(name="game")
    scene.standin.deny_bot(scene.table, send_messages=True)
    assert (await thread.send("still allowed")).content == "still allowed"
    assert (await refused(scene.text_channel().send("not here"))).code == 50013
    scene.standin.deny_bot(scene.table, send_messages_in_threads=True)
    error = await refused(thread.send("no"))
    assert isinstance(error, discord.Forbidden) and error.code == 50013


async def test_a_post_unarchives_an_archived_thread(scene: Scene) -> None:
    card = await scene.card()
    thread = await card.create_thread(name="game")
    archived = await thread.edit(archived=True)
    assert archived.archived
    guild = scene.bot.get_guild(scene.guild.id)
    assert guild is not None
    await scene.settled(lambda: guild.get_thread(thread.id) is None, "the archived thread gone")
    await thread.send("back to the game")
    state = scene.standin.world.channels[thread.id].thread
    assert state is not None and not state.archived
    await scene.settled(lambda: guild.get_thread(thread.id) is not None, "the thread back")
    cached = guild.get_thread(thread.id)
    assert cached is not None and not cached.archived


async def test_a_locked_thread_refuses_those_who_cannot_manage_threads(scene: Scene) -> None:
    card = await scene.card()
    thread = await card.create_thread(name="game")
    locked = await thread.edit(locked=True)
    assert locked.locked and not locked.archived
    error = await refused(thread.send("no"))
    assert (error.status, error.code) == (400, 160005)
    await thread.edit(archived=True)
    error = await refused(thread.send("no"))
    assert (error.status, error.code) == (400, 50083)
    error = await refused(thread.edit(archived=False))
    assert error.code == 50013
    scene.standin.world.channels[scene.table.id].allow(scene.standin.bot_user, manage_threads=True)
    await thread.send("a moderator may")
    state = scene.standin.world.channels[thread.id].thread
    assert state is not None and not state.archived and state.locked


async def test_an_archived_thread_is_changed_only_by_unarchiving_it(scene: Scene) -> None:
    card = await scene.card()
    thread = await card.create_thread(name="game")
    sent = await thread.send("lobby")
    await thread.edit(archived=True)
    assert (await refused(thread.edit(name="renamed"))).code == 50083
    assert (await refused(thread.edit(locked=True))).code == 50083
    assert (await refused(sent.edit(content="late"))).code == 50083
    assert (await refused(thread.add_user(discord.Object(scene.alice.id)))).code == 50083
    renamed = await thread.edit(archived=False, name="renamed")
    assert renamed.name == "renamed" and not renamed.archived


async def test_rename_and_archive_duration_reach_the_cache(scene: Scene) -> None:
    card = await scene.card()
    thread = await card.create_thread(name="game")
    guild = scene.bot.get_guild(scene.guild.id)
    assert guild is not None
    await thread.edit(name="Skyjo - round 2", auto_archive_duration=10080)
    await scene.settled(
        lambda: (t := guild.get_thread(thread.id)) is not None and t.name == "Skyjo - round 2",
        "the new name",
    )
    cached = guild.get_thread(thread.id)
    assert cached is not None and cached.auto_archive_duration == 10080
    assert stored(scene, card.id).payload["thread"]["name"] == "Skyjo - round 2"
    assert (await refused(thread.edit(name="y" * 101))).code == 50035


async def test_others_threads_are_edited_with_manage_threads_only(scene: Scene) -> None:
    thread = scene.standin.start_thread_as(scene.alice, scene.table, None, "alice's")
    await scene.settled(lambda: scene.bot.get_channel(thread.id) is not None, "alice's thread")
    bot_thread = scene.bot.get_channel(thread.id)
    assert isinstance(bot_thread, discord.Thread)
    assert (await refused(bot_thread.edit(name="mine"))).code == 50013
    assert (await refused(bot_thread.edit(archived=True))).code == 50013
    scene.table.allow(scene.standin.bot_user, manage_threads=True)
    assert (await bot_thread.edit(archived=True, locked=True)).locked


# Deleting threads


async def test_deleting_a_thread_needs_manage_threads(scene: Scene) -> None:
    card = await scene.card()
    thread = await card.create_thread(name="game")
    error = await refused(thread.delete())
    assert isinstance(error, discord.Forbidden) and error.code == 50013
    scene.table.allow(scene.standin.bot_user, manage_threads=True)
    deleted: list[discord.RawThreadDeleteEvent] = []

    async def on_raw_thread_delete(raw: discord.RawThreadDeleteEvent) -> None:
        deleted.append(raw)

    scene.bot.add_listener(on_raw_thread_delete)
    await thread.delete()
    request = scene.standin.requests[-1]
    assert (request.method, request.path, request.status) == (
        "DELETE",
        f"/channels/{thread.id}",
        200,
    )
    guild = scene.bot.get_guild(scene.guild.id)
    assert guild is not None
    await scene.settled(lambda: guild.get_thread(thread.id) is None, "the thread deleted")
    assert [(d.thread_id, d.parent_id, d.thread_type) for d in deleted] == [
        (thread.id, scene.table.id, discord.ChannelType.public_thread)
    ]
    error = await refused(thread.send("gone"))
    assert (error.status, error.code) == (404, 10003)
    assert scene.guild.threads == []


async def test_a_moderator_deletes_a_thread(scene: Scene) -> None:
    card = await scene.card()
    thread = await card.create_thread(name="game")
    guild = scene.bot.get_guild(scene.guild.id)
    assert guild is not None
    await scene.settled(lambda: guild.get_thread(thread.id) is not None, "the thread")
    scene.standin.delete_channel(scene.standin.world.channels[thread.id])
    await scene.settled(lambda: guild.get_thread(thread.id) is None, "the thread deleted")
    assert (await refused(thread.send("gone"))).code == 10003
    assert scene.bot.get_channel(scene.table.id) is not None


# Thread members


async def test_the_bot_adds_and_removes_members(scene: Scene) -> None:
    card = await scene.card()
    thread = await card.create_thread(name="game")
    await thread.add_user(discord.Object(scene.alice.id))
    await thread.add_user(discord.Object(scene.alice.id))
    members = await thread.fetch_members()
    assert [m.id for m in members] == [scene.standin.bot_user.id, scene.alice.id]
    request = scene.standin.requests[-2]
    assert (request.method, request.path, request.status) == (
        "PUT",
        f"/channels/{thread.id}/thread-members/{scene.alice.id}",
        204,
    )
    error = await refused(thread.remove_user(discord.Object(scene.alice.id)))
    assert error.code == 50013
    scene.table.allow(scene.standin.bot_user, manage_threads=True)
    await thread.remove_user(discord.Object(scene.alice.id))
    assert [m.id for m in await thread.fetch_members()] == [scene.standin.bot_user.id]
    error = await refused(thread.add_user(discord.Object(scene.standin.add_user("carol").id)))
    assert (error.status, error.code) == (404, 10007)


async def test_the_creator_of_a_private_thread_removes_its_members(scene: Scene) -> None:
    thread = await scene.text_channel().create_thread(name="secret")
    await thread.add_user(discord.Object(scene.bob.id))
    await thread.remove_user(discord.Object(scene.bob.id))
    state = scene.standin.world.channels[thread.id].thread
    assert state is not None and list(state.members) == [scene.standin.bot_user.id]


async def test_the_bot_joins_and_leaves_a_users_thread(scene: Scene) -> None:
    made = scene.standin.start_thread_as(scene.alice, scene.table, None, "alice's")
    await scene.settled(lambda: scene.bot.get_channel(made.id) is not None, "alice's thread")
    thread = scene.bot.get_channel(made.id)
    assert isinstance(thread, discord.Thread) and thread.me is None
    await thread.join()
    assert scene.standin.requests[-1].path == f"/channels/{made.id}/thread-members/@me"
    await scene.settled(lambda: thread.me is not None, "the bot in the thread")
    await thread.leave()
    state = made.thread
    assert state is not None and list(state.members) == [scene.alice.id]
    member = await refused(thread.fetch_member(scene.standin.bot_user.id))
    assert member.code == 10007


async def _recording_client(
    standin: DiscordStandIn, intents: discord.Intents
) -> tuple[discord.Client, list[str]]:
    client = discord.Client(intents=intents, enable_debug_events=True)
    seen: list[str] = []

    async def on_socket_event_type(event: str) -> None:
        seen.append(event)

    client.event(on_socket_event_type)
    await standin.start_bot(client)
    return client, seen


async def test_others_joining_reach_only_a_bot_with_the_members_intent(
    standin: DiscordStandIn,
) -> None:
    guild, table, alice, bob = _world(standin)
    thread = standin.start_thread_as(alice, table, None, "alice's")
    client, seen = await _recording_client(standin, discord.Intents.default())
    standin.add_to_thread(thread, bob)
    bot_thread = client.get_channel(thread.id)
    assert isinstance(bot_thread, discord.Thread)
    await bot_thread.join()
    await _until(lambda: bot_thread.me is not None)
    assert seen.count("THREAD_MEMBERS_UPDATE") == 1
    await standin.stop_bot(client)

    client, seen = await _recording_client(
        standin, discord.Intents.default() | discord.Intents(members=True)
    )
    carol = standin.add_user("carol")
    guild.add_member(carol)
    standin.add_to_thread(thread, carol)
    cached = client.get_channel(thread.id)
    assert isinstance(cached, discord.Thread)
    await _until(lambda: carol.id in [m.id for m in cached.members])
    assert seen.count("THREAD_MEMBERS_UPDATE") == 1
    await standin.stop_bot(client)


async def _until(check: Callable[[], bool]) -> None:
    for _ in range(200):
        if check():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("the client's cache never changed")


# What the gateway shows of threads


async def test_guild_create_lists_the_active_threads(standin: DiscordStandIn) -> None:
    guild, table, alice, bob = _world(standin)
    card = standin.post(alice, table, "let's play")
    active = standin.start_thread_as(alice, table, card, "active")
    archived = standin.start_thread_as(bob, table, None, "archived")
    standin.archive(archived)
    hidden = standin.start_thread_as(bob, table, None, "bob's secret", private=True)
    async with standin.running(SampleBot(guild.id)) as bot:
        cached = bot.get_guild(guild.id)
        assert cached is not None
        assert [t.id for t in cached.threads] == [active.id]
        thread = cached.get_thread(active.id)
        assert thread is not None and thread.parent is cached.get_channel(table.id)
        assert thread.owner_id == alice.id and thread.me is None
        assert cached.get_thread(hidden.id) is None and cached.get_thread(archived.id) is None
        assert [c.name for c in cached.text_channels] == ["table"]
        [listed] = [t async for t in thread.parent.archived_threads()]  # type: ignore[union-attr]
        assert listed.id == archived.id and listed.archived


async def test_a_private_thread_is_seen_by_its_members_only(scene: Scene) -> None:
    hidden = scene.standin.start_thread_as(scene.alice, scene.table, None, "secret", private=True)
    seen = scene.standin.start_thread_as(scene.alice, scene.table, None, "open")
    await scene.settled(lambda: scene.bot.get_channel(seen.id) is not None, "the public thread")
    assert scene.bot.get_channel(hidden.id) is None
    assert (await refused(scene.bot.http.send_message(hidden.id, params=_text("hi")))).code == 50013
    scene.table.allow(scene.standin.bot_user, manage_threads=True)
    sent = await scene.bot.http.send_message(hidden.id, params=_text("moderating"))
    assert sent["channel_id"] == str(hidden.id)


def _text(content: str) -> discord.http.MultipartParameters:
    return discord.http.handle_message_parameters(content=content)


async def test_moderators_archive_and_lock_threads(scene: Scene) -> None:
    card = await scene.card()
    thread = await card.create_thread(name="game")
    made = scene.standin.world.channels[thread.id]
    guild = scene.bot.get_guild(scene.guild.id)
    assert guild is not None
    await scene.settled(lambda: guild.get_thread(thread.id) is not None, "the thread")
    updates: list[discord.Thread] = []

    async def on_thread_update(before: discord.Thread, after: discord.Thread) -> None:
        updates.append(after)

    scene.bot.add_listener(on_thread_update)
    scene.standin.lock(made)
    await scene.settled(lambda: bool(updates) and updates[-1].locked, "the lock")
    assert (await refused(thread.send("no"))).code == 160005
    scene.standin.unlock(made)
    scene.standin.archive(made)
    await scene.settled(lambda: guild.get_thread(thread.id) is None, "the archive")
    assert updates[-1].archived
    scene.standin.post(scene.alice, made, "anyone there?")
    await scene.settled(lambda: guild.get_thread(thread.id) is not None, "the thread back")
    state = made.thread
    assert state is not None and not state.archived and state.message_count == 1


# Interactions inside a thread


async def test_commands_and_clicks_inside_a_thread(scene: Scene) -> None:
    card = await scene.card()
    thread = await card.create_thread(name="game")
    made = scene.standin.world.channels[thread.id]
    result = await scene.standin.slash(scene.alice, made, "table open", number=5)
    channel = result.payload["channel"]
    assert (channel["type"], channel["parent_id"]) == (11, str(scene.table.id))
    assert result.payload["channel_id"] == str(thread.id)
    assert result.message is not None and result.message.channel_id == thread.id
    assert scene.standin.messages(made)[-1].id == result.message.id
    click = await scene.standin.click(scene.bob, result.message, "table:join:5")
    assert click.type == 7 and scene.standin.last_message(made).content == "bob joined table 5"
    assert scene.standin.messages(scene.table)[-1].id == card.id


async def test_the_bot_sees_the_thread_as_the_interactions_channel(scene: Scene) -> None:
    channels: list[object] = []

    @discord.app_commands.command(description="Where am I")
    async def where(interaction: discord.Interaction[SampleBot]) -> None:
        channels.append(interaction.channel)
        await interaction.response.send_message("here", ephemeral=True)

    scene.bot.tree.add_command(where, guild=discord.Object(scene.guild.id))
    await scene.bot.tree.sync(guild=discord.Object(scene.guild.id))
    made = scene.standin.start_thread_as(scene.alice, scene.table, None, "alice's")
    await scene.standin.slash(scene.alice, made, "where")
    [channel] = channels
    assert isinstance(channel, discord.Thread)
    assert channel.id == made.id and channel.parent_id == scene.table.id
