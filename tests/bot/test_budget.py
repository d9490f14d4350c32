"""The bot's share of Discord's global limit: never more than its rate in any one-second window,
the most urgent waiting requests first, and each process its shards' share."""

from __future__ import annotations

import asyncio
import time

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.budget import WINDOW, Budget, Priority, install, priority, share
from bot.shards import Shards


def most_in_a_window(moments: list[float]) -> int:
    moments = sorted(moments)
    most = start = 0
    for end, moment in enumerate(moments):
        while moments[start] <= moment - WINDOW:
            start += 1
        most = max(most, end - start + 1)
    return most


async def test_no_window_of_a_second_holds_more_than_the_rate() -> None:
    budget = Budget(rate=40)
    moments: list[float] = []

    async def request() -> None:
        await budget.acquire()
        # the moment the budget counted it: a clock read here may come late on a busy machine
        moments.append(budget._sent[-1])

    started = time.monotonic()
    await asyncio.gather(*(request() for _ in range(100)))
    assert len(moments) == 100
    assert most_in_a_window(moments) <= 40
    assert time.monotonic() - started >= 2 * WINDOW - 0.05, "100 requests at 40 a second"
    assert budget.waited == 60


async def test_requests_within_the_rate_do_not_wait() -> None:
    budget = Budget(rate=10)
    started = time.monotonic()
    for _ in range(10):
        await budget.acquire()
    assert time.monotonic() - started < 0.1 and budget.waited == 0


async def test_the_most_urgent_waiting_request_goes_first() -> None:
    budget = Budget(rate=2)
    await budget.acquire()
    await budget.acquire()
    order: list[str] = []

    async def request(name: str, level: Priority) -> None:
        with priority(level):
            await budget.acquire()
        order.append(name)

    waiting = [
        asyncio.create_task(request("card", Priority.BOOKKEEPING)),
        asyncio.create_task(request("bots' table", Priority.BOTS)),
        asyncio.create_task(request("first player's table", Priority.PLAYER)),
        asyncio.create_task(request("second player's table", Priority.PLAYER)),
    ]
    await asyncio.gather(*waiting)
    assert order == ["first player's table", "second player's table", "bots' table", "card"]


async def test_a_request_given_up_while_waiting_takes_no_room() -> None:
    budget = Budget(rate=1)
    await budget.acquire()
    given_up = asyncio.create_task(budget.acquire())
    await asyncio.sleep(0.05)
    given_up.cancel()
    started = time.monotonic()
    await budget.acquire()
    waited = time.monotonic() - started
    assert waited < 1.5 * WINDOW, "the next request takes the room the cancelled one left"


def test_a_budget_lets_something_through() -> None:
    with pytest.raises(ValueError):
        Budget(rate=0)


@given(count=st.integers(1, 16), data=st.data())
def test_each_process_takes_its_shards_share(count: int, data: st.DataObject) -> None:
    owned = data.draw(st.sets(st.integers(0, count - 1), min_size=1))
    assert share(Shards(count, frozenset(owned)), 45) == pytest.approx(45 * len(owned) / count)
    assert share(Shards(count), 45) == 45
    every = [share(Shards(count, frozenset({shard})), 45) for shard in range(count)]
    assert sum(every) == pytest.approx(45), "the processes together never pass the bot's budget"


async def test_an_installed_budget_paces_every_request_of_the_client() -> None:
    """`install` wraps the client's own `request`, so every REST call discord.py makes (all of
    them counted by Discord) waits for its room."""

    class Client:
        def __init__(self) -> None:
            self.sent: list[tuple[str, float]] = []

        async def request(self, route: object, **kwargs: object) -> str:
            self.sent.append((str(route), time.monotonic()))
            return f"answer to {route}"

    client = Client()
    install(client, Budget(rate=3))  # type: ignore[arg-type]
    answers = await asyncio.gather(*(client.request(f"route {n}", json={}) for n in range(7)))
    assert answers == [f"answer to route {n}" for n in range(7)]
    assert [route for route, _ in client.sent] == [f"route {n}" for n in range(7)]
    assert most_in_a_window([moment for _, moment in client.sent]) <= 3


async def test_requests_held_up_on_their_way_never_arrive_more_than_the_rate_in_a_second() -> None:
    """A busy event loop holds requests between the budget and Discord, then lets them go
    together: counted from their answer, they still never crowd one second of arrivals."""
    budget = Budget(rate=20)
    arrivals: list[float] = []

    async def request(held: float) -> None:
        async with budget.sending():
            await asyncio.sleep(held)
            arrivals.append(time.monotonic())

    await asyncio.gather(*(request(0.9) for _ in range(20)), *(request(0.0) for _ in range(20)))
    assert len(arrivals) == 40
    assert most_in_a_window(arrivals) <= 20, "no second of arrivals holds more than the rate"


async def test_the_backlog_is_the_seconds_the_waiting_requests_take() -> None:
    budget = Budget(rate=4)
    for _ in range(4):
        await budget.acquire()
    assert budget.backlog() == 0.0
    waiting = [asyncio.create_task(budget.acquire()) for _ in range(6)]
    await asyncio.sleep(0)
    assert budget.backlog() == pytest.approx(6 / 4)
    await asyncio.gather(*waiting)
    assert budget.backlog() == 0.0
