"""`bench.load` in a short form: a few games of every kind played by scripted users and bots,
then a few steps of clicks at Sky Table and at the bare bot. The figures are the benchmark's
business; here every game opens, every click is answered in time and without an error, and
both bots hold the first rates."""

from __future__ import annotations

from bench.load import arguments, run

SHORT = [
    "--games", "8", "--seconds", "8", "--quick", "--tables", "8",
    "--max-rate", "100", "--step-seconds", "0.5",
]  # fmt: skip


async def test_the_load_benchmark_runs_clean_in_a_short_form() -> None:
    figures = await run(arguments([*SHORT, "--details"]))
    load = figures["details"]["load"]
    assert load["games_started"] == 8
    assert figures["interactions"] > 0, "the users played in the steady state"
    assert load["answered_after_3_s"] == 0
    assert load["failures_by_verb"] == {} and load["refused_by_verb"] == {}
    assert load["bot_error_count"] == 0, load["bot_errors"]
    for phase in ("capacity", "bare_bot_capacity"):
        assert figures["details"][phase]["bot_error_count"] == 0
    assert figures["capacity_interactions_per_s"] >= 50
    assert figures["bare_bot_capacity_interactions_per_s"] >= 50
