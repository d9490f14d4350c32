"""Skyjo's bots estimate a card's placement from their grid's own estimate, changing only what
the placement changes: the same value as estimating the whole grid after it, to within
rounding, for every level, card and slot of positions met in real games."""

from __future__ import annotations

import random
from functools import partial

import pytest

from games.core.seats import Seat
from games.skyjo.bots import CLEARED, LEVELS, _code, _Decision
from games.skyjo.game import SkyjoGame
from games.skyjo.levels import bot_policy
from games.skyjo.settings import SkyjoSettings


@pytest.mark.parametrize(
    ("players", "settings"),
    [
        (2, SkyjoSettings()),
        (3, SkyjoSettings(clear_rows=True)),
        (4, SkyjoSettings(rows=2, columns=3, clear_rows=True)),
    ],
)
def test_a_placements_estimate_equals_the_whole_grids(
    players: int, settings: SkyjoSettings
) -> None:
    seats = [Seat(name=f"P{number}", bot=True) for number in range(players)]
    game = SkyjoGame.new(settings, seats, seed=players)
    rng = random.Random(players)
    bot = bot_policy("hard", rng)
    compared = 0
    while game.to_move and compared < 20_000:
        seat = game.to_move[0]
        view = game.view(seat)
        if view.phase in ("turn", "drawn"):
            for level in LEVELS.values():
                decision = _Decision(view, level)
                cards = [_code(card) for card in view.players[seat].cards]
                for slot, here in enumerate(cards):
                    if here == CLEARED:
                        continue
                    for card in range(-2, 13):
                        whole = decision.outcome(decision.place(cards, slot, card))
                        assert decision.placed_outcome(cards, slot, card) == pytest.approx(
                            whole, abs=1e-9
                        )
                        compared += 1
        game.apply(seat, bot.choose(game.legal_actions(seat), partial(game.view, seat)))
    assert compared > 1_000
