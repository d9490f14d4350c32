"""Every bot returns one of the legal actions, in games of every size and setting."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.core import Seat
from games.core.policy import Policy
from games.sky_five import SkyFiveGame
from games.sky_five.levels import BOTS as SKY_FIVE_BOTS
from games.sky_five.settings import SkyFiveSettings
from games.skyjo import SkyjoGame, SkyjoSettings
from games.skyjo.bots import LONG_ROUND
from games.skyjo.levels import BOTS as SKYJO_BOTS
from games.skyjo.policies import GreedyPolicy
from games.skyjo_junior import JuniorGame, JuniorSettings
from games.skyjo_junior.levels import BOTS as JUNIOR_BOTS
from tests.properties.strategies import settings as skyjo_settings

FAST = settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])


class Checked:
    """Wraps a policy and asserts each of its choices is legal."""

    def __init__(self, policy: Policy) -> None:
        self.policy = policy
        self.decisions = 0

    def choose(self, actions: Sequence[Any], view: Callable[[], Any]) -> Any:
        chosen = self.policy.choose(actions, view)
        assert chosen in actions, (chosen, actions)
        self.decisions += 1
        return chosen


MAX_MOVES = 20_000


def play(game: Any, policies: list[Checked]) -> None:
    moves = 0
    while movers := game.to_move:
        moves += 1
        assert moves <= MAX_MOVES, "the game did not end"
        seat = movers[0]
        view = partial(game.view, seat)
        game.apply(seat, policies[seat].choose(game.legal_actions(seat), view))


def seats(players: int) -> list[Seat]:
    return [Seat(name=f"P{i}", bot=True) for i in range(players)]


def line_up(
    names: list[str], players: int, rng: random.Random, bots: dict[str, Any]
) -> list[Checked]:
    return [
        Checked(bots[names[(i + rng.randrange(len(names))) % len(names)]](rng))
        for i in range(players)
    ]


@FAST
@given(skyjo_settings(), st.integers(2, 5), st.integers(0, 2**40))
def test_skyjo_bots_play_legal_actions(chosen: SkyjoSettings, players: int, seed: int) -> None:
    chosen = chosen.model_copy(update={"target_score": 10})
    try:
        chosen.check_seats(players)
    except Exception:
        players = 2
    game = SkyjoGame.new(chosen, seats(players), seed)
    rng = random.Random(seed)
    policies = line_up(["easy", "normal", "hard", "greedy"], players, rng, SKYJO_BOTS)
    play(game, policies)
    assert game.is_over
    assert sum(p.decisions for p in policies) > 0


@FAST
@given(st.integers(2, 6), st.integers(4, 12), st.integers(0, 2**40))
def test_junior_bots_play_legal_actions(players: int, copies: int, seed: int) -> None:
    chosen = JuniorSettings(copies_per_value=copies)
    try:
        chosen.check_seats(players)
    except Exception:
        chosen = JuniorSettings()
    game = JuniorGame.new(chosen, seats(players), seed)
    rng = random.Random(seed)
    play(game, line_up(["easy", "normal", "hard", "greedy"], players, rng, JUNIOR_BOTS))
    assert game.is_over


@FAST
@given(st.integers(2, 6), st.integers(0, 2**40))
def test_sky_five_bots_play_legal_actions(players: int, seed: int) -> None:
    game = SkyFiveGame.new(SkyFiveSettings(), seats(players), seed)
    rng = random.Random(seed)
    play(game, line_up(["easy", "normal", "hard", "cautious"], players, rng, SKY_FIVE_BOTS))
    assert game.is_over


def test_a_long_round_is_played_by_the_baseline_so_that_it_ends() -> None:
    game = SkyjoGame.new(SkyjoSettings(), seats(2), 3)
    while game.phase == "opening":
        seat = game.to_move[0]
        game.apply(seat, game.legal_actions(seat)[0])
    game.turns = LONG_ROUND * 2
    seat = game.current
    for salt in range(20):
        hard = SKYJO_BOTS["hard"](random.Random(salt)).choose(
            game.legal_actions(seat), partial(game.view, seat)
        )
        greedy = GreedyPolicy(random.Random(salt)).choose(
            game.legal_actions(seat), partial(game.view, seat)
        )
        assert hard == greedy
