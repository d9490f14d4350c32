from collections.abc import Callable

import pytest

from bot.i18n import Words
from games.core import IllegalAction
from games.sky_five import Action, SkyFiveGame, bank, draw, give, pass_, take
from tests.sky_five.scripting import B, G, R, S, Y, position, snapshot


def first_turn() -> SkyFiveGame:
    """Ana's turn with no face-up card; Leo has a red 1."""
    return position([[], [R(1)], []], draws=(R(5), G(2)))


def giving() -> SkyFiveGame:
    """Ana drew a red 5 while holding red: Leo or Max may receive it, not Zoe."""
    game = position([[R(3)], [], [R(1)], [Y(1)]], draws=(R(5), G(2)))
    game.apply(0, draw())
    assert game.phase == "give"
    return game


def giving_among_three() -> SkyFiveGame:
    """As `giving`, with Ida at the table too."""
    game = position([[R(3)], [], [R(1)], [Y(1)], []], draws=(R(5), G(2)))
    game.apply(0, draw())
    assert game.recipients() == (1, 3, 4)
    return game


def busting() -> SkyFiveGame:
    """Ana busted on a 4 with a red 4 and a Shooting Star 2; Leo (holding red) decides."""
    game = position([[R(4), S(2)], [R(1)], [Y(1)]], draws=(G(2),), rolls=(4,))
    game.apply(0, bank())
    assert game.to_move == (1,)
    return game


def final_turn() -> SkyFiveGame:
    return position([[], [B(2)], [R(1)]], current=1, rolls=(1,), final_done=[True, False, False])


def over() -> SkyFiveGame:
    game = position([[R(2)], []], rolls=(1,))
    game.apply(0, bank())
    assert game.is_over
    return game


ILLEGAL: list[tuple[Callable[[], SkyFiveGame], object, object, str]] = [
    (first_turn, 1, draw(), "It is Ana's turn, not yours."),
    (first_turn, 2, bank(), "It is Ana's turn, not yours."),
    (first_turn, 3, draw(), "You are not playing in this game."),
    (first_turn, -1, draw(), "You are not playing in this game."),
    (first_turn, "0", draw(), "You are not playing in this game."),
    (first_turn, False, draw(), "You are not playing in this game."),
    (first_turn, 0, bank(), "You have no face-up cards to bank: draw a card."),
    (first_turn, 0, give(1), "It is your turn: draw a card or bank your face-up cards."),
    (first_turn, 0, take(0), "It is your turn: draw a card or bank your face-up cards."),
    (first_turn, 0, pass_(), "It is your turn: draw a card or bank your face-up cards."),
    (first_turn, 0, Action("draw", 2), "It is your turn: draw a card or bank your face-up cards."),
    (first_turn, 0, "draw", "That is not a Sky Five action."),
    (first_turn, 0, None, "That is not a Sky Five action."),
    (first_turn, 0, ("draw",), "That is not a Sky Five action."),
    (giving, 0, draw(), "You already have red: choose who gets the red 5 (Leo or Max)."),
    (giving, 0, pass_(), "You already have red: choose who gets the red 5 (Leo or Max)."),
    (
        giving_among_three,
        0,
        draw(),
        "You already have red: choose who gets the red 5 (Leo, Max or Ida).",
    ),
    (giving, 0, give(0), "You already have red: give the red 5 to another player."),
    (giving, 0, give(2), "Zoe already has a red card face up."),
    (giving, 0, give(4), "There is no such player."),
    (giving, 0, give(-1), "There is no such player."),
    (giving, 1, give(1), "It is Ana's turn, not yours."),
    (busting, 0, pass_(), "You busted: the others may take your cards. It is Leo's choice now."),
    (busting, 2, take(1), "It is Leo's choice of Ana's cards, not yours; wait for your chance."),
    (busting, 1, take(0), "You already have a red card face up: you cannot take the red 4."),
    (busting, 1, take(2), "Ana has no such face-up card."),
    (busting, 1, bank(), "Ana busted: take one of their face-up cards or pass."),
    (busting, 1, give(2), "Ana busted: take one of their face-up cards or pass."),
    (final_turn, 1, draw(), "The draw pile is empty: on your final turn you must bank."),
    (final_turn, 1, pass_(), "It is your final turn: bank your face-up cards."),
    (final_turn, 0, bank(), "It is Leo's turn, not yours."),
    (over, 0, bank(), "This game is over."),
    (over, 1, draw(), "This game is over."),
]


@pytest.mark.parametrize(
    ("setup", "seat", "action", "message"),
    [
        pytest.param(setup, seat, action, message, id=f"{setup.__name__}-{seat}-{action}")
        for setup, seat, action, message in ILLEGAL
    ],
)
def test_illegal_action_is_refused_and_changes_nothing(
    setup: Callable[[], SkyFiveGame], seat: int, action: Action, message: str
) -> None:
    game = setup()
    before = (*snapshot(game), game.to_move)
    assert action not in game.legal_actions(seat)
    with pytest.raises(IllegalAction) as refused:
        game.apply(seat, action)
    assert refused.value.message == message
    assert str(refused.value) == message
    assert Words("en").error(refused.value) == message
    assert (*snapshot(game), game.to_move) == before
