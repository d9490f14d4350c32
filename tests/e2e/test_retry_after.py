"""A route's 429 is waited out: the bot's client, its request budget in front of every REST
request, sends the refused request again no earlier than the `retry_after` Discord gave, and
once per 429, never a storm of retries (Discord counts each 429 as an invalid request)."""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import pytest

from tests.e2e.harness import table, until
from tests.e2e.skyjo_play import two_players_at_first_turn

RETRY_AFTER = 0.4
"""Seconds Discord tells the bot to wait before it tries the route again."""


@pytest.mark.parametrize("times", [1, 3])
async def test_a_routes_429_is_retried_once_no_earlier_than_its_retry_after(
    tmp_path: Path, times: int
) -> None:
    """`/table show` edits the old table through the channel's route (a REST request, through
    the request budget); the stand-in answers it 429 `times` times in a row."""
    rng = random.Random(45)
    async with table(tmp_path) as t:
        bot = await t.start()
        assert "request" in vars(bot.http), "the request budget wraps the client's requests"
        await two_players_at_first_turn(t, rng)
        old = await t.table_message()
        route = f"/channels/{t.channel.id}/messages/"
        t.dc.rate_limit(RETRY_AFTER, times=times, method="PATCH", path_contains=route)
        since = len(t.dc.requests)
        answer = await t.slash("ana", "table show")
        assert answer.type == 4 and not answer.errors, answer.errors

        def on_route() -> list[tuple[int, float]]:
            return [
                (r.status, r.at)
                for r in t.dc.requests[since:]
                if r.method == "PATCH" and r.path.startswith(route)
            ]

        await until(lambda: 200 in [status for status, _ in on_route()], "the old table's edit")
        statuses = [status for status, _ in on_route()]
        assert statuses == [429] * times + [200], "one retry per 429, then the edit"
        moments = [at for _, at in on_route()]
        waits = [after - before for before, after in itertools.pairwise(moments)]
        assert all(wait >= RETRY_AFTER for wait in waits), waits
        assert t.dc.rate_limited["user"] == times
        edited = next(m for m in t.dc.messages(t.channel) if m.id == old.id)
        assert "The table moved" in str(edited.embeds), "the retried edit took effect"
