from collections.abc import Sequence

from games.skyjo import draw, swap
from games.skyjo.cards import deck_counter
from games.skyjo.events import Drew, Reshuffled
from tests.skyjo.scripting import card_counts, open_round, play, scripted_game

ONE_TO_TWELVE = list(range(1, 13))


def _highest_first(cards: Sequence[int]) -> list[int]:
    return sorted(cards, reverse=True)


def test_eight_players_run_out_and_the_discard_less_its_top_is_reshuffled() -> None:
    game, shuffler = scripted_game([ONE_TO_TWELVE] * 8, discard=0, later={(1, 1): _highest_first})
    assert len(game.draw_pile) == 53
    open_round(game, [(0, 1)] * 8)
    assert game.current == 0

    for turn in range(53):
        seat = turn % 8
        play(game, [(seat, draw()), (seat, swap(0))])
    assert game.draw_pile == []
    assert game.finisher is None
    assert len(game.discard) == 54
    assert game.current == 5
    assert draw() in game.legal_actions(5)
    old = list(game.discard)
    assert old[:9] == [0, 1, 1, 1, 1, 1, 1, 1, 1]
    expected = _highest_first(old[:-1])

    events = game.apply(5, draw())
    assert events == [Reshuffled(53), Drew(5, expected[0])]
    assert shuffler.calls[-1] == (tuple(old[:-1]), 1, 1)
    assert game.reshuffles == 1
    assert game.discard == [old[-1]]
    assert game.drawn == expected[0]
    assert game.draw_pile == expected[:0:-1]
    assert card_counts(game) == deck_counter()

    game.apply(5, swap(0))
    play(game, [(6, draw())])
    assert game.drawn == expected[1]
    assert card_counts(game) == deck_counter()
