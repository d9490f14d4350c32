"""What every answer of the pages goes through: only GET and HEAD, a rate limit per client address,
the bot's games first, and the headers that keep a page from running anything but its own files.

A page never runs inline script or loads from another site (the Content-Security-Policy), is not
sniffed as another type, sends no address of ours to other sites, and is never framed. A client
past `RATE` requests a second (in bursts of up to `BURST`) is answered 429 until its bucket
fills again. The pages give way to the games they are served beside: one request is answered at
a time, taking at most a quarter of the time (`Turns`), and none while the bot is behind with
its games (`busy`) or many wait, when they are answered 503 with a short wait. Behind a reverse
proxy every request comes from the proxy's address: with `trust_forwarded`, the client is the
last address the proxy adds to X-Forwarded-For.
"""

from __future__ import annotations

import asyncio
import time
from collections import OrderedDict
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager

from aiohttp import web
from aiohttp.typedefs import Middleware

RATE = 20.0
"""Requests a second a client address may make, on average."""
BURST = 80.0
"""Requests a client address may make at once (a replay's pictures come together)."""
CLIENTS_KEPT = 10_000
"""Client addresses whose buckets are remembered (the least recently seen are forgotten)."""

POLICY = "; ".join(
    (
        "default-src 'none'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self'",
        "connect-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    )
)
HEADERS = {
    "Content-Security-Policy": POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Resource-Policy": "same-origin",
}
ALLOWED_METHODS = frozenset({"GET", "HEAD"})
BUSY_RETRY_SECONDS = 5
PAGE_SHARE = 0.25
"""The most of the bot's time the pages take: after a page, the next waits three times as long
as that one took."""
WAITING_LIMIT = 16
"""Requests waiting for their turn at most; past them, the pages answer that they are busy."""

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


class Buckets:
    """A token bucket per client address."""

    def __init__(
        self, rate: float = RATE, burst: float = BURST, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.rate = rate
        self.burst = burst
        self.clock = clock
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()

    def take(self, client: str) -> float:
        """Takes a request from the client's bucket: 0 when it may go, else the seconds until
        it may."""
        now = self.clock()
        tokens, then = self._buckets.pop(client, (self.burst, now))
        tokens = min(self.burst, tokens + (now - then) * self.rate)
        wait = 0.0
        if tokens >= 1.0:
            tokens -= 1.0
        else:
            wait = (1.0 - tokens) / self.rate
        self._buckets[client] = (tokens, now)
        while len(self._buckets) > CLIENTS_KEPT:
            self._buckets.popitem(last=False)
        return wait


def client_of(request: web.Request, trust_forwarded: bool) -> str:
    if trust_forwarded:
        forwarded = request.headers.get("X-Forwarded-For", "")
        last = forwarded.rsplit(",", 1)[-1].strip()
        if last:
            return last
    return request.remote or "?"


class Turns:
    """Requests answered one at a time, each turn followed by a rest that keeps the pages'
    share of the time under `share`, with at most `limit` requests waiting."""

    def __init__(
        self,
        share: float = PAGE_SHARE,
        limit: int = WAITING_LIMIT,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self.share = share
        self.limit = limit
        self.clock = clock
        self.waiting = 0
        self._lock = asyncio.Lock()

    @property
    def full(self) -> bool:
        return self.waiting >= self.limit

    @asynccontextmanager
    async def turn(self) -> AsyncIterator[None]:
        self.waiting += 1
        try:
            await self._lock.acquire()
        finally:
            self.waiting -= 1
        began = self.clock()
        try:
            yield
        finally:
            rest = (self.clock() - began) * (1 / self.share - 1)
            asyncio.get_running_loop().call_later(rest, self._lock.release)


def guard(
    buckets: Buckets,
    not_found: Handler,
    trust_forwarded: bool = False,
    busy: Callable[[], bool] = lambda: False,
    turns: Turns | None = None,
) -> Middleware:
    """The middleware; `not_found` answers every address that names nothing, the same way
    whatever it names; `busy` says when the bot's games need all of it."""
    taking = turns or Turns()

    @web.middleware
    async def guarded(request: web.Request, handler: Handler) -> web.StreamResponse:
        response: web.StreamResponse
        if request.method not in ALLOWED_METHODS:
            response = web.Response(
                status=405, text="Method not allowed", headers={"Allow": "GET, HEAD"}
            )
        elif (wait := buckets.take(client_of(request, trust_forwarded))) > 0:
            response = web.Response(
                status=429,
                text="Too many requests",
                headers={"Retry-After": str(max(1, round(wait)))},
            )
        elif busy() or taking.full:
            response = web.Response(
                status=503,
                text="Sky Table is busy with its games: try again in a moment.",
                headers={"Retry-After": str(BUSY_RETRY_SECONDS)},
            )
        else:
            try:
                async with taking.turn():
                    response = await handler(request)
            except web.HTTPNotFound:
                response = await not_found(request)
            except web.HTTPException as error:
                response = web.Response(status=error.status, text=error.text)
                for name in ("Location", "Allow"):
                    if name in error.headers:
                        response.headers[name] = error.headers[name]
        for name, value in HEADERS.items():
            response.headers.setdefault(name, value)
        return response

    return guarded
