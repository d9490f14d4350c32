from collections.abc import Sequence

import pytest

from games.core import InvalidSettings
from games.sky_five import Action, SkyFiveGame, bank, draw, give, pass_, take
from tests.sky_five.scripting import B, G, R, S, ScriptedRoller, Y, play, position

TABLE = [[R(1)], [B(2), S(5)], [], [Y(4)]]
DRAWS = (R(3), G(1), B(6))
ROLLS = (5, 6, 1, 2, 3, 4)


@pytest.mark.parametrize(
    ("moves", "rest"),
    [
        pytest.param([], [(0, draw()), (0, give(2)), (1, bank())], id="turn"),
        pytest.param([(0, draw())], [(0, give(2)), (1, draw()), (2, bank())], id="give"),
        pytest.param(
            [(0, draw()), (0, give(2)), (1, bank())],
            [(2, take(0)), (3, pass_()), (0, pass_()), (2, draw())],
            id="bust",
        ),
        pytest.param(
            [(0, draw()), (0, give(2)), (1, draw()), (2, draw())],
            [(3, bank()), (0, bank()), (1, bank()), (2, take(1))],
            id="final-round",
        ),
    ],
)
def test_game_restored_from_json_plays_on_identically(
    moves: Sequence[tuple[int, Action]], rest: Sequence[tuple[int, Action]]
) -> None:
    game = position(TABLE, draws=DRAWS, rolls=ROLLS)
    play(game, moves)
    saved = game.to_json()
    restored = SkyFiveGame.from_json(saved, roller=ScriptedRoller(ROLLS))
    assert restored.to_json() == saved
    assert restored.view(None) == game.view(None)
    assert restored.to_move == game.to_move
    assert restored.colours == game.colours
    assert [restored.legal_actions(s) for s in range(4)] == [
        game.legal_actions(s) for s in range(4)
    ]
    assert play(restored, rest) == play(game, rest)
    assert restored.to_json() == game.to_json()


def test_a_saved_game_whose_cards_are_not_the_deck_is_refused() -> None:
    state = position(TABLE, draws=DRAWS).to_state()
    state.removed.pop()
    with pytest.raises(InvalidSettings, match="not the Sky Five deck"):
        SkyFiveGame.from_state(state)


def test_a_saved_game_that_does_not_match_its_seats_is_refused() -> None:
    state = position(TABLE, draws=DRAWS).to_state()
    state.final_done.pop()
    with pytest.raises(InvalidSettings, match="does not match its seats"):
        SkyFiveGame.from_state(state)
