"""The bot keeps within its budget of Discord's global limit: the stand-in enforces a global
limit a little above the bot's budget, and a burst of work in many channels at once (each
`/table show` moves a table, and the old message is edited to point to the new one: a counted
request) gets no 429; the requests wait for their room instead."""

from __future__ import annotations

import asyncio
from pathlib import Path

from tests.e2e.harness import table, until
from tests.standin import RateLimit

CHANNELS = 8
SHOWS = 4
BUDGET = 10
LIMIT = 12
"""The stand-in's global limit: above the bot's budget, far below the burst."""


async def test_a_burst_in_many_channels_waits_for_the_budget_and_gets_no_429(
    tmp_path: Path,
) -> None:
    async with table(tmp_path) as t:
        t.requests_per_second = BUDGET
        bot = await t.start()
        channels = [t.guild.add_text_channel(f"table-{n}") for n in range(CHANNELS)]
        for channel in channels:
            opened = await t.dc.slash(t.users["ana"], channel, "skyjo solo", bots=1)
            assert opened.error is None, opened.errors
        t.dc.limits.enforce_rate_limits = True
        t.dc.limits.global_rate_limit = RateLimit(LIMIT, 1.0)
        t.dc.reset_request_stats()
        for _ in range(SHOWS):
            shows = [t.dc.slash(t.users["ana"], channel, "table show") for channel in channels]
            for shown in await asyncio.gather(*shows):
                assert shown.error is None, shown.errors
        moved = CHANNELS * SHOWS
        await until(lambda: t.dc.counted_requests >= moved, "every old table edited", 15.0)
        stats = t.dc.request_stats()
        assert stats["rate_limited"]["global"] == 0, stats
        assert stats["counted_requests_per_s_max"] <= LIMIT, stats
        assert bot.budget.waited >= moved - BUDGET, "the burst waited for its room"
