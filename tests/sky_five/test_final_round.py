import pytest

from games.core import IllegalAction
from games.sky_five import bank, draw, give, pass_, take
from games.sky_five.cards import deck_counter
from games.sky_five.events import (
    Banked,
    Busted,
    ChoosingRecipient,
    Discarded,
    Drew,
    FinalRound,
    GameOver,
    Gave,
    Kept,
    NothingToBank,
    Rolled,
    Took,
)
from tests.sky_five.scripting import B, G, R, S, Y, card_counts, play, position


def test_the_final_round_starts_after_the_last_draw_with_the_next_player() -> None:
    game = position([[R(1)], [Y(2)], [G(3)]], draws=(B(4),), rolls=(5, 5, 5), current=1)
    events = game.apply(1, draw())
    assert events == [Drew(1, B(4), 0), Kept(1, B(4)), FinalRound(1)]
    assert game.final_round
    assert game.to_move == (2,)
    assert game.legal_actions(2) == (bank(),)
    with pytest.raises(IllegalAction, match="on your final turn you must bank"):
        game.apply(2, draw())

    assert game.apply(2, bank()) == [Rolled(2, 5), Banked(2, (G(3),), 3, 3)]
    assert game.final_done == [False, False, True]
    assert game.to_move == (0,)
    assert game.apply(0, bank()) == [Rolled(0, 5), Banked(0, (R(1),), 1, 1)]
    assert game.to_move == (1,), "the player who drew the last card has a final turn too"
    events = game.apply(1, bank())
    assert events == [
        Rolled(1, 5),
        Banked(1, (Y(2), B(4)), 6, 6),
        GameOver((1, 6, 3), (1, 2, 1), (1,)),
    ]
    assert game.is_over
    assert [game.legal_actions(s) for s in range(3)] == [(), (), ()]
    assert game.view(None).to_move == ()
    assert game.winners == (1,)
    with pytest.raises(IllegalAction, match="over"):
        game.apply(1, bank())


def test_the_final_round_waits_for_the_last_drawn_card_to_be_given() -> None:
    game = position([[R(1)], [], [G(3)]], draws=(R(4),), rolls=(6, 6))
    events = game.apply(0, draw())
    assert events == [Drew(0, R(4), 0), ChoosingRecipient(0, R(4), (1, 2))]
    assert not game.final_round
    events = game.apply(0, give(1))
    assert events == [Gave(0, 1, R(4), True), FinalRound(0)]
    assert game.to_move == (1,)


def test_the_final_round_waits_for_a_bust_on_the_last_card_to_be_resolved() -> None:
    game = position([[R(1), B(1)], [R(2)], [R(3), G(3)]], draws=(R(4),), rolls=(6, 6, 6))
    events = game.apply(0, draw())
    assert events == [Drew(0, R(4), 0), Busted(0, "colour", R(4), (R(1), B(1)))]
    assert not game.final_round
    events = game.apply(1, take(1))
    assert events == [Took(1, 0, B(1)), Discarded(0, (R(1),)), FinalRound(0)]
    assert game.to_move == (1,)


def test_a_player_without_face_up_cards_passes_their_final_turn_automatically() -> None:
    game = position([[R(1)], [], [G(3)], []], draws=(B(4),), rolls=(6, 6))
    events = game.apply(0, draw())
    assert events == [
        Drew(0, B(4), 0),
        Kept(0, B(4)),
        FinalRound(0),
        NothingToBank(1),
    ]
    assert game.to_move == (2,)
    events = game.apply(2, bank())
    assert events == [Rolled(2, 6), Banked(2, (G(3),), 3, 3), NothingToBank(3)]
    assert game.to_move == (0,)
    assert game.final_done == [False, True, True, True]


def test_a_final_round_bust_offers_nothing_to_players_who_have_finished() -> None:
    table = [[], [Y(3), S(3)], [R(2)], [Y(1)]]
    game = position(
        table,
        rolls=(3, 4, 6),
        current=1,
        banked=[[B(6)], [], [], []],
        final_done=[True, False, False, False],
    )
    events = game.apply(1, bank())
    assert events == [Rolled(1, 3), Busted(1, "roll", 3, (Y(3), S(3)))]
    assert game.to_move == (2,), "Zoe has not had her final turn: she may take"
    assert game.legal_actions(2) == (take(0), take(1), pass_())
    events = game.apply(2, take(1))
    assert events == [Took(2, 1, S(3)), Discarded(1, (Y(3),))]
    assert game.to_move == (2,)
    assert game.face_up[0] == [], "Ana had her final turn: the yellow 3 is not offered to her"
    assert game.face_up[2] == [R(2), S(3)]
    events = play(game, [(2, bank()), (3, bank())])
    assert events == [
        Rolled(2, 4),
        Banked(2, (R(2), S(3)), 5, 5),
        Rolled(3, 6),
        Banked(3, (Y(1),), 1, 1),
        GameOver((6, 0, 5, 1), (1, 0, 2, 1), (0,)),
    ]
    assert card_counts(game) == deck_counter()


def test_finished_players_are_skipped_even_when_they_could_take() -> None:
    game = position(
        [[], [Y(3), S(3)], [R(2)]], rolls=(3, 6), current=1, final_done=[True, False, False]
    )
    events = play(game, [(1, bank()), (2, pass_())])
    assert events[-1] == Discarded(1, (Y(3), S(3)))
    assert game.to_move == (2,)
    events = game.apply(2, bank())
    assert events[-1] == GameOver((0, 0, 2), (0, 0, 1), (2,))


def test_a_player_given_cards_before_their_final_turn_must_bank_them() -> None:
    game = position([[G(1), B(2)], [], [R(5), B(1)]], rolls=(2, 6), current=0)
    events = play(game, [(0, bank()), (1, take(0))])
    assert events == [
        Rolled(0, 2),
        Busted(0, "roll", 2, (G(1), B(2))),
        Took(1, 0, G(1)),
        Discarded(0, (B(2),)),
    ]
    assert game.to_move == (1,)
    assert game.legal_actions(1) == (bank(),)
    assert game.apply(1, bank())[-1] == Banked(1, (G(1),), 1, 1)
