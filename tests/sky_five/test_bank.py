import pytest

from games.core import IllegalAction
from games.sky_five import SkyFiveGame, bank, draw, pass_
from games.sky_five.cards import deck_counter
from games.sky_five.events import Banked, Busted, Rolled
from games.sky_five.game import seeded_roller
from games.sky_five.state import LastRoll
from tests.sky_five.scripting import B, G, P, R, S, Y, card_counts, position

RULEBOOK = [R(6), Y(2), G(2), S(1)]
"""The rulebook's example: face-up cards 6, 2, 2 and 1."""


@pytest.mark.parametrize(
    ("roll", "banks"),
    [
        pytest.param(3, True, id="rulebook-3-banks"),
        pytest.param(2, False, id="rulebook-2-busts"),
        pytest.param(4, True, id="4-banks"),
        pytest.param(5, True, id="5-banks"),
        pytest.param(1, False, id="1-busts-on-the-star"),
        pytest.param(6, False, id="6-busts"),
    ],
)
def test_the_rulebook_banking_example(roll: int, banks: bool) -> None:
    game = position([RULEBOOK, [B(1)]], draws=(B(5),), rolls=(roll,), banked=[[B(3)], []])
    events = game.apply(0, bank())
    if banks:
        assert events == [Rolled(0, roll), Banked(0, tuple(RULEBOOK), 11, 14)]
        assert game.banked[0] == [B(3), *RULEBOOK]
        assert game.face_up[0] == []
        assert game.to_move == (1,)
        assert game.busts == 0
    else:
        assert events[:2] == [Rolled(0, roll), Busted(0, "roll", roll, tuple(RULEBOOK))]
        assert game.banked[0] == [B(3)]
        assert game.phase == "bust"
        assert game.busts == 1
    assert card_counts(game) == deck_counter()


@pytest.mark.parametrize("roll", range(1, 7))
def test_a_zero_never_makes_a_bank_fail(roll: int) -> None:
    game = position([[R(0), B(0)], [B(1)]], draws=(B(5),), rolls=(roll,))
    assert game.apply(0, bank()) == [Rolled(0, roll), Banked(0, (R(0), B(0)), 0, 0)]
    assert game.banked[0] == [R(0), B(0)]


def test_a_shooting_star_matching_the_roll_busts() -> None:
    game = position([[S(5), R(1)], [B(1)]], draws=(B(5),), rolls=(5,))
    events = game.apply(0, bank())
    assert events[:2] == [Rolled(0, 5), Busted(0, "roll", 5, (S(5), R(1)))]


def test_bank_is_offered_only_with_face_up_cards() -> None:
    game = position([[], [B(1)]], draws=(B(5), R(3)), rolls=(2,))
    assert game.legal_actions(0) == (draw(),)
    with pytest.raises(IllegalAction, match="no face-up cards to bank"):
        game.apply(0, bank())
    game.apply(0, draw())
    assert game.legal_actions(1) == (draw(), bank())


def test_each_roll_has_its_own_number_and_banks_add_up() -> None:
    game = position([[R(4)], [B(1)]], draws=(Y(3), G(2), S(6)), rolls=(1, 2, 5, 3))
    game.apply(0, bank())
    game.apply(1, bank())
    game.apply(0, draw())
    events = game.apply(1, draw()) + game.apply(0, bank())
    assert events[-1] == Banked(0, (Y(3),), 3, 7)
    assert game.banked == [[R(4), Y(3)], [B(1)]]
    assert game.rolls == 3


def test_seeded_rolls_are_fixed_by_seed_and_number_and_use_every_face() -> None:
    first, again, other = seeded_roller(9), seeded_roller(9), seeded_roller(10)
    faces = [first(n) for n in range(300)]
    assert set(faces) == {1, 2, 3, 4, 5, 6}
    assert [again(n) for n in reversed(range(300))] == faces[::-1]
    assert [other(n) for n in range(300)] != faces


def test_the_last_roll_stays_on_the_table_until_the_next_draw() -> None:
    game = position([[R(4), Y(2)], [B(1)]], draws=(G(3), P(5)), rolls=(6, 1))
    assert game.last_roll is None
    game.apply(0, bank())
    assert game.last_roll == LastRoll(0, 6, (R(4), Y(2)))
    assert game.view(None).last_roll == game.last_roll, "the die is public"
    restored = SkyFiveGame.from_json(game.to_json())
    assert restored.last_roll == game.last_roll
    game.apply(1, bank())
    assert game.last_roll == LastRoll(1, 1, (B(1),)), "a bust's roll, with the cards at stake"
    game.apply(0, pass_())
    assert game.last_roll == LastRoll(1, 1, (B(1),)), "the bust's choices are part of its turn"
    game.apply(0, draw())
    assert game.last_roll is None


def test_the_roll_of_the_last_bank_of_the_game_is_kept_when_it_ends() -> None:
    game = position([[], [R(3), S(5)]], rolls=(2,), current=1, final_done=[True, False])
    game.apply(1, bank())
    assert game.is_over
    assert game.view(None).last_roll == LastRoll(1, 2, (R(3), S(5)))
