from collections.abc import Sequence

from bot.games.junior.words import describe
from bot.i18n import Words
from games.skyjo_junior import JuniorSettings, decline_flip, draw, swap
from games.skyjo_junior.cards import deck_counter
from games.skyjo_junior.events import Drew, Reshuffled
from games.skyjo_junior.scoring import GEOMETRY
from tests.skyjo_junior.scripting import card_counts, grid, play, scripted_game

EN = Words("en")
SMALL = JuniorSettings(copies_per_value=4)
ANA = grid((1, 2, 3, 4), (5, 6, 7, 8), (9, 10, 11, 12))
LEO = grid((12, 11, 10, 9), (8, 7, 6, 5), (4, 3, 2, 1))


def _highest_first(cards: Sequence[int]) -> list[int]:
    return sorted(cards, reverse=True)


def test_an_empty_draw_pile_is_refilled_from_the_discard_pile_less_its_top_card() -> None:
    game, shuffler = scripted_game(
        [ANA, LEO], discard=1, settings=SMALL, reshuffles={1: _highest_first}
    )
    assert len(game.draw_pile) == 48 - 24 - 1
    play(game, [(0, draw()), (0, decline_flip(0)), (1, draw()), (1, decline_flip(0))])
    for turn in range(21):
        seat = turn % 2
        play(game, [(seat, draw()), (seat, swap(0))])
    assert game.draw_pile == []
    assert len(game.discard) == 24
    assert game.to_move == (1,)
    assert game.legal_actions(1) == (game.legal_actions(1)[0], draw())
    old = list(game.discard)
    expected = _highest_first(old[:-1])

    events = game.apply(1, draw())
    assert events == [Reshuffled(23), Drew(1, expected[0])]
    assert describe(events[0], game.names, GEOMETRY, EN) == (
        "The draw pile ran out: the discard pile, less its top card, was shuffled into "
        "a new draw pile of 23 cards."
    )
    assert shuffler.calls[-1] == (tuple(old[:-1]), 1, 1)
    assert game.reshuffles == 1
    assert game.discard == [old[-1]]
    assert game.held == expected[0]
    assert game.draw_pile == expected[:0:-1]
    assert game.view(0).draw_pile_size == 22
    assert card_counts(game) == deck_counter(4)

    game.apply(1, swap(0))
    game.apply(0, draw())
    assert game.held == expected[1]
    assert card_counts(game) == deck_counter(4)
