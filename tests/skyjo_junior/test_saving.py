from collections.abc import Callable, Sequence
from typing import Any

import pytest

from games.core import InvalidSettings
from games.skyjo_junior import Action, JuniorGame, JuniorState, decline_flip, draw, swap, take
from tests.skyjo_junior.scripting import all_but, decline_turns, grid, play, scripted_game

GRIDS = [
    grid((4, 7, 1, 2), (3, 6, 8, 9), (10, 11, 12, 5)),
    grid((1, 2, 3, 4), (5, 6, 7, 8), (9, 10, 11, 12)),
]
TURN = [(0, draw()), (0, decline_flip(6)), (1, take()), (1, swap(0))]
HOLDING_TAKEN = [*TURN, (0, take())]
HOLDING_DRAWN = [*TURN, (0, draw())]


@pytest.mark.parametrize(
    ("moves", "rest"),
    [
        pytest.param([], [(0, take()), (0, swap(3)), (1, draw())], id="first-turn"),
        pytest.param(TURN, [(0, draw()), (0, swap(6)), (1, draw())], id="turn"),
        pytest.param(HOLDING_TAKEN, [(0, decline_flip(5)), (1, draw())], id="holding-taken"),
        pytest.param(HOLDING_DRAWN, [(0, swap(5)), (1, take())], id="holding-drawn"),
    ],
)
def test_a_game_restored_from_json_plays_on_identically(
    moves: Sequence[tuple[int, Action]], rest: Sequence[tuple[int, Action]]
) -> None:
    game, shuffler = scripted_game(GRIDS, discard=6, draws=(2, 3, 4))
    play(game, moves)
    saved = game.to_json()
    restored = JuniorGame.from_json(saved, shuffler)
    assert restored.to_json() == saved
    assert restored.view(None) == game.view(None)
    assert restored.to_move == game.to_move
    assert [restored.legal_actions(s) for s in (0, 1)] == [game.legal_actions(s) for s in (0, 1)]
    assert play(restored, rest) == play(game, rest)
    assert restored.to_json() == game.to_json()


def test_the_saved_state_records_which_cards_are_face_up() -> None:
    game, _ = scripted_game(GRIDS, discard=6)
    play(game, [(0, draw()), (0, decline_flip(6)), (1, take()), (1, swap(11))])
    face_up = game.to_state().face_up
    assert face_up[0] == [slot == 6 for slot in range(12)]
    assert face_up[1] == [False] * 11 + [True]


def test_a_finished_game_round_trips() -> None:
    game, _ = scripted_game(GRIDS, discard=6)
    decline_turns(game, [list(range(12)), all_but(11)], turns=23)
    play(game, [(1, take()), (1, swap(0))])
    assert game.is_over
    restored = JuniorGame.from_json(game.to_json())
    assert restored.to_json() == game.to_json()
    assert (restored.to_move, restored.winners, restored.points) == ((), (0, 1), (0, 0))


def _edited(change: Callable[[dict[str, Any]], None]) -> JuniorState:
    game, _ = scripted_game(GRIDS, discard=6)
    play(game, TURN)
    data = game.to_state().model_dump()
    change(data)
    return JuniorState.model_validate(data)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        pytest.param(
            lambda d: d["values"][0].__setitem__(0, 12), "do not make up the deck", id="card"
        ),
        pytest.param(lambda d: d["draw_pile"].pop(), "do not make up the deck", id="lost-card"),
        pytest.param(lambda d: d["values"][1].pop(), "grids do not match", id="short-grid"),
        pytest.param(lambda d: d["face_up"].pop(), "face-up cards do not match", id="face-up"),
        pytest.param(lambda d: d.update(current=2), "not at the table", id="current"),
        pytest.param(lambda d: d.update(phase="holding"), "held card", id="nothing-held"),
        pytest.param(lambda d: d.update(held_from="draw"), "held card", id="held-from"),
    ],
)
def test_an_inconsistent_saved_game_is_refused(
    change: Callable[[dict[str, Any]], None], message: str
) -> None:
    with pytest.raises(InvalidSettings) as refused:
        JuniorGame.from_state(_edited(change))
    assert message in refused.value.message
