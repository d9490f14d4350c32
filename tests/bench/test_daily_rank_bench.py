"""The stats bench times a member's place among the day's daily results, on either store."""

from __future__ import annotations

from pathlib import Path

from bench import daily_rank, stats
from bot.storage import open_database
from bot.storage.daily import DailyPlace, DailyRepository


async def test_the_stats_bench_times_a_place_among_the_days_results(
    tmp_path: Path, store: str | Path
) -> None:
    figures = await stats.measure_in(tmp_path, 300, 3, store)
    assert 0 < figures["daily_rank_ms_median"] <= figures["daily_rank_ms_p99"]


async def test_the_days_results_it_fills_are_placed_as_counted(
    tmp_path: Path, store: str | Path
) -> None:
    database = await open_database(store)
    try:
        rows = await daily_rank.fill_daily(database, "2030-03-17", 500, 4)
        daily = DailyRepository(database)
        standings = [int(str(row[7])) for row in rows]
        for standing in (min(standings), standings[0], max(standings) + 1):
            ahead = sum(s < standing for s in standings)
            behind = sum(s > standing for s in standings)
            found = await daily.place("2030-03-17", daily_rank.KIND, standing)
            assert found == DailyPlace(ahead, behind, len(rows))
    finally:
        await database.close()
