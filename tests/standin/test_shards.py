"""Sharding as Discord does it, checked with real discord.py clients: several processes of one
bot, each an auto-sharded client owning some shards, connected to one stand-in at once."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from typing import Any

import aiohttp
import discord
import pytest
from discord import app_commands

from . import DiscordStandIn, Limits, ResumableSession, StandInError, User
from .gateway import GUILDS, IDENTIFY, shard_of
from .world import Channel, Guild

Interaction = discord.Interaction[discord.Client]


class AgainView(discord.ui.View):
    """A persistent button every client can answer: only the routing decides which does."""

    def __init__(self, where: Where) -> None:
        super().__init__(timeout=None)
        self.where = where

    @discord.ui.button(label="Again", custom_id="where:again")
    async def again(self, interaction: Interaction, button: discord.ui.Button[AgainView]) -> None:
        self.where.interactions.append(interaction.guild_id)
        await interaction.response.edit_message(content=f"clicked on {self.where.label}")


class Where:
    """The /where command and its button for one client, answering with the client's label;
    records the guild (None: a DM) of every interaction and message deletion it received."""

    def __init__(self, client: discord.Client, label: str) -> None:
        self.client = client
        self.label = label
        self.interactions: list[int | None] = []
        self.deleted: list[int | None] = []
        self.tree = app_commands.CommandTree(client)

        @self.tree.command(description="Tell which client answers")
        async def where(interaction: Interaction) -> None:
            self.interactions.append(interaction.guild_id)
            await interaction.response.send_message(self.label, view=AgainView(self))

    async def setup(self) -> None:
        self.client.add_view(AgainView(self))
        await self.tree.sync()


class ShardedClient(discord.AutoShardedClient):
    def __init__(self, shard_ids: list[int] | None = None, shard_count: int | None = None) -> None:
        intents = discord.Intents.default()
        if shard_ids is None:
            super().__init__(intents=intents, shard_count=shard_count)
        else:
            super().__init__(intents=intents, shard_ids=shard_ids, shard_count=shard_count)
        self.where = Where(self, f"shards {shard_ids} of {shard_count}")

    async def setup_hook(self) -> None:
        await self.where.setup()

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """discord.py waits 5 s before each IDENTIFY but its first; no need to here."""

    async def on_raw_message_delete(self, event: discord.RawMessageDeleteEvent) -> None:
        self.where.deleted.append(event.guild_id)


class PlainClient(discord.Client):
    def __init__(self) -> None:
        super().__init__(intents=discord.Intents.default())
        self.where = Where(self, "unsharded")

    async def setup_hook(self) -> None:
        await self.where.setup()


@dataclass
class Cluster:
    standin: DiscordStandIn
    guilds: dict[int, list[Guild]]
    """The guilds of shard 0 and of shard 1 (of 2), two each."""
    alice: User
    clients: dict[int, ShardedClient]
    """The client of shard 0 and that of shard 1, both running."""

    def channel(self, shard: int, which: int = 0) -> Channel:
        return self.guilds[shard][which].channel("table")

    def session(self, shard: int) -> ResumableSession:
        [state] = [s for s in self.standin.gateway.resumables.values() if s.shard == (shard, 2)]
        return state


@pytest.fixture
async def standin() -> AsyncIterator[DiscordStandIn]:
    async with DiscordStandIn(limits=Limits(answer_timeout=3.0)) as running:
        yield running


def populate(standin: DiscordStandIn) -> tuple[dict[int, list[Guild]], User]:
    """Four guilds, two on each shard of 2 (created in the order 0, 1, 1, 0), alice in each."""
    alice = standin.add_user("alice")
    guilds: dict[int, list[Guild]] = {0: [], 1: []}
    for n, shard in enumerate((0, 1, 1, 0)):
        guild = standin.add_guild(f"Club {n}", shard=(shard, 2))
        guild.add_text_channel("table")
        guild.add_member(alice)
        guilds[shard].append(guild)
    return guilds, alice


@pytest.fixture
async def cluster(standin: DiscordStandIn) -> AsyncIterator[Cluster]:
    guilds, alice = populate(standin)
    async with (
        standin.running(ShardedClient([0], 2)) as first,
        standin.running(ShardedClient([1], 2)) as second,
    ):
        yield Cluster(standin, guilds, alice, {0: first, 1: second})


def kept_events(state: ResumableSession) -> list[str]:
    """The events dispatched in a session so far (none is acknowledged in these tests)."""
    return [json.loads(frame)["t"] for _, frame in state.frames]


def ready_of(state: ResumableSession) -> dict[str, Any]:
    frame = json.loads(state.frames[0][1])
    assert frame["t"] == "READY"
    ready: dict[str, Any] = frame["d"]
    return ready


async def until(condition: Callable[[], object], what: str, timeout: float = 5.0) -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not condition():
        if loop.time() > end:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.002)


def test_guild_ids_land_on_the_shard_asked_for(standin: DiscordStandIn) -> None:
    before = standin.world.snowflake()
    ids = [standin.add_guild(f"g{n}", shard=(n % 3, 3)).id for n in range(9)]
    assert [shard_of(i, 3) for i in ids] == [n % 3 for n in range(9)]
    assert before < ids[0] and ids == sorted(set(ids))
    assert standin.world.snowflake() > ids[-1]
    with pytest.raises(StandInError, match="no shard 2 of 2"):
        standin.add_guild("nowhere", shard=(2, 2))


async def test_each_client_sees_only_the_guilds_of_its_shard(cluster: Cluster) -> None:
    standin = cluster.standin
    assert standin.gateway.shards() == [(0, 2), (1, 2)]
    for shard, client in cluster.clients.items():
        assert {g.id for g in client.guilds} == {g.id for g in cluster.guilds[shard]}
        assert all(g.shard_id == shard and not g.unavailable for g in client.guilds)
        state = cluster.session(shard)
        assert state.identify is not None and state.identify["shard"] == [shard, 2]
        ready = ready_of(state)
        assert ready["shard"] == [shard, 2]
        assert [int(g["id"]) for g in ready["guilds"]] == [g.id for g in cluster.guilds[shard]]
        assert kept_events(state)[1:] == ["GUILD_CREATE", "GUILD_CREATE"]
    assert [(r.method, r.path) for r in standin.requests].count(("GET", "/gateway/bot")) == 0


async def test_an_interaction_reaches_only_the_client_of_its_guilds_shard(
    cluster: Cluster,
) -> None:
    standin, alice = cluster.standin, cluster.alice
    first, second = cluster.clients[0].where, cluster.clients[1].where
    guild = cluster.guilds[1][1]
    result = await standin.slash(alice, cluster.channel(1, 1), "where")
    assert result.errors == [] and result.content == "shards [1] of 2"
    assert result.message is not None
    clicked = await standin.click(alice, result.message, "where:again")
    assert clicked.type == 7 and clicked.content == "clicked on shards [1] of 2"
    assert second.interactions == [guild.id, guild.id] and first.interactions == []
    answered = await standin.slash(alice, cluster.channel(0, 1), "where")
    assert answered.content == "shards [0] of 2"
    assert first.interactions == [cluster.guilds[0][1].id]
    assert kept_events(cluster.session(0)).count("INTERACTION_CREATE") == 1
    assert kept_events(cluster.session(1)).count("INTERACTION_CREATE") == 2


async def test_a_dm_interaction_goes_to_shard_0(cluster: Cluster) -> None:
    dm = cluster.standin.world.dm_channel(cluster.alice)
    result = await cluster.standin.slash(cluster.alice, dm, "where")
    assert result.content == "shards [0] of 2" and not result.ephemeral
    assert cluster.clients[0].where.interactions == [None]
    assert cluster.clients[1].where.interactions == []


async def test_guild_events_reach_only_the_client_of_their_shard(cluster: Cluster) -> None:
    standin, alice = cluster.standin, cluster.alice
    first, second = cluster.clients[0], cluster.clients[1]
    guild = cluster.guilds[0][0]
    posted = standin.post(alice, cluster.channel(0), "hello")
    standin.delete_message(posted)
    await until(lambda: first.where.deleted, "the deletion to reach shard 0")
    assert first.where.deleted == [guild.id]
    assert "MESSAGE_DELETE" in kept_events(cluster.session(0))
    other = kept_events(cluster.session(1))
    assert "MESSAGE_CREATE" not in other and "MESSAGE_DELETE" not in other
    assert second.where.deleted == []

    lounge = cluster.guilds[1][0].add_text_channel("lounge")
    late = standin.add_guild("Late Club", shard=(1, 2))
    await until(lambda: second.get_guild(late.id), "the new guild on shard 1")
    assert second.get_channel(lounge.id) is not None
    assert first.get_channel(lounge.id) is None and first.get_guild(late.id) is None
    assert "CHANNEL_CREATE" not in kept_events(cluster.session(0))
    assert kept_events(cluster.session(0)).count("GUILD_CREATE") == 2


async def test_an_interaction_no_connected_shard_serves_fails_plainly(cluster: Cluster) -> None:
    standin = cluster.standin
    await standin.stop_bot(cluster.clients[1])
    assert standin.gateway.shards() == [(0, 2)]
    loop = asyncio.get_running_loop()
    start = loop.time()
    with pytest.raises(StandInError, match=r"delivered to no bot client.*shard 1 of 2"):
        await standin.slash(cluster.alice, cluster.channel(1), "where")
    assert loop.time() - start < 1.0
    assert (await standin.slash(cluster.alice, cluster.channel(0), "where")).content == (
        "shards [0] of 2"
    )
    await standin.stop_bot(cluster.clients[0])
    with pytest.raises(StandInError, match="no bot client is connected"):
        await standin.slash(cluster.alice, cluster.channel(0), "where")


async def test_a_second_connection_for_a_shard_takes_its_interactions(cluster: Cluster) -> None:
    standin = cluster.standin
    async with standin.running(ShardedClient([1], 2)) as again:
        assert standin.gateway.shards() == [(0, 2), (1, 2), (1, 2)]
        result = await standin.slash(cluster.alice, cluster.channel(1), "where")
        assert result.content == "shards [1] of 2"
        assert again.where.interactions == [cluster.guilds[1][0].id]
        assert cluster.clients[1].where.interactions == []
        lounge = cluster.guilds[1][0].add_text_channel("lounge")
        await until(
            lambda: all(c.get_channel(lounge.id) for c in (again, cluster.clients[1])),
            "the new channel on both connections of shard 1",
        )


async def identify_closes(standin: DiscordStandIn, shard: Any) -> int | None:
    """The close code the gateway answers an IDENTIFY for `shard` with (None: it is READY)."""
    identify: dict[str, Any] = {"token": standin.token, "intents": GUILDS, "properties": {}}
    if shard is not None:
        identify["shard"] = shard
    async with aiohttp.ClientSession() as http, http.ws_connect(standin.gateway_url()) as ws:
        await ws.receive_json(timeout=5)
        await ws.send_json({"op": IDENTIFY, "d": identify})
        frame = await ws.receive(timeout=5)
        if frame.type is aiohttp.WSMsgType.TEXT:
            assert json.loads(frame.data)["t"] == "READY"
            return None
        return ws.close_code


@pytest.mark.parametrize("shard", [[2, 2], [5, 2], [-1, 2], [0, 0], [0], [0, 1, 2], ["0", "2"]])
async def test_an_invalid_shard_is_closed_with_4010(standin: DiscordStandIn, shard: Any) -> None:
    assert await identify_closes(standin, shard) == 4010
    assert standin.gateway.shards() == [] and standin.gateway.resumables == {}


async def test_discordpy_stops_on_an_invalid_shard(standin: DiscordStandIn) -> None:
    with pytest.raises(StandInError, match="stopped before it was ready") as caught:
        await standin.start_bot(ShardedClient([2], 2))
    closed = caught.value.__cause__
    assert isinstance(closed, discord.ConnectionClosed) and closed.code == 4010


async def test_a_connection_for_too_many_guilds_is_closed_with_4011() -> None:
    async with DiscordStandIn(limits=Limits(guilds_per_shard=2)) as standin:
        for shard in (0, 0, 1):
            standin.add_guild("Club", shard=(shard, 2))
        assert await identify_closes(standin, None) == 4011
        assert await identify_closes(standin, [0, 2]) is None
        assert await identify_closes(standin, [1, 2]) is None
        standin.add_guild("One too many", shard=(0, 2))
        assert await identify_closes(standin, [0, 2]) == 4011


async def test_an_unsharded_client_sees_every_guild(standin: DiscordStandIn) -> None:
    guilds, alice = populate(standin)
    async with standin.running(PlainClient()) as client:
        everything = {g.id for shard in guilds.values() for g in shard}
        assert {g.id for g in client.guilds} == everything
        state = standin.gateway.latest
        assert state.shard == (0, 1) and standin.gateway.shards() == [(0, 1)]
        assert state.identify is not None and "shard" not in state.identify
        assert "shard" not in ready_of(state)
        for guild in (guilds[0][0], guilds[1][0]):
            result = await standin.slash(alice, guild.channel("table"), "where")
            assert result.content == "unsharded"


async def test_an_auto_sharded_client_asks_for_the_recommended_shard_count() -> None:
    async with DiscordStandIn(limits=Limits(recommended_shards=2)) as standin:
        populate(standin)
        async with standin.running(ShardedClient()) as client:
            assert ("GET", "/gateway/bot") in [(r.method, r.path) for r in standin.requests]
            assert client.shard_count == 2 and standin.gateway.shards() == [(0, 2), (1, 2)]
            assert len(client.guilds) == 4
            headers = {"Authorization": f"Bot {standin.token}"}
            async with (
                aiohttp.ClientSession() as http,
                http.get(f"{standin.base_url}/api/v10/gateway/bot", headers=headers) as answer,
            ):
                body = await answer.json()
        assert body == {
            "url": standin.gateway_url(),
            "shards": 2,
            "session_start_limit": {
                "total": 1000,
                "remaining": 998,
                "reset_after": 14_400_000,
                "max_concurrency": 1,
            },
        }
