"""Discord's rate limits as the stand-in counts them and, with `Limits.enforce_rate_limits`,
enforces them: the bot's global limit, the per-route buckets, and the invalid requests."""

from __future__ import annotations

import bisect
import functools
import hashlib
import math
import operator
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

from .limits import Limits, RateLimit

RATE_LIMITED = "You are being rate limited."
SCOPES = ("global", "user", "shared")
COUNT_WINDOW = 1.0
"""`counted_requests_per_s_max` is the most counted requests in any window this long."""
INVALID_WINDOW = 600.0
"""Discord bans an IP past 10,000 invalid requests in this many seconds."""
INVALID_STATUSES = frozenset({401, 403})
"""With 429 of any scope but "shared", the answers Discord counts as invalid requests."""
PRUNE_AT = 4096
"""Bucket windows kept (at the least) before the expired ones are forgotten."""
VIA = {"Via": "1.1 google"}
"""Discord's 429s carry it; discord.py takes a 429 without it for a Cloudflare ban."""

Verdict = tuple[dict[str, Any] | None, dict[str, str]]
"""The body of a 429 to answer (None: go on), and the headers to answer with."""

MESSAGE_ROUTES: dict[tuple[str, str], tuple[str, Callable[[Limits], RateLimit]]] = {
    ("POST", "/channels/{channel_id}/messages"): (
        "message create",
        operator.attrgetter("message_create_limit"),
    ),
    ("PATCH", "/channels/{channel_id}/messages/{message_id}"): (
        "message edit",
        operator.attrgetter("message_edit_limit"),
    ),
    ("DELETE", "/channels/{channel_id}/messages/{message_id}"): (
        "message delete",
        operator.attrgetter("message_delete_limit"),
    ),
}
"""The routes limited per channel, by method and route under /api/v10."""


@functools.cache
def bucket_id(name: str) -> str:
    """The stable hash a route kind's `X-RateLimit-Bucket` carries."""
    return hashlib.blake2b(name.encode(), digest_size=16).hexdigest()


@dataclass(frozen=True, slots=True)
class Route:
    """The limits a request falls under: the global one when `counted`, and its bucket (a kind
    of route, `bucket`, per major parameter, `major`) when `limit` is set."""

    counted: bool
    bucket: str = ""
    major: str = ""
    limit: RateLimit | None = None


def route_of(limits: Limits, method: str, template: str, params: Mapping[str, str]) -> Route:
    """The limits of a request to `template` (an aiohttp route under /api/v10, such as
    "/channels/{channel_id}/messages") with these path parameters."""
    if template.startswith("/interactions/"):
        return Route(counted=False)
    if template.startswith("/webhooks/"):
        limit = limits.interaction_webhook_limit
        return Route(False, bucket_id("interaction webhook"), params.get("token", ""), limit)
    kind = MESSAGE_ROUTES.get((method, template))
    if kind is not None:
        name, limit_of = kind
        return Route(True, bucket_id(name), params["channel_id"], limit_of(limits))
    major = params.get("channel_id") or params.get("guild_id") or ""
    return Route(True, bucket_id(f"{method} {template}"), major, limits.other_route_limit)


class InvalidRequests(NamedTuple):
    """401, 403 and 429 (but of scope "shared") answers."""

    last_10_minutes: int
    total: int


@dataclass(slots=True)
class _Window:
    """A bucket's current window: it opens with its first request and lasts `per` seconds."""

    reset_at: float
    used: int = 0


def _seconds(delay: float) -> float:
    """A delay as Discord writes it (milliseconds), rounded up so a client that waits it out
    is not early."""
    return max(0.001, math.ceil(round(delay * 1000, 6)) / 1000)


class RateMeter:
    """Counts the REST requests as Discord's limits see them (one bot: all its clients share
    the meter) and, when enforcing, answers 429 to those past a limit."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.counted_requests = 0
        self.counted_requests_per_s_max = 0
        self.rate_limited = dict.fromkeys(SCOPES, 0)
        self.invalid_requests_total = 0
        self._last_second: deque[float] = deque()
        self._global: deque[float] = deque()
        """Times of the requests let through the global limit while enforcing, in its window."""
        self._promised: list[float] = []
        """When the requests refused by the global limit were told to come back, sorted."""
        self._invalid: deque[float] = deque()
        self._windows: dict[tuple[str, str], _Window] = {}
        self._prune_at = PRUNE_AT

    def reset(self) -> None:
        """Sets the counters to zero (the limits' own state is kept)."""
        self.counted_requests = 0
        self.counted_requests_per_s_max = 0
        self.rate_limited = dict.fromkeys(SCOPES, 0)
        self.invalid_requests_total = 0
        self._last_second.clear()
        self._invalid.clear()

    def admit(self, route: Route, now: float) -> Verdict:
        """Counts a request arriving at `now`; when enforcing, the 429 it gets past a limit, or
        else its bucket's headers."""
        enforce = self.limits.enforce_rate_limits
        if route.counted:
            if enforce and self._global_full(now):
                return self._global_refusal(now)
            self.count(route, now)
        if not enforce or route.limit is None:
            return None, {}
        return self._take(route, route.limit, now)

    def count(self, route: Route, now: float) -> None:
        """Counts a request toward the global limit (when it is not exempt)."""
        if not route.counted:
            return
        self.counted_requests += 1
        second = self._last_second
        second.append(now)
        while second[0] <= now - COUNT_WINDOW:
            second.popleft()
        self.counted_requests_per_s_max = max(self.counted_requests_per_s_max, len(second))
        if self.limits.enforce_rate_limits:
            self._global.append(now)

    def answered(self, now: float, status: int, scope: str | None) -> None:
        """Counts an answer: a 429 by its scope (`X-RateLimit-Scope`), and the invalid ones."""
        if status == 429:
            scope = scope or "user"
            self.rate_limited[scope] = self.rate_limited.get(scope, 0) + 1
            if scope == "shared":
                return
        elif status not in INVALID_STATUSES:
            return
        self.invalid_requests_total += 1
        self._invalid.append(now)
        self._forget_invalid(now)

    def invalid_requests(self, now: float) -> InvalidRequests:
        self._forget_invalid(now)
        return InvalidRequests(len(self._invalid), self.invalid_requests_total)

    def stats(self, now: float) -> dict[str, Any]:
        """The counters as JSON."""
        invalid = self.invalid_requests(now)
        return {
            "counted_requests": self.counted_requests,
            "counted_requests_per_s_max": self.counted_requests_per_s_max,
            "rate_limited": dict(self.rate_limited),
            "invalid_requests": invalid._asdict(),
        }

    def _forget_invalid(self, now: float) -> None:
        while self._invalid and self._invalid[0] <= now - INVALID_WINDOW:
            self._invalid.popleft()

    def _global_full(self, now: float) -> bool:
        limit = self.limits.global_rate_limit
        window = self._global
        while window and window[0] <= now - limit.per:
            window.popleft()
        return len(window) >= limit.requests

    def _global_refusal(self, now: float) -> Verdict:
        """The global 429. Its `retry_after` is when the window has room for this request,
        the requests refused before it and not yet back taking the earlier places, so that
        refused requests coming back on time get through."""
        limit, window, promised = self.limits.global_rate_limit, self._global, self._promised
        del promised[: bisect.bisect_right(promised, now)]
        turns, index = divmod(len(window) - limit.requests + len(promised), len(window))
        retry_after = _seconds(window[index] + limit.per * (turns + 1) - now)
        bisect.insort(promised, now + retry_after)
        body = {"message": RATE_LIMITED, "retry_after": retry_after, "global": True}
        headers = {
            **VIA,
            "Retry-After": str(math.ceil(retry_after)),
            "X-RateLimit-Global": "true",
            "X-RateLimit-Scope": "global",
        }
        return body, headers

    def _take(self, route: Route, limit: RateLimit, now: float) -> Verdict:
        window = self._window(route, limit, now)
        reset_after = _seconds(window.reset_at - now)
        refused = window.used >= limit.requests
        if not refused:
            window.used += 1
        headers = {
            "X-RateLimit-Limit": str(limit.requests),
            "X-RateLimit-Remaining": str(limit.requests - window.used),
            "X-RateLimit-Reset": f"{window.reset_at:.3f}",
            "X-RateLimit-Reset-After": f"{reset_after:.3f}",
            "X-RateLimit-Bucket": route.bucket,
        }
        if not refused:
            return None, headers
        body = {"message": RATE_LIMITED, "retry_after": reset_after, "global": False}
        scope = {"Retry-After": str(math.ceil(reset_after)), "X-RateLimit-Scope": "user"}
        return body, {**VIA, **headers, **scope}

    def _window(self, route: Route, limit: RateLimit, now: float) -> _Window:
        key = (route.bucket, route.major)
        window = self._windows.get(key)
        if window is None or window.reset_at <= now:
            if len(self._windows) >= self._prune_at:
                self._windows = {k: w for k, w in self._windows.items() if w.reset_at > now}
                self._prune_at = max(PRUNE_AT, 2 * len(self._windows))
            window = self._windows[key] = _Window(now + limit.per)
        return window
