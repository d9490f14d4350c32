import pytest

from games.skyjo import draw, flip, swap, take
from games.skyjo.cards import deck_counter
from games.skyjo.events import DiscardedAndFlipped, Drew, Swapped, TookDiscard
from games.skyjo.game import SkyjoGame
from tests.skyjo.scripting import card_counts, cards_shown, grid, open_round, scripted_game

GRIDS = [
    grid((4, 7, 1, 2), (3, 6, 8, 9), (10, 11, 12, 0)),
    grid((1, 2, 3, 4), (5, 6, 7, 8), (9, 10, 11, 12)),
    grid((0, -1, -2, 1), (2, 3, 4, 5), (6, 7, 8, 9)),
]
DRAW_PILE = 150 - 3 * 12 - 1


def _started(draws: tuple[int, ...] = ()) -> SkyjoGame:
    """Three seats; each turns up slots 0 and 1; Ana (4 + 7) starts."""
    game, _ = scripted_game(GRIDS, discard=-1, draws=draws)
    open_round(game, [(0, 1)] * 3)
    assert game.current == 0
    return game


@pytest.mark.parametrize(
    ("slot", "replaced", "was_hidden"),
    [
        pytest.param(5, 6, True, id="face-down"),
        pytest.param(1, 7, False, id="face-up"),
    ],
)
def test_take_the_discard_and_swap(slot: int, replaced: int, was_hidden: bool) -> None:
    game = _started()
    events = game.apply(0, take(slot))
    assert events == [TookDiscard(0, -1, slot, replaced, was_hidden)]
    assert game.values[0][slot] == -1
    assert cards_shown(game, 0)[slot] == -1
    assert game.discard == [replaced]
    assert len(game.draw_pile) == DRAW_PILE
    assert game.phase == "turn"
    assert game.to_move == (1,)
    assert card_counts(game) == deck_counter()


@pytest.mark.parametrize(
    ("slot", "replaced", "was_hidden"),
    [
        pytest.param(5, 6, True, id="face-down"),
        pytest.param(0, 4, False, id="face-up"),
    ],
)
def test_draw_then_swap(slot: int, replaced: int, was_hidden: bool) -> None:
    game = _started(draws=(-2, 12))
    assert game.apply(0, draw()) == [Drew(0, -2)]
    assert game.phase == "drawn"
    assert game.drawn == -2
    assert len(game.draw_pile) == DRAW_PILE - 1
    assert game.discard == [-1]
    assert game.to_move == (0,)
    assert game.legal_actions(0) == tuple(swap(s) for s in range(12)) + tuple(
        flip(s) for s in range(2, 12)
    )
    assert card_counts(game) == deck_counter()

    assert game.apply(0, swap(slot)) == [Swapped(0, -2, slot, replaced, was_hidden)]
    assert game.drawn is None
    assert cards_shown(game, 0)[slot] == -2
    assert game.discard == [-1, replaced]
    assert game.phase == "turn"
    assert game.to_move == (1,)
    assert card_counts(game) == deck_counter()


def test_draw_then_discard_and_flip() -> None:
    game = _started(draws=(-2, 12))
    game.apply(0, draw())
    assert game.apply(0, flip(5)) == [DiscardedAndFlipped(0, -2, 5, 6)]
    assert game.drawn is None
    assert game.values[0][5] == 6
    assert cards_shown(game, 0) == (4, 7, "down", "down", "down", 6) + ("down",) * 6
    assert game.discard == [-1, -2]
    assert game.to_move == (1,)
    assert card_counts(game) == deck_counter()


def test_turns_pass_in_seat_order_and_wrap_around() -> None:
    game = _started(draws=(-2, 12, 3))
    seen = []
    for action in (take(2), draw(), swap(7), draw(), flip(11), take(3)):
        seen.append(game.current)
        game.apply(game.current, action)
    assert seen == [0, 1, 1, 2, 2, 0]
    assert game.current == 1
    assert game.discard == [1, 8, 2]
    assert game.values[0][2:4] == [-1, 12]
    assert game.values[1][7] == -2
    assert cards_shown(game, 2)[11] == 9
