"""The expert bots search only what their seat can see, and choose the same move for the same
view and seed."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from functools import partial
from typing import Any

import pytest

from games.catalog import GAMES
from games.core.engine import Engine
from games.core.search import SearchBot
from games.sky_five.sampling import sampled_game as sky_five_sampled
from games.skyjo.expert import SkyjoSearch
from games.skyjo.sampling import sampled_game as skyjo_sampled
from games.skyjo_junior.sampling import sampled_game as junior_sampled

SAMPLERS: dict[str, Callable[[Any, random.Random], Engine]] = {
    "skyjo": skyjo_sampled,
    "junior": junior_sampled,
    "skyfive": sky_five_sampled,
}
POSITIONS = 3
"""Searched decisions checked per game and number of players."""


def searched_positions(name: str, players: int, seed: int) -> Iterator[tuple[Engine, int]]:
    """Positions of games played by hard bots where the expert plays several candidates out."""
    spec = GAMES[name]
    probe = spec.policies["expert"](random.Random(0))
    assert isinstance(probe, SearchBot)
    for number in range(40):
        game = spec.create(players, seed + number)
        rng = random.Random(seed + number)
        hard = spec.policies["hard"](rng)
        while not game.is_over:
            seat = game.to_move[0]
            actions = game.legal_actions(seat)
            if len(actions) > 1 and len(probe.candidates(game.view(seat), actions)) > 1:
                yield game, seat
            game.apply(seat, hard.choose(actions, partial(game.view, seat)))


def hidden_deal(game: Engine) -> Any:
    return game.to_state().model_dump()  # type: ignore[attr-defined]


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("name", sorted(SAMPLERS))
def test_the_choice_depends_only_on_what_the_seat_sees(name: str, players: int) -> None:
    expert = GAMES[name].policies["expert"]
    checked = 0
    for game, seat in searched_positions(name, players, seed=1000 * players):
        view = game.view(seat)
        one = SAMPLERS[name](view, random.Random(1))
        other = SAMPLERS[name](view, random.Random(2))
        assert hidden_deal(one) != hidden_deal(other)
        assert one.view(seat) == other.view(seat) == view
        choices = {
            expert(random.Random(77)).choose(deal.legal_actions(seat), partial(deal.view, seat))
            for deal in (game, one, other)
        }
        assert len(choices) == 1, choices
        checked += 1
        if checked == POSITIONS:
            break
    assert checked == POSITIONS


@pytest.mark.parametrize("name", sorted(SAMPLERS))
def test_the_same_seed_gives_the_same_move_and_the_search_can_overrule_the_rules(
    name: str,
) -> None:
    expert = GAMES[name].policies["expert"]
    probe = expert(random.Random(0))
    assert isinstance(probe, SearchBot)
    overruled = 0
    for checked, (game, seat) in enumerate(searched_positions(name, 2, seed=7)):
        actions = game.legal_actions(seat)
        first = expert(random.Random(checked)).choose(actions, partial(game.view, seat))
        again = expert(random.Random(checked)).choose(actions, partial(game.view, seat))
        assert first == again
        overruled += first != probe.candidates(game.view(seat), actions)[0]
        if overruled or checked == 80:
            break
    assert overruled == 1


def test_a_skyjo_playout_after_the_move_that_ends_the_round_values_that_round() -> None:
    for game, seat in searched_positions("skyjo", 2, seed=900):
        view = game.view(seat)
        if view.last_turns != 1 or view.phase != "drawn":
            continue
        search = SkyjoSearch(random.Random(0))
        for action in game.legal_actions(seat):
            sampled = search.sample(view, random.Random(5))
            sampled.apply(seat, action)
            assert sampled.round == view.round + 1 or sampled.is_over, "the round has ended"
            moves = sampled.moves
            value = search.playout(view, sampled, seat, random.Random(6))
            assert sampled.moves == moves, "nothing of the next round is played"
            scores = sampled.history[view.round - 1].scores
            won = 0.0 if sampled.winners is None else 30.0 if seat in sampled.winners else -30.0
            assert value == scores[1 - seat] - scores[seat] + won
        return
    raise AssertionError("no last turn searched")
