"""A Skyjo Junior game sampled from a seat's view shows that seat exactly its view, deals it only
the cards the view leaves unseen, is the same for the same view and generator, whatever the true
deal, and plays on by the rules to its end."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.skyjo_junior import JuniorGame, JuniorSettings
from games.skyjo_junior.cards import deck_counter
from games.skyjo_junior.sampling import sampled_game, unseen
from games.skyjo_junior.settings import GRID_SLOTS, MAX_SEATS, MIN_SEATS
from tests.skyjo_junior.test_properties import Setup, choose

SAMPLED = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
PLAYED_ON = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
MAX_MOVES = 20_000


@st.composite
def setups(draw: st.DrawFn) -> Setup:
    copies = draw(st.integers(4, 20))
    fitting = min(MAX_SEATS, (copies * 12 - 2) // GRID_SLOTS)
    chosen = JuniorSettings(
        copies_per_value=copies,
        turn_seconds=draw(st.none() | st.integers(10, 3600)),
        hints=draw(st.booleans()),
    )
    return Setup(
        settings=chosen,
        players=draw(st.integers(MIN_SEATS, fitting)),
        seed=draw(st.integers(0, 2**62)),
        choices=draw(st.integers(0, 2**32)),
    )


def advanced(setup: Setup, moves: int) -> JuniorGame:
    game = setup.new_game()
    rng = random.Random(setup.choices)
    for _ in range(moves):
        if game.is_over:
            break
        game.apply(*choose(game, rng))
    return game


def hidden_cards(game: JuniorGame) -> Counter[int]:
    cards: Counter[int] = Counter(game.draw_pile)
    for seat, values in enumerate(game.values):
        cards.update(v for s, v in enumerate(values) if game.hidden[seat] >> s & 1)
    return cards


def public_state(game: JuniorGame) -> dict[str, Any]:
    """The saved state less what the view hides or a sample may choose afresh."""
    state = game.to_state().model_dump()
    for field in ("seed", "values", "draw_pile", "reshuffles"):
        del state[field]
    if game.is_over:
        del state["current"]
    return state


def card_counts(game: JuniorGame) -> Counter[int]:
    cards = Counter(game.draw_pile)
    cards.update(game.discard)
    for values in game.values:
        cards.update(values)
    if game.held is not None:
        cards[game.held] += 1
    return cards


@SAMPLED
@given(setups(), st.integers(0, 250), st.integers(0, 2**32))
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
        assert public_state(sampled) == public_state(game)
    spectator = game.view(None)
    assert sampled_game(spectator, random.Random(seed)).view(None) == spectator


@SAMPLED
@given(setups(), st.integers(1, 250), st.integers(0, 2**32))
def test_the_sample_depends_on_the_view_alone(setup: Setup, moves: int, seed: int) -> None:
    game = advanced(setup, moves)
    seat = game.to_move[0] if game.to_move else 0
    view = game.view(seat)
    other = sampled_game(view, random.Random(seed + 1))
    assert other.view(seat) == view, "another deal behind the same view"
    one = sampled_game(view, random.Random(seed)).to_state()
    two = sampled_game(other.view(seat), random.Random(seed)).to_state()
    assert one == two


@PLAYED_ON
@given(setups(), st.integers(0, 200), st.integers(0, 2**32))
def test_a_sampled_game_plays_on_by_the_rules_to_its_end(
    setup: Setup, moves: int, seed: int
) -> None:
    game = advanced(setup, moves)
    seat = game.to_move[0] if game.to_move else 0
    sampled = sampled_game(game.view(seat), random.Random(seed))
    deck = deck_counter(setup.settings.copies_per_value)
    rng = random.Random(seed)
    for _ in range(MAX_MOVES):
        if sampled.is_over:
            break
        sampled.apply(*choose(sampled, rng))
        assert card_counts(sampled) == deck
        assert sampled.turns == sampled.moves // 2
        assert JuniorGame.from_json(sampled.to_json()).to_json() == sampled.to_json()
    assert sampled.is_over, "the sampled game did not end"
    assert sampled.points is not None and sampled.winners is not None
    assert not any(sampled.hidden)
