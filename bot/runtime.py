"""The event loop Sky Table runs on: uvloop's, whose turns cost less than the standard loop's
(each click, request and store write takes several turns); the standard one where uvloop does
not exist (Windows). The benches' bots run on the same loop, so that their figures compare."""

from __future__ import annotations

import asyncio


def use_fast_loop() -> None:
    """Loops made from now on in this process (`asyncio.run`, discord.py's `run`) are uvloop's,
    where it is installed."""
    try:
        import uvloop
    except ImportError:  # pragma: no cover - uvloop is installed everywhere but on Windows
        return
    asyncio.set_event_loop_policy(uvloop.EventLoopPolicy())
