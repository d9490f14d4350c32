import pytest

from games.sky_five import bank
from games.sky_five.events import GameOver
from games.sky_five.scoring import points, winning_seats
from tests.sky_five.scripting import B, G, P, R, S, Y, position


@pytest.mark.parametrize(
    ("banked", "scores", "counts", "winners"),
    [
        pytest.param(
            [[R(6), Y(6)], [B(5), G(5), S(1)], [P(2)]], (12, 11, 2), (2, 3, 2), (0,), id="points"
        ),
        pytest.param(
            [[R(6), Y(6)], [B(5), G(5), S(1), P(1)], [P(2)]],
            (12, 12, 2),
            (2, 4, 2),
            (1,),
            id="tie-most-cards",
        ),
        pytest.param(
            [[R(6), Y(6), R(0)], [B(5), G(5), S(1), P(1)], [P(2)]],
            (12, 12, 2),
            (3, 4, 2),
            (1,),
            id="tie-a-zero-counts-as-a-card",
        ),
        pytest.param(
            [[R(6), Y(6), G(0), R(0)], [B(5), G(5), S(1)], [P(6), Y(5), R(1)]],
            (12, 11, 12),
            (4, 3, 4),
            (0, 2),
            id="shared",
        ),
    ],
)
def test_final_scores_and_tiebreaks(
    banked: list[list[int]],
    scores: tuple[int, ...],
    counts: tuple[int, ...],
    winners: tuple[int, ...],
) -> None:
    """Zoe's final turn banks her blue 0, then the game ends: counts include that card."""
    game = position([[], [], [B(0)]], rolls=(1,), current=2, banked=banked)
    pile = list(game.banked[2])
    events = game.apply(2, bank())
    assert game.banked[2] == [*pile, B(0)]
    assert events[-1] == GameOver(scores, counts, winners)
    assert game.winners == winners
    assert game.view(1).winners == winners


@pytest.mark.parametrize(
    ("scores", "counts", "winners"),
    [
        ((5, 9, 9), (9, 2, 3), (2,)),
        ((5, 9, 9), (9, 3, 3), (1, 2)),
        ((0, 0), (0, 0), (0, 1)),
        ((7, 1), (1, 7), (0,)),
    ],
)
def test_winning_seats(
    scores: tuple[int, ...], counts: tuple[int, ...], winners: tuple[int, ...]
) -> None:
    assert winning_seats(scores, counts) == winners


def test_points_are_the_printed_numbers_stars_included() -> None:
    assert points([R(0), S(6), B(3)]) == 9
    assert points([]) == 0
