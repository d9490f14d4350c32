"""Invariants that hold for every game, whatever the settings, seats, seed and choices."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.core import IllegalAction
from games.skyjo import SkyjoGame
from games.skyjo.actions import Action
from tests.properties.strategies import DECK_COUNTER, Setup, cards_in_play, choose, setups

MAX_MOVES = 50_000
MARKER = 987_654_321
MANY = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SLOW = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def play_out(setup: Setup) -> tuple[SkyjoGame, list[tuple[int, Action]], list[Any]]:
    game = setup.new_game()
    rng = random.Random(setup.choices)
    actions: list[tuple[int, Action]] = []
    events: list[Any] = []
    while not game.is_over:
        assert len(actions) < MAX_MOVES, "the game did not end"
        seat, action = choose(game, rng)
        actions.append((seat, action))
        events.extend(game.apply(seat, action))
    return game, actions, events


@MANY
@given(setups())
def test_every_card_is_always_accounted_for_and_someone_can_move(setup: Setup) -> None:
    game = setup.new_game()
    rng = random.Random(setup.choices)
    assert cards_in_play(game) == DECK_COUNTER
    moves = 0
    while not game.is_over:
        movers = game.to_move
        assert movers, "nobody is to move in a running game"
        for seat in movers:
            assert game.legal_actions(seat), f"seat {seat} is to move but has no legal action"
        seat, action = choose(game, rng)
        game.apply(seat, action)
        assert cards_in_play(game) == DECK_COUNTER
        moves += 1
        assert moves < MAX_MOVES
    assert game.to_move == ()
    assert all(game.legal_actions(seat) == () for seat in range(setup.players))
    assert game.winners
    assert max(game.totals) >= setup.settings.target_score
    assert [game.totals[w] for w in game.winners] == [min(game.totals)] * len(game.winners)


@MANY
@given(setups())
def test_same_seed_and_actions_replay_the_same_game(setup: Setup) -> None:
    first, actions, events = play_out(setup)
    replay = setup.new_game()
    replayed: list[Any] = []
    for seat, action in actions:
        replayed.extend(replay.apply(seat, action))
    assert replayed == events
    assert replay.to_json() == first.to_json()


@MANY
@given(setups(), st.integers(0, 400))
def test_json_round_trip_is_exact_and_play_continues_identically(setup: Setup, stop: int) -> None:
    game = setup.new_game()
    rng = random.Random(setup.choices)
    for _ in range(stop):
        if game.is_over:
            break
        game.apply(*choose(game, rng))
    saved = game.to_json()
    restored = SkyjoGame.from_json(saved)
    assert restored.to_json() == saved
    assert restored.to_move == game.to_move
    state = rng.getstate()
    while not game.is_over:
        seat, action = choose(game, rng)
        assert restored.legal_actions(seat) == game.legal_actions(seat)
        assert restored.apply(seat, action) == game.apply(seat, action)
    rng.setstate(state)
    assert restored.to_json() == game.to_json()


@SLOW
@given(setups())
def test_no_view_depends_on_a_face_down_card(setup: Setup) -> None:
    """Changing every face-down card's value changes nothing any seat can see."""
    game = setup.new_game()
    rng = random.Random(setup.choices)
    while not game.is_over:
        views = [game.view(seat).to_json() for seat in range(setup.players)]
        altered = SkyjoGame.from_json(game.to_json())
        for seat, values in enumerate(altered.values):
            for slot in range(len(values)):
                if altered.hidden[seat] >> slot & 1:
                    values[slot] = MARKER
        altered_views = [altered.view(seat).to_json() for seat in range(setup.players)]
        assert altered_views == views
        assert all(str(MARKER) not in view for view in altered_views)
        game.apply(*choose(game, rng))


@MANY
@given(
    setups(),
    st.lists(
        st.tuples(
            st.integers(-1, 8),
            st.sampled_from(["reveal", "take", "draw", "swap", "flip", "pass"]),
            st.integers(-2, 21),
        ),
        max_size=40,
    ),
)
def test_an_illegal_action_raises_and_changes_nothing(
    setup: Setup, attempts: list[tuple[int, str, int]]
) -> None:
    game = setup.new_game()
    rng = random.Random(setup.choices)
    for seat, kind, slot in attempts:
        if game.is_over:
            break
        action = Action(kind, slot)  # type: ignore[arg-type]
        before = game.to_json()
        if action in game.legal_actions(seat):
            game.apply(seat, action)
            continue
        with pytest.raises(IllegalAction) as raised:
            game.apply(seat, action)
        assert raised.value.message
        assert game.to_json() == before
        game.apply(*choose(game, rng))


@settings(max_examples=30, deadline=None)
@given(setups())
def test_global_random_state_does_not_affect_the_game(setup: Setup) -> None:
    _, _, undisturbed = play_out(setup)
    game = setup.new_game()
    rng = random.Random(setup.choices)
    disturbed: list[Any] = []
    while not game.is_over:
        random.seed(random.random())
        seat, action = choose(game, rng)
        disturbed.extend(game.apply(seat, action))
    assert disturbed == undisturbed
