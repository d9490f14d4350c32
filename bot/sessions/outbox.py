"""The latest of a message's states, sent one at a time.

A message has at most one request in flight. A state put while one is being sent waits, and a
newer state replaces the one waiting: a burst of changes becomes one request showing the last
of them, and nothing waits behind a state no longer worth showing. A state may also wait to be
due (a table shows bot moves at a pace); a state that is due at once (a player's click) is sent
as soon as the request in flight is done.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any, Generic, TypeVar

log = logging.getLogger(__name__)

T = TypeVar("T")

Spawn = Callable[[Coroutine[Any, Any, None], str], "asyncio.Task[None] | None"]


class LatestWins(Generic[T]):
    def __init__(
        self,
        send: Callable[[T], Awaitable[None]],
        delay: Callable[[T], float],
        spawn: Spawn,
        name: str,
    ) -> None:
        """`send` sends one state (and handles its own failures); `delay` says how many seconds
        a state still waits before it is due; `spawn` starts the task that sends them."""
        self._send = send
        self._delay = delay
        self._spawn = spawn
        self._name = name
        self._waiting: T | None = None
        self._task: asyncio.Task[None] | None = None
        self._changed = asyncio.Event()
        self.sending = False
        self.replaced = 0
        """States that were never sent: a newer one took their place while they waited."""

    @property
    def busy(self) -> bool:
        """A state is being sent, or waits to be."""
        return self.sending or self._waiting is not None

    def put(self, state: T) -> None:
        """Send `state` once due and once the request in flight is done, unless a newer state
        is put before."""
        if self._waiting is not None:
            self.replaced += 1
        self._waiting = state
        self._changed.set()
        if self._task is None or self._task.done():
            self._task = self._spawn(self._run(), self._name)

    def drop(self) -> None:
        """Forget the state waiting, if any (a newer one is about to be shown otherwise)."""
        self._waiting = None
        self._changed.set()

    async def settle(self) -> None:
        """Forget the state waiting and wait for the request in flight: what is sent next
        lands after it."""
        self.drop()
        task = self._task
        if task is not None and not task.done() and task is not asyncio.current_task():
            with contextlib.suppress(asyncio.CancelledError):
                await asyncio.shield(task)

    async def flush(self) -> None:
        """Wait until the state waiting, if any, is sent."""
        task = self._task
        if self._waiting is not None and task is not None and not task.done():
            await asyncio.shield(task)

    async def _run(self) -> None:
        while self._waiting is not None:
            delay = self._delay(self._waiting)
            if delay > 0:
                self._changed.clear()
                try:
                    await asyncio.wait_for(self._changed.wait(), delay)
                    continue
                except TimeoutError:
                    if self._waiting is None:
                        continue
            state, self._waiting = self._waiting, None
            self.sending = True
            try:
                await self._send(state)
            except Exception:
                log.exception("%s: a state could not be sent", self._name)
            finally:
                self.sending = False
