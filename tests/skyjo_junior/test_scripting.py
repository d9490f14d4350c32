from collections import Counter

import pytest

from games.skyjo_junior import JuniorSettings, first_player
from games.skyjo_junior.cards import deck, deck_counter
from tests.skyjo_junior.scripting import ScriptedShuffler, deal_order, grid, scripted_game, seed_for


def test_deal_order_is_a_full_permutation_with_the_script_first() -> None:
    grids = [grid((5, 1, 2, 3), (5, 4, 6, 7), (5, 8, 9, 10)), [12] * 10 + [1, 1]]
    order = deal_order(grids, discard=7, draws=(3, 4))
    assert len(order) == 120
    assert Counter(order) == deck_counter()
    assert order[:27] == [*grids[0], *grids[1], 7, 3, 4]


def test_deal_order_refuses_cards_the_deck_lacks() -> None:
    with pytest.raises(ValueError, match="cannot supply"):
        deal_order([[12] * 12, [1] * 12], discard=2)
    with pytest.raises(ValueError, match="cannot supply"):
        deal_order([[0] * 12, [1] * 12], discard=2)


@pytest.mark.parametrize("starter", [0, 1, 2])
def test_scripted_game_deals_as_scripted_and_starts_with_the_seat_asked(starter: int) -> None:
    grids = [list(range(1, 13)), list(range(12, 0, -1)), [6] * 6 + [7] * 6]
    game, shuffler = scripted_game(grids, discard=9, draws=(11, 10), starter=starter)
    assert game.values == grids
    assert game.discard == [9]
    assert game.draw_pile[-2:] == [10, 11]
    assert len(game.draw_pile) == 120 - 36 - 1
    assert shuffler.calls == [(deck(), 1, 0)]
    assert game.starter == game.current == starter
    assert first_player(seed_for(starter, 3), 3) == starter


def test_scripted_game_uses_the_deck_of_the_settings() -> None:
    game, shuffler = scripted_game(
        [[1] * 4 + [2] * 4 + [3] * 4] * 2, discard=4, settings=JuniorSettings(copies_per_value=8)
    )
    assert shuffler.calls == [(deck(8), 1, 0)]
    assert len(game.draw_pile) == 96 - 25


def test_shuffler_refuses_a_script_that_is_not_a_permutation() -> None:
    shuffler = ScriptedShuffler({1: [1, 2, 3]})
    assert shuffler([4, 5], 1, 2) == [4, 5]
    with pytest.raises(AssertionError):
        shuffler([1, 2], 1, 1)
