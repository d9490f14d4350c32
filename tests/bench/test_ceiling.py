"""The ceiling bench: the clairvoyant bot uses the card it sees coming, and the figure is a win
share with its interval."""

from __future__ import annotations

import random
from functools import partial

import pytest

from bench.ceiling import FORESIGHT, measure, play, sky_five_foresight
from games.sky_five.actions import BANK
from games.sky_five.cards import COLOUR_BIT
from games.sky_five.levels import bot_policy
from games.sky_five.simulation import create


def test_seeing_a_bust_coming_the_sky_five_clairvoyant_banks() -> None:
    """Wherever the next card is of a colour every player holds (a bust if drawn), it banks."""
    seen_coming = 0
    for number in range(12):
        game = create(2, 100 + number)
        bot = bot_policy("hard", random.Random(number))
        while game.phase != "over":
            seat = game.to_move[0]
            actions = tuple(game.legal_actions(seat))
            chosen = sky_five_foresight(game, seat, actions)
            if chosen is not None:
                bit = COLOUR_BIT[game.draw_pile[-1]]
                if bit and all(game.colours[s] & bit for s in range(2)):
                    seen_coming += 1
                    assert chosen == BANK
            game.apply(seat, bot.choose(actions, partial(game.view, seat)))
    assert seen_coming > 0


@pytest.mark.parametrize("kind", sorted(FORESIGHT))
def test_the_foresight_changes_moves_and_the_figure_is_a_share(kind: str) -> None:
    assert sum(play(kind, 5, number)[1] for number in range(4)) > 0
    result = measure(kind, games=4, seed=3, workers=1)
    assert result["games"] == 4
    assert 0.0 <= result["win_share"] <= 1.0
    assert result["interval_95"] >= 0.0
