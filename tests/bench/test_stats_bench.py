"""The stats bench runs on either store, with the members' ratings filled and their update
timed."""

from __future__ import annotations

from pathlib import Path

from bench import stats
from bot.storage import open_database


async def test_the_stats_bench_fills_and_times_ratings_on_either_store(
    store: str | Path, tmp_path: Path
) -> None:
    figures = await stats.measure_in(tmp_path, 300, 3, store)
    assert figures["results"] >= 300
    assert 0 < figures["rating_update_ms_median"] <= figures["rating_update_ms_p99"]
    database = await open_database(store)
    try:
        rated = await database.fetchone("SELECT COUNT(*) FROM ratings")
        changes = await database.fetchone("SELECT COUNT(DISTINCT game_id) FROM rating_changes")
    finally:
        await database.close()
    assert rated is not None and 0 < rated[0] <= 3 * stats.MEMBERS_PER_SERVER * len(stats.KINDS)
    assert changes is not None and changes[0] > stats.RUNS, "the games filled and those timed"
