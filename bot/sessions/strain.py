"""How far behind its event loop runs: when the bot has more to do than it can, bots slow down,
so that players' clicks are still answered within Discord's 3 seconds.

The bot is behind while its loop runs late or while Discord requests wait long for the bot's
request budget. What gives way, in this order: the bots' pace, then, while overloaded, how
often a table where only bots are to move is redrawn and its pictures (text until a member is
to move); and while the loop is far behind, clicks are acknowledged as they arrive. Never a
member's own turn, never a move.

Every click, bot move and request is a turn of the one event loop. A loop that falls behind
answers every click late, so the bots, which make most of the work, wait longer between moves
while it lags: their pause is stretched a little each time the loop is found late, and given
back a little each time it is on time, down to the set pace."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable

TICK = 0.1
"""Seconds between two looks at the loop."""
ON_TIME = 0.02
"""How late a tick may be and the loop still count as keeping up."""
STRETCH = 1.25
"""How much bots' pauses grow at each late tick; they shrink by its square root at each tick on
time."""
MOST = 20.0
"""The most bots' pauses are stretched."""
OVERLOADED = 2.0
"""From this stretch on the bot is overloaded: a table where only bots are to move is shown
as text, and tables say that bots play more slowly."""
BACKLOG = 1.0
"""Seconds of Discord requests waiting for the bot's request budget past which the bot counts
as behind, as if its loop were late: bots then slow down too, so that their tables can still
be shown."""
HURRY = 0.25
"""How late a tick may be before clicks are acknowledged as they arrive: their own work may
then be slow too."""
HURRY_FOR = 1.0
"""Seconds clicks go on being acknowledged at once after a tick that late."""


class LoopStrain:
    def __init__(self) -> None:
        self.stretch = 1.0
        """By how much bots' pauses are stretched now (1: the set pace)."""
        self.late_ticks = 0
        self.hurry = HURRY
        """How late a tick may be before clicks are hurried (see `HURRY`)."""
        self.on_time = ON_TIME
        """How late a tick may be and the loop still count as keeping up (see `ON_TIME`)."""
        self._hurried_until = float("-inf")
        self.backlog: Callable[[], float] = lambda: 0.0
        """Seconds of requests waiting for the request budget (`bot.budget.Budget.backlog`)."""
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._watch(), name="strain")

    async def stop(self) -> None:
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    @property
    def overloaded(self) -> bool:
        return self.stretch >= OVERLOADED

    @property
    def hurried(self) -> bool:
        """The loop was found far behind within the last `HURRY_FOR` seconds: a click's work
        may not be done within Discord's time."""
        return asyncio.get_running_loop().time() < self._hurried_until

    def noted(self, late: float, at: float = float("-inf"), backlog: float = 0.0) -> None:
        """A tick came `late` seconds after it was due, at the loop's time `at`, with `backlog`
        seconds of requests waiting for the budget."""
        if late > self.hurry:
            self._hurried_until = at + HURRY_FOR
        if late > self.on_time or backlog > BACKLOG:
            self.late_ticks += 1
            self.stretch = min(MOST, self.stretch * STRETCH)
        else:
            self.stretch = max(1.0, self.stretch / STRETCH**0.5)

    async def _watch(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            due = loop.time() + TICK
            await asyncio.sleep(TICK)
            now = loop.time()
            self.noted(now - due, now, self.backlog())
