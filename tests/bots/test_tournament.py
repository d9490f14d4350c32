"""The tournament command: JSON shape, seat rotation, external policies; reproducibility."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from games.catalog import GAMES
from games.cli import main
from games.simulation import game_seed, play
from games.sky_five.levels import bot_policy as sky_five_bot
from games.skyjo.levels import bot_policy as skyjo_bot
from games.skyjo_junior.levels import bot_policy as junior_bot
from games.tournament import SHARE_UNIT, line_up, load_policy, seating, tournament, win_interval

KEYS = {"win_share", "win_share_95", "mean_score", "decision_ms_median", "decision_ms_p99"}


@pytest.mark.parametrize(
    ("game", "policies"),
    [("skyjo", "hard,greedy"), ("junior", "hard,greedy"), ("skyfive", "hard,cautious")],
)
def test_json_shape(game: str, policies: str, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["tournament", game, "--players", "2", "--policies", policies, "--games", "4"]
    assert main([*argv, "--seed", "1", "--workers", "1", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert set(result) == {"games", "stalled", "policies"}
    assert (result["games"], result["stalled"]) == (4, 0)
    assert set(result["policies"]) == set(policies.split(","))
    for figures in result["policies"].values():
        assert set(figures) == KEYS
        assert 0 <= figures["decision_ms_median"] <= figures["decision_ms_p99"]
    assert sum(f["win_share"] for f in result["policies"].values()) == pytest.approx(1.0)


def test_text_output(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["tournament", "skyfive", "--policies", "normal,cautious", "--games", "2"]
    assert main([*argv, "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert "normal" in out and "cautious" in out and "win share" in out


def test_seats_rotate() -> None:
    names = line_up(["hard", "greedy", "greedy", "greedy"], 4)
    assert [seating(names, g) for g in range(5)] == [
        ["hard", "greedy", "greedy", "greedy"],
        ["greedy", "greedy", "greedy", "hard"],
        ["greedy", "greedy", "hard", "greedy"],
        ["greedy", "hard", "greedy", "greedy"],
        ["hard", "greedy", "greedy", "greedy"],
    ]
    assert line_up(["hard", "greedy"], 4) == ["hard", "greedy", "hard", "greedy"]
    assert line_up(["hard"], 3) == ["hard"] * 3
    with pytest.raises(ValueError):
        line_up(["a", "b", "c"], 4)


def test_figures_are_split_by_policy_and_share_wins() -> None:
    result = tournament(GAMES["junior"], 3, ["greedy", "random", "random"], 6, 2, workers=2)
    assert result["games"] == 6
    shares = {name: f["win_share"] for name, f in result["policies"].items()}
    assert set(shares) == {"greedy", "random"}
    assert sum(shares.values()) == pytest.approx(1.0)


def test_the_same_seed_gives_the_same_figures() -> None:
    first = tournament(GAMES["skyfive"], 2, ["hard", "cautious"], 4, 5, workers=1)
    second = tournament(GAMES["skyfive"], 2, ["hard", "cautious"], 4, 5, workers=2)
    for name in ("hard", "cautious"):
        for key in ("win_share", "mean_score"):
            assert first["policies"][name][key] == second["policies"][name][key]


def test_an_external_policy(capsys: pytest.CaptureFixture[str]) -> None:
    policy = "tests.bots.external:factory"
    argv = ["tournament", "skyjo", "--policies", f"hard,{policy}", "--games", "2"]
    assert main([*argv, "--workers", "1", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert set(result["policies"]) == {"hard", policy}
    assert result["policies"]["hard"]["win_share"] == 1.0


@pytest.mark.parametrize(
    "name", ["nosuch", "tests.bots.nosuch:factory", "tests.bots.external:NOT_CALLABLE"]
)
def test_unknown_policies_are_refused(name: str) -> None:
    with pytest.raises(ValueError):
        load_policy(GAMES["skyjo"], name)
    with pytest.raises(SystemExit):
        main(["tournament", "skyjo", "--policies", f"hard,{name}", "--games", "1"])


@pytest.mark.parametrize(
    ("game", "names"),
    [
        ("skyjo", ["hard", "normal", "easy", "greedy"]),
        ("junior", ["hard", "normal", "easy", "greedy"]),
        ("skyfive", ["hard", "normal", "easy", "cautious"]),
    ],
)
def test_a_game_replays_the_same_from_its_seed(game: str, names: list[str]) -> None:
    spec = GAMES[game]
    seed = game_seed(9, 0)
    first: Any = play(spec, 4, seed, names)
    second: Any = play(spec, 4, seed, names)
    assert first.to_state() == second.to_state()


def test_bot_policy_gives_each_level() -> None:
    for make in (skyjo_bot, junior_bot, sky_five_bot):
        for level in ("easy", "normal", "hard", "expert"):
            assert callable(make(level, random.Random(1)).choose)
        with pytest.raises(ValueError):
            make("master", random.Random(1))


def test_simulate_knows_the_bots(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "junior", "--policy", "hard", "--games", "2", "--workers", "1"]) == 0
    assert "2 games of junior" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("shares", "expected"),
    [
        ([1, 0] * 50, 1.96 * (0.25 / 99) ** 0.5),
        ([1] * 10, 0.0),
        ([0.5] * 10, 0.0),
        ([1, 0, 0, 0] * 100, 1.96 * (0.1875 * 400 / 399 / 400) ** 0.5),
    ],
)
def test_a_win_share_comes_with_its_95_percent_interval(
    shares: list[float], expected: float
) -> None:
    units = [round(share * SHARE_UNIT) for share in shares]
    found = win_interval(sum(units), sum(u * u for u in units), len(units))
    assert found == pytest.approx(expected)
