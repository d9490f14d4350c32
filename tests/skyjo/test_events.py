import pytest

from bot.games.skyjo.words import describe
from bot.i18n import Words
from games.core.grid import geometry
from games.skyjo import SkyjoSettings, draw, flip, swap, take
from games.skyjo.events import (
    DiscardedAndFlipped,
    Drew,
    Event,
    FinalReveal,
    Finished,
    GameOver,
    LineCleared,
    Reshuffled,
    Revealed,
    RoundScored,
    RoundStarted,
    Starts,
    Swapped,
    TookDiscard,
)
from tests.skyjo.scripting import NAMES, every_slot_but, grid, open_round, play, scripted_game

TABLE = NAMES[:3]

EN = Words("en")


@pytest.mark.parametrize(
    ("event", "text"),
    [
        (RoundStarted(1, 2), "Round 1 is dealt: everyone turns up 2 cards."),
        (RoundStarted(2, 1), "Round 2 is dealt: everyone turns up 1 card."),
        (RoundStarted(3, 0), "Round 3 is dealt."),
        (Revealed(1, 6, -2), "Leo turned up a \N{MINUS SIGN}2 at C2."),
        (Starts(2, 15), "Zoe starts, with the highest revealed total (15)."),
        (Starts(1, -3), "Leo starts, with the highest revealed total (\N{MINUS SIGN}3)."),
        (Starts(0, None), "Ana ended the last round and starts this one."),
        (
            TookDiscard(0, 3, 5, 12, True),
            "Ana took the 3 from the discard pile and put it at B2, discarding a face-down 12.",
        ),
        (
            TookDiscard(1, -1, 0, 4, False),
            "Leo took the \N{MINUS SIGN}1 from the discard pile and put it at A1, discarding a 4.",
        ),
        (
            TookDiscard(2, 5, 1, -2, True),
            "Zoe took the 5 from the discard pile and put it at B1, discarding a face-down "
            "\N{MINUS SIGN}2.",
        ),
        (Drew(2, 7), "Zoe drew a 7."),
        (
            Reshuffled(53),
            "The draw pile ran out: the discard pile, less its top card, was shuffled into "
            "a new draw pile of 53 cards.",
        ),
        (Swapped(0, 0, 11, 6, False), "Ana put the 0 at D3, discarding a 6."),
        (Swapped(2, 0, 11, 6, True), "Zoe put the 0 at D3, discarding a face-down 6."),
        (
            Swapped(1, -2, 4, -1, False),
            "Leo put the \N{MINUS SIGN}2 at A2, discarding a \N{MINUS SIGN}1.",
        ),
        (
            DiscardedAndFlipped(1, 9, 3, -1),
            "Leo discarded the 9 and turned up a \N{MINUS SIGN}1 at D1.",
        ),
        (
            DiscardedAndFlipped(0, -2, 3, 5),
            "Ana discarded the \N{MINUS SIGN}2 and turned up a 5 at D1.",
        ),
        (
            LineCleared(0, "column", 2, 4, (2, 6, 10)),
            "Ana's column C of 4s is cleared onto the discard pile.",
        ),
        (
            LineCleared(2, "row", 1, 7, (4, 5, 6, 7)),
            "Zoe's row 2 of 7s is cleared onto the discard pile.",
        ),
        (
            LineCleared(1, "column", 0, -1, (0, 4, 8)),
            "Leo's column A of \N{MINUS SIGN}1s is cleared onto the discard pile.",
        ),
        (Finished(1), "Leo has turned up every card: everyone else has one last turn."),
        (
            FinalReveal(2, (1, 5, 9), (3, -2, 10)),
            "Zoe's last cards are turned up: 3, \N{MINUS SIGN}2 and 10.",
        ),
        (
            RoundScored(2, 1, (1, 5, 9), (1, 5, 9), (21, 29, 19)),
            "Round 2 is over.\nAna: +1 (total 21)\nLeo: +5 (total 29)\nZoe: +9 (total 19)",
        ),
        (
            RoundScored(1, 0, (10, 24, -3), (20, 24, -3), (20, 24, -3)),
            "Round 1 is over.\n"
            "Ana ended the round without the strictly lowest score: 10 becomes 20.\n"
            "Ana: +20 (total 20)\nLeo: +24 (total 24)\n"
            "Zoe: \N{MINUS SIGN}3 (total \N{MINUS SIGN}3)",
        ),
        (GameOver((2,), (21, 29, 19)), "Game over: Zoe wins with 19 points."),
        (
            GameOver((0, 1, 2), (5, 5, 5)),
            "Game over: Ana, Leo and Zoe share the victory with 5 points.",
        ),
    ],
    ids=lambda value: type(value).__name__ if not isinstance(value, str) else "",
)
def test_event_description(event: Event, text: str) -> None:
    assert describe(event, TABLE, geometry(3, 4), EN) == text


def test_a_scripted_round_is_narrated_naming_each_player() -> None:
    ana = grid((7, 1, 2, 3), (7, 4, 6, 5), (7, 9, 10, 10))
    leo = grid((12, 12, 10, 9), (12, 11, 10, 9), (6, 6, 4, -2))
    settings = SkyjoSettings(opening_flips=10)
    game, _ = scripted_game([ana, leo], discard=0, draws=(3, -1, 2), settings=settings)
    opening = open_round(game, [every_slot_but(game, 8, 11), every_slot_but(game, 10, 11)])
    assert (
        describe(opening[-1], game.names, game.geometry, EN)
        == "Leo starts, with the highest revealed total (97)."
    )
    events = play(
        game,
        [
            (1, draw()),
            (1, flip(10)),
            (0, take(1)),
            (1, draw()),
            (1, flip(11)),
            (0, draw()),
            (0, swap(2)),
        ],
    )
    assert [describe(e, game.names, game.geometry, EN) for e in events] == [
        "Leo drew a 3.",
        "Leo discarded the 3 and turned up a 4 at C3.",
        "Ana took the 3 from the discard pile and put it at B1, discarding a 1.",
        "Leo drew a \N{MINUS SIGN}1.",
        "Leo discarded the \N{MINUS SIGN}1 and turned up a \N{MINUS SIGN}2 at D3.",
        "Leo has turned up every card: everyone else has one last turn.",
        "Ana drew a 2.",
        "Ana put the 2 at C1, discarding a 2.",
        "Ana's last cards are turned up: 7 and 10.",
        "Ana's column A of 7s is cleared onto the discard pile.",
        "Round 1 is over.\n"
        "Leo ended the round without the strictly lowest score: 99 becomes 198.\n"
        "Ana: +52 (total 52)\n"
        "Leo: +198 (total 198)",
        "Game over: Ana wins with 52 points.",
    ]


@pytest.mark.parametrize(
    ("event", "text"),
    [
        (Revealed(0, 0, 8), "Ana turned up an 8 at A1."),
        (Drew(1, 11), "Leo drew an 11."),
        (Swapped(0, 5, 0, 8, False), "Ana put the 5 at A1, discarding an 8."),
        (DiscardedAndFlipped(2, 11, 3, 8), "Zoe discarded the 11 and turned up an 8 at D1."),
        (FinalReveal(0, (3,), (6,)), "Ana's last card is turned up: 6."),
    ],
    ids=["revealed-8", "drew-11", "swapped-8", "flipped-8", "final-reveal-one-card"],
)
def test_event_description_grammar(event: Event, text: str) -> None:
    assert describe(event, TABLE, geometry(3, 4), EN) == text
