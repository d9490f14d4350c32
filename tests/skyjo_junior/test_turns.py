from collections import Counter

import pytest

from games.skyjo_junior import JuniorGame, JuniorSettings, decline_flip, draw, swap, take
from games.skyjo_junior.actions import DECLINE_FLIP, SWAP, Action
from games.skyjo_junior.cards import deck_counter
from games.skyjo_junior.events import Declined, Drew, Swapped, TookDiscard, TripleMade
from games.skyjo_junior.game import first_player
from tests.skyjo_junior.scripting import (
    card_counts,
    grid,
    play,
    points_shown,
    scripted_game,
    seats,
    shown,
)

GRIDS = [
    grid((4, 7, 1, 2), (3, 6, 8, 9), (10, 11, 12, 5)),
    grid((1, 2, 3, 4), (5, 6, 7, 8), (9, 10, 11, 12)),
    grid((12, 11, 10, 9), (8, 7, 6, 5), (4, 3, 2, 1)),
]
DOWN = ("down",) * 11


def _second_turn() -> JuniorGame:
    """Each seat has drawn once (9, 10, 11), declined it and turned up its A1; Ana is next
    and will draw a 3."""
    game, _ = scripted_game(GRIDS, discard=6, draws=(9, 10, 11, 3, 2))
    play(game, [(s, a) for s in range(3) for a in (draw(), decline_flip(0))])
    assert game.discard == [6, 9, 10, 11]
    assert game.to_move == (0,)
    return game


def test_the_game_starts_with_every_card_face_down_and_a_choice_of_two() -> None:
    game, _ = scripted_game(GRIDS, discard=6)
    assert [shown(game, s) for s in range(3)] == [("down",) * 12] * 3
    assert game.phase == "turn"
    assert game.to_move == (0,)
    assert game.legal_actions(0) == (take(), draw())
    assert game.legal_actions(1) == game.legal_actions(2) == ()
    assert game.view(1).discard == (6,)
    assert game.view(1).draw_pile_size == 120 - 36 - 1


@pytest.mark.parametrize(
    ("first", "held", "slot", "replaced", "was_hidden", "discard"),
    [
        pytest.param(take(), 11, 5, 6, True, [6, 9, 10, 6], id="discard-into-face-down"),
        pytest.param(take(), 11, 0, 4, False, [6, 9, 10, 4], id="discard-into-face-up"),
        pytest.param(draw(), 3, 5, 6, True, [6, 9, 10, 11, 6], id="drawn-into-face-down"),
        pytest.param(draw(), 3, 0, 4, False, [6, 9, 10, 11, 4], id="drawn-into-face-up"),
    ],
)
def test_swap_the_held_card_into_a_face_down_or_face_up_slot(
    first: Action, held: int, slot: int, replaced: int, was_hidden: bool, discard: list[int]
) -> None:
    game = _second_turn()
    pile = len(game.draw_pile)
    game.apply(0, first)
    assert game.phase == "holding"
    assert game.held == held
    assert game.legal_actions(0) == SWAP + DECLINE_FLIP[1:]

    assert game.apply(0, swap(slot)) == [Swapped(0, held, slot, replaced, was_hidden)]
    assert game.values[0][slot] == held
    assert shown(game, 0)[slot] == held
    assert shown(game, 0).count("down") == (10 if was_hidden else 11)
    assert game.discard == discard
    assert len(game.draw_pile) == pile - (first == draw())
    assert game.held is None
    assert (game.phase, game.to_move) == ("turn", (1,))
    assert card_counts(game) == deck_counter()


def test_declining_the_discard_card_puts_it_back_and_turns_one_up() -> None:
    game = _second_turn()
    assert game.apply(0, take()) == [TookDiscard(0, 11)]
    assert game.discard == [6, 9, 10]
    assert game.apply(0, decline_flip(5)) == [Declined(0, 11, True, 5, 6)]
    assert game.discard == [6, 9, 10, 11]
    assert shown(game, 0) == (4, "down", "down", "down", "down", 6, *("down",) * 6)
    assert game.values[0] == GRIDS[0]
    assert (game.phase, game.to_move) == ("turn", (1,))
    assert card_counts(game) == deck_counter()


def test_declining_a_drawn_card_discards_it_and_turns_one_up() -> None:
    game = _second_turn()
    assert game.apply(0, draw()) == [Drew(0, 3)]
    assert game.apply(0, decline_flip(11)) == [Declined(0, 3, False, 11, 5)]
    assert game.discard == [6, 9, 10, 11, 3]
    assert shown(game, 0) == (4, *("down",) * 10, 5)
    assert game.to_move == (1,)
    assert card_counts(game) == deck_counter()


def test_the_held_card_is_shown_to_everyone_with_where_it_came_from() -> None:
    game = _second_turn()
    game.apply(0, draw())
    seen = {(v.held, v.held_from, v.phase) for v in (game.view(s) for s in (None, 0, 1, 2))}
    assert seen == {(3, "draw", "holding")}
    game.apply(0, swap(1))
    game.apply(1, take())
    assert {(v.held, v.held_from) for v in (game.view(s) for s in (None, 2))} == {(7, "discard")}


def test_turns_pass_in_seat_order_and_wrap_around() -> None:
    game, _ = scripted_game(GRIDS, discard=6, draws=(9, 10, 11, 3), starter=1)
    movers = []
    for action in (take(), swap(0), draw(), decline_flip(3), take(), swap(4), draw(), swap(2)):
        movers.append(game.to_move)
        game.apply(game.current, action)
    assert movers == [(1,), (1,), (2,), (2,), (0,), (0,), (1,), (1,)]
    assert game.to_move == (2,)
    assert game.discard == [1, 3, 3]
    assert [shown(game, s).count("down") for s in range(3)] == [11, 10, 11]


def test_a_face_up_triple_is_announced_stays_in_place_and_can_be_broken() -> None:
    ana = grid((7, 1, 2, 3), (7, 4, 6, 5), (8, 9, 10, 11))
    game, _ = scripted_game([ana, GRIDS[1]], discard=7, draws=(12, 12, 12, 7, 12, 5))
    play(game, [(0, draw()), (0, decline_flip(0)), (1, draw()), (1, decline_flip(0))])
    play(game, [(0, draw()), (0, decline_flip(4)), (1, draw()), (1, decline_flip(1))])
    assert points_shown(game) == [0, 0]
    assert play(game, [(0, take()), (0, swap(8))]) == [
        TookDiscard(0, 7),
        Swapped(0, 7, 8, 8, True),
        TripleMade(0, 0, 7),
    ]
    assert shown(game, 0)[0::4] == (7, 7, 7)
    assert points_shown(game) == [7, 0]
    play(game, [(1, draw()), (1, decline_flip(2))])
    assert play(game, [(0, draw()), (0, swap(4))]) == [Drew(0, 5), Swapped(0, 5, 4, 7, False)]
    assert shown(game, 0)[0::4] == (7, 5, 7)
    assert points_shown(game) == [0, 0]


def test_the_first_player_is_drawn_by_lot_from_the_seed() -> None:
    starters = Counter(first_player(seed, 4) for seed in range(400))
    assert set(starters) == {0, 1, 2, 3}
    assert min(starters.values()) > 60
    for seed in (0, 1, 2, 3, 99):
        game = JuniorGame.new(JuniorSettings(), seats(4), seed)
        assert game.starter == game.current == first_player(seed, 4)
        assert game.to_move == (game.starter,)
        assert JuniorGame.new(JuniorSettings(), seats(4), seed).to_json() == game.to_json()
