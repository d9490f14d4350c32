"""Hypothesis strategies for Skyjo games: settings, seats and seeded choices."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

from hypothesis import strategies as st

from games.core import InvalidSettings, Seat
from games.skyjo import PenaltyType, SkyjoGame, SkyjoSettings
from games.skyjo.actions import Action
from games.skyjo.cards import DECK


@dataclass(frozen=True)
class Setup:
    settings: SkyjoSettings
    players: int
    seed: int
    choices: int

    def new_game(self) -> SkyjoGame:
        seats = [Seat(name=f"P{i}", bot=i > 0) for i in range(self.players)]
        return SkyjoGame.new(self.settings, seats, self.seed)


@st.composite
def settings(draw: st.DrawFn) -> SkyjoSettings:
    rows = draw(st.integers(2, 4))
    columns = draw(st.integers(2, 5))
    return SkyjoSettings(
        target_score=draw(st.sampled_from([10, 30, 60, 100])),
        rows=rows,
        columns=columns,
        opening_flips=draw(st.integers(0, min(rows * columns - 1, 5))),
        clear_columns=draw(st.booleans()),
        clear_rows=draw(st.booleans()),
        penalty=draw(st.sampled_from(list(PenaltyType))),
        penalty_factor=draw(st.integers(1, 4)),
        penalty_flat=draw(st.integers(0, 20)),
    )


@st.composite
def setups(draw: st.DrawFn) -> Setup:
    chosen = draw(settings())
    players = draw(st.integers(2, 8))
    try:
        chosen.check_seats(players)
    except InvalidSettings:
        players = 2
    return Setup(
        settings=chosen,
        players=players,
        seed=draw(st.integers(0, 2**62)),
        choices=draw(st.integers(0, 2**32)),
    )


def choose(game: SkyjoGame, rng: random.Random) -> tuple[int, Action]:
    """A seat to move and one of its legal actions, picked by `rng`."""
    seat = rng.choice(game.to_move)
    return seat, rng.choice(game.legal_actions(seat))


def cards_in_play(game: SkyjoGame) -> Counter[int]:
    cards: Counter[int] = Counter(game.draw_pile)
    cards.update(game.discard)
    for values in game.values:
        cards.update(v for v in values if v is not None)
    if game.drawn is not None:
        cards[game.drawn] += 1
    return cards


DECK_COUNTER = Counter(DECK)
