"""Invariants that hold for every game, whatever the seats, seed and choices."""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.games.sky_five.words import describe
from bot.i18n import Words
from games.core import IllegalAction
from games.sky_five import Action, SkyFiveGame, SkyFiveSettings
from games.sky_five.cards import colour_of, deck_counter, is_star
from games.sky_five.scoring import points
from tests.sky_five.scripting import card_counts, seats

MAX_MOVES = 5_000
DECK = deck_counter()
MANY = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
FEW = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
EN = Words("en")


@dataclass(frozen=True)
class Setup:
    players: int
    seed: int
    choices: int

    def new_game(self) -> SkyFiveGame:
        return SkyFiveGame.new(SkyFiveSettings(), seats(self.players), self.seed)


setups = st.builds(
    Setup, players=st.integers(2, 6), seed=st.integers(0, 2**62), choices=st.integers(0, 2**32)
)


def choose(game: SkyFiveGame, rng: random.Random) -> tuple[int, Action]:
    """The seat to move and one of its legal actions, picked by `rng`."""
    seat = game.to_move[0]
    return seat, rng.choice(game.legal_actions(seat))


def play_out(setup: Setup) -> tuple[SkyFiveGame, list[tuple[int, Action]], list[str]]:
    game = setup.new_game()
    rng = random.Random(setup.choices)
    actions: list[tuple[int, Action]] = []
    events: list[str] = []
    while not game.is_over:
        assert len(actions) < MAX_MOVES, "the game did not end"
        seat, action = choose(game, rng)
        actions.append((seat, action))
        events.extend(describe(e, game.names, EN) for e in game.apply(seat, action))
    return game, actions, events


@MANY
@given(setups)
def test_every_card_is_accounted_for_and_the_mover_can_always_act(setup: Setup) -> None:
    game = setup.new_game()
    rng = random.Random(setup.choices)
    assert card_counts(game) == DECK
    for _ in range(MAX_MOVES):
        if game.is_over:
            break
        assert len(game.to_move) == 1
        for seat in range(setup.players):
            legal = game.legal_actions(seat)
            assert bool(legal) == (seat in game.to_move)
        game.apply(*choose(game, rng))
        assert card_counts(game) == DECK
        for up, mask in zip(game.face_up, game.colours, strict=True):
            colours = [colour_of(c) for c in up if not is_star(c)]
            assert len(set(colours)) == len(colours), "nobody holds two cards of one colour"
            assert len(colours) < 5, "a fifth colour is banked at once"
            assert mask == sum(1 << c for c in colours)
    assert game.is_over, "the game did not end"
    assert game.to_move == ()
    assert all(game.legal_actions(seat) == () for seat in range(setup.players))
    assert game.draw_pile == []
    assert all(game.final_done)
    assert game.face_up == [[] for _ in range(setup.players)]
    scores = [points(pile) for pile in game.banked]
    keys = [(points(pile), len(pile)) for pile in game.banked]
    assert game.winners == tuple(s for s, key in enumerate(keys) if key == max(keys))
    assert max(scores) == scores[game.winners[0]]


@MANY
@given(setups)
def test_same_seed_and_actions_replay_the_same_game(setup: Setup) -> None:
    first, actions, events = play_out(setup)
    replay = setup.new_game()
    replayed: list[str] = []
    for seat, action in actions:
        replayed.extend(describe(e, replay.names, EN) for e in replay.apply(seat, action))
    assert replayed == events
    assert replay.to_json() == first.to_json()


@MANY
@given(setups, st.integers(0, 300))
def test_json_round_trip_is_exact_and_play_continues_identically(setup: Setup, stop: int) -> None:
    game = setup.new_game()
    rng = random.Random(setup.choices)
    for _ in range(stop):
        if game.is_over:
            break
        game.apply(*choose(game, rng))
    saved = game.to_json()
    restored = SkyFiveGame.from_json(saved)
    assert restored.to_json() == saved
    assert restored.to_move == game.to_move
    assert restored.view(0) == game.view(0)
    while not game.is_over:
        seat, action = choose(game, rng)
        assert restored.legal_actions(seat) == game.legal_actions(seat)
        assert restored.apply(seat, action) == game.apply(seat, action)
    assert restored.to_json() == game.to_json()


def _hide_from(game: SkyFiveGame, viewer: int | None, rng: random.Random) -> SkyFiveGame:
    """The game with everything `viewer` may not see redistributed at random: the draw pile,
    the removed cards and other seats' banked cards, each keeping its size."""
    state = game.to_state()
    hidden_piles = [state.draw_pile, state.removed] + [
        pile for seat, pile in enumerate(state.banked) if seat != viewer
    ]
    pool = [card for pile in hidden_piles for card in pile]
    rng.shuffle(pool)
    for pile in hidden_piles:
        size = len(pile)
        pile[:] = pool[:size]
        del pool[:size]
    return SkyFiveGame.from_state(state)


@FEW
@given(setups)
def test_no_view_reveals_the_deck_the_removed_cards_or_other_banked_cards(setup: Setup) -> None:
    game = setup.new_game()
    rng = random.Random(setup.choices)
    viewers: list[int | None] = [None, *range(setup.players)]
    while not game.is_over:
        viewer = rng.choice(viewers)
        altered = _hide_from(game, viewer, rng)
        assert altered.view(viewer) == game.view(viewer)
        game.apply(*choose(game, rng))


ATTEMPTS = st.lists(
    st.tuples(
        st.integers(-1, 6),
        st.sampled_from(["draw", "bank", "give", "take", "pass", "flip"]),
        st.integers(-2, 12),
    ),
    max_size=40,
)


@MANY
@given(setups, ATTEMPTS)
def test_an_illegal_action_raises_and_changes_nothing(
    setup: Setup, attempts: list[tuple[int, str, int]]
) -> None:
    game = setup.new_game()
    rng = random.Random(setup.choices)
    for seat, kind, target in attempts:
        if game.is_over:
            break
        action = Action(kind, target)  # type: ignore[arg-type]
        if action in game.legal_actions(seat):
            game.apply(seat, action)
            continue
        before = game.to_json()
        with pytest.raises(IllegalAction) as raised:
            game.apply(seat, action)
        assert raised.value.message
        assert game.to_json() == before
        game.apply(*choose(game, rng))


@settings(max_examples=15, deadline=None)
@given(setups)
def test_global_random_state_does_not_affect_the_game(setup: Setup) -> None:
    _, _, undisturbed = play_out(setup)
    game = setup.new_game()
    rng = random.Random(setup.choices)
    disturbed: list[str] = []
    while not game.is_over:
        random.seed(random.random())
        seat, action = choose(game, rng)
        disturbed.extend(describe(e, game.names, EN) for e in game.apply(seat, action))
    assert disturbed == undisturbed
