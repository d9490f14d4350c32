"""The bot's share of Discord's global rate limit: at most 50 requests a second per bot, over
all its processes and shards; interaction answers and their webhooks are not counted.

Every request discord.py sends through its REST client (`HTTPClient.request`) is counted;
interaction answers go through its webhook adapter and are not. The budget lets through at most
`rate` counted requests in any one-second window: a sliding window, which unlike a token bucket
never lets a full bucket and a second's refill pass in the same second. A request holds its room
from when it is let through until a second after its answer, since Discord counts it on arrival,
somewhere in between. Requests beyond it wait,
the most urgent first (a table a member is to play on before one where only bots play, and
either before bookkeeping such as game cards), in order of arrival within a priority.

Several processes share the bot's limit by shard: a process owning `k` of `n` shards gets
`k / n` of the bot's budget (`share`). `install` puts a budget in front of a client's REST
requests; the game displays mark each request's priority (`priority`)."""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import heapq
import itertools
import time
from collections import deque
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from enum import IntEnum
from typing import Any

import discord

from bot.shards import Shards

BOT_BUDGET = 45
"""Counted requests a second for the whole bot: under Discord's 50, with room for what a
process cannot see (another process's startup, a retried request)."""
WINDOW = 1.0


class Priority(IntEnum):
    PLAYER = 0
    """A table a member is to play on, a turn alert, an answer to what a member did."""
    BOTS = 1
    """A table where only bots are to move."""
    BOOKKEEPING = 2
    """What no one waits on: game cards, archiving threads, looking for strays."""


_current: contextvars.ContextVar[Priority] = contextvars.ContextVar(
    "request_priority", default=Priority.PLAYER
)


@contextlib.contextmanager
def priority(level: Priority) -> Iterator[None]:
    """Requests sent in this block (and the tasks it starts) wait with `level`."""
    token = _current.set(level)
    try:
        yield
    finally:
        _current.reset(token)


def share(shards: Shards, bot_budget: float = BOT_BUDGET) -> float:
    """This process's requests a second: its shards' share of the bot's budget."""
    owned = shards.count if shards.ids is None else len(shards.ids)
    return bot_budget * owned / shards.count


class Budget:
    def __init__(self, rate: float, clock: Callable[[], float] = time.monotonic) -> None:
        if rate <= 0:
            raise ValueError("a budget lets at least some requests through")
        self.rate = rate
        self._per_window = max(1, int(rate * WINDOW))
        self._clock = clock
        self._sent: deque[float] = deque()
        self._waiting: list[tuple[int, int, asyncio.Future[None]]] = []
        self._order = itertools.count()
        self._wakeup: asyncio.TimerHandle | None = None
        self._in_flight = 0
        """Requests let through and not answered yet."""
        self.waited = 0
        """Requests that had to wait for room in the window."""

    def backlog(self) -> float:
        """Seconds the requests waiting now take to go through at the budget's rate."""
        return len(self._waiting) / self.rate

    def _room(self) -> bool:
        now = self._clock()
        while self._sent and self._sent[0] <= now - WINDOW:
            self._sent.popleft()
        return len(self._sent) + self._in_flight < self._per_window

    async def acquire(self, level: Priority | None = None) -> None:
        """Wait for room in the window (behind more urgent and earlier requests), then take
        it for a request sent now."""
        await self._admit(level)
        self._in_flight -= 1
        self._sent.append(self._clock())
        self._wake_later()

    @contextlib.asynccontextmanager
    async def sending(self, level: Priority | None = None) -> AsyncIterator[None]:
        """Room for one request, held while it is on its way and for a window after its answer.
        Discord counts a request when it arrives, anywhere between the two: however a busy
        event loop bunches requests up on their way, no second of arrivals holds more than the
        rate."""
        await self._admit(level)
        try:
            yield
        finally:
            self._in_flight -= 1
            self._sent.append(self._clock())
            self._serve()

    async def _admit(self, level: Priority | None) -> None:
        if not self._waiting and self._room():
            self._in_flight += 1
            return
        self.waited += 1
        ticket: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        level = _current.get() if level is None else level
        heapq.heappush(self._waiting, (int(level), next(self._order), ticket))
        self._serve()
        try:
            await ticket
        except asyncio.CancelledError:
            if ticket.done() and not ticket.cancelled():
                self._in_flight -= 1
                self._serve()
            raise

    def _serve(self) -> None:
        """Let the waiting requests through, most urgent first, while the window has room;
        then wake up when the oldest answered request leaves the window (or when a request on
        its way is answered)."""
        while self._waiting and self._room():
            _, _, ticket = heapq.heappop(self._waiting)
            if ticket.cancelled():
                continue
            self._in_flight += 1
            ticket.set_result(None)
        self._waiting = [entry for entry in self._waiting if not entry[2].cancelled()]
        heapq.heapify(self._waiting)
        self._wake_later()

    def _wake_later(self) -> None:
        """While requests wait, serve them again when the oldest answered one leaves the
        window (a request on its way serves them once answered)."""
        if self._waiting and self._wakeup is None and self._sent:
            delay = max(0.0, self._sent[0] + WINDOW - self._clock())
            self._wakeup = asyncio.get_running_loop().call_later(delay, self._woken)

    def _woken(self) -> None:
        self._wakeup = None
        self._serve()


def install(http: discord.http.HTTPClient, budget: Budget) -> None:
    """Every request of `http` (discord.py's REST client: the counted routes) waits for its
    room in `budget`."""
    send: Callable[..., Awaitable[Any]] = http.request

    async def request(route: discord.http.Route, **kwargs: Any) -> Any:
        async with budget.sending():
            return await send(route, **kwargs)

    setattr(http, "request", request)  # noqa: B010 - an instance's method wrapped in place
