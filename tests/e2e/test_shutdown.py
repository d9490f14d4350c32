"""A bot told to stop (SIGTERM, a deploy) first finishes the answers under way: a click being
answered is answered, not cut off by the connection closing under it."""

from __future__ import annotations

import asyncio
import logging
import random
from pathlib import Path

import pytest

from tests.e2e.harness import button, table
from tests.e2e.skyjo_play import skyjo, two_players_at_first_turn


async def test_a_click_being_answered_when_the_bot_stops_is_answered_first(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    rng = random.Random(4)
    caplog.set_level(logging.WARNING)
    async with table(tmp_path) as t:
        await t.start()
        session = await two_players_at_first_turn(t, rng)
        message = await t.table_message(session)
        player = ["ana", "leo"][skyjo(session).current]
        held = t.dc.hold(method="POST", path_contains="/callback")
        click = asyncio.create_task(t.click(player, message, button(message, "draw")))
        await held.reached()

        stopping = asyncio.create_task(t.stop())
        await asyncio.sleep(0.3)
        assert not stopping.done(), "the bot waits for the answer under way"
        held.release()
        result = await click
        await asyncio.wait_for(stopping, 5.0)
        assert result.type == 7 and not result.errors, result.errors
        errors = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
        assert not errors, errors
