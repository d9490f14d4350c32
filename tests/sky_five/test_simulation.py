from collections import Counter

from games.simulation import simulate
from games.sky_five import bank, pass_
from games.sky_five.simulation import SPEC, count, create, report, summary
from tests.sky_five.scripting import B, R, play, position

FIGURES = ("mean_points", "busts_per_game", "sky_fives_per_game", "moves_per_game")


def test_the_spec_describes_sky_five() -> None:
    assert (SPEC.name, SPEC.min_players, SPEC.max_players) == ("skyfive", 2, 6)
    assert set(SPEC.policies) == {"random", "easy", "normal", "hard", "expert", "cautious"}
    game = create(5, seed=4)
    assert len(game.seats) == 5
    assert all(seat.bot for seat in game.seats)


def test_a_game_is_counted_exactly() -> None:
    game = position([[R(2), B(3)], [R(4)]], rolls=(3, 4), banked=[[R(6)], [B(5)]])
    play(game, [(0, bank()), (1, pass_()), (1, bank())])
    assert game.is_over
    assert count(game) == Counter(
        games=1, player_games=2, points=6 + 5, busts=2, sky_fives=0, moves=3
    )


def test_report_and_summary() -> None:
    totals = Counter(games=4, player_games=12, points=600, busts=40, sky_fives=2, moves=800)
    figures = report(totals)
    assert figures == {
        "mean_points": 50.0,
        "busts_per_game": 10.0,
        "sky_fives_per_game": 0.5,
        "moves_per_game": 200.0,
    }
    assert summary(figures) == [
        "mean points         50.00 banked per player",
        "busts per game      10.00",
        "Sky Fives per game  0.500",
        "moves per game      200.0",
    ]


def test_simulate_plays_every_game_and_the_figures_do_not_depend_on_workers() -> None:
    result = simulate(SPEC, 4, 200, 1, "random", 1)
    assert (result["game"], result["players"], result["games"], result["workers"]) == (
        "skyfive",
        4,
        200,
        1,
    )
    assert result["games_per_second"] > 0
    assert 0 < result["mean_points"] < 106 * 6 / 4
    assert result["busts_per_game"] > 1
    assert result["sky_fives_per_game"] > 0
    again = simulate(SPEC, 4, 200, 1, "random", 2)
    assert again["workers"] == 2
    assert {k: again[k] for k in FIGURES} == {k: result[k] for k in FIGURES}
    other = simulate(SPEC, 4, 200, 2, "random", 1)
    assert {k: other[k] for k in FIGURES} != {k: result[k] for k in FIGURES}
