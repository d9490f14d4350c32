import pytest

from games.skyjo import draw, reveal
from games.skyjo.events import Revealed, Starts
from tests.skyjo.scripting import cards_shown, grid, open_round, play, scripted_game, status

GRIDS = [
    grid((4, 7, 1, 2), (3, 6, 8, 9), (10, 11, 12, 0)),
    grid((1, 2, 3, 4), (5, 6, 7, 8), (9, 10, 11, 12)),
    grid((0, -1, -2, 1), (2, 3, 4, 5), (6, 7, 8, 9)),
]


def test_opening_flips_are_chosen_by_each_seat_in_any_order() -> None:
    game, _ = scripted_game(GRIDS, discard=5)
    assert status(game) == ("opening", (0, 1, 2))
    assert game.legal_actions(1) == tuple(reveal(s) for s in range(12))

    assert play(game, [(2, reveal(11)), (2, reveal(6))]) == [
        Revealed(2, 11, 9),
        Revealed(2, 6, 4),
    ]
    assert status(game) == ("opening", (0, 1))
    assert game.legal_actions(2) == ()
    play(game, [(0, reveal(5)), (1, reveal(3))])
    assert status(game) == ("opening", (0, 1))
    assert game.legal_actions(0) == tuple(reveal(s) for s in range(12) if s != 5)
    play(game, [(1, reveal(4))])
    assert status(game) == ("opening", (0,))

    events = game.apply(0, reveal(9))
    assert events == [Revealed(0, 9, 11), Starts(0, 17)]
    assert status(game) == ("turn", (0,))
    assert cards_shown(game, 0) == ("down",) * 5 + (6,) + ("down",) * 3 + (11,) + ("down",) * 2
    assert cards_shown(game, 1) == ("down",) * 3 + (4, 5) + ("down",) * 7
    assert cards_shown(game, 2) == ("down",) * 6 + (4,) + ("down",) * 4 + (9,)


def _with_first_row(pairs: list[tuple[int, int]]) -> list[list[int]]:
    rest = grid((3, 4), (5, 6, 7, 8), (9, 10, 11, 12))
    return [[a, b, *rest] for a, b in pairs]


@pytest.mark.parametrize(
    ("pairs", "starter", "total"),
    [
        pytest.param([(1, 2), (5, 6), (3, 3)], 1, 11, id="highest-sum"),
        pytest.param([(6, 4), (9, 1), (5, 5)], 1, 10, id="tied-sum-highest-card"),
        pytest.param([(2, 3), (7, 3), (3, 7)], 1, 10, id="tied-sum-and-card-earliest-seat"),
        pytest.param([(8, 0), (0, 8), (4, 4)], 0, 8, id="tied-everything-seat-0"),
        pytest.param([(1, 1), (2, 2), (12, -2)], 2, 10, id="last-seat"),
        pytest.param([(-2, -1), (0, -2), (-1, -1)], 1, -2, id="negative-sums"),
        pytest.param([(-1, -1), (0, -2), (-2, 0)], 1, -2, id="negative-tie-earliest-seat"),
    ],
)
def test_first_player_of_round_one(pairs: list[tuple[int, int]], starter: int, total: int) -> None:
    game, _ = scripted_game(_with_first_row(pairs), discard=0)
    events = open_round(game, [(0, 1)] * 3)
    assert events[-1] == Starts(starter, total)
    assert [e for e in events if isinstance(e, Starts)] == [Starts(starter, total)]
    assert game.current == starter
    assert game.to_move == (starter,)
    assert game.legal_actions(starter)[0] == draw()
    assert all(game.legal_actions(s) == () for s in range(3) if s != starter)
