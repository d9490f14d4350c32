import pytest

from games.sky_five import Action, bank, draw, give
from games.sky_five.cards import deck_counter
from games.sky_five.events import (
    Banked,
    Busted,
    ChoosingRecipient,
    Discarded,
    Drew,
    Gave,
    Kept,
    SkyFive,
)
from tests.sky_five.scripting import B, G, P, R, S, Y, card_counts, play, position


@pytest.mark.parametrize(
    ("mine", "drawn"),
    [
        pytest.param([], R(4), id="first-card"),
        pytest.param([Y(1), B(2)], R(0), id="new-colour"),
        pytest.param([R(1), Y(2), G(3), B(4)], S(6), id="star-with-four-colours"),
        pytest.param([S(1), S(2)], S(3), id="star-with-stars"),
    ],
)
def test_a_new_colour_or_a_shooting_star_is_kept(mine: list[int], drawn: int) -> None:
    game = position([mine, [G(5)]], draws=(drawn, G(6)))
    events = game.apply(0, draw())
    assert events == [Drew(0, drawn, 1), Kept(0, drawn)]
    assert game.face_up[0] == [*mine, drawn]
    assert game.to_move == (1,)
    assert game.phase == "turn"
    assert game.legal_actions(0) == ()
    assert game.legal_actions(1) == (draw(), bank())
    assert card_counts(game) == deck_counter()


def test_a_colour_only_one_player_lacks_goes_to_them_without_a_decision() -> None:
    game = position([[R(1)], [R(2)], [B(3)], [R(3)]], draws=(R(5), G(1)))
    events = game.apply(0, draw())
    assert events == [Drew(0, R(5), 1), Gave(0, 2, R(5), False)]
    assert game.face_up == [[R(1)], [R(2)], [B(3), R(5)], [R(3)]]
    assert game.to_move == (1,)
    assert game.phase == "turn"


@pytest.mark.parametrize("recipient", [1, 3])
def test_the_drawer_chooses_among_several_eligible_players(recipient: int) -> None:
    game = position([[R(1)], [B(2)], [R(6)], [S(4)]], draws=(R(5), G(1)))
    events = game.apply(0, draw())
    assert events == [Drew(0, R(5), 1), ChoosingRecipient(0, R(5), (1, 3))]
    assert game.phase == "give"
    assert game.pending == R(5)
    assert game.to_move == (0,)
    assert game.legal_actions(0) == (give(1), give(3))
    assert [game.legal_actions(s) for s in (1, 2, 3)] == [(), (), ()]
    assert game.view(2).recipients == (1, 3)
    assert card_counts(game) == deck_counter()

    assert game.apply(0, give(recipient)) == [Gave(0, recipient, R(5), True)]
    assert game.face_up[recipient][-1] == R(5)
    assert game.face_up[0] == [R(1)]
    assert game.pending is None
    assert game.phase == "turn"
    assert game.to_move == (1,)
    assert card_counts(game) == deck_counter()


def test_recipients_are_offered_clockwise_from_the_drawer() -> None:
    game = position([[], [], [B(1)], [], []], draws=(B(4), G(1)), current=2)
    game.apply(2, draw())
    assert game.legal_actions(2) == (give(3), give(4), give(0), give(1))


def test_a_colour_everyone_has_busts_the_drawer() -> None:
    game = position([[R(1), B(2)], [R(3)], [R(4), B(5)]], draws=(R(5), G(1)))
    events = game.apply(0, draw())
    assert events == [Drew(0, R(5), 1), Busted(0, "colour", R(5), (R(1), B(2)))]
    assert game.discard == [R(5)]
    assert game.phase == "bust"
    assert game.to_move == (1,)
    assert card_counts(game) == deck_counter()


def test_a_colour_everyone_has_busts_and_nobody_can_take_anything() -> None:
    game = position([[R(1), B(2)], [R(3), B(6)]], draws=(R(5), G(1)))
    events = game.apply(0, draw())
    assert events == [
        Drew(0, R(5), 1),
        Busted(0, "colour", R(5), (R(1), B(2))),
        Discarded(0, (R(1), B(2))),
    ]
    assert game.discard == [R(5), R(1), B(2)]
    assert game.face_up == [[], [R(3), B(6)]]
    assert game.to_move == (1,)
    assert game.busts == 1


def test_keeping_the_fifth_colour_is_a_sky_five() -> None:
    mine = [R(1), Y(2), S(6), G(3), B(0)]
    game = position([mine, [P(1)]], draws=(P(4), G(1)), banked=[[Y(5)], []])
    events = game.apply(0, draw())
    assert events == [
        Drew(0, P(4), 1),
        Kept(0, P(4)),
        SkyFive(0),
        Banked(0, (*mine, P(4)), 16, 21),
    ]
    assert game.face_up[0] == []
    assert game.banked[0] == [Y(5), *mine, P(4)]
    assert game.colours[0] == 0
    assert game.sky_fives == 1
    assert game.to_move == (1,)


@pytest.mark.parametrize(
    ("table", "moves", "decided", "points"),
    [
        pytest.param(
            [[B(1)], [R(1), Y(1), G(1), P(1)], [B(2)]],
            [(0, draw())],
            False,
            8,
            id="only-one-lacks-it",
        ),
        pytest.param(
            [[B(1)], [R(1), Y(1), G(1), P(1), S(2)], []],
            [(0, draw()), (0, give(1))],
            True,
            10,
            id="chosen",
        ),
    ],
)
def test_a_gift_completes_a_sky_five_for_the_receiver(
    table: list[list[int]], moves: list[tuple[int, Action]], decided: bool, points: int
) -> None:
    hand = table[1]
    game = position(table, draws=(B(4), G(6)), banked=[[], [Y(3)], []])
    events = play(game, moves)
    assert events[-3:] == [
        Gave(0, 1, B(4), decided),
        SkyFive(1),
        Banked(1, (*hand, B(4)), points, points + 3),
    ]
    assert game.face_up[1] == []
    assert game.banked[1] == [Y(3), *hand, B(4)]
    assert game.to_move == (1,)
    assert card_counts(game) == deck_counter()
