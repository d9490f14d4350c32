import pytest

from games.core import IllegalAction
from games.sky_five import bank, draw, pass_, take
from games.sky_five.cards import deck_counter
from games.sky_five.events import Banked, Busted, Discarded, Passed, Rolled, SkyFive, Took
from tests.sky_five.scripting import B, G, P, R, S, Y, card_counts, play, position


def test_takers_go_clockwise_from_the_busted_player_skipping_those_who_cannot_take() -> None:
    table = [[R(3), B(4), G(1)], [Y(1)], [R(1), B(1), G(2)], [P(2)], [S(5)]]
    game = position(table, draws=(Y(6),), rolls=(2,), current=2)
    events = game.apply(2, bank())
    assert events == [Rolled(2, 2), Busted(2, "roll", 2, (R(1), B(1), G(2)))]
    assert game.to_move == (3,)
    assert game.legal_actions(3) == (take(0), take(1), take(2), pass_())
    assert game.legal_actions(2) == ()

    assert game.apply(3, take(2)) == [Took(3, 2, G(2))]
    assert game.to_move == (4,)
    assert game.legal_actions(4) == (take(0), take(1), pass_())
    assert game.apply(4, pass_()) == [Passed(4, 2)]
    assert game.to_move == (1,), "Ana has red and blue: she is skipped"
    assert game.apply(1, take(1)) == [Took(1, 2, B(1)), Discarded(2, (R(1),))]
    assert game.face_up == [[R(3), B(4), G(1)], [Y(1), B(1)], [], [P(2), G(2)], [S(5)]]
    assert game.discard == [R(1)]
    assert game.phase == "turn"
    assert game.to_move == (3,)
    assert card_counts(game) == deck_counter()


def test_a_bust_nobody_can_take_from_is_discarded_at_once() -> None:
    game = position([[R(1), B(1)], [R(2), B(2)], [B(3), R(5)]], draws=(Y(6),), rolls=(1,))
    events = game.apply(0, bank())
    assert events == [
        Rolled(0, 1),
        Busted(0, "roll", 1, (R(1), B(1))),
        Discarded(0, (R(1), B(1))),
    ]
    assert game.discard == [R(1), B(1)]
    assert game.face_up[0] == []
    assert game.to_move == (1,)
    assert game.phase == "turn"


def test_a_shooting_star_can_be_taken_by_a_player_with_four_colours() -> None:
    many = [R(2), Y(2), G(2), B(2), S(1)]
    game = position([[R(5), S(6)], many], draws=(Y(6),), rolls=(5,))
    game.apply(0, bank())
    assert game.legal_actions(1) == (take(1), pass_())
    assert game.apply(1, take(1)) == [Took(1, 0, S(6)), Discarded(0, (R(5),))]
    assert game.face_up[1] == [*many, S(6)]


def test_taking_the_fifth_colour_from_a_bust_is_a_sky_five() -> None:
    four = [R(2), Y(2), S(3), G(2), B(2)]
    game = position([[P(5), B(5)], four, [Y(3)]], draws=(Y(6),), rolls=(5,))
    game.apply(0, bank())
    assert game.legal_actions(1) == (take(0), pass_())
    events = game.apply(1, take(0))
    assert events == [Took(1, 0, P(5)), SkyFive(1), Banked(1, (*four, P(5)), 16, 16)]
    assert game.face_up[1] == []
    assert game.sky_fives == 1
    assert game.to_move == (2,)
    assert game.legal_actions(2) == (take(0), pass_())
    assert game.apply(2, take(0)) == [Took(2, 0, B(5)), Discarded(0, ())]
    assert game.to_move == (1,)
    assert card_counts(game) == deck_counter()


def test_after_a_sky_five_the_taker_would_be_eligible_again_but_takes_only_once() -> None:
    game = position([[P(5), R(5)], [R(2), Y(2), G(2), B(2)]], draws=(Y(6),), rolls=(5,))
    events = play(game, [(0, bank()), (1, take(0))])
    assert events[-1] == Discarded(0, (R(5),))
    assert game.face_up[1] == []
    assert game.to_move == (1,)


def test_when_every_card_is_taken_the_rest_are_not_asked() -> None:
    game = position([[R(4)], [Y(1)], [Y(2)]], draws=(Y(6),), rolls=(4,))
    events = play(game, [(0, bank()), (1, take(0))])
    assert events[-2:] == [Took(1, 0, R(4)), Discarded(0, ())]
    assert game.to_move == (1,)
    assert game.takers == []
    assert game.busted is None


def test_banked_cards_are_safe_from_a_bust() -> None:
    game = position([[R(4), S(2)], [Y(1)]], draws=(Y(6),), rolls=(4,), banked=[[G(6)], []])
    play(game, [(0, bank()), (1, pass_())])
    assert game.banked[0] == [G(6)]
    assert game.face_up[0] == []
    assert game.discard == [R(4), S(2)]


@pytest.mark.parametrize(
    ("seat", "action", "message"),
    [
        pytest.param(0, pass_(), "You busted", id="busted-player"),
        pytest.param(2, pass_(), "Leo's choice of Ana's cards", id="later-taker"),
        pytest.param(1, take(2), "no such face-up card", id="index-too-high"),
        pytest.param(1, take(-1), "no such face-up card", id="index-negative"),
        pytest.param(1, take(0), "already have a red card", id="colour-held"),
        pytest.param(1, draw(), "take one of their face-up cards or pass", id="draw"),
    ],
)
def test_bust_decisions_are_checked(seat: int, action: object, message: str) -> None:
    game = position([[R(4), S(2)], [R(1)], [Y(1)]], draws=(Y(6),), rolls=(4,))
    game.apply(0, bank())
    before = game.to_json()
    with pytest.raises(IllegalAction, match=message):
        game.apply(seat, action)  # type: ignore[arg-type]
    assert game.to_json() == before
