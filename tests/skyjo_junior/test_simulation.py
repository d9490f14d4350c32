from games.simulation import game_seed, play, simulate
from games.skyjo_junior import JuniorGame
from games.skyjo_junior.scoring import triples
from games.skyjo_junior.simulation import SPEC, count


def test_the_simulator_plays_complete_games_and_reports_the_figures() -> None:
    result = simulate(SPEC, 4, 200, 1, "random", 1)
    assert (result["game"], result["players"], result["games"], result["workers"]) == (
        "junior",
        4,
        200,
        1,
    )
    points = triples_found = turns = 0
    for number in range(200):
        game = play(SPEC, 4, game_seed(1, number), ["random"] * 4)
        assert isinstance(game, JuniorGame)
        assert game.is_over
        assert game.points is not None
        points += sum(game.points)
        triples_found += sum(len(triples(values)) for values in game.values)
        turns += game.turns
    assert result["mean_points"] == points / 800
    assert result["triples_per_player"] == triples_found / 800
    assert result["turns_per_game"] == turns / 200
    assert result["games_per_second"] > 0
    assert SPEC.summary(result)[1].startswith("mean points")


def test_the_figures_do_not_depend_on_the_number_of_workers() -> None:
    alone = simulate(SPEC, 3, 40, 7, "random", 1)
    shared = simulate(SPEC, 3, 40, 7, "random", 2)
    for key in ("mean_points", "triples_per_player", "turns_per_game", "shared_victory_share"):
        assert alone[key] == shared[key]


def test_a_game_is_counted_from_its_final_scores() -> None:
    game = play(SPEC, 2, 12345, ["random", "random"])
    assert isinstance(game, JuniorGame)
    assert game.points is not None
    assert game.winners is not None
    counted = count(game)
    assert counted["games"] == 1
    assert counted["player_games"] == 2
    assert counted["points"] == sum(game.points)
    assert counted["shared_victories"] == (len(game.winners) > 1)
