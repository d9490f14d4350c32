"""A message's states, sent one at a time: the latest waiting state replaces the one before, a
state waits until due, and settling lets what comes next land after the request in flight."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from bot.sessions.outbox import LatestWins


class Wire:
    """A request that takes as long as the test says: each send waits for `release`."""

    def __init__(self, delays: dict[str, float] | None = None) -> None:
        self.sent: list[str] = []
        self.in_flight = 0
        self.most_in_flight = 0
        self.release = asyncio.Event()
        self.release.set()
        self.started = asyncio.Event()
        self.delays = delays or {}
        self.failing: set[str] = set()

    async def send(self, state: str) -> None:
        self.in_flight += 1
        self.most_in_flight = max(self.most_in_flight, self.in_flight)
        self.started.set()
        try:
            await self.release.wait()
            if state in self.failing:
                raise RuntimeError(f"{state} refused")
            self.sent.append(state)
        finally:
            self.in_flight -= 1

    def delay(self, state: str) -> float:
        return self.delays.get(state, 0.0)


def spawn(coroutine: Coroutine[Any, Any, None], name: str) -> asyncio.Task[None]:
    return asyncio.get_running_loop().create_task(coroutine, name=name)


def outbox(wire: Wire) -> LatestWins[str]:
    return LatestWins(wire.send, wire.delay, spawn, "table")


async def test_states_put_while_one_is_sent_become_one_request_for_the_latest() -> None:
    wire = Wire()
    wire.release.clear()
    box = outbox(wire)
    box.put("v1")
    await wire.started.wait()
    for state in ("v2", "v3", "v4"):
        box.put(state)
    assert box.busy
    wire.release.set()
    await box.flush()
    await box.settle()
    assert wire.sent == ["v1", "v4"]
    assert box.replaced == 2
    assert not box.busy


async def test_a_state_waits_until_due_and_a_state_due_at_once_overtakes_the_wait() -> None:
    wire = Wire({"bots": 0.3})
    box = outbox(wire)
    loop = asyncio.get_running_loop()
    began = loop.time()
    box.put("bots")
    await asyncio.sleep(0.05)
    assert wire.sent == []
    box.put("player")
    await box.flush()
    assert wire.sent == ["player"]
    assert loop.time() - began < 0.25

    began = loop.time()
    box.put("bots")
    await box.flush()
    assert wire.sent == ["player", "bots"]
    assert loop.time() - began >= 0.29


async def test_settling_forgets_the_waiting_state_and_waits_for_the_one_in_flight() -> None:
    wire = Wire()
    wire.release.clear()
    box = outbox(wire)
    box.put("v1")
    await wire.started.wait()
    box.put("v2")
    settling = asyncio.ensure_future(box.settle())
    await asyncio.sleep(0.01)
    assert not settling.done(), "settling waits for the request in flight"
    wire.release.set()
    await settling
    assert wire.sent == ["v1"]
    assert not box.busy


async def test_a_refused_state_does_not_stop_the_next() -> None:
    wire = Wire()
    wire.failing.add("v1")
    box = outbox(wire)
    box.put("v1")
    await box.flush()
    await box.settle()
    box.put("v2")
    await box.flush()
    await box.settle()
    assert wire.sent == ["v2"]


@given(st.lists(st.tuples(st.integers(0, 3), st.booleans()), min_size=1, max_size=30))
def test_one_request_at_a_time_and_the_last_state_is_always_sent(
    steps: list[tuple[int, bool]],
) -> None:
    async def play() -> None:
        wire = Wire()
        box = outbox(wire)
        for number, (pause, release) in enumerate(steps):
            if release:
                wire.release.set()
            else:
                wire.release.clear()
            box.put(f"v{number}")
            for _ in range(pause):
                await asyncio.sleep(0)
        wire.release.set()
        await box.flush()
        await box.settle()
        assert wire.most_in_flight == 1
        assert wire.sent[-1] == f"v{len(steps) - 1}"
        numbers = [int(state[1:]) for state in wire.sent]
        assert numbers == sorted(set(numbers)), "states are sent in order, each once"

    asyncio.run(play())
