import pytest

from bot.games.sky_five.words import describe
from bot.i18n import Words
from games.sky_five import bank, draw, give, take
from games.sky_five.events import (
    CODEC,
    Banked,
    Busted,
    ChoosingRecipient,
    Discarded,
    Drew,
    Event,
    FinalRound,
    GameOver,
    Gave,
    Kept,
    NothingToBank,
    Passed,
    Rolled,
    SkyFive,
    Took,
)
from tests.sky_five.scripting import NAMES, B, G, P, R, S, Y, play, position

TABLE = NAMES[:3]

EN = Words("en")

DESCRIPTIONS: list[tuple[Event, str]] = [
    (Drew(0, R(4), 20), "Ana draws a red 4."),
    (Drew(1, S(3), 0), "Leo draws a Shooting Star 3."),
    (Kept(2, P(0)), "Zoe keeps the purple 0 face up."),
    (
        ChoosingRecipient(0, B(5), (1, 2)),
        "Ana already has blue face up and chooses who gets the blue 5: Leo or Zoe.",
    ),
    (Gave(0, 2, Y(1), True), "Ana gives the yellow 1 to Zoe."),
    (Gave(1, 0, G(6), False), "Leo gives the green 6 to Ana, the only player without green."),
    (Rolled(1, 4), "Leo rolls the die to bank: 4."),
    (SkyFive(2), "Sky Five! Zoe has all five colours face up and banks at once."),
    (
        Banked(0, (R(6), Y(2), G(2), S(1)), 11, 20),
        "Ana banks 4 cards (red 6, yellow 2, green 2 and Shooting Star 1) for 11 points.",
    ),
    (Banked(1, (R(1),), 1, 1), "Leo banks 1 card (red 1) for 1 point."),
    (
        Busted(0, "roll", 2, (R(6), Y(2), G(2), S(1))),
        "The 2 matches Ana's yellow 2 and green 2: Ana busts. The others may take from Ana's "
        "4 face-up cards (red 6, yellow 2, green 2 and Shooting Star 1).",
    ),
    (
        Busted(1, "colour", R(3), (R(1),)),
        "Everyone already has red face up: Leo busts and the red 3 is discarded. The others may "
        "take from Leo's 1 face-up card (red 1).",
    ),
    (Took(2, 0, S(4)), "Zoe takes the Shooting Star 4 from Ana's cards."),
    (Passed(1, 0), "Leo takes nothing from Ana's cards."),
    (Discarded(0, (R(6), G(2))), "Ana's remaining red 6 and green 2 go to the discard pile."),
    (Discarded(1, ()), "Every one of Leo's face-up cards was taken."),
    (Discarded(2, (S(5),)), "Zoe's remaining Shooting Star 5 goes to the discard pile."),
    (
        FinalRound(2),
        "Zoe drew the last card: the final round begins. Everyone has one last turn, on which "
        "they must bank their face-up cards.",
    ),
    (NothingToBank(1), "Leo has no face-up cards: their final turn passes."),
    (
        GameOver((20, 31, 1), (7, 9, 1), (1,)),
        "Game over.\nAna: 20 points from 7 banked cards\nLeo: 31 points from 9 banked cards\n"
        "Zoe: 1 point from 1 banked card\nLeo wins.",
    ),
    (
        GameOver((31, 31, 0), (7, 9, 0), (1,)),
        "Game over.\nAna: 31 points from 7 banked cards\nLeo: 31 points from 9 banked cards\n"
        "Zoe: 0 points from 0 banked cards\nLeo wins the tie on 31 points with the most banked "
        "cards.",
    ),
    (
        GameOver((31, 31, 31), (9, 9, 9), (0, 1, 2)),
        "Game over.\nAna: 31 points from 9 banked cards\nLeo: 31 points from 9 banked cards\n"
        "Zoe: 31 points from 9 banked cards\nAna, Leo and Zoe share the victory.",
    ),
]


@pytest.mark.parametrize(
    ("event", "text"),
    [pytest.param(e, t, id=f"{type(e).__name__}-{i}") for i, (e, t) in enumerate(DESCRIPTIONS)],
)
def test_event_description(event: Event, text: str) -> None:
    assert describe(event, TABLE, EN) == text


def test_a_choice_among_three_players_lists_them_all() -> None:
    event = ChoosingRecipient(0, G(3), (1, 2, 3))
    assert describe(event, NAMES[:4], EN) == (
        "Ana already has green face up and chooses who gets the green 3: Leo, Zoe or Max."
    )


@pytest.mark.parametrize("language", ["fr", "de"])
def test_every_event_is_described_in_each_language(language: str) -> None:
    words = Words(language)
    for event, _ in DESCRIPTIONS:
        text = describe(event, TABLE, words)
        assert text
        assert "{" not in text


@pytest.mark.parametrize(
    "event",
    [pytest.param(e, id=f"{type(e).__name__}-{i}") for i, (e, _) in enumerate(DESCRIPTIONS)],
)
def test_event_survives_a_dict_round_trip(event: Event) -> None:
    assert CODEC.from_dict(CODEC.to_dict(event)) == event


def test_a_scripted_game_is_narrated_step_by_step() -> None:
    game = position(
        [[R(3)], [Y(1), G(2), B(3), P(4)], [G(6)]], draws=(R(5), S(2), B(1), Y(6)), rolls=(3,)
    )
    events = play(
        game,
        [(0, draw()), (0, give(1)), (1, draw()), (2, draw()), (0, bank()), (1, take(0))],
    )
    assert [describe(e, game.names, EN) for e in events] == [
        "Ana draws a red 5.",
        "Ana already has red face up and chooses who gets the red 5: Leo or Zoe.",
        "Ana gives the red 5 to Leo.",
        "Sky Five! Leo has all five colours face up and banks at once.",
        "Leo banks 5 cards (yellow 1, green 2, blue 3, purple 4 and red 5) for 15 points.",
        "Leo draws a Shooting Star 2.",
        "Leo keeps the Shooting Star 2 face up.",
        "Zoe draws a blue 1.",
        "Zoe keeps the blue 1 face up.",
        "Ana rolls the die to bank: 3.",
        "The 3 matches Ana's red 3: Ana busts. The others may take from Ana's 1 face-up card "
        "(red 3).",
        "Leo takes the red 3 from Ana's cards.",
        "Every one of Ana's face-up cards was taken.",
    ]
