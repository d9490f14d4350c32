"""Wall-clock time and sleeping until a moment, replaceable together (tests move time on)."""

from __future__ import annotations

import asyncio
import time
from typing import Protocol


class Clock(Protocol):
    def now(self) -> float: ...

    async def sleep_until(self, moment: float) -> None: ...


class SystemClock:
    def now(self) -> float:
        return time.time()

    async def sleep_until(self, moment: float) -> None:
        await asyncio.sleep(max(0.0, moment - time.time()))
