"""The stats bench times every store read of a member's `/profile`, on either store."""

from __future__ import annotations

from pathlib import Path

from bench import stats


async def test_the_stats_bench_times_a_profile_on_either_store(
    store: str | Path, tmp_path: Path
) -> None:
    figures = await stats.measure_in(tmp_path, 300, 3, store)
    assert 0 < float(figures["profile_ms_median"]) <= float(figures["profile_ms_p99"])
