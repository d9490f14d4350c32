from games.skyjo import SkyjoSettings, draw, flip, swap, take
from games.skyjo.events import (
    DiscardedAndFlipped,
    Drew,
    FinalReveal,
    Finished,
    RoundScored,
    RoundStarted,
    Swapped,
    TookDiscard,
)
from tests.skyjo.scripting import every_slot_but, grid, open_round, play, scripted_game

GRIDS = [
    grid((10, 10, 9, 9), (8, 8, 7, 7), (6, 6, 5, 3)),
    grid((1, 2, 3, 4), (5, 6, 7, 8), (9, 10, 11, 12)),
    grid((0, 0, 1, 1), (2, 2, -1, -1), (3, 4, 5, -2)),
]


def test_after_a_seat_reveals_everything_each_other_seat_has_one_last_turn() -> None:
    settings = SkyjoSettings(opening_flips=11, target_score=1000)
    game, _ = scripted_game(GRIDS, discard=4, draws=(2, 0, 11), settings=settings)
    open_round(game, [every_slot_but(game, 11)] * 3)
    assert game.current == 0

    assert play(game, [(0, draw()), (0, swap(0))]) == [
        Drew(0, 2),
        Swapped(0, 2, 0, 10, False),
    ]
    assert game.finisher is None

    assert play(game, [(1, draw()), (1, flip(11))]) == [
        Drew(1, 0),
        DiscardedAndFlipped(1, 0, 11, 12),
        Finished(1),
    ]
    assert game.finisher == 1
    assert game.last_turns == 2
    assert game.to_move == (2,)

    assert play(game, [(2, draw()), (2, flip(11))]) == [
        Drew(2, 11),
        DiscardedAndFlipped(2, 11, 11, -2),
    ]
    assert game.finisher == 1
    assert game.round == 1
    assert game.to_move == (0,)
    assert game.legal_actions(1) == ()

    events = game.apply(0, take(1))
    assert events == [
        TookDiscard(0, 11, 1, 10, False),
        FinalReveal(0, (11,), (3,)),
        RoundScored(1, 1, (81, 78, 14), (81, 156, 14), (81, 156, 14)),
        RoundStarted(2, 11),
    ]
    assert game.round == 2
    assert game.phase == "opening"
    assert game.totals == [81, 156, 14]
    assert [(r.finisher, r.raw, r.scores) for r in game.history] == [
        (1, (81, 78, 14), (81, 156, 14))
    ]


def test_final_reveal_turns_up_every_remaining_card_of_every_seat() -> None:
    settings = SkyjoSettings(
        rows=2, columns=2, opening_flips=1, clear_columns=False, target_score=1000
    )
    game, _ = scripted_game(
        [[4, 1, 2, 3], [-2, 5, 6, 7]], discard=0, draws=(9, 8, 12, 1, 3), settings=settings
    )
    open_round(game, [(0,), (0,)])
    assert game.current == 0
    play(game, [(0, draw()), (0, flip(1)), (1, draw()), (1, swap(0))])
    play(game, [(0, draw()), (0, flip(2)), (1, draw()), (1, swap(0))])
    assert game.finisher is None
    assert play(game, [(0, draw()), (0, flip(3))]) == [
        Drew(0, 3),
        DiscardedAndFlipped(0, 3, 3, 3),
        Finished(0),
    ]
    assert game.apply(1, take(1)) == [
        TookDiscard(1, 3, 1, 5, True),
        FinalReveal(1, (2, 3), (6, 7)),
        RoundScored(1, 0, (10, 17), (10, 17), (10, 17)),
        RoundStarted(2, 1),
    ]
