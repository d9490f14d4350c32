"""Games that never end: `simulate` and `tournament` stop them at the move cap and count them as
stalled (never a hang), and two greedy baselines end the games they used to loop in."""

from __future__ import annotations

import json
import random
import signal
from collections import Counter
from collections.abc import Iterator
from dataclasses import replace
from functools import partial
from typing import Any

import pytest

from games.catalog import GAMES
from games.cli import main
from games.simulation import MOVE_CAP, game_seed, play, simulate
from games.skyjo.policies import GreedyPolicy
from games.tournament import describe, tournament
from tests.bots.endless import factory as endless
from tests.bots.endless import sometimes

SKYJO = GAMES["skyjo"]
WITH_ENDLESS = replace(
    SKYJO, policies={**SKYJO.policies, "endless": endless, "sometimes": sometimes}
)

LOOPING = (19, 139, 163, 178, 210, 215, 241, 279, 288)
"""The games of `simulate skyjo --players 2 --policy greedy --seed 1` in which the greedy
baseline, before its amendment, passed cards of 0 or less (a 0 and a −1, or two 0s) back and
forth through the discard pile."""


@pytest.fixture(autouse=True)
def deadline() -> Iterator[None]:
    """Fail, rather than hang, a test that does not finish within a minute."""

    def expire(signum: int, frame: Any) -> None:
        raise TimeoutError("the run did not finish within 60 s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.alarm(60)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, previous)


@pytest.mark.parametrize("number", LOOPING)
def test_two_greedy_baselines_end_the_games_they_used_to_loop_in(number: int) -> None:
    seed = game_seed(1, number)
    game = SKYJO.create(2, seed)
    rng = random.Random(seed)
    policies = [GreedyPolicy(rng), GreedyPolicy(rng)]
    for _ in range(5_000):
        if not (movers := game.to_move):
            break
        seat = movers[0]
        game.apply(seat, policies[seat].choose(game.legal_actions(seat), partial(game.view, seat)))
    assert game.is_over


def test_the_greedy_command_finishes_with_nothing_stalled(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["simulate", "skyjo", "--players", "2", "--policy", "greedy", "--games", "40"]
    assert main([*argv, "--seed", "1", "--workers", "1", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert (result["games"], result["stalled"]) == (40, 0)


@pytest.mark.parametrize(
    ("game", "players", "policy"),
    [
        ("skyjo", 3, "greedy"),
        ("skyjo", 4, "greedy"),
        ("junior", 2, "greedy"),
        ("junior", 4, "greedy"),
        ("skyfive", 2, "cautious"),
        ("skyfive", 5, "cautious"),
    ],
)
def test_the_baselines_end_their_games(game: str, players: int, policy: str) -> None:
    result = simulate(GAMES[game], players, 60, 3, policy, workers=1)
    assert result["stalled"] == 0


def test_simulate_stops_and_counts_games_that_never_end() -> None:
    result = simulate(WITH_ENDLESS, 2, 3, 1, "endless", workers=1, move_cap=500)
    assert (result["games"], result["stalled"]) == (3, 3)
    assert "rounds_per_game" not in result  # no game finished: no figures
    game = play(WITH_ENDLESS, 2, game_seed(1, 0), ["endless"] * 2, move_cap=500)
    assert not game.is_over


def test_stalled_games_are_left_out_of_the_figures() -> None:
    cap = 2_000
    result = simulate(WITH_ENDLESS, 2, 16, 4, "sometimes", workers=2, move_cap=cap)
    games = [play(WITH_ENDLESS, 2, game_seed(4, n), ["sometimes"] * 2, cap) for n in range(16)]
    finished = [game for game in games if game.is_over]
    assert 0 < len(finished) < 16
    assert (result["games"], result["stalled"]) == (16, 16 - len(finished))
    expected = SKYJO.report(sum((SKYJO.count(game) for game in finished), Counter()))
    assert {key: result[key] for key in expected} == expected


def test_simulate_on_the_command_line_reports_stalled_games(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(GAMES, "skyjo", WITH_ENDLESS)
    argv = ["simulate", "skyjo", "--players", "2", "--policy", "endless", "--games", "1"]
    assert main([*argv, "--workers", "1", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert (result["games"], result["stalled"]) == (1, 1)
    assert main([*argv, "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert f"stalled games       1 (stopped after {MOVE_CAP:,} moves)" in out
    assert "rounds per game" not in out


def test_a_tournament_stops_and_counts_games_that_never_end(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["tournament", "skyjo", "--policies", "tests.bots.endless:factory", "--games", "1"]
    assert main([*argv, "--workers", "1", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert (result["games"], result["stalled"]) == (1, 1)
    assert result["policies"]["tests.bots.endless:factory"]["win_share"] == 0.0
    assert main([*argv, "--workers", "1"]) == 0
    assert f"1 stalled (stopped after {MOVE_CAP:,} moves" in capsys.readouterr().out


def test_a_tournament_leaves_stalled_games_out_of_the_figures() -> None:
    name = "tests.bots.endless:sometimes"
    result = tournament(SKYJO, 2, [name, "greedy"], 16, 4, workers=2, move_cap=2_000)
    assert result["games"] == 16
    assert result["stalled"] == 0  # greedy ends every round, so every game ends
    alone = tournament(SKYJO, 2, [name], 16, 4, workers=2, move_cap=2_000)
    assert 0 < alone["stalled"] < 16
    assert alone["policies"][name]["win_share"] == pytest.approx(1.0)
    assert alone["policies"][name]["mean_score"] > 0
    assert "stalled" in describe(alone)[0]
