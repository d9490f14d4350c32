"""A game sampled from a seat's view shows that seat exactly its view, deals it only the cards
the view leaves unseen, and is the same for the same view and generator, whatever the true deal."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.skyjo import SkyjoGame
from games.skyjo.sampling import sampled_game, unseen
from tests.properties.strategies import Setup, choose, setups

SAMPLED = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def advanced(setup: Setup, moves: int) -> SkyjoGame:
    game = setup.new_game()
    rng = random.Random(setup.choices)
    for _ in range(moves):
        if game.is_over:
            break
        game.apply(*choose(game, rng))
    return game


def hidden_cards(game: SkyjoGame) -> Counter[int]:
    cards: Counter[int] = Counter(game.draw_pile)
    for seat, values in enumerate(game.values):
        cards.update(
            v for s, v in enumerate(values) if v is not None and game.hidden[seat] >> s & 1
        )
    return cards


@SAMPLED
@given(setups(), st.integers(0, 400), st.integers(0, 2**32))
def test_a_sampled_game_shows_the_seat_its_view_and_deals_only_unseen_cards(
    setup: Setup, moves: int, seed: int
) -> None:
    game = advanced(setup, moves)
    for seat in game.to_move or (0,):
        view = game.view(seat)
        sampled = sampled_game(view, random.Random(seed))
        assert sampled.view(seat) == view
        assert hidden_cards(sampled) == unseen(view) == hidden_cards(game)
        assert sampled.legal_actions(seat) == game.legal_actions(seat)


@SAMPLED
@given(setups(), st.integers(1, 300), st.integers(0, 2**32))
def test_the_sample_depends_on_the_view_alone(setup: Setup, moves: int, seed: int) -> None:
    game = advanced(setup, moves)
    seat = game.to_move[0] if game.to_move else 0
    view = game.view(seat)
    other = sampled_game(view, random.Random(seed + 1))
    assert other.view(seat) == view, "another deal behind the same view"
    one = sampled_game(view, random.Random(seed)).to_state()
    two = sampled_game(other.view(seat), random.Random(seed)).to_state()
    assert one == two
