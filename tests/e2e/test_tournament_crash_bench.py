"""The tournament crash bench, small: a tournament killed under its players still ends with
every round drawn once and every table's game played to its end."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from bench import tournament_crash


@pytest.mark.long(seconds=25)
async def test_a_tournament_killed_three_times_loses_and_doubles_nothing(tmp_path: Path) -> None:
    args = argparse.Namespace(players=4, seats=2, rounds=2, kills=3, seed=3)
    result = await tournament_crash.run(args, tmp_path)
    assert result["finished"] and result["rounds"] == 2, result
    assert result["games"] == 4 and result["clicks"] > 0, result
    assert (
        result["rounds_wrong"],
        result["tables_lost"],
        result["extra_games"],
        result["standings_twice"],
    ) == (0, 0, 0, 0), result
