import pytest

from bot.games.junior.words import describe
from bot.i18n import Words
from games.skyjo_junior import decline_flip, draw, swap, take
from games.skyjo_junior.events import (
    CODEC,
    Dealt,
    Declined,
    Drew,
    Event,
    FinalReveal,
    GameOver,
    LastMoves,
    Reshuffled,
    Scored,
    Swapped,
    TookDiscard,
    TripleMade,
)
from games.skyjo_junior.scoring import GEOMETRY
from tests.skyjo_junior.scripting import NAMES, grid, play, scripted_game

TABLE = NAMES[:3]

EN = Words("en")

DESCRIPTIONS = [
    (Dealt(1), "The cards are dealt. Leo was drawn by lot to start."),
    (TookDiscard(0, 7), "Ana took the 7 from the discard pile."),
    (Drew(2, 8), "Zoe drew an 8."),
    (Drew(2, 11), "Zoe drew an 11."),
    (Drew(1, 3), "Leo drew a 3."),
    (
        Reshuffled(5),
        "The draw pile ran out: the discard pile, less its top card, was shuffled "
        "into a new draw pile of 5 cards.",
    ),
    (
        Reshuffled(1),
        "The draw pile ran out: the discard pile, less its top card, was shuffled "
        "into a new draw pile of 1 card.",
    ),
    (Swapped(0, 9, 5, 12, True), "Ana put the 9 at B2, discarding a face-down 12."),
    (Swapped(1, 2, 11, 8, False), "Leo put the 2 at D3, discarding an 8."),
    (
        Declined(0, 7, True, 3, 11),
        "Ana put the 7 back on the discard pile and turned up an 11 at D1.",
    ),
    (Declined(2, 12, False, 8, 1), "Zoe discarded the 12 and turned up a 1 at A3."),
    (TripleMade(1, 2, 1), "Leo has a triple of 1s in column C, worth 1 point."),
    (TripleMade(0, 3, 9), "Ana has a triple of 9s in column D, worth 9 points."),
    (LastMoves(0, (1, 2)), "Ana has turned up every card: Leo and Zoe have one last move each."),
    (LastMoves(2, (0,)), "Zoe has turned up every card: Ana has one last move."),
    (LastMoves(1, (2, 0)), "Leo has turned up every card: Zoe and Ana have one last move each."),
    (FinalReveal(1, (3,), (6,)), "Leo's last card is turned up: 6."),
    (FinalReveal(2, (1, 5, 9), (3, 2, 10)), "Zoe's last cards are turned up: 3, 2 and 10."),
    (Scored(0, (), (), 0), "Ana has no triple: 0 points."),
    (Scored(1, (0,), (1,), 1), "Leo scores 1 point: a triple of 1s in column A."),
    (
        Scored(2, (0, 2, 3), (4, 4, 12), 20),
        "Zoe scores 20 points: triples of 4s in column A, 4s in column C and 12s in column D.",
    ),
    (GameOver((2,), (12, 1, 13)), "Game over: Zoe wins with 13 points."),
    (GameOver((0, 1, 2), (1, 1, 1)), "Game over: Ana, Leo and Zoe share the victory with 1 point."),
]


@pytest.mark.parametrize(
    ("event", "text"),
    DESCRIPTIONS,
    ids=[f"{type(e).__name__}-{i}" for i, (e, _) in enumerate(DESCRIPTIONS)],
)
def test_event_description(event: Event, text: str) -> None:
    assert describe(event, TABLE, GEOMETRY, EN) == text


@pytest.mark.parametrize("event", [event for event, _ in DESCRIPTIONS])
def test_events_survive_a_round_trip_through_plain_data(event: Event) -> None:
    assert CODEC.from_dict(CODEC.to_dict(event)) == event


def test_a_scripted_opening_is_narrated_naming_each_player() -> None:
    ana = grid((4, 7, 1, 2), (3, 6, 8, 9), (10, 11, 12, 5))
    leo = grid((1, 2, 3, 4), (5, 6, 7, 8), (9, 10, 11, 12))
    game, _ = scripted_game([ana, leo], discard=6, draws=(11, 2), starter=1)
    events: list[Event] = [game.dealt()]
    events += play(
        game,
        [
            (1, take()),
            (1, decline_flip(2)),
            (0, draw()),
            (0, swap(10)),
            (1, take()),
            (1, swap(2)),
            (0, draw()),
            (0, decline_flip(1)),
        ],
    )
    assert [describe(e, game.names, GEOMETRY, EN) for e in events] == [
        "The cards are dealt. Leo was drawn by lot to start.",
        "Leo took the 6 from the discard pile.",
        "Leo put the 6 back on the discard pile and turned up a 3 at C1.",
        "Ana drew an 11.",
        "Ana put the 11 at C3, discarding a face-down 12.",
        "Leo took the 12 from the discard pile.",
        "Leo put the 12 at C1, discarding a 3.",
        "Ana drew a 2.",
        "Ana discarded the 2 and turned up a 7 at B1.",
    ]
