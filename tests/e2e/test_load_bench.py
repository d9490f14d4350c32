"""`bench.load` in a short form: a few games of every kind played by scripted users and bots,
then a few steps of clicks at Sky Table and at the bare bot. The figures are the benchmark's
business (how many clicks a second each bot holds depends on how busy the machine is); here
every game opens, every click is answered in time and without an error, both bots hold some
rate, and what Discord's limits saw is reported: within them, as the stand-in enforces them."""

from __future__ import annotations

import pytest

from bench.load import (
    Changes,
    arguments,
    bisect_held,
    bot_moves_shown,
    frontiers,
    median_p99,
    run,
)

SHORT = [
    "--games", "8", "--seconds", "8", "--quick", "--tables", "8",
    "--max-rate", "100", "--step-seconds", "0.5",
]  # fmt: skip


@pytest.mark.long(seconds=34)
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
    assert (figures["capacity_interactions_per_s"] or 0) > 0, "Sky Table held a rate of clicks"
    assert (figures["bare_bot_capacity_interactions_per_s"] or 0) > 0, "the bare bot held one"
    ratio = figures["capacity_interactions_per_s"] / figures["bare_bot_capacity_interactions_per_s"]
    assert abs(figures["capacity_ratio"] - ratio) < 0.01

    assert load["rate_limits_enforced"] is True
    assert 0 < figures["counted_requests_per_s_max"] <= 50
    assert load["counted_requests"] > 0
    assert figures["rate_limited"] == sum(load["rate_limited_by_scope"].values()) >= 0
    assert (
        figures["invalid_requests"]
        >= figures["rate_limited"] - load["rate_limited_by_scope"]["shared"]
    )
    assert figures["late_answers"] == 0 and load["interactions_never_answered"] == 0
    assert load["bot_moves"] > 0, "the bots played in the steady state"
    assert load["bot_moves_unshown"] == 0
    assert 0 < load["bot_move_shown_ms_median"] <= figures["bot_move_shown_ms_p99"] < 10_000


def test_the_rate_limits_are_enforced_unless_lifted() -> None:
    assert arguments([]).limits is True
    assert arguments(["--no-limits"]).limits is False


def test_a_bot_move_is_shown_by_the_first_showing_of_its_version_or_a_later_one() -> None:
    clock = iter([10.0, 10.5, 12.0])
    changes = Changes(lambda: next(clock))

    class Edited:
        id = 77

    for _ in range(3):
        changes.saw(Edited())  # type: ignore[arg-type]
    shown = frontiers(
        [
            [77, 5, 3, 9.9, 10.1],  # version 3, at 10.0
            [77, 5, 6, 10.4, 10.6],  # version 6 (moves 4 to 6 shown together), at 10.5
            [77, 5, 4, 11.9, 12.1],  # an older version late: shows nothing new
            [77, 5, 7, 13.0, 13.5],  # the message did not change meanwhile: not shown
        ],
        changes,
    )
    assert shown == {5: ([3, 6], [10.0, 10.5])}
    moves = [[5, 4, 10.2], [5, 6, 10.3], [5, 7, 10.45], [5, 2, 5.0]]
    delays, unshown = bot_moves_shown(moves, shown, (10.0, 11.0), stopped_at=14.0)
    assert [round(ms) for ms in delays] == [300, 200, 3550]
    assert unshown == 1


@pytest.mark.parametrize(
    ("limit", "most", "held", "probed"),
    [
        (430, 1000, 400, [500, 250, 350, 400, 450]),
        (2000, 1000, 1000, [500, 750, 900, 950, 1000]),
        (10, 1000, 0, [500, 250, 100, 50]),
        (60, 50, 50, [50]),
    ],
)
async def test_the_most_games_held_is_found_by_bisection(
    limit: int, most: int, held: int, probed: list[int]
) -> None:
    """A load whose p99 passes 100 ms beyond `limit` games."""
    seen: list[int] = []

    async def probe(count: int) -> list[float | None]:
        seen.append(count)
        return [50.0 if count <= limit else 150.0]

    found = await bisect_held(most, probe)
    assert (found.most, seen) == (held, probed)
    assert [count for count, _ in found.probes] == probed


@pytest.mark.parametrize(
    ("tries", "median"),
    [
        ([80.0, 300.0, 90.0], 90.0),
        ([80.0, None, 150.0], 150.0),
        ([None, None, 60.0], None),
        ([120.0], 120.0),
        ([], None),
    ],
)
def test_a_size_is_judged_by_its_probes_median_an_unanswered_probe_the_slowest(
    tries: list[float | None], median: float | None
) -> None:
    assert median_p99(tries) == median


async def test_one_slow_probe_of_three_does_not_fail_a_size() -> None:
    async def probe(count: int) -> list[float | None]:
        return [60.0, 400.0, 70.0] if count <= 100 else [150.0, 90.0, 200.0]

    found = await bisect_held(200, probe)
    assert found.most == 100
    assert len(found.probes) == 3 * 2
