"""The tournament bench draws every round of a field and opens a round's tables through the
stand-in, counting what Discord would."""

from __future__ import annotations

from pathlib import Path

from bench import tournament


def test_the_bench_times_each_rounds_draw_and_standings() -> None:
    figures = tournament.drawing(players=10, seats=4, rounds=3)
    assert figures["tables"] == 3
    assert 0 < figures["draw_ms_median"] <= figures["draw_ms_max"]
    assert 0 < figures["standings_ms_median"] <= figures["standings_ms_max"]


async def test_the_bench_opens_a_round_and_counts_its_requests(tmp_path: Path) -> None:
    figures = await tournament.opening(players=6, seats=2, workdir=tmp_path)
    assert figures["tables"] == 3
    assert 0 < figures["first_table_s"] <= figures["all_tables_s"]
    assert figures["answered_429"] == 0 and figures["invalid_requests"] == 0
    assert 0 < figures["counted_requests_per_s_max"] <= figures["counted_requests"]
