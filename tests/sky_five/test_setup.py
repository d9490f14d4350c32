from collections import Counter

import pytest

from bot.games.sky_five.words import card_name
from bot.i18n import Words
from games.core import InvalidSettings
from games.sky_five import SkyFiveGame, SkyFiveSettings, bank, draw, first_player
from games.sky_five.cards import DECK, DECK_SIZE, deck_counter
from games.sky_five.events import Drew
from tests.sky_five.scripting import B, G, R, S, card_counts, deck_order, scripted_game, seats


def test_the_deck_has_106_cards_twenty_per_colour_and_six_stars() -> None:
    assert DECK_SIZE == 106
    by_colour = Counter(card // 10 for card in DECK)
    assert by_colour == {0: 20, 1: 20, 2: 20, 3: 20, 4: 20, 5: 6}
    reds = Counter(card % 10 for card in DECK if card // 10 == 0)
    assert reds == {0: 2, 1: 3, 2: 3, 3: 3, 4: 3, 5: 3, 6: 3}
    assert sorted(card_name(c, Words("en")) for c in DECK if c // 10 == 5) == [
        f"Shooting Star {n}" for n in range(1, 7)
    ]


@pytest.mark.parametrize(("players", "removed"), [(2, 52), (3, 39), (4, 26), (5, 13), (6, 0)])
def test_cards_removed_at_setup_by_seat_count(players: int, removed: int) -> None:
    game = SkyFiveGame.new(SkyFiveSettings(), seats(players), seed=7)
    assert len(game.removed) == removed
    assert len(game.draw_pile) == 106 - removed
    assert card_counts(game) == deck_counter()
    view = game.view(0)
    assert (view.removed_count, view.draw_pile_size) == (removed, 106 - removed)


def test_the_removed_cards_are_the_bottom_of_the_shuffled_deck() -> None:
    game = scripted_game(4, draws=(R(4), S(2), B(0)))
    order = deck_order((R(4), S(2), B(0)))
    assert game.removed == order[80:]
    assert game.draw_pile[-3:] == [B(0), S(2), R(4)]
    assert [game.apply(seat, draw())[0] for seat in (0, 1, 2)] == [
        Drew(0, R(4), 79),
        Drew(1, S(2), 78),
        Drew(2, B(0), 77),
    ]


def test_the_first_player_comes_from_the_seed() -> None:
    starters = Counter(first_player(seed, 4) for seed in range(400))
    assert set(starters) == {0, 1, 2, 3}
    for seed in (3, 11, 12345):
        game = SkyFiveGame.new(SkyFiveSettings(), seats(4), seed)
        assert game.current == game.first == first_player(seed, 4)
        assert game.to_move == (game.first,)
        assert game.view(None).first == game.first


def test_the_same_seed_shuffles_the_same_deck_and_another_seed_does_not() -> None:
    one, same, other = (SkyFiveGame.new(SkyFiveSettings(), seats(3), s) for s in (5, 5, 6))
    assert one.to_json() == same.to_json()
    assert (one.draw_pile, one.removed) != (other.draw_pile, other.removed)


def test_the_first_turn_can_only_draw() -> None:
    game = scripted_game(2, first=1)
    assert game.to_move == (1,)
    assert game.legal_actions(1) == (draw(),)
    assert game.legal_actions(0) == ()
    assert bank() not in game.legal_actions(1)


def test_a_shuffler_that_loses_cards_is_refused() -> None:
    with pytest.raises(InvalidSettings, match="not the Sky Five deck"):
        SkyFiveGame.new(SkyFiveSettings(), seats(2), 1, shuffler=lambda cards: list(cards)[1:])


@pytest.mark.parametrize("players", [1, 7])
def test_seat_count_outside_two_to_six_is_refused(players: int) -> None:
    table = seats(6) + seats(1)
    with pytest.raises(InvalidSettings) as refused:
        SkyFiveGame.new(SkyFiveSettings(), table[:players], seed=1)
    assert refused.value.message == f"This game needs 2 to 6 players; seated: {players}."


def test_scripted_cards_stay_distinct_from_the_rest() -> None:
    assert Counter(deck_order((G(1), G(1), G(1)))) == deck_counter()
    with pytest.raises(ValueError, match="cannot supply"):
        deck_order((G(1), G(1), G(1), G(1)))
