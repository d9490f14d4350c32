from collections import Counter

import pytest

from games.skyjo.cards import DECK, deck_counter
from tests.skyjo.scripting import ScriptedShuffler, deal_order, grid, scripted_game


def test_deal_order_is_a_full_permutation_with_the_script_first() -> None:
    grids = [grid((5, 1), (5, 2)), grid((12, 12), (-2, 0))]
    order = deal_order(grids, discard=7, draws=(3, 4))
    assert len(order) == 150
    assert Counter(order) == deck_counter()
    assert order[:11] == [5, 1, 5, 2, 12, 12, -2, 0, 7, 3, 4]


def test_deal_order_refuses_cards_the_deck_lacks() -> None:
    with pytest.raises(ValueError, match="cannot supply"):
        deal_order([[-2] * 3, [-2] * 3], discard=0)
    with pytest.raises(ValueError, match="cannot supply"):
        deal_order([[13, 1], [1, 1]], discard=0)


def test_scripted_game_deals_as_scripted() -> None:
    grids = [list(range(1, 13)), list(range(12, 0, -1))]
    game, shuffler = scripted_game(grids, discard=-2, draws=(9, 8))
    assert game.values == grids
    assert game.discard == [-2]
    assert game.draw_pile[-2:] == [8, 9]
    assert len(game.draw_pile) == 150 - 24 - 1
    assert shuffler.calls == [(DECK, 1, 0)]


def test_shuffler_refuses_a_script_that_is_not_a_permutation() -> None:
    shuffler = ScriptedShuffler({(1, 1): [1, 2, 3]})
    assert shuffler([4, 5], 1, 2) == [4, 5]
    with pytest.raises(AssertionError):
        shuffler([1, 2], 1, 1)
