"""Invariants that hold for every game, whatever the deck, seats, seed and choices."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.core import IllegalAction, Seat
from games.skyjo_junior import Action, JuniorGame, JuniorSettings
from games.skyjo_junior.cards import deck_counter
from games.skyjo_junior.events import Declined, Event, GameOver, LastMoves, Swapped
from tests.skyjo_junior.scripting import card_counts

MAX_MOVES = 20_000
MARKER = 987_654_321
MANY = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
FEW = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@dataclass(frozen=True)
class Setup:
    settings: JuniorSettings
    players: int
    seed: int
    choices: int

    def new_game(self) -> JuniorGame:
        seats = [Seat(name=f"P{i}", bot=i > 0) for i in range(self.players)]
        return JuniorGame.new(self.settings, seats, self.seed)


@st.composite
def setups(draw: st.DrawFn) -> Setup:
    copies = draw(st.integers(4, 20))
    fitting = min(8, (copies * 12 - 2) // 12)
    return Setup(
        settings=JuniorSettings(copies_per_value=copies),
        players=draw(st.integers(2, fitting)),
        seed=draw(st.integers(0, 2**62)),
        choices=draw(st.integers(0, 2**32)),
    )


def choose(game: JuniorGame, rng: random.Random) -> tuple[int, Action]:
    """A seat to move and one of its legal actions, picked by `rng`."""
    seat = rng.choice(game.to_move)
    return seat, rng.choice(game.legal_actions(seat))


def play_out(setup: Setup) -> tuple[JuniorGame, list[tuple[int, Action]], list[Event]]:
    game = setup.new_game()
    rng = random.Random(setup.choices)
    actions: list[tuple[int, Action]] = []
    events: list[Event] = []
    while not game.is_over:
        assert len(actions) < MAX_MOVES, "the game did not end"
        seat, action = choose(game, rng)
        actions.append((seat, action))
        events += game.apply(seat, action)
    return game, actions, events


@MANY
@given(setups())
def test_every_card_is_accounted_for_someone_can_move_and_the_game_ends(setup: Setup) -> None:
    game = setup.new_game()
    deck = deck_counter(setup.settings.copies_per_value)
    rng = random.Random(setup.choices)
    assert card_counts(game) == deck
    moves = 0
    while not game.is_over:
        movers = game.to_move
        assert len(movers) == 1
        for seat in range(setup.players):
            assert bool(game.legal_actions(seat)) == (seat in movers)
        seat, action = choose(game, rng)
        game.apply(seat, action)
        assert card_counts(game) == deck
        moves += 1
        assert moves < MAX_MOVES
    assert not game.to_move
    assert all(game.legal_actions(seat) == () for seat in range(setup.players))
    assert game.finisher is not None
    assert game.points is not None and game.winners is not None
    assert all(not hidden for hidden in game.hidden)
    best = max(game.points)
    assert game.winners == tuple(s for s, p in enumerate(game.points) if p == best)
    assert [p.visible_points for p in game.view(None).players] == list(game.points)


@MANY
@given(setups())
def test_each_player_after_the_finisher_has_exactly_one_more_move(setup: Setup) -> None:
    game, _, events = play_out(setup)
    finisher = game.finisher
    assert finisher is not None
    start = [i for i, e in enumerate(events) if isinstance(e, LastMoves)]
    assert len(start) == 1
    before = [e.seat for e in events[: start[0]] if isinstance(e, Swapped | Declined)]
    after = [e.seat for e in events[start[0] :] if isinstance(e, Swapped | Declined)]
    n = setup.players
    assert before[-1] == finisher
    assert after == [(finisher + step) % n for step in range(1, n)]
    assert events[start[0]] == LastMoves(finisher, tuple(after))
    assert [type(e) for e in events].count(GameOver) == 1
    assert isinstance(events[-1], GameOver)


@MANY
@given(setups())
def test_same_seed_and_actions_replay_the_same_game(setup: Setup) -> None:
    first, actions, events = play_out(setup)
    replay = setup.new_game()
    replayed: list[Event] = []
    for seat, action in actions:
        replayed += replay.apply(seat, action)
    assert replayed == events
    assert replay.to_json() == first.to_json()


@MANY
@given(setups(), st.integers(0, 300))
def test_json_round_trip_is_exact_and_play_continues_identically(setup: Setup, stop: int) -> None:
    game = setup.new_game()
    rng = random.Random(setup.choices)
    for _ in range(stop):
        if game.is_over:
            break
        game.apply(*choose(game, rng))
    saved = game.to_json()
    restored = JuniorGame.from_json(saved)
    assert restored.to_json() == saved
    assert restored.to_move == game.to_move
    while not game.is_over:
        seat, action = choose(game, rng)
        assert restored.legal_actions(seat) == game.legal_actions(seat)
        assert restored.apply(seat, action) == game.apply(seat, action)
    assert restored.to_json() == game.to_json()


@FEW
@given(setups())
def test_no_view_depends_on_a_face_down_card(setup: Setup) -> None:
    """Changing every face-down card (grids and draw pile) changes nothing any seat sees."""
    game = setup.new_game()
    rng = random.Random(setup.choices)
    seats: list[int | None] = [None, *range(setup.players)]
    while not game.is_over:
        views = [game.view(seat).model_dump_json() for seat in seats]
        for replace in (lambda _: MARKER, lambda value: value % 12 + 1):
            altered = JuniorGame.from_json(game.to_json())
            for seat, values in enumerate(altered.values):
                for slot in range(12):
                    if altered.hidden[seat] >> slot & 1:
                        values[slot] = replace(values[slot])
            altered.draw_pile = [replace(card) for card in reversed(altered.draw_pile)]
            assert [altered.view(seat).model_dump_json() for seat in seats] == views
        assert all(str(MARKER) not in view for view in views)
        game.apply(*choose(game, rng))


@MANY
@given(
    setups(),
    st.lists(
        st.tuples(
            st.integers(-1, 8),
            st.sampled_from(["take", "draw", "swap", "decline_flip", "pass"]),
            st.integers(-2, 13),
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
        if action in game.legal_actions(seat):
            game.apply(seat, action)
            continue
        before = game.to_json()
        with pytest.raises(IllegalAction) as raised:
            game.apply(seat, action)
        assert raised.value.message
        assert game.to_json() == before
        game.apply(*choose(game, rng))


@settings(max_examples=20, deadline=None)
@given(setups())
def test_global_random_state_does_not_affect_the_game(setup: Setup) -> None:
    _, _, undisturbed = play_out(setup)
    game = setup.new_game()
    rng = random.Random(setup.choices)
    disturbed: list[Event] = []
    while not game.is_over:
        random.seed(random.random())
        disturbed += game.apply(*choose(game, rng))
    assert disturbed == undisturbed


def test_random_play_covers_every_kind_of_action() -> None:
    kinds: Counter[str] = Counter()
    for seed in range(20):
        _, actions, _ = play_out(Setup(JuniorSettings(), 4, seed, seed))
        kinds.update(action.kind for _, action in actions)
    assert set(kinds) == {"take", "draw", "swap", "decline_flip"}
