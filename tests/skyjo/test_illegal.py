from collections.abc import Callable

import pytest

from games.core import IllegalAction
from games.skyjo import Action, SkyjoGame, SkyjoSettings, draw, flip, reveal, swap, take
from tests.skyjo.scripting import QUICK, grid, open_round, play, quick_round, scripted_game

MINE = grid((5, 1, 2, 3), (5, 4, 6, 7), (11, 8, 9, 10))
OTHER = grid((1, 2, 3, 4), (5, 6, 7, 8), (9, 10, 11, 12))


def opening() -> SkyjoGame:
    """Ana has turned up both opening cards, Leo one (slot 0)."""
    game, _ = scripted_game([MINE, OTHER], discard=0, draws=(5,))
    play(game, [(0, reveal(0)), (0, reveal(4)), (1, reveal(0))])
    return game


def turn() -> SkyjoGame:
    """Ana's third turn: her column A is cleared, B1 is face up, the rest face down."""
    game, _ = scripted_game([MINE, OTHER], discard=0, draws=(5, 12, -1, 12))
    open_round(game, [(0, 4), (0, 1)])
    play(game, [(0, draw()), (0, swap(8)), (1, draw()), (1, flip(2))])
    play(game, [(0, draw()), (0, flip(1)), (1, draw()), (1, flip(3))])
    assert game.view(0).players[0].cards[:2] == ("cleared", 1)
    assert game.to_move == (0,)
    return game


def drawn() -> SkyjoGame:
    game = turn()
    game.apply(0, draw())
    return game


def over() -> SkyjoGame:
    settings = SkyjoSettings(**{**QUICK.model_dump(), "target_score": 10})
    game, _ = scripted_game([[2, 2, 2, 5], [1, 1, 1, 9]], discard=0, settings=settings)
    quick_round(game, finisher=0)
    assert game.phase == "over"
    return game


ILLEGAL: list[tuple[Callable[[], SkyjoGame], int, Action, str]] = [
    (opening, 1, draw(), "opening cards"),
    (opening, 1, take(3), "opening cards"),
    (opening, 0, reveal(5), "wait for the others"),
    (opening, 1, reveal(0), "already face up"),
    (opening, 1, reveal(12), "no such place"),
    (opening, 1, reveal(-1), "no such place"),
    (opening, 2, reveal(5), "not playing"),
    (opening, -1, reveal(5), "not playing"),
    (turn, 1, draw(), "Ana's turn"),
    (turn, 1, take(5), "Ana's turn"),
    (turn, 8, draw(), "not playing"),
    (turn, 0, swap(5), "draw a card first"),
    (turn, 0, flip(5), "draw a card first"),
    (turn, 0, reveal(5), "draw a card first"),
    (turn, 0, take(0), "empty"),
    (turn, 0, take(8), "empty"),
    (turn, 0, take(12), "no such place"),
    (turn, 0, take(-1), "no such place"),
    (drawn, 0, draw(), "You have drawn a card"),
    (drawn, 0, take(5), "You have drawn a card"),
    (drawn, 0, reveal(5), "You have drawn a card"),
    (drawn, 0, flip(1), "already face up"),
    (drawn, 0, flip(0), "empty"),
    (drawn, 0, swap(4), "empty"),
    (drawn, 0, swap(12), "no such place"),
    (drawn, 0, flip(12), "no such place"),
    (drawn, 0, swap(-1), "no such place"),
    (drawn, 0, flip(-1), "no such place"),
    (drawn, 1, swap(5), "Ana's turn"),
    (over, 0, draw(), "over"),
    (over, 1, take(0), "over"),
    (over, 0, reveal(0), "over"),
    (over, 1, flip(3), "over"),
]


@pytest.mark.parametrize(
    ("setup", "seat", "action", "message"),
    [
        pytest.param(
            setup, seat, action, message, id=f"{setup.__name__}-{seat}-{action.kind}{action.slot}"
        )
        for setup, seat, action, message in ILLEGAL
    ],
)
def test_illegal_action_is_refused_and_changes_nothing(
    setup: Callable[[], SkyjoGame], seat: int, action: Action, message: str
) -> None:
    game = setup()
    before = (game.to_json(), game.view(None).to_json(), game.legal_actions(seat))
    assert action not in game.legal_actions(seat)
    with pytest.raises(IllegalAction) as refused:
        game.apply(seat, action)
    assert refused.value.message.strip()
    assert message in refused.value.message
    assert str(refused.value) == refused.value.message
    assert (game.to_json(), game.view(None).to_json(), game.legal_actions(seat)) == before
