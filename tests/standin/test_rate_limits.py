"""Discord's rate limits in the stand-in (`Limits.enforce_rate_limits`), proved with the real
discord.py client and with raw HTTP requests: the global limit, the per-route buckets and their
headers, the exempt interaction endpoints, and the counters a bench reads."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass
from typing import Any

import aiohttp
import discord
import pytest

from . import DiscordStandIn, Limits, RateLimit, RecordedRequest
from .ratelimits import bucket_id
from .sample_bot import SampleBot
from .server import API_PREFIX
from .world import Channel, Guild

RATE_HEADERS = ("X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Bucket")
NO_LIMITS = {"global": 0, "user": 0, "shared": 0}


@dataclass
class Answer:
    status: int
    headers: dict[str, str]
    body: Any


class Raw:
    """Requests as another process of the bot (or anyone holding `token`) sends them."""

    def __init__(self, standin: DiscordStandIn, session: aiohttp.ClientSession) -> None:
        self.standin = standin
        self.session = session

    async def __call__(
        self, method: str, path: str, *, json: Any = None, token: str | None = None
    ) -> Answer:
        headers = {"Authorization": f"Bot {token or self.standin.token}"}
        url = f"{self.standin.base_url}{API_PREFIX}{path}"
        async with self.session.request(method, url, json=json, headers=headers) as response:
            body = await response.json() if response.content_type == "application/json" else None
            return Answer(response.status, dict(response.headers), body)

    async def post(self, channel: Channel, content: str = "hi") -> Answer:
        return await self("POST", f"/channels/{channel.id}/messages", json={"content": content})


@dataclass
class Scene:
    standin: DiscordStandIn
    guild: Guild
    table: Channel
    raw: Raw


async def scene_with(limits: Limits) -> AsyncIterator[Scene]:
    async with DiscordStandIn(limits=limits) as standin, aiohttp.ClientSession() as session:
        guild = standin.add_guild("Sky Club")
        table = guild.add_text_channel("table")
        yield Scene(standin, guild, table, Raw(standin, session))


@pytest.fixture
async def enforcing() -> AsyncIterator[Scene]:
    async for scene in scene_with(Limits(enforce_rate_limits=True)):
        yield scene


@pytest.fixture
async def counting() -> AsyncIterator[Scene]:
    """The limits switched off: the stand-in only counts."""
    async for scene in scene_with(Limits(enforce_rate_limits=False)):
        yield scene


@pytest.fixture
async def bot_scene() -> AsyncIterator[tuple[Scene, SampleBot]]:
    """A sample bot started with the limits off (its start-up is not what is tested); a test
    switches them on."""
    async for scene in scene_with(Limits(enforce_rate_limits=False)):
        alice = scene.standin.add_user("alice")
        scene.guild.add_member(alice)
        async with scene.standin.running(SampleBot(scene.guild.id)) as bot:
            yield scene, bot


def posts(standin: DiscordStandIn, path_part: str = "/messages") -> list[RecordedRequest]:
    return [r for r in standin.requests if r.method == "POST" and r.path.endswith(path_part)]


def most_in_one_second(times: Sequence[float]) -> int:
    """The most of these times within any one second, counted the slow way."""
    return max((sum(1 for t in times if start <= t < start + 1.0) for start in times), default=0)


async def test_a_stand_in_enforces_discords_limits_unless_told_not_to() -> None:
    async with DiscordStandIn() as standin, aiohttp.ClientSession() as session:
        table = standin.add_guild("Sky Club").add_text_channel("table")
        raw = Raw(standin, session)
        answers = [await raw.post(table, f"n{n}") for n in range(6)]
        assert [a.status for a in answers] == [200] * 5 + [429]
        assert answers[0].headers["X-RateLimit-Remaining"] == "4"
        assert standin.rate_limited == {"global": 0, "user": 1, "shared": 0}


# The per-route buckets


async def test_a_burst_in_one_channel_is_paced_by_discord_py_without_a_429(
    bot_scene: tuple[Scene, SampleBot],
) -> None:
    scene, bot = bot_scene
    standin = scene.standin
    standin.limits.enforce_rate_limits = True
    standin.limits.message_create_limit = RateLimit(5, 1.0)  # Discord's 5 per 5 s, quicker
    channel = bot.get_channel(scene.table.id)
    assert isinstance(channel, discord.TextChannel)
    await asyncio.gather(*(channel.send(f"card {n}") for n in range(7)))
    assert [m.content for m in standin.messages(scene.table)] == [f"card {n}" for n in range(7)]
    sent = posts(standin)
    assert [r.status for r in sent] == [200] * 7
    assert standin.rate_limited == NO_LIMITS
    first = sent[0].at
    assert all(r.at < first + 1.0 for r in sent[:5])
    assert all(r.at >= first + 1.0 for r in sent[5:])


async def test_a_send_refused_by_its_bucket_is_retried_after_retry_after(
    bot_scene: tuple[Scene, SampleBot],
) -> None:
    """Another process of the bot used up the channel's bucket: discord.py, not knowing it,
    gets a 429, waits `retry_after` and posts."""
    scene, bot = bot_scene
    standin = scene.standin
    standin.limits.enforce_rate_limits = True
    standin.limits.message_create_limit = RateLimit(5, 0.5)
    for n in range(5):
        assert (await scene.raw.post(scene.table, f"other {n}")).status == 200
    channel = bot.get_channel(scene.table.id)
    assert isinstance(channel, discord.TextChannel)
    await channel.send("mine")
    assert standin.last_message(scene.table).content == "mine"
    *others, refused, retried = posts(standin)
    assert [r.status for r in (*others, refused, retried)] == [200] * 5 + [429, 200]
    assert retried.at >= others[0].at + 0.5
    assert standin.rate_limited == {"global": 0, "user": 1, "shared": 0}


async def test_message_routes_carry_discord_buckets_and_refuse_past_them(
    enforcing: Scene,
) -> None:
    raw, standin, table = enforcing.raw, enforcing.standin, enforcing.table
    other = enforcing.guild.add_text_channel("other")
    answers = [await raw.post(table, f"n{n}") for n in range(6)]
    assert [a.status for a in answers] == [200] * 5 + [429]
    first, refused = answers[0].headers, answers[5]
    assert first["X-RateLimit-Limit"] == "5" and first["X-RateLimit-Remaining"] == "4"
    assert 4.9 <= float(first["X-RateLimit-Reset-After"]) <= 5.0
    assert [a.headers["X-RateLimit-Remaining"] for a in answers[1:5]] == ["3", "2", "1", "0"]
    assert refused.body["global"] is False and refused.body["message"] == (
        "You are being rate limited."
    )
    assert 0 < refused.body["retry_after"] <= 5.0
    assert refused.headers["X-RateLimit-Scope"] == "user"
    assert refused.headers["X-RateLimit-Remaining"] == "0"
    assert refused.headers["Via"] == "1.1 google"
    assert refused.headers["Retry-After"] == "5"
    assert float(refused.headers["X-RateLimit-Reset-After"]) == refused.body["retry_after"]
    bucket = first["X-RateLimit-Bucket"]
    assert refused.headers["X-RateLimit-Bucket"] == bucket
    elsewhere = await raw.post(other)
    assert elsewhere.status == 200 and elsewhere.headers["X-RateLimit-Bucket"] == bucket
    message = standin.last_message(table)
    edit = await raw("PATCH", f"/channels/{table.id}/messages/{message.id}", json={"content": "e"})
    assert edit.status == 200 and edit.headers["X-RateLimit-Remaining"] == "4"
    assert edit.headers["X-RateLimit-Bucket"] not in (bucket, "")
    standin.advance_clock(5.0)
    assert (await raw.post(table)).status == 200
    assert standin.rate_limited == {"global": 0, "user": 1, "shared": 0}


async def test_deletes_are_five_a_second_per_channel(enforcing: Scene) -> None:
    raw, standin, table = enforcing.raw, enforcing.standin, enforcing.table
    standin.limits.message_create_limit = RateLimit(10, 1.0)
    ids = [(await raw.post(table, f"n{n}")).body["id"] for n in range(7)]
    path = f"/channels/{table.id}/messages"
    deleted = [await raw("DELETE", f"{path}/{i}") for i in ids[:6]]
    assert [a.status for a in deleted] == [204] * 5 + [429]
    assert deleted[0].headers["X-RateLimit-Limit"] == "5"
    assert float(deleted[0].headers["X-RateLimit-Reset-After"]) <= 1.0
    standin.advance_clock(1.0)
    assert (await raw("DELETE", f"{path}/{ids[6]}")).status == 204


async def test_interaction_webhooks_have_a_bucket_per_token(enforcing: Scene) -> None:
    raw, standin = enforcing.raw, enforcing.standin
    first, second = (f"/webhooks/{standin.application_id}/{t}" for t in ("token-a", "token-b"))
    answers = [await raw("POST", first, json={"content": "x"}) for _ in range(6)]
    assert [a.status for a in answers][-1] == 429
    assert answers[0].headers["X-RateLimit-Limit"] == "5"
    assert float(answers[0].headers["X-RateLimit-Reset-After"]) <= 2.0
    assert answers[0].headers["X-RateLimit-Bucket"] == bucket_id("interaction webhook")
    assert answers[5].headers["X-RateLimit-Scope"] == "user"
    assert (await raw("POST", second, json={"content": "x"})).status != 429
    standin.advance_clock(2.0)
    assert (await raw("POST", first, json={"content": "x"})).status != 429


async def test_discord_py_paces_its_follow_ups_by_the_token_bucket(
    bot_scene: tuple[Scene, SampleBot],
) -> None:
    scene, bot = bot_scene
    standin = scene.standin
    standin.limits.enforce_rate_limits = True
    alice = next(u for u in standin.world.users.values() if u.name == "alice")
    await standin.slash(alice, scene.table, "table later")
    [interaction] = bot.kept
    await asyncio.gather(*(interaction.followup.send(f"f{n}") for n in range(7)))
    followups = posts(standin, f"/{interaction.token}")
    assert [r.status for r in followups] == [200] * 7
    assert standin.rate_limited == NO_LIMITS
    assert followups[5].at >= followups[0].at + 2.0


# The global limit


async def test_sixty_sends_over_sixty_channels_hit_the_global_limit_and_discord_py_waits() -> None:
    async for scene in scene_with(Limits(enforce_rate_limits=False)):
        standin = scene.standin
        tables = [scene.guild.add_text_channel(f"t{n}") for n in range(60)]
        async with standin.running(SampleBot(scene.guild.id)) as bot:
            standin.limits.enforce_rate_limits = True
            standin.advance_clock(1.0)  # the start-up's requests out of the global window
            before = len(standin.requests)
            channels = [bot.get_channel(t.id) for t in tables]
            assert all(isinstance(c, discord.TextChannel) for c in channels)
            await asyncio.gather(*(c.send("deal") for c in channels))  # type: ignore[union-attr]
        assert all([m.content for m in standin.messages(t)] == ["deal"] for t in tables)
        burst = [r for r in standin.requests[before:] if r.method == "POST"]
        refused = [r for r in burst if r.status == 429]
        assert len(refused) == 60 - 50 and standin.rate_limited["global"] == len(refused)
        assert len(burst) == 60 + len(refused)  # each refused send came back once, and passed
        assert standin.rate_limited["user"] == 0
        assert standin.counted_requests_per_s_max == 50
        start = burst[0].at
        for request in refused:
            retry = next(r for r in burst if r.path == request.path and r.at > request.at)
            assert retry.at >= start + 1.0 - 0.001


async def test_the_global_429_is_discords(enforcing: Scene) -> None:
    raw, standin = enforcing.raw, enforcing.standin
    standin.limits.global_rate_limit = RateLimit(3, 60.0)
    for _ in range(3):
        assert (await raw("GET", "/users/@me")).status == 200
    first, second = standin.requests[0].at, standin.requests[1].at
    refused = await raw("GET", "/users/@me")
    assert refused.status == 429
    assert set(refused.body) == {"message", "retry_after", "global"}
    assert refused.body["message"] == "You are being rate limited."
    assert refused.body["global"] is True
    now = standin.requests[3].at
    assert refused.body["retry_after"] == pytest.approx(first + 60.0 - now, abs=0.002)
    assert refused.headers["Retry-After"] == "60"
    assert refused.headers["X-RateLimit-Global"] == "true"
    assert refused.headers["X-RateLimit-Scope"] == "global"
    assert refused.headers["Via"] == "1.1 google"
    assert not any(h in refused.headers for h in RATE_HEADERS)
    # Refused next, while the first still waits its turn: told to come back for the next place.
    later = await raw("GET", "/guilds/1")
    assert later.body["retry_after"] == pytest.approx(
        second + 60.0 - standin.requests[4].at, abs=0.002
    )
    assert standin.counted_requests == 3
    assert standin.rate_limited == {"global": 2, "user": 0, "shared": 0}
    standin.advance_clock(60.0)
    assert (await raw("GET", "/users/@me")).status == 200


async def test_interaction_endpoints_never_count_nor_meet_the_global_limit(
    bot_scene: tuple[Scene, SampleBot],
) -> None:
    scene, bot = bot_scene
    standin, raw = scene.standin, scene.raw
    standin.limits.enforce_rate_limits = True
    standin.limits.global_rate_limit = RateLimit(3, 60.0)
    standin.advance_clock(60.0)
    for _ in range(3):
        assert (await raw("GET", "/users/@me")).status == 200
    assert (await raw("GET", "/users/@me")).body["global"] is True
    counted = standin.counted_requests
    alice = next(u for u in standin.world.users.values() if u.name == "alice")
    deferred = await standin.slash(alice, scene.table, "table later")
    assert deferred.type == 5
    [interaction] = bot.kept
    await interaction.edit_original_response(content="dealt")
    followup = await interaction.followup.send("your turn", wait=True)
    await followup.edit(content="your turn, alice")
    exempt = [r for r in standin.requests if "/callback" in r.path or "/webhooks/" in r.path]
    assert len(exempt) == 4 and all(200 <= r.status < 300 for r in exempt)
    assert standin.counted_requests == counted
    assert (await raw("GET", "/users/@me")).body["global"] is True
    assert standin.rate_limited == {"global": 2, "user": 0, "shared": 0}


# The counters, and the switch off


async def test_switched_off_nothing_is_refused_and_no_bucket_header_is_sent(
    counting: Scene,
) -> None:
    raw, standin, table = counting.raw, counting.standin, counting.table
    answers = await asyncio.gather(*(raw.post(table, f"n{n}") for n in range(60)))
    assert {a.status for a in answers} == {200}
    assert not any(h in a.headers for a in answers for h in RATE_HEADERS)
    assert len(standin.messages(table)) == 60
    assert standin.rate_limited == NO_LIMITS
    assert standin.counted_requests == 60


async def test_counters_count_every_request_but_the_interaction_endpoints(
    counting: Scene,
) -> None:
    raw, standin = counting.raw, counting.standin
    for _ in range(30):
        await raw("GET", "/users/@me")
    standin.advance_clock(2.0)
    for _ in range(20):
        await raw("GET", "/users/@me")
    await raw("POST", "/interactions/1/nothing/callback", json={"type": 6})
    await raw("PATCH", f"/webhooks/{standin.application_id}/nothing/messages/@original", json={})
    times = [r.at for r in standin.requests]
    assert times == sorted(times) and times[0] > 0
    assert standin.counted_requests == 50
    assert standin.counted_requests_per_s_max == most_in_one_second(times[:50])
    assert standin.counted_requests_per_s_max >= 20
    stats = standin.request_stats()
    assert stats == {
        "counted_requests": 50,
        "counted_requests_per_s_max": standin.counted_requests_per_s_max,
        "rate_limited": NO_LIMITS,
        "invalid_requests": {"last_10_minutes": 0, "total": 0},
    }
    standin.reset_request_stats()
    assert standin.counted_requests == 0 and standin.counted_requests_per_s_max == 0


async def test_invalid_requests_are_counted_as_discord_counts_them(counting: Scene) -> None:
    raw, standin, table = counting.raw, counting.standin, counting.table
    assert (await raw("GET", "/users/@me", token="stolen")).status == 401
    standin.deny_bot(table, send_messages=True)
    assert (await raw.post(table)).status == 403
    assert (await raw("GET", "/channels/404404")).status == 404
    for scope in ("user", "shared"):
        standin.rate_limit(0.01, path_contains="/users/@me", scope=scope)
        assert (await raw("GET", "/users/@me")).status == 429
    standin.rate_limit(0.01, path_contains="/users/@me", global_=True)
    assert (await raw("GET", "/users/@me")).status == 429
    assert standin.rate_limited == {"global": 1, "user": 1, "shared": 1}
    assert tuple(standin.invalid_requests) == (4, 4)
    assert standin.invalid_requests.last_10_minutes == 4
    # A forced global 429 is not let through the global limit, so not counted; the others are.
    assert standin.counted_requests == 5
    standin.advance_clock(600.0)
    assert (await raw("GET", "/users/@me", token="stolen")).status == 401
    assert standin.invalid_requests == (1, 5)
