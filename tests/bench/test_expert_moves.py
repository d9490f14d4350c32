"""The expert's move times are taken through the bots' process, over whole games."""

from __future__ import annotations

import asyncio

from bench.expert_moves import figures, timed_moves


def test_every_move_of_the_timed_seat_is_timed_through_the_bots_process() -> None:
    times = asyncio.run(timed_moves("junior", 2, games=1, seed=3, level="expert"))
    assert len(times) > 10
    assert all(t > 0 for t in times)
    row = figures(times)
    assert row["moves"] == len(times)
    assert row["median_ms"] <= row["p99_ms"] <= row["max_ms"]
