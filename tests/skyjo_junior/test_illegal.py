from collections.abc import Callable
from typing import Any

import pytest

from games.core import IllegalAction
from games.skyjo_junior import JuniorGame, decline_flip, draw, swap, take
from games.skyjo_junior.actions import Action
from tests.skyjo_junior.scripting import decline_turns, grid, play, scripted_game

ANA = grid((4, 7, 1, 2), (3, 6, 8, 9), (10, 11, 12, 5))
LEO = grid((1, 2, 3, 4), (5, 6, 7, 8), (9, 10, 11, 12))


def turn() -> JuniorGame:
    """Ana's second turn: her A1 is face up."""
    game, _ = scripted_game([ANA, LEO], discard=6, draws=(9, 10, 3))
    play(game, [(0, draw()), (0, decline_flip(0)), (1, draw()), (1, decline_flip(0))])
    return game


def holding() -> JuniorGame:
    """Ana holds a drawn 3 on her second turn."""
    game = turn()
    game.apply(0, draw())
    return game


def over() -> JuniorGame:
    game, _ = scripted_game([ANA, LEO], discard=6)
    decline_turns(game, [list(range(12)), list(range(12))], turns=24)
    assert game.is_over
    return game


ILLEGAL: list[tuple[Callable[[], JuniorGame], Any, Any, str]] = [
    (turn, 1, draw(), "It is Ana's turn, not yours."),
    (turn, 1, take(), "It is Ana's turn, not yours."),
    (turn, 2, draw(), "You are not playing in this game."),
    (turn, -1, take(), "You are not playing in this game."),
    (turn, "0", take(), "You are not playing in this game."),
    (turn, 0, swap(5), "Take the discard or draw a card first."),
    (turn, 0, decline_flip(5), "Take the discard or draw a card first."),
    (turn, 0, Action("take", 3), "That is not a Skyjo Junior action."),
    (turn, 0, Action("pass"), "That is not a Skyjo Junior action."),  # type: ignore[arg-type]
    (turn, 0, ("draw",), "That is not a Skyjo Junior action."),
    (turn, 0, None, "That is not a Skyjo Junior action."),
    (holding, 0, take(), "You are holding the 3: swap it with one of your cards, or decline"),
    (holding, 0, draw(), "You are holding the 3"),
    (holding, 0, decline_flip(0), "That card is already face up: choose a face-down card"),
    (holding, 0, swap(12), "There is no such place in your grid."),
    (holding, 0, swap(-1), "There is no such place in your grid."),
    (holding, 0, decline_flip(12), "There is no such place in your grid."),
    (holding, 0, decline_flip(-1), "There is no such place in your grid."),
    (holding, 0, Action("swap", "3"), "There is no such place in your grid."),  # type: ignore[arg-type]
    (holding, 1, swap(5), "It is Ana's turn, not yours."),
    (holding, 1, take(), "It is Ana's turn, not yours."),
    (over, 0, draw(), "This game is over."),
    (over, 1, take(), "This game is over."),
    (over, 1, swap(3), "This game is over."),
]


@pytest.mark.parametrize(
    ("setup", "seat", "action", "message"),
    [
        pytest.param(setup, seat, action, message, id=f"{setup.__name__}-{seat!r}-{action!r}")
        for setup, seat, action, message in ILLEGAL
    ],
)
def test_an_illegal_action_is_refused_and_changes_nothing(
    setup: Callable[[], JuniorGame], seat: Any, action: Any, message: str
) -> None:
    game = setup()
    legal = game.legal_actions(seat) if type(seat) is int else ()
    before = (game.to_json(), game.view(None).model_dump_json(), game.to_move, legal)
    assert action not in legal
    with pytest.raises(IllegalAction) as refused:
        game.apply(seat, action)
    assert refused.value.message.startswith(message)
    assert str(refused.value) == refused.value.message
    after = game.legal_actions(seat) if type(seat) is int else ()
    assert (game.to_json(), game.view(None).model_dump_json(), game.to_move, after) == before
