from bot.games.junior.words import describe
from bot.i18n import Words
from games.skyjo_junior import decline_flip, draw, swap, take
from games.skyjo_junior.cards import deck_counter
from games.skyjo_junior.events import (
    Declined,
    Drew,
    FinalReveal,
    GameOver,
    LastMoves,
    Scored,
    Swapped,
    TookDiscard,
    TripleMade,
)
from games.skyjo_junior.scoring import GEOMETRY
from tests.skyjo_junior.scripting import (
    all_but,
    card_counts,
    decline_turns,
    grid,
    play,
    points_shown,
    scripted_game,
    shown,
)

LAURA, PAUL, MARIA = 0, 1, 2
EN = Words("en")


def test_rulebook_example_maria_wins_with_a_triple_completed_by_the_final_reveal() -> None:
    """Laura turns up her last card leading by 11; Paul and Maria each have one last move;
    turning up the remaining cards completes Maria's triple of 5s: she wins with 13."""
    laura = grid((12, 2, 3, 4), (12, 6, 7, 9), (12, 10, 11, 2))
    paul = grid((1, 3, 4, 8), (1, 7, 9, 10), (1, 11, 2, 3))
    maria = grid((5, 8, 2, 6), (5, 8, 3, 7), (5, 4, 9, 10))
    game, _ = scripted_game(
        [laura, paul, maria], discard=11, starter=LAURA, names=("Laura", "Paul", "Maria")
    )
    events = decline_turns(game, [list(range(12)), list(range(11)), all_but(8)], turns=34)

    assert events[-2:] == [Declined(LAURA, 6, False, 11, 2), LastMoves(LAURA, (PAUL, MARIA))]
    assert describe(events[-1], game.names, GEOMETRY, EN) == (
        "Laura has turned up every card: Paul and Maria have one last move each."
    )
    assert points_shown(game) == [12, 1, 0]
    assert shown(game, PAUL)[11] == shown(game, MARIA)[8] == "down"
    assert game.to_move == (PAUL,)

    assert play(game, [(PAUL, draw()), (PAUL, swap(3))]) == [
        Drew(PAUL, 6),
        Swapped(PAUL, 6, 3, 8, False),
    ]
    assert game.to_move == (MARIA,)
    final = play(game, [(MARIA, take()), (MARIA, swap(9))])
    assert final == [
        TookDiscard(MARIA, 8),
        Swapped(MARIA, 8, 9, 4, False),
        TripleMade(MARIA, 1, 8),
        FinalReveal(PAUL, (11,), (3,)),
        FinalReveal(MARIA, (8,), (5,)),
        Scored(LAURA, (0,), (12,), 12),
        Scored(PAUL, (0,), (1,), 1),
        Scored(MARIA, (0, 1), (5, 8), 13),
        GameOver((MARIA,), (12, 1, 13)),
    ]
    assert [describe(e, game.names, GEOMETRY, EN) for e in final[-4:]] == [
        "Laura scores 12 points: a triple of 12s in column A.",
        "Paul scores 1 point: a triple of 1s in column A.",
        "Maria scores 13 points: triples of 5s in column A and 8s in column B.",
        "Game over: Maria wins with 13 points.",
    ]
    assert game.is_over
    assert not game.to_move
    assert [game.legal_actions(s) for s in range(3)] == [(), (), ()]
    assert (game.points, game.winners) == ((12, 1, 13), (MARIA,))
    assert points_shown(game) == [12, 1, 13]
    assert all("down" not in shown(game, s) for s in range(3))
    assert card_counts(game) == deck_counter()


ROW = grid((1, 2, 3, 4), (5, 6, 7, 8), (9, 10, 11, 12))


def test_after_the_last_card_each_following_player_has_exactly_one_more_move_in_order() -> None:
    game, _ = scripted_game([ROW] * 4, discard=1, starter=2)
    events = decline_turns(game, [list(range(12))] * 4, turns=44)
    assert not any(isinstance(e, LastMoves) for e in events)
    assert [shown(game, s).count("down") for s in range(4)] == [1, 1, 1, 1]

    events = decline_turns(game, [[11]] * 4, turns=1)
    assert events[-1] == LastMoves(2, (3, 0, 1))
    assert (game.finisher, game.last_moves) == (2, 3)

    movers = []
    last_moves = [
        (draw(), decline_flip(11)),
        (take(), swap(0)),
        (draw(), swap(11)),
    ]
    for first, second in last_moves:
        movers.append(game.to_move)
        seat = game.current
        events = play(game, [(seat, first), (seat, second)])
        assert not any(isinstance(e, LastMoves) for e in events)
    assert movers == [(3,), (0,), (1,)]
    assert game.is_over
    assert game.to_move == ()
    assert [e for e in events if isinstance(e, FinalReveal)] == [FinalReveal(0, (11,), (12,))]
    assert game.turns == 48


def test_equal_highest_scores_share_the_victory() -> None:
    ana = grid((6, 1, 2, 3), (6, 4, 5, 7), (6, 8, 9, 10))
    leo = grid((2, 4, 1, 3), (2, 4, 5, 7), (2, 4, 9, 10))
    zoe = grid((5, 1, 2, 3), (5, 4, 6, 7), (5, 8, 9, 10))
    game, _ = scripted_game([ana, leo, zoe], discard=12)
    decline_turns(game, [list(range(12)), list(range(11)), list(range(11))], turns=34)
    events = decline_turns(game, [[], [11], [11]], turns=2)
    assert events[-4:] == [
        Scored(0, (0,), (6,), 6),
        Scored(1, (0, 1), (2, 4), 6),
        Scored(2, (0,), (5,), 5),
        GameOver((0, 1), (6, 6, 5)),
    ]
    assert (
        describe(events[-1], game.names, GEOMETRY, EN)
        == "Game over: Ana and Leo share the victory with 6 points."
    )
    assert game.winners == (0, 1)


def test_with_no_triple_anywhere_everyone_shares_the_victory_with_no_points() -> None:
    game, _ = scripted_game([ROW, ROW], discard=1)
    decline_turns(game, [list(range(12)), list(range(11))], turns=23)
    events = decline_turns(game, [[], [11]], turns=1)
    assert events[-1] == GameOver((0, 1), (0, 0))
    assert (
        describe(events[-1], game.names, GEOMETRY, EN)
        == "Game over: Ana and Leo share the victory with 0 points."
    )
