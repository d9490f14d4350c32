"""The stand-in, proved end to end with a real discord.py bot talking HTTP and websocket to it."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from dataclasses import dataclass
from types import ModuleType

import discord
import discord.http
import discord.webhook.async_
import pytest
from discord import app_commands

from . import (
    EPHEMERAL,
    DiscordStandIn,
    Limits,
    StandInError,
    StoredMessage,
    User,
    quick_retries,
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
    async with standin.running(SampleBot(guild.id)) as bot:
        yield Scene(standin, guild, table, alice, bob, bot)


async def open_table(scene: Scene, number: int = 7) -> StoredMessage:
    result = await scene.standin.slash(scene.alice, scene.table, "table open", number=number)
    assert result.message is not None
    return result.message


async def test_login_and_ready(scene: Scene) -> None:
    bot, standin = scene.bot, scene.standin
    assert bot.is_ready()
    assert bot.user is not None and bot.user.id == standin.bot_user.id
    assert bot.application_id == standin.application_id
    [guild] = bot.guilds
    assert guild.name == "Sky Club" and guild.member_count == 3
    assert [c.name for c in guild.text_channels] == ["table"]
    assert guild.me is not None and guild.me.name == "Sky Table"
    first = [(r.method, r.path) for r in standin.requests[:2]]
    assert first == [("GET", "/users/@me"), ("GET", "/oauth2/applications/@me")]
    identify = standin.gateway.current.identify
    assert identify is not None and identify["intents"] == discord.Intents.default().value
    assert standin.unhandled_requests == []


async def test_command_sync_is_recorded(scene: Scene) -> None:
    [command] = scene.standin.synced_commands(scene.guild)
    assert command["name"] == "table" and command["guild_id"] == str(scene.guild.id)
    subs = {o["name"] for o in command["options"]}
    assert {"open", "secret", "twice", "slow", "dm", "post", "bad"} <= subs
    put = [r for r in scene.standin.requests if r.method == "PUT"]
    assert (
        put[0].path
        == f"/applications/{scene.standin.application_id}/guilds/{scene.guild.id}/commands"
    )


async def test_bad_description_is_refused(scene: Scene) -> None:
    @app_commands.command(description="x" * 101)
    async def wordy(interaction: discord.Interaction[SampleBot]) -> None:
        raise AssertionError("never synced")

    scene.bot.tree.add_command(wordy, guild=discord.Object(scene.guild.id))
    with pytest.raises(app_commands.CommandSyncFailure) as caught:
        await scene.bot.tree.sync(guild=discord.Object(scene.guild.id))
    assert caught.value.status == 400 and caught.value.code == 50035
    assert "description" in str(caught.value)
    assert "table" in {c["name"] for c in scene.standin.synced_commands(scene.guild)}


async def test_slash_returns_the_bots_message(scene: Scene) -> None:
    result = await scene.standin.slash(scene.alice, scene.table, "table open", number=7)
    assert result.type == 4 and not result.ephemeral and result.errors == []
    assert result.embeds[0]["title"] == "Table 7"
    message = scene.standin.last_message(scene.table)
    assert result.message is not None and message.id == result.message.id
    assert {"table:join:7", "table:refresh:7", "table:colour", "table:rename"} == set(
        message.custom_ids
    )
    assert message.payload["interaction_metadata"]["user"]["id"] == str(scene.alice.id)


async def test_click_edits_the_message_in_place(scene: Scene) -> None:
    message = await open_table(scene)
    result = await scene.standin.click(scene.bob, message, "table:join:7")
    assert result.type == 7
    assert scene.standin.last_message(scene.table).content == "bob joined table 7"
    assert scene.bot.clicks == [(1, scene.bob.id, 7)]


async def test_deferred_update_then_message_edit(scene: Scene) -> None:
    message = await open_table(scene)
    result = await scene.standin.click(scene.alice, message, message.custom_id_for("Refresh"))
    assert result.type == 6
    edited = await result.wait_edit()
    assert edited.content == "table 7 refreshed" and edited.embeds[0]["title"] == "Table 7"
    assert any(
        r.method == "PATCH" and r.path.endswith(f"/messages/{message.id}")
        for r in scene.standin.requests
    )


async def test_select_round_trip(scene: Scene) -> None:
    message = await open_table(scene)
    result = await scene.standin.select(scene.bob, message, "table:colour", ["blue"])
    assert result.type == 4 and result.ephemeral and result.content == "picked blue"
    with pytest.raises(StandInError, match="offers"):
        await scene.standin.select(scene.bob, message, "table:colour", ["pink"])


async def test_modal_round_trip(scene: Scene) -> None:
    message = await open_table(scene)
    opened = await scene.standin.click(scene.alice, message, "table:rename")
    assert opened.type == 9 and opened.modal is not None
    assert opened.modal["title"] == "Rename the table"
    result = await scene.standin.submit_modal(
        scene.alice, scene.table, "rename", {"rename:name": "High Table"}
    )
    assert result.type == 4 and result.content == "table renamed to High Table"


async def test_ephemeral_reply(scene: Scene) -> None:
    result = await scene.standin.slash(scene.alice, scene.table, "table secret")
    assert result.ephemeral and result.flags & EPHEMERAL
    assert scene.standin.messages(scene.table) == []
    assert scene.standin.last_ephemeral(scene.alice).content == "just for you"


async def test_second_response_gets_40060(scene: Scene) -> None:
    result = await scene.standin.slash(scene.alice, scene.table, "table twice")
    assert result.type == 4 and result.content == "first"
    error = await result.wait_error()
    assert (error.status, error.code) == (400, 40060)
    [caught] = await scene.bot.wait_errors(1)
    assert caught.code == 40060


async def test_late_response_gets_10062(scene: Scene) -> None:
    scene.standin.limits.interaction_deadline = 0.3
    scene.bot.slow_delay = 0.4
    result = await scene.standin.slash(scene.alice, scene.table, "table slow")
    assert result.type is None and result.error_code == 10062
    [error] = await scene.bot.wait_errors(1)
    assert isinstance(error, discord.NotFound) and error.code == 10062


async def test_dm_to_a_user_who_closed_dms_is_forbidden(scene: Scene) -> None:
    told = await scene.standin.slash(scene.alice, scene.table, "table dm", who=scene.alice)
    assert (await told.wait_followup()).content == "told alice"
    assert [m.content for m in scene.standin.dms(scene.alice)] == ["a seat is free"]
    scene.standin.close_dms(scene.bob)
    refused = await scene.standin.slash(scene.alice, scene.table, "table dm", who=scene.bob)
    followup = await refused.wait_followup()
    assert followup.content == "cannot DM bob" and followup.ephemeral
    [error] = await scene.bot.wait_errors(1)
    assert isinstance(error, discord.Forbidden) and error.code == 50007
    assert scene.standin.dms(scene.bob) == []


async def test_denied_permissions_are_forbidden(scene: Scene) -> None:
    scene.standin.deny_bot(scene.table, embed_links=True)
    posted = await scene.standin.slash(scene.alice, scene.table, "table post")
    assert posted.content == "posted"
    refused = await scene.standin.slash(scene.alice, scene.table, "table post", embed=True)
    assert refused.content == "cannot post here"
    scene.standin.deny_bot(scene.table, send_messages=True)
    await scene.standin.slash(scene.alice, scene.table, "table post")
    assert [e.code for e in await scene.bot.wait_errors(2)] == [50013, 50013]
    assert all(isinstance(e, discord.Forbidden) for e in scene.bot.errors)
    assert [m.content for m in scene.standin.messages(scene.table)] == ["the table"]
    channel = scene.bot.get_channel(scene.table.id)
    assert isinstance(channel, discord.TextChannel)
    assert not channel.permissions_for(channel.guild.me).send_messages


async def test_invalid_components_are_refused(scene: Scene) -> None:
    result = await scene.standin.slash(scene.alice, scene.table, "table bad")
    assert result.type is None and result.error_code == 50035
    [error] = await scene.bot.wait_errors(1)
    assert error.status == 400 and "components.0.components.0.custom_id" in str(error)


async def test_restarted_bot_handles_old_buttons(standin: DiscordStandIn) -> None:
    guild = standin.add_guild("Sky Club")
    table = guild.add_text_channel("table")
    alice = standin.add_user("alice")
    guild.add_member(alice)
    async with standin.running(SampleBot(guild.id, generation=1)) as first:
        opened = await standin.slash(alice, table, "table open", number=3)
        assert opened.message is not None
    assert first.is_closed()
    async with standin.running(SampleBot(guild.id, generation=2)) as second:
        result = await standin.click(alice, opened.message, "table:join:3")
        assert result.type == 7 and result.content == "alice joined table 3"
        assert second.clicks == [(2, alice.id, 3)] and first.clicks == []


async def test_expired_token_and_old_message_edits(scene: Scene) -> None:
    kept = await scene.standin.slash(scene.alice, scene.table, "table later")
    assert kept.type == 5 and kept.message is not None and kept.message.loading
    [interaction] = scene.bot.kept
    await interaction.edit_original_response(content="done thinking")
    assert kept.content == "done thinking" and not kept.message.loading
    message = await open_table(scene)
    scene.standin.advance_clock(2 * 60 * 60)
    with pytest.raises(discord.HTTPException) as caught:
        await interaction.followup.send("too late")
    assert (caught.value.status, caught.value.code) == (401, 50027)
    before = len(scene.standin.requests)
    refreshed = await scene.standin.click(scene.alice, message, "table:refresh:7")
    assert refreshed.type == 6
    edit = await scene.standin.wait_for_request("PATCH", f"/messages/{message.id}", after=before)
    assert edit.status == 400
    assert [e.code for e in await scene.bot.wait_errors(1)] == [30046]
    joined = await scene.standin.click(scene.alice, message, "table:join:7")
    assert joined.error_code == 30046


async def test_every_webhook_call_on_a_token_past_15_minutes_is_refused(scene: Scene) -> None:
    """Follow-ups sent, edited and deleted, the original response edited and deleted: each is
    Discord's 401 "Invalid Webhook Token" (code 50027) once the token is 15 minutes old, and
    counts as an invalid request."""
    await scene.standin.slash(scene.alice, scene.table, "table later")
    [interaction] = scene.bot.kept
    await interaction.edit_original_response(content="done thinking")
    followup = await interaction.followup.send("in time", wait=True)
    scene.standin.advance_clock(15 * 60 - 5)
    await interaction.followup.edit_message(followup.id, content="still in time")
    scene.standin.advance_clock(6)
    invalid = scene.standin.invalid_requests.total
    calls = [
        interaction.followup.send("too late"),
        interaction.followup.edit_message(followup.id, content="too late"),
        interaction.followup.delete_message(followup.id),
        interaction.edit_original_response(content="too late"),
        interaction.delete_original_response(),
    ]
    for call in calls:
        with pytest.raises(discord.HTTPException) as caught:
            await call
        refused = caught.value
        assert (refused.status, refused.code, refused.text) == (401, 50027, "Invalid Webhook Token")
    assert scene.standin.invalid_requests.total == invalid + len(calls)
    webhooks = [r for r in scene.standin.requests if r.path.startswith("/webhooks/")]
    assert [r.status for r in webhooks[-len(calls) :]] == [401] * len(calls)


async def test_rate_limit_is_retried(scene: Scene) -> None:
    scene.standin.rate_limit(0.01, path_contains="/messages", method="POST")
    posted = await scene.standin.slash(scene.alice, scene.table, "table post")
    assert posted.content == "posted"
    statuses = [r.status for r in scene.standin.requests if r.path.endswith("/messages")]
    assert statuses == [429, 200]


async def test_autocomplete_and_mention_prefix(scene: Scene) -> None:
    offered = await scene.standin.autocomplete(
        scene.alice, scene.table, "table game", "name", name="sky f"
    )
    assert offered.type == 8 and [c["value"] for c in offered.choices] == ["sky five"]
    scene.standin.post(scene.alice, scene.table, f"{scene.standin.bot_user.mention} ping")
    reply = await scene.standin.wait_for_message(scene.table, lambda m: m.content == "pong")
    assert reply.author_id == scene.standin.bot_user.id


async def test_every_payload_is_recorded(scene: Scene) -> None:
    await open_table(scene, number=42)
    callback = [r for r in scene.standin.requests if r.path.endswith("/callback")]
    assert callback[0].json["data"]["embeds"][0]["title"] == "Table 42"
    assert "Table 42" in scene.standin.sent_text()
    assert scene.standin.token not in scene.standin.sent_text()


async def test_user_mistakes_raise_clear_errors(scene: Scene) -> None:
    with pytest.raises(StandInError, match="no option"):
        await scene.standin.slash(scene.alice, scene.table, "table open", seats=3)
    with pytest.raises(StandInError, match="needs a sub-command"):
        await scene.standin.slash(scene.alice, scene.table, "table")
    with pytest.raises(StandInError, match="required options"):
        await scene.standin.slash(scene.alice, scene.table, "table open")
    message = await open_table(scene)
    with pytest.raises(StandInError, match="no component"):
        await scene.standin.click(scene.alice, message, "table:leave")


def text_channel(scene: Scene) -> discord.TextChannel:
    channel = scene.bot.get_channel(scene.table.id)
    assert isinstance(channel, discord.TextChannel)
    return channel


def emoji_view(*emojis: str | discord.PartialEmoji) -> discord.ui.View:
    view = discord.ui.View()
    for i, emoji in enumerate(emojis):
        view.add_item(discord.ui.Button(label=f"b{i}", emoji=emoji, custom_id=f"e{i}"))
    return view


def option_view(emoji: str) -> discord.ui.View:
    view = discord.ui.View()
    options = [discord.SelectOption(label="Spades", value="s", emoji=emoji)]
    view.add_item(discord.ui.Select(custom_id="suit", options=options))
    return view


async def test_component_emoji_discord_knows_are_sent(scene: Scene) -> None:
    channel = text_channel(scene)
    custom = discord.PartialEmoji(name="sky_card", id=1277679484459290757)
    sent = await channel.send("emoji", view=emoji_view("⚙️", "⚙", "🃏", custom))
    await channel.send("option", view=option_view("♠️"))
    stored = scene.standin.world.message(sent.id)
    assert stored is not None
    names = [c["emoji"]["name"] for row in stored.components for c in row["components"]]
    assert names == ["⚙️", "⚙", "🃏", "sky_card"]
    assert len(scene.standin.messages(scene.table)) == 2


@pytest.mark.parametrize("emoji", ["🂠", "x"])
async def test_unknown_emoji_refuses_a_new_message(scene: Scene, emoji: str) -> None:
    channel = text_channel(scene)
    with pytest.raises(discord.HTTPException) as caught:
        await channel.send("table", view=emoji_view("⚙️", emoji))
    assert (caught.value.status, caught.value.code) == (400, 50035)
    assert "components.0.components.1.emoji.name: Invalid emoji" in caught.value.text
    with pytest.raises(discord.HTTPException) as caught:
        await channel.send("table", view=option_view(emoji))
    assert "components.0.components.0.options.0.emoji.name: Invalid emoji" in caught.value.text
    assert scene.standin.messages(scene.table) == []


async def test_unknown_emoji_refuses_an_edit(scene: Scene) -> None:
    sent = await text_channel(scene).send("before", view=emoji_view("🃏"))
    with pytest.raises(discord.HTTPException) as caught:
        await sent.edit(content="after", view=emoji_view("🂠"))
    assert caught.value.code == 50035
    assert scene.standin.last_message(scene.table).content == "before"


async def test_unknown_emoji_refuses_an_interaction_response(scene: Scene) -> None:
    refused = await scene.standin.slash(scene.alice, scene.table, "table emoji", emoji="🂠")
    assert refused.type is None and refused.error_code == 50035
    [error] = await scene.bot.wait_errors(1)
    assert "emoji.name: Invalid emoji" in error.text
    assert scene.standin.messages(scene.table) == []
    shown = await scene.standin.slash(scene.alice, scene.table, "table emoji", emoji="⚙")
    assert shown.type == 4 and shown.content == "with an emoji"


async def test_unknown_emoji_refuses_followups_and_webhook_edits(scene: Scene) -> None:
    kept = await scene.standin.slash(scene.alice, scene.table, "table later")
    [interaction] = scene.bot.kept
    with pytest.raises(discord.HTTPException) as caught:
        await interaction.followup.send("more", view=emoji_view("🂠"))
    assert caught.value.code == 50035 and kept.followups == []
    with pytest.raises(discord.HTTPException) as caught:
        await interaction.edit_original_response(content="done", view=emoji_view("🂠"))
    assert caught.value.code == 50035
    assert kept.message is not None and kept.message.loading and kept.message.content == ""
    await interaction.edit_original_response(content="done", view=emoji_view("⚙️"))
    assert kept.content == "done"


async def test_long_autocomplete_choice_is_refused(scene: Scene) -> None:
    offered = await scene.standin.autocomplete(
        scene.alice, scene.table, "table game", "name", name="long"
    )
    assert offered.type is None and offered.error_code == 50035
    assert offered.error is not None and offered.error.errors is not None
    assert offered.error.errors["data"]["choices"]["0"]["name"]["_errors"]


def statuses(standin: DiscordStandIn, method: str, path: str) -> list[int]:
    return [r.status for r in standin.requests if r.method == method and r.path == path]


async def test_server_errors_fail_a_send_for_good_after_discordpy_retries(scene: Scene) -> None:
    # quick_retries packs seven posts to one channel into milliseconds, past its 5 per 5 s.
    scene.standin.limits.enforce_rate_limits = False
    channel = text_channel(scene)
    path = f"/channels/{scene.table.id}/messages"
    scene.standin.fail(times=5, method="post", path_contains="/messages")
    with quick_retries(), pytest.raises(discord.DiscordServerError) as caught:
        await channel.send("lost")
    assert caught.value.status == 500
    assert statuses(scene.standin, "POST", path) == [500] * 5
    assert scene.standin.messages(scene.table) == []
    scene.standin.fail(503, path_contains="/messages", message="503: Service Unavailable")
    with pytest.raises(discord.DiscordServerError) as caught:
        await channel.send("lost again")
    assert caught.value.status == 503 and statuses(scene.standin, "POST", path)[5:] == [503]
    modules: tuple[ModuleType, ...] = (discord.http, discord.webhook.async_)
    assert all(module.asyncio is asyncio for module in modules)  # the real one is back
    assert (await channel.send("kept")).content == "kept"
    assert [m.content for m in scene.standin.messages(scene.table)] == ["kept"]


async def test_server_errors_fail_an_edit_for_good(scene: Scene) -> None:
    sent = await text_channel(scene).send("before")
    scene.standin.fail(502, times=5, method="PATCH", message="502: Bad Gateway")
    with quick_retries(), pytest.raises(discord.DiscordServerError) as caught:
        await sent.edit(content="after")
    assert caught.value.status == 502
    assert scene.standin.last_message(scene.table).content == "before"


async def test_fewer_server_errors_than_retries_are_survived(scene: Scene) -> None:
    channel = text_channel(scene)
    scene.standin.fail(times=4, method="POST", path_contains="/messages")
    with quick_retries():
        sent = await channel.send("posted")
    path = f"/channels/{scene.table.id}/messages"
    assert statuses(scene.standin, "POST", path) == [500] * 4 + [200]
    scene.standin.fail(504, times=4, method="PATCH")
    with quick_retries():
        await sent.edit(content="edited")
    assert [m.content for m in scene.standin.messages(scene.table)] == ["edited"]
    assert statuses(scene.standin, "PATCH", f"{path}/{sent.id}") == [504] * 4 + [200]


async def test_held_edit_applies_after_release(scene: Scene) -> None:
    sent = await text_channel(scene).send("before")
    hold = scene.standin.hold(method="PATCH", path_contains=f"/messages/{sent.id}")
    editing = asyncio.create_task(sent.edit(content="after"))
    held = await hold.reached()
    assert held.json["content"] == "after" and held.status == 0
    await asyncio.sleep(0.05)
    assert not editing.done()
    assert scene.standin.last_message(scene.table).content == "before"
    hold.release()
    edited = await asyncio.wait_for(editing, 5)
    assert edited.content == "after" and held.status == 200
    assert scene.standin.last_message(scene.table).content == "after"
    await sent.edit(content="again")
    assert scene.standin.last_message(scene.table).content == "again"


async def test_held_edit_never_applies_when_the_client_dies() -> None:
    standin = DiscordStandIn()
    await standin.start()
    guild = standin.add_guild("Sky Club")
    table = guild.add_text_channel("table")
    bot = await standin.start_bot(SampleBot(guild.id))
    channel = bot.get_channel(table.id)
    assert isinstance(channel, discord.TextChannel)
    sent = await channel.send("before")
    hold = standin.hold(method="PATCH")
    editing = asyncio.create_task(sent.edit(content="after"))
    await hold.reached()
    await standin.stop_bot(bot)
    async with asyncio.timeout(5):
        with contextlib.suppress(Exception):
            await editing
        await standin.close()
    assert hold.dropped and not hold.released
    assert [m.content for m in standin.messages(table)] == ["before"]


async def test_hold_reached_times_out_clearly(scene: Scene) -> None:
    hold = scene.standin.hold(method="DELETE")
    with pytest.raises(StandInError, match="DELETE request"):
        await hold.reached(timeout=0.05)


async def test_held_edit_released_after_the_client_died_applies(standin: DiscordStandIn) -> None:
    guild = standin.add_guild("Sky Club")
    table = guild.add_text_channel("table")
    bot = await standin.start_bot(SampleBot(guild.id))
    channel = bot.get_channel(table.id)
    assert isinstance(channel, discord.TextChannel)
    sent = await channel.send("before")
    hold = standin.hold(method="PATCH", path_contains=f"/messages/{sent.id}")
    editing = asyncio.create_task(sent.edit(content="after"))
    await hold.reached()
    await standin.stop_bot(bot)
    with contextlib.suppress(Exception):
        await asyncio.wait_for(editing, 5)
    assert standin.last_message(table).content == "before"
    hold.release()
    edit = await standin.wait_for_request("PATCH", f"/messages/{sent.id}")
    assert edit.status == 200 and standin.last_message(table).content == "after"
