import pytest

from games.skyjo_junior import swap, take
from games.skyjo_junior.events import FinalReveal, GameOver, Scored
from games.skyjo_junior.scoring import highest, triples, visible_points
from tests.skyjo_junior.scripting import all_but, decline_turns, grid, play, scripted_game

NO_TRIPLE = grid((1, 2, 3, 4), (5, 6, 7, 8), (9, 10, 11, 12))

CASES = [
    pytest.param(grid((1, 2, 3, 4), (1, 5, 6, 7), (1, 8, 9, 10)), (0,), (1,), id="triple-of-1s"),
    pytest.param(grid((5, 2, 3, 4), (5, 6, 7, 8), (9, 10, 11, 12)), (), (), id="two-and-one"),
    pytest.param(grid((5, 2, 3, 4), (9, 6, 7, 8), (5, 10, 11, 12)), (), (), id="split-pair"),
    pytest.param(grid((1, 2, 3, 4), (5, 2, 7, 8), (9, 10, 3, 12)), (), (), id="no-rows-or-lines"),
    pytest.param(grid((1, 2, 3, 12), (5, 6, 7, 12), (9, 10, 11, 12)), (3,), (12,), id="12s-in-D"),
    pytest.param(grid((3, 2, 7, 4), (3, 6, 7, 8), (3, 10, 7, 12)), (0, 2), (3, 7), id="two"),
    pytest.param(
        grid((1, 2, 3, 4), (1, 2, 3, 4), (1, 2, 3, 4)), (0, 1, 2, 3), (1, 2, 3, 4), id="four"
    ),
    pytest.param(grid((6, 6, 6, 6), (6, 6, 6, 6), (5, 5, 5, 5)), (), (), id="rows-do-not-count"),
]


@pytest.mark.parametrize(("cards", "columns", "values"), CASES)
def test_each_column_of_three_equal_cards_scores_its_value(
    cards: list[int], columns: tuple[int, ...], values: tuple[int, ...]
) -> None:
    assert triples(cards) == tuple(zip(columns, values, strict=True))
    assert visible_points(cards, 0) == sum(values)


@pytest.mark.parametrize(("cards", "columns", "values"), CASES)
def test_the_final_score_counts_the_triples_on_the_table(
    cards: list[int], columns: tuple[int, ...], values: tuple[int, ...]
) -> None:
    game, _ = scripted_game([cards, NO_TRIPLE], discard=1)
    decline_turns(game, [list(range(12)), all_but(11)], turns=23)
    events = play(game, [(1, take()), (1, swap(0))])
    points = sum(values)
    assert events[-4:] == [
        FinalReveal(1, (11,), (12,)),
        Scored(0, columns, values, points),
        Scored(1, (), (), 0),
        GameOver((0,) if points else (0, 1), (points, 0)),
    ]
    assert game.values[0] == cards


@pytest.mark.parametrize(
    ("hidden", "points"),
    [
        pytest.param(0, 10, id="all-up"),
        pytest.param(1 << 8, 9, id="A3-down"),
        pytest.param(1 << 1 | 1 << 2, 5, id="B1-and-C1-down"),
        pytest.param(0xFFF, 0, id="all-down"),
    ],
)
def test_only_face_up_triples_are_shown_during_play(hidden: int, points: int) -> None:
    assert visible_points(grid((1, 2, 3, 4), (1, 2, 3, 4), (1, 2, 3, 4)), hidden) == points


@pytest.mark.parametrize(
    ("points", "winners"),
    [((12, 1, 13), (2,)), ((6, 6, 5), (0, 1)), ((0, 0), (0, 1)), ((3, 9, 9, 9), (1, 2, 3))],
)
def test_the_most_points_win_and_ties_share(
    points: tuple[int, ...], winners: tuple[int, ...]
) -> None:
    assert highest(points) == winners
