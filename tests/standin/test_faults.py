"""The faults Discord produces, as the stand-in reproduces them, checked against real discord.py
clients: gateway drops and resumes, invalid sessions, deleted channels and messages, members
who leave, 429s and interactions delivered late."""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from typing import Any

import aiohttp
import discord
import pytest
from discord import app_commands

from . import DiscordStandIn, Limits, StandInError, StoredMessage, User, quick_retries
from .gateway import (
    GUILD_MESSAGES,
    GUILDS,
    HEARTBEAT,
    HEARTBEAT_ACK,
    IDENTIFY,
    INVALID_SESSION,
    RESUME,
    ResumableSession,
)
from .sample_bot import SampleBot
from .world import Channel, Guild


@dataclass
class Scene:
    standin: DiscordStandIn
    guild: Guild
    table: Channel
    alice: User
    bob: User
    bot: SampleBot
    events: list[str]
    """Every gateway event the bot received, in order."""


@pytest.fixture
async def standin() -> AsyncIterator[DiscordStandIn]:
    async with DiscordStandIn(limits=Limits(answer_timeout=3.0)) as running:
        yield running


@pytest.fixture
async def scene(standin: DiscordStandIn) -> AsyncIterator[Scene]:
    guild = standin.add_guild("Sky Club")
    table = guild.add_text_channel("table")
    alice, bob = standin.add_user("alice"), standin.add_user("bob")
    guild.add_member(alice)
    guild.add_member(bob)
    bot = SampleBot(guild.id)
    events: list[str] = []

    async def on_socket_event_type(event: str) -> None:
        events.append(event)

    bot.add_listener(on_socket_event_type)
    async with standin.running(bot):
        yield Scene(standin, guild, table, alice, bob, bot, events)


async def open_table(scene: Scene, number: int = 7) -> StoredMessage:
    result = await scene.standin.slash(scene.alice, scene.table, "table open", number=number)
    assert result.message is not None
    return result.message


def kept_events(state: ResumableSession) -> list[str]:
    """The events a session still keeps for a resume (none is acknowledged in these tests)."""
    return [json.loads(frame)["t"] for _, frame in state.frames]


def frames_sent(standin: DiscordStandIn, op: int) -> list[dict[str, Any]]:
    """Every frame with this opcode that clients sent to the gateway."""
    return [f for s in standin.gateway.sessions for f in s.received if f.get("op") == op]


async def until(condition: Callable[[], object], what: str, timeout: float = 5.0) -> None:
    """Waits for a client to have done something (a client's state notifies nobody)."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not condition():
        if loop.time() > end:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.002)


def problems(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]


# Gateway: drops, reconnects, resumes


@pytest.mark.parametrize("how", ["drop", "close", "reconnect", "invalidate_resumable"])
async def test_a_broken_connection_is_resumed_and_missed_events_replayed(
    scene: Scene, caplog: pytest.LogCaptureFixture, how: Any
) -> None:
    caplog.set_level(logging.WARNING)
    standin, bot = scene.standin, scene.bot
    await open_table(scene, 1)
    before = standin.gateway.current
    async with standin.gateway_down(how) as broken:
        assert not broken.connected and not broken.invalidated
        seq_before = broken.sequence
        late = scene.guild.add_text_channel("late")
        standin.post(scene.alice, scene.table, f"{standin.bot_user.mention} ping")
        opening = asyncio.create_task(
            standin.slash(scene.alice, scene.table, "table open", number=5)
        )
        await asyncio.sleep(0.05)
        assert not opening.done(), "nothing reaches a client that is away"
    opened = await opening
    assert opened.type == 4 and opened.errors == [] and opened.embeds[0]["title"] == "Table 5"
    assert broken.resumes == 1 and broken.replayed == [3]
    now = standin.gateway.current
    assert now is not before and now.resumed and now.state is broken
    [resume] = frames_sent(standin, RESUME)
    assert resume["d"]["session_id"] == broken.session_id and resume["d"]["seq"] == seq_before
    assert len(frames_sent(standin, IDENTIFY)) == 1, "a resume, not a new session"
    assert bot.get_channel(late.id) is not None
    await standin.wait_for_message(scene.table, lambda m: m.content == "pong")
    replayed = scene.events[scene.events.index("CHANNEL_CREATE") :]
    assert replayed[:4] == ["CHANNEL_CREATE", "MESSAGE_CREATE", "INTERACTION_CREATE", "RESUMED"]
    assert problems(caplog) == []


async def test_drop_gateway_waits_until_the_client_is_back(scene: Scene) -> None:
    for how in ("drop", "reconnect", "close"):
        broken = await scene.standin.drop_gateway(how)
        assert broken.connected and broken.replayed[-1] == 0
    assert scene.standin.gateway.latest.resumes == 3
    assert (await open_table(scene, 2)).embeds[0]["title"] == "Table 2"


async def test_an_interaction_delivered_on_resume_keeps_its_deadline(scene: Scene) -> None:
    standin = scene.standin
    message = await open_table(scene)
    async with standin.gateway_down():
        click = asyncio.create_task(standin.click(scene.bob, message, "table:join:7"))
        await asyncio.sleep(0.02)
        standin.advance_clock(3.5)
    late = await click
    assert late.type is None and late.error_code == 10062
    [error] = await scene.bot.wait_errors(1)
    assert isinstance(error, discord.NotFound) and error.code == 10062
    assert scene.bot.clicks == [(1, scene.bob.id, 7)], "the bot got the click, too late"


async def test_an_invalid_session_makes_the_client_identify_again(
    scene: Scene, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    caplog.set_level(logging.WARNING)
    standin = scene.standin

    async def at_once(shard_id: int | None, *, initial: bool = False) -> None:
        """discord.py waits 5 s before identifying anew; no need to here."""

    monkeypatch.setattr(scene.bot, "before_identify_hook", at_once)
    first = standin.gateway.latest
    broken = await standin.drop_gateway("invalidate")
    assert broken is first and broken.invalidated
    second = standin.gateway.latest
    assert second is not first and not standin.gateway.current.resumed
    assert len(frames_sent(standin, IDENTIFY)) == 2 and frames_sent(standin, RESUME) == []
    assert kept_events(second)[:2] == ["READY", "GUILD_CREATE"]
    guild = scene.bot.get_guild(scene.guild.id)
    assert guild is not None and not guild.unavailable
    assert (await open_table(scene, 3)).embeds[0]["title"] == "Table 3"
    again = await standin.drop_gateway("drop")
    assert again is second and second.resumes == 1
    assert problems(caplog) == []


async def test_a_client_that_closed_cleanly_cannot_resume(scene: Scene) -> None:
    state = scene.standin.gateway.latest
    await scene.standin.stop_bot(scene.bot)
    assert state.invalidated and not state.connected
    with pytest.raises(StandInError, match="no bot client"):
        await scene.standin.slash(scene.alice, scene.table, "table secret")


async def receive(ws: aiohttp.ClientWebSocketResponse) -> dict[str, Any]:
    frame: dict[str, Any] = json.loads(await ws.receive_str(timeout=5))
    return frame


async def test_resume_replays_every_event_after_the_clients_sequence(
    standin: DiscordStandIn,
) -> None:
    """A raw websocket client, to choose the sequence number it resumes from."""
    guild = standin.add_guild("Sky Club")
    identify = {"token": standin.token, "intents": GUILDS | GUILD_MESSAGES, "properties": {}}
    async with aiohttp.ClientSession() as http:
        async with http.ws_connect(standin.gateway_url()) as ws:
            assert (await receive(ws))["op"] == 10
            await ws.send_json({"op": IDENTIFY, "d": identify})
            ready, created = await receive(ws), await receive(ws)
            assert (ready["t"], ready["s"], created["t"], created["s"]) == (
                "READY",
                1,
                "GUILD_CREATE",
                2,
            )
            session_id = ready["d"]["session_id"]
            await ws.close(code=4000)
        state = standin.gateway.resumables[session_id]
        await standin.world.changes.wait_until(lambda: not state.connected, 5, "the close")
        guild.add_text_channel("a")
        guild.add_text_channel("b")
        resume = {"token": standin.token, "session_id": session_id, "seq": 1}
        async with http.ws_connect(standin.gateway_url()) as ws:
            assert (await receive(ws))["op"] == 10
            await ws.send_json({"op": RESUME, "d": resume})
            got = [await receive(ws) for _ in range(4)]
            assert [(f["t"], f["s"]) for f in got] == [
                ("GUILD_CREATE", 2),
                ("CHANNEL_CREATE", 3),
                ("CHANNEL_CREATE", 4),
                ("RESUMED", 5),
            ]
            assert [f["d"]["name"] for f in got[1:3]] == ["a", "b"]
            await ws.send_json({"op": HEARTBEAT, "d": 5})
            assert (await receive(ws))["op"] == HEARTBEAT_ACK
            assert not state.frames, "acknowledged events are no longer kept"
        async with http.ws_connect(standin.gateway_url()) as ws:
            await receive(ws)
            await ws.send_json({"op": RESUME, "d": resume})
            refused = await receive(ws)
            assert (refused["op"], refused["d"]) == (INVALID_SESSION, False), "too far behind"
        assert state.invalidated
        async with http.ws_connect(standin.gateway_url()) as ws:
            await receive(ws)
            await ws.send_json({"op": RESUME, "d": {**resume, "session_id": "nope"}})
            assert (await receive(ws))["op"] == INVALID_SESSION


# Moderators: deleted channels and messages, removed members


async def test_a_deleted_channel_is_gone_for_the_bot_and_for_users(scene: Scene) -> None:
    standin, bot = scene.standin, scene.bot
    channel = bot.get_channel(scene.table.id)
    assert isinstance(channel, discord.TextChannel)
    sent = await channel.send("before")
    opened = await open_table(scene)
    kept = await standin.slash(scene.alice, scene.table, "table later")
    [interaction] = bot.kept
    seen = standin.as_seen(opened)
    state = standin.gateway.latest
    standin.delete_channel(scene.table)
    await until(lambda: bot.get_channel(scene.table.id) is None, "CHANNEL_DELETE")
    [deleted] = [json.loads(f)["d"] for _, f in state.frames if '"CHANNEL_DELETE"' in f]
    assert deleted["id"] == str(scene.table.id) and deleted["name"] == "table"
    assert deleted["guild_id"] == str(scene.guild.id)
    for call in (
        channel.send("after"),
        sent.edit(content="edited"),
        channel.fetch_message(sent.id),
        sent.delete(),
        interaction.followup.send("still there?"),
        interaction.edit_original_response(content="done"),
    ):
        with pytest.raises(discord.NotFound) as caught:
            await call
        assert caught.value.code == 10003, call
    assert kept.errors and {e.code for e in kept.errors} == {10003}
    with pytest.raises(StandInError, match="deleted"):
        await standin.slash(scene.alice, scene.table, "table open", number=1)
    with pytest.raises(StandInError, match="deleted"):
        await standin.click(scene.bob, seen, "table:join:7")
    assert standin.messages(scene.table)[0].content == "before", "kept for the test to read"
    with pytest.raises(StandInError):
        scene.table.delete()


async def test_a_removed_member_can_no_longer_act_in_the_guild(scene: Scene) -> None:
    standin = scene.standin
    message = await open_table(scene)
    members_intent = discord.Intents.default()
    members_intent.members = True
    watcher = await standin.start_bot(discord.Client(intents=members_intent))
    removed = asyncio.create_task(watcher.wait_for("raw_member_remove", timeout=5))
    await asyncio.sleep(0)
    sample_state, watcher_state = list(standin.gateway.resumables.values())
    scene.guild.remove_member(scene.bob)
    event = await removed
    assert event.user.id == scene.bob.id and event.guild_id == scene.guild.id
    assert "GUILD_MEMBER_REMOVE" not in kept_events(sample_state), "needs GUILD_MEMBERS"
    assert "GUILD_MEMBER_REMOVE" in kept_events(watcher_state)
    with pytest.raises(StandInError, match="not a member"):
        await standin.click(scene.bob, message, "table:join:7")
    with pytest.raises(StandInError, match="not a member"):
        await standin.slash(scene.bob, scene.table, "table secret")
    bob = await scene.bot.fetch_user(scene.bob.id)
    await bob.send("still reachable")
    assert [m.content for m in standin.dms(scene.bob)] == ["still reachable"]
    standin.close_dms(scene.bob)
    with pytest.raises(discord.Forbidden) as caught:
        await bob.send("now closed")
    assert caught.value.code == 50007
    with pytest.raises(discord.NotFound) as missing:
        await watcher.http.get_member(scene.guild.id, scene.bob.id)
    assert missing.value.code == 10007
    await standin.stop_bot(watcher)


async def test_a_message_deleted_by_a_moderator(scene: Scene) -> None:
    standin = scene.standin
    quiet = await standin.start_bot(discord.Client(intents=discord.Intents(guilds=True)))
    sample_state, quiet_state = list(standin.gateway.resumables.values())
    channel = scene.bot.get_channel(scene.table.id)
    assert isinstance(channel, discord.TextChannel)
    sent = await channel.send("the table", view=discord.ui.View())
    await standin.stop_bot(quiet)
    opened = await open_table(scene)
    seen = standin.as_seen(opened)
    deleted = asyncio.create_task(scene.bot.wait_for("raw_message_delete", timeout=5))
    await asyncio.sleep(0)
    standin.delete_message(opened)
    event = await deleted
    assert event.message_id == opened.id and event.guild_id == scene.guild.id
    standin.delete_message(sent.id)
    assert kept_events(sample_state).count("MESSAGE_DELETE") == 2
    assert "MESSAGE_DELETE" not in kept_events(quiet_state), "needs GUILD_MESSAGES"
    for call in (
        sent.edit(content="edited"),
        channel.fetch_message(sent.id),
        channel.get_partial_message(opened.id).edit(content="edited"),
    ):
        with pytest.raises(discord.NotFound) as caught:
            await call
        assert caught.value.code == 10008
    for target in (opened, seen, opened.id):
        with pytest.raises(StandInError, match="does not exist"):
            await standin.click(scene.bob, target, "table:join:7")
    with pytest.raises(StandInError, match="does not exist"):
        standin.delete_message(opened)


# REST: 429s


async def raw_post(standin: DiscordStandIn, path: str) -> aiohttp.ClientResponse:
    async with (
        aiohttp.ClientSession() as http,
        http.post(
            f"{standin.base_url}/api/v10{path}",
            json={"content": "x"},
            headers={"Authorization": f"Bot {standin.token}"},
        ) as response,
    ):
        await response.read()
        return response


async def test_a_route_429_carries_its_bucket_and_scope(scene: Scene) -> None:
    standin = scene.standin
    path = f"/channels/{scene.table.id}/messages"
    standin.rate_limit(0.25, method="POST", path_contains="/messages")
    response = await raw_post(standin, path)
    body = json.loads(response._body or b"{}")
    assert response.status == 429 and body["retry_after"] == 0.25 and body["global"] is False
    headers = response.headers
    assert headers["X-RateLimit-Scope"] == "user" and headers["X-RateLimit-Bucket"]
    assert headers["X-RateLimit-Remaining"] == "0" and headers["Retry-After"] == "1"
    assert "X-RateLimit-Global" not in headers and headers["Via"]
    standin.rate_limit(0.25, method="POST", global_=True)
    response = await raw_post(standin, path)
    body = json.loads(response._body or b"{}")
    assert response.status == 429 and body["global"] is True
    headers = response.headers
    assert headers["X-RateLimit-Global"] == "true" and headers["X-RateLimit-Scope"] == "global"
    assert "X-RateLimit-Bucket" not in headers
    standin.rate_limit(0.25, scope="shared")
    response = await raw_post(standin, path)
    assert response.headers["X-RateLimit-Scope"] == "shared"


def statuses(standin: DiscordStandIn, method: str, path: str) -> list[int]:
    return [r.status for r in standin.requests if r.method == method and r.path == path]


async def test_discordpy_waits_out_a_route_429_and_retries(scene: Scene) -> None:
    channel = scene.bot.get_channel(scene.table.id)
    assert isinstance(channel, discord.TextChannel)
    scene.standin.rate_limit(0.2, times=2, method="POST", path_contains="/messages")
    loop = asyncio.get_running_loop()
    start = loop.time()
    await channel.send("posted")
    assert loop.time() - start >= 0.4
    path = f"/channels/{scene.table.id}/messages"
    assert statuses(scene.standin, "POST", path) == [429, 429, 200]


async def test_a_global_429_holds_every_request_of_the_client(scene: Scene) -> None:
    standin = scene.standin
    channel = scene.bot.get_channel(scene.table.id)
    assert isinstance(channel, discord.TextChannel)
    sent = await channel.send("first")
    standin.rate_limit(0.3, global_=True, method="POST", path_contains="/messages")
    loop = asyncio.get_running_loop()
    after = len(standin.requests)
    posting = asyncio.create_task(channel.send("second"))
    limited = await standin.wait_for_request("POST", "/messages", after=after)
    assert limited.status == 429
    limited_at = loop.time()
    await channel.fetch_message(sent.id)
    assert loop.time() - limited_at >= 0.25, "another route waited for the global limit"
    await posting
    assert [m.content for m in standin.messages(scene.table)] == ["first", "second"]


async def test_429s_on_interaction_webhooks_are_retried(scene: Scene) -> None:
    scene.standin.rate_limit(0.05, method="POST", path_contains="/callback")
    opened = await open_table(scene)
    assert opened.embeds[0]["title"] == "Table 7"
    callbacks = [r.status for r in scene.standin.requests if r.path.endswith("/callback")]
    assert callbacks == [429, 200]
    with quick_retries():
        scene.standin.rate_limit(30.0, global_=True, path_contains="/webhooks/")
        told = await scene.standin.slash(scene.alice, scene.table, "table dm", who=scene.alice)
        assert (await told.wait_followup()).content == "told alice"


# Interactions delivered late


async def test_late_delivery_leaves_the_bot_the_rest_of_its_three_seconds(scene: Scene) -> None:
    standin = scene.standin
    scene.bot.slow_delay = 0.3
    with standin.late_delivery(2.5):
        in_time = await standin.slash(scene.alice, scene.table, "table slow")
    assert in_time.type == 4 and in_time.errors == []
    with standin.late_delivery(2.8):
        too_late = await standin.slash(scene.alice, scene.table, "table slow")
    assert too_late.type is None and too_late.error_code == 10062
    assert too_late.created_at < standin.world.clock.now() - 2.8
    message = await open_table(scene)
    clicked = await standin.click(scene.bob, message, "table:join:7", age=2.5)
    assert clicked.type == 7
    refused = await standin.click(scene.bob, message, "table:join:7", age=3.2)
    assert refused.error_code == 10062
    assert [e.code for e in await scene.bot.wait_errors(2)] == [10062, 10062]
    picked = await standin.select(scene.bob, message, "table:colour", ["red"], age=3.5)
    assert picked.error_code == 10062
    with pytest.raises(StandInError, match="future"):
        await standin.click(scene.bob, message, "table:join:7", age=-1)


# Interactions a modified client sends


async def test_forged_components_and_options_reach_the_bot(scene: Scene) -> None:
    standin = scene.standin
    message = await open_table(scene)
    joined = await standin.click_forged(scene.bob, message, "table:join:99")
    assert joined.type == 7 and joined.content == "bob joined table 99"
    picked = await standin.click_forged(
        scene.bob, message, "table:colour", component_type=3, values=["pink"]
    )
    assert picked.content == "picked pink"
    forged = await standin.slash_forged(scene.alice, scene.table, "table open", number=8.5)
    assert forged.payload["data"]["options"][0]["options"][0]["value"] == 8.5
    raw = await standin.send_interaction(
        scene.alice,
        scene.table,
        3,
        {"custom_id": "table:refresh:7", "component_type": 2},
        message=message,
    )
    assert raw.type == 6 and (await raw.wait_edit()).content == "table 7 refreshed"
    assert "table:join:99" not in message.custom_ids, "the stored message is unchanged"
    standin.limits.answer_timeout = 0.3
    with pytest.raises(StandInError, match="did not answer"):
        await standin.click_forged(scene.bob, message, "table:join:5", shown=False)


async def test_commands_are_delivered_only_where_they_are_offered(scene: Scene) -> None:
    standin, bot = scene.standin, scene.bot

    @app_commands.command(description="Say hello")
    async def hello(interaction: discord.Interaction[SampleBot]) -> None:
        await interaction.response.send_message("hello")

    @app_commands.command(description="Only in servers")
    @app_commands.guild_only()
    async def server(interaction: discord.Interaction[SampleBot]) -> None:
        await interaction.response.send_message("server")

    bot.tree.add_command(hello)
    bot.tree.add_command(server)
    await bot.tree.sync()
    dm = standin.world.dm_channel(scene.alice)
    said = await standin.slash(scene.alice, dm, "hello")
    assert said.content == "hello" and "guild_id" not in said.payload
    assert (await standin.slash(scene.alice, scene.table, "server")).content == "server"
    with pytest.raises(StandInError, match="not offered in DMs"):
        await standin.slash(scene.alice, dm, "server")


async def test_a_repeated_nonce_returns_the_message_already_created(scene: Scene) -> None:
    """`enforce_nonce` (discord.py sets it with every nonce): a second post with the nonce of
    a message created minutes ago returns that message, or Unknown Message when it was deleted
    since; Discord creates nothing."""
    standin = scene.standin
    channel = scene.bot.get_channel(scene.table.id)
    assert isinstance(channel, discord.TextChannel)
    first = await channel.send("the table", nonce="game-1-v3")
    again = await channel.send("the table, again", nonce="game-1-v3")
    other = await channel.send("another", nonce="game-1-v4")
    assert again.id == first.id and other.id != first.id
    assert [m.content for m in standin.messages(scene.table)][-2:] == ["the table", "another"]
    standin.delete_message(first.id)
    with pytest.raises(discord.NotFound) as deleted:
        await channel.send("the table", nonce="game-1-v3")
    assert deleted.value.code == 10008, "a deleted message is neither returned nor made again"
    assert [m.content for m in standin.messages(scene.table)] == ["another"]
    standin.advance_clock(standin.limits.nonce_window + 1)
    later = await channel.send("the table", nonce="game-1-v4")
    assert later.id != other.id, "nonces are kept for a few minutes only"
    with pytest.raises(discord.HTTPException) as caught:
        await channel.send("too long", nonce="x" * 26)
    assert caught.value.code == 50035
