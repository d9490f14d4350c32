import pytest

from games.skyjo import Action, SkyjoSettings, draw, flip, swap, take
from games.skyjo.cards import deck_counter
from games.skyjo.events import (
    DiscardedAndFlipped,
    Drew,
    Event,
    FinalReveal,
    Finished,
    LineCleared,
    Swapped,
    TookDiscard,
)
from tests.skyjo.scripting import (
    card_counts,
    cards_shown,
    every_slot_but,
    grid,
    open_round,
    play,
    scripted_game,
)

OTHER = grid((1, 2, 3, 4), (5, 6, 7, 8), (9, 10, 11, 12))
FIVES = LineCleared(0, "column", 0, 5, (0, 4, 8))


@pytest.mark.parametrize(
    ("third", "discard", "draws", "moves", "played", "pile"),
    [
        pytest.param(
            11,
            5,
            (),
            [take(8)],
            [TookDiscard(0, 5, 8, 11, True)],
            [11, 5, 5, 5],
            id="take-and-swap",
        ),
        pytest.param(
            11,
            0,
            (5,),
            [draw(), swap(8)],
            [Drew(0, 5), Swapped(0, 5, 8, 11, True)],
            [0, 11, 5, 5, 5],
            id="draw-and-swap",
        ),
        pytest.param(
            5,
            0,
            (12,),
            [draw(), flip(8)],
            [Drew(0, 12), DiscardedAndFlipped(0, 12, 8, 5)],
            [0, 12, 5, 5, 5],
            id="draw-and-flip",
        ),
    ],
)
def test_column_of_three_equal_cards_is_cleared(
    third: int,
    discard: int,
    draws: tuple[int, ...],
    moves: list[Action],
    played: list[Event],
    pile: list[int],
) -> None:
    mine = grid((5, 1, 2, 3), (5, 4, 6, 7), (third, 8, 9, 10))
    game, _ = scripted_game([mine, OTHER], discard=discard, draws=draws)
    open_round(game, [(0, 4), (0, 1)])
    assert game.current == 0

    events = play(game, [(0, m) for m in moves])
    assert events == [*played, FIVES]
    assert game.discard == pile
    assert game.view(1).discard_top == 5
    assert game.values[0][0::4] == [None, None, None]
    assert cards_shown(game, 0) == ("cleared", "down", "down", "down") * 3
    assert game.round_score_visible(0) == 0
    assert game.to_move == (1,)
    assert card_counts(game) == deck_counter()


def test_no_column_is_cleared_when_clearing_columns_is_off() -> None:
    mine = grid((5, 1, 2, 3), (5, 4, 6, 7), (11, 8, 9, 10))
    settings = SkyjoSettings(clear_columns=False)
    game, _ = scripted_game([mine, OTHER], discard=5, settings=settings)
    open_round(game, [(0, 4), (0, 1)])
    assert game.apply(0, take(8)) == [TookDiscard(0, 5, 8, 11, True)]
    assert game.discard == [11]
    assert cards_shown(game, 0)[0::4] == (5, 5, 5)
    assert game.round_score_visible(0) == 15


def test_a_column_of_two_equal_cards_and_a_different_one_stays() -> None:
    mine = grid((5, 1, 2, 3), (5, 4, 6, 7), (11, 8, 9, 10))
    game, _ = scripted_game([mine, OTHER], discard=-2)
    open_round(game, [(0, 4), (0, 1)])
    assert game.apply(0, take(8)) == [TookDiscard(0, -2, 8, 11, True)]
    assert cards_shown(game, 0)[0::4] == (5, 5, -2)


@pytest.mark.parametrize(
    ("clear_rows", "events_after_swap", "pile", "row"),
    [
        pytest.param(
            True,
            [LineCleared(0, "row", 0, 9, (0, 1, 2, 3))],
            [0, 4, 9, 9, 9, 9],
            ("cleared",) * 4,
            id="rows-on",
        ),
        pytest.param(False, [], [0, 4], (9, 9, 9, 9), id="rows-off"),
    ],
)
def test_row_of_equal_cards(
    clear_rows: bool, events_after_swap: list[Event], pile: list[int], row: tuple[str, ...]
) -> None:
    mine = grid((9, 9, 9, 4), (1, 2, 3, 5), (6, 7, 8, 10))
    settings = SkyjoSettings(opening_flips=3, clear_rows=clear_rows)
    game, _ = scripted_game([mine, OTHER], discard=0, draws=(9,), settings=settings)
    open_round(game, [(0, 1, 2), (0, 1, 2)])
    assert game.current == 0
    events = play(game, [(0, draw()), (0, swap(3))])
    assert events == [Drew(0, 9), Swapped(0, 9, 3, 4, True), *events_after_swap]
    assert game.discard == pile
    assert cards_shown(game, 0)[:4] == row
    assert cards_shown(game, 0)[4:] == ("down",) * 8
    assert card_counts(game) == deck_counter()


def test_column_completed_by_the_final_reveal_is_cleared_before_scoring() -> None:
    mine = grid((7, 1, 2, 3), (7, 4, 6, 5), (7, 8, 9, 10))
    finisher = grid((12, 11, 10, 9), (12, 11, 10, 9), (8, 6, 4, -2))
    settings = SkyjoSettings(opening_flips=11, target_score=10)
    game, _ = scripted_game([mine, finisher], discard=0, draws=(-1, 3), settings=settings)
    open_round(game, [every_slot_but(game, 8), every_slot_but(game, 11)])
    assert game.current == 1

    play(game, [(1, draw()), (1, flip(11))])
    assert game.finisher == 1
    events = play(game, [(0, draw()), (0, swap(1))])
    assert events[:4] == [
        Drew(0, 3),
        Swapped(0, 3, 1, 1, False),
        FinalReveal(0, (8,), (7,)),
        LineCleared(0, "column", 0, 7, (0, 4, 8)),
    ]
    assert not any(isinstance(e, Finished) for e in events)
    assert game.values[0] == [None, 3, 2, 3, None, 4, 6, 5, None, 8, 9, 10]
    assert game.discard == [0, -1, 1, 7, 7, 7]
    assert game.history[0].raw == (50, 100)
    assert game.phase == "over"
    assert card_counts(game) == deck_counter()
