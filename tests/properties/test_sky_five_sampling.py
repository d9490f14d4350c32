"""A Sky Five game sampled from a seat's view shows that seat exactly its view, deals it only the
cards the view leaves unseen, is the same for the same view and generator, whatever the true
deal, and plays on by the rules to its end."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.core import Seat
from games.sky_five import SkyFiveGame, SkyFiveSettings
from games.sky_five.cards import deck_counter
from games.sky_five.sampling import sampled_game, unseen
from games.sky_five.settings import MAX_SEATS, MIN_SEATS
from games.sky_five.state import Phase
from tests.sky_five.test_properties import choose

SAMPLED = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
MAX_MOVES = 5_000
DECK = deck_counter()
PHASES: tuple[Phase, ...] = ("turn", "give", "bust")


@dataclass(frozen=True)
class Setup:
    settings: SkyFiveSettings
    players: int
    seed: int
    choices: int

    def new_game(self) -> SkyFiveGame:
        seats = [Seat(name=f"P{i}", bot=i > 0) for i in range(self.players)]
        return SkyFiveGame.new(self.settings, seats, self.seed)


@st.composite
def setups(draw: st.DrawFn) -> Setup:
    chosen = SkyFiveSettings(
        turn_seconds=draw(st.none() | st.integers(10, 3600)),
        bust_seconds=draw(st.integers(10, 300)),
        hints=draw(st.booleans()),
    )
    return Setup(
        settings=chosen,
        players=draw(st.integers(MIN_SEATS, MAX_SEATS)),
        seed=draw(st.integers(0, 2**62)),
        choices=draw(st.integers(0, 2**32)),
    )


def advanced(setup: Setup, moves: int, phase: Phase = "turn") -> SkyFiveGame:
    """The game after `moves` random moves, then on until a decision of `phase` (or the end):
    gifts and busts are rare where play happens to stop."""
    game = setup.new_game()
    rng = random.Random(setup.choices)
    played = 0
    while not game.is_over and (played < moves or game.phase != phase):
        game.apply(*choose(game, rng))
        played += 1
    return game


def hidden_cards(game: SkyFiveGame, viewer: int | None) -> Counter[int]:
    """The draw pile, the removed cards and the banked piles `viewer` does not see."""
    cards: Counter[int] = Counter(game.draw_pile)
    cards.update(game.removed)
    if not game.is_over:
        for seat, pile in enumerate(game.banked):
            if seat != viewer:
                cards.update(pile)
    return cards


def public_state(game: SkyFiveGame, viewer: int) -> dict[str, Any]:
    """The saved state less what `viewer` does not see or a sample may choose afresh."""
    state = game.to_state().model_dump()
    for field in ("seed", "draw_pile", "removed", "rolls", "busts", "sky_fives"):
        del state[field]
    if game.is_over:
        del state["current"]
    else:
        state["banked"] = state["banked"][viewer]
    return state


def card_counts(game: SkyFiveGame) -> Counter[int]:
    cards = Counter(game.draw_pile + game.removed + game.discard)
    for pile in (*game.face_up, *game.banked):
        cards.update(pile)
    if game.pending is not None:
        cards[game.pending] += 1
    return cards


@SAMPLED
@given(setups(), st.integers(0, 250), st.sampled_from(PHASES), st.integers(0, 2**32))
def test_a_sampled_game_shows_the_seat_its_view_and_deals_only_unseen_cards(
    setup: Setup, moves: int, phase: Phase, seed: int
) -> None:
    game = advanced(setup, moves, phase)
    for seat in game.to_move or (0,):
        view = game.view(seat)
        sampled = sampled_game(view, random.Random(seed))
        assert sampled.view(seat) == view
        assert hidden_cards(sampled, seat) == unseen(view) == hidden_cards(game, seat)
        assert sampled.legal_actions(seat) == game.legal_actions(seat)
        assert public_state(sampled, seat) == public_state(game, seat)
    spectator = game.view(None)
    sampled = sampled_game(spectator, random.Random(seed))
    assert sampled.view(None) == spectator
    assert hidden_cards(sampled, None) == unseen(spectator) == hidden_cards(game, None)


@SAMPLED
@given(setups(), st.integers(1, 250), st.sampled_from(PHASES), st.integers(0, 2**32))
def test_the_sample_depends_on_the_view_alone(
    setup: Setup, moves: int, phase: Phase, seed: int
) -> None:
    game = advanced(setup, moves, phase)
    seat = game.to_move[0] if game.to_move else 0
    view = game.view(seat)
    other = sampled_game(view, random.Random(seed + 1))
    assert other.view(seat) == view, "another deal behind the same view"
    one = sampled_game(view, random.Random(seed)).to_state()
    two = sampled_game(other.view(seat), random.Random(seed)).to_state()
    assert one == two


@SAMPLED
@given(setups(), st.integers(0, 200), st.sampled_from(PHASES), st.integers(0, 2**32))
def test_a_sampled_game_plays_on_by_the_rules_to_its_end(
    setup: Setup, moves: int, phase: Phase, seed: int
) -> None:
    game = advanced(setup, moves, phase)
    seat = game.to_move[0] if game.to_move else 0
    sampled = sampled_game(game.view(seat), random.Random(seed))
    rng = random.Random(seed)
    for _ in range(MAX_MOVES):
        if sampled.is_over:
            break
        assert len(sampled.to_move) == 1
        for other in range(setup.players):
            assert bool(sampled.legal_actions(other)) == (other in sampled.to_move)
        sampled.apply(*choose(sampled, rng))
        assert card_counts(sampled) == DECK
        assert SkyFiveGame.from_json(sampled.to_json()).to_json() == sampled.to_json()
    assert sampled.is_over, "the sampled game did not end"
    assert sampled.draw_pile == [] and all(sampled.final_done)
    assert sampled.face_up == [[] for _ in range(setup.players)]
