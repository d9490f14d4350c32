from bot.games.skyjo.words import describe
from bot.i18n import Words
from games.skyjo import SkyjoSettings, draw, flip, reveal, swap
from games.skyjo.events import GameOver, RoundScored, RoundStarted, Starts
from tests.skyjo.scripting import (
    NAMES,
    QUICK,
    deal_order,
    grid,
    open_round,
    play,
    quick_round,
    scripted_game,
    status,
)

LOW = grid((-2, -1, 0, 1), (0, 1, 2, 3), (-1, -2, 0, 2))
HIGH = grid((12, 11, 1, 2), (3, 4, 5, 6), (7, 8, 9, 10))

EN = Words("en")


def test_next_round_is_started_by_the_finisher_after_its_opening_flips() -> None:
    draws = [card for pair in zip([0] * 10, range(3, 13), strict=True) for card in pair] + [0]
    round_two = deal_order([grid((12, 12, 1, 2), (3, 4, 5, 6), (7, 8, 9, 10)), LOW], discard=11)
    game, shuffler = scripted_game([HIGH, LOW], discard=12, draws=draws, later={(2, 0): round_two})
    open_round(game, [(0, 1), (0, 1)])
    assert game.current == 0

    hidden = list(range(2, 12))
    while game.finisher is None:
        play(game, [(0, draw()), (0, swap(0)), (1, draw()), (1, flip(hidden.pop(0)))])
    assert game.finisher == 1
    assert hidden == []
    events = play(game, [(0, draw()), (0, swap(0))])

    assert [e for e in events if isinstance(e, RoundScored)] == [
        RoundScored(1, 1, (66, 3), (66, 3), (66, 3))
    ]
    assert events[-1] == RoundStarted(2, 2)
    assert shuffler.calls[-1][1:] == (2, 0)
    assert game.round == 2
    assert status(game) == ("opening", (0, 1))
    assert game.values[0][:2] == [12, 12]
    assert game.discard == [11]

    play(game, [(1, reveal(0)), (0, reveal(0)), (0, reveal(1))])
    assert status(game) == ("opening", (1,))
    events = game.apply(1, reveal(1))
    assert events[-1] == Starts(1, None)
    assert (
        describe(events[-1], game.names, game.geometry, EN)
        == "Leo ended the last round and starts this one."
    )
    assert game.current == 1
    assert status(game) == ("turn", (1,))
    assert game.legal_actions(0) == ()


def test_game_ends_at_the_target_score_with_a_single_winner() -> None:
    settings = SkyjoSettings(**{**QUICK.model_dump(), "target_score": 10})
    round_two = deal_order([[1, 1, 1, -1], [2, 2, 0, -2]], discard=0)
    game, _ = scripted_game(
        [[2, 2, 2, -2], [1, 1, 1, 5]], discard=0, settings=settings, later={(2, 0): round_two}
    )
    quick_round(game, finisher=0)
    assert game.totals == [4, 8]
    assert status(game) == ("opening", (0, 1))
    assert game.winners is None

    events = quick_round(game, finisher=0)
    assert events[-2:] == [
        RoundScored(2, 0, (2, 2), (4, 2), (8, 10)),
        GameOver((0,), (8, 10)),
    ]
    assert (
        describe(events[-1], game.names, game.geometry, EN) == "Game over: Ana wins with 8 points."
    )
    assert status(game) == ("over", ())
    assert game.winners == (0,)
    assert game.totals == [8, 10]
    assert game.round == 2
    assert len(game.history) == 2
    assert game.legal_actions(0) == game.legal_actions(1) == ()


def test_game_ends_with_a_shared_victory_on_a_tie_for_lowest() -> None:
    settings = SkyjoSettings(**{**QUICK.model_dump(), "target_score": 10})
    grids = [[1, 1, 0, -2], [0, 0, 0, 0], [0, 0, 1, 12]]
    game, _ = scripted_game(grids, discard=0, settings=settings)
    events = quick_round(game, finisher=0)
    assert events[-1] == GameOver((0, 1), (0, 0, 13))
    assert describe(events[-1], game.names, game.geometry, EN) == (
        f"Game over: {NAMES[0]} and {NAMES[1]} share the victory with 0 points."
    )
    assert game.winners == (0, 1)
    assert game.phase == "over"
    assert game.round == 1
