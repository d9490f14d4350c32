from collections.abc import Sequence

import pytest

from games.skyjo import Action, SkyjoGame, draw, flip, reveal, swap
from tests.skyjo.scripting import grid, play, scripted_game

GRIDS = [
    grid((4, 7, 1, 2), (3, 6, 8, 9), (10, 11, 12, 0)),
    grid((1, 2, 3, 4), (5, 6, 7, 8), (9, 10, 11, 12)),
]


@pytest.mark.parametrize("slots", [(0, 6), (5, 6), (3, 11)])
def test_saved_game_records_which_cards_are_face_up(slots: tuple[int, int]) -> None:
    game, _ = scripted_game(GRIDS, discard=0)
    play(game, [(0, reveal(slots[0])), (0, reveal(slots[1])), (1, reveal(11))])
    face_up = game.to_state().face_up
    assert face_up[0] == [s in slots for s in range(12)]
    assert face_up[1] == [False] * 11 + [True]


OPENING = [(0, reveal(5)), (1, reveal(1))]
TURN = [*OPENING, (0, reveal(6)), (1, reveal(2))]
DRAWN = [*TURN, (0, draw())]


@pytest.mark.parametrize(
    ("moves", "rest"),
    [
        pytest.param(OPENING, [(1, reveal(2)), (0, reveal(6)), (0, draw())], id="opening"),
        pytest.param(TURN, [(0, draw()), (0, flip(7)), (1, draw())], id="turn"),
        pytest.param(DRAWN, [(0, swap(5)), (1, draw()), (1, flip(0))], id="drawn"),
    ],
)
def test_game_restored_from_json_plays_on_identically(
    moves: Sequence[tuple[int, Action]], rest: Sequence[tuple[int, Action]]
) -> None:
    game, shuffler = scripted_game(GRIDS, discard=0, draws=(-2, 3, 4))
    play(game, moves)
    restored = SkyjoGame.from_json(game.to_json(), shuffler)
    assert restored.view(None) == game.view(None)
    assert restored.to_move == game.to_move
    assert [restored.legal_actions(s) for s in (0, 1)] == [game.legal_actions(s) for s in (0, 1)]
    assert play(restored, rest) == play(game, rest)
    assert restored.to_json() == game.to_json()
