"""Tournaments: policies play complete games against each other, seats rotated.

Game `g` of a run is dealt from `game_seed(seed, g)` (as in `simulate`) and seats the line-up
rotated by `g` places, so every policy plays every seat equally often over a multiple of the
player count. Each game's policies share one generator seeded from the game's seed, as in
`games.simulation.play`, so a game replays exactly.

A policy is named as the game registers it (`hard`, `greedy`, ...) or as `package.module:factory`,
a callable that takes a `random.Random` and returns an object with `choose(actions, view)`; see
`games.core.policy` and docs/bots.md.

Figures per distinct policy, over all the seats it played: the share of games won (a shared
victory is split among the winners) with the half-width of its 95 % confidence interval (over
the games' shares, each game counting once however many seats the policy held), the mean
score (Skyjo: per round; the other games: per game), and the time of one decision (`choose`,
including building the view), median and p99.

A game still going after `MOVE_CAP` moves is stopped and counted as stalled (see
`games.simulation`); it is left out of every figure, so the win shares are of the games that
ended.
"""

from __future__ import annotations

import importlib
import math
import os
import random
import time
from collections import Counter
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from games.core.policy import Policy, PolicyFactory
from games.simulation import MOVE_CAP, Counters, GameSpec, _chunks, _in_parallel, game_seed

SHARE_UNIT = 840
"""Win shares are counted in 1/840ths of a game: exact for up to 8 co-winners."""


def load_policy(spec: GameSpec, name: str) -> PolicyFactory:
    """The factory called `name` in `spec`, or an external one given as `module:attribute`."""
    if ":" not in name:
        try:
            return spec.factory(name)
        except KeyError:
            known = ", ".join(spec.policy_names)
            raise ValueError(f"unknown policy {name!r}; choose from {known}") from None
    module_name, _, attribute = name.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ImportError as error:
        raise ValueError(f"cannot import {module_name!r}: {error}") from None
    factory = getattr(module, attribute, None)
    if not callable(factory):
        raise ValueError(f"{module_name!r} has no callable {attribute!r}")
    found: PolicyFactory = factory
    return found


def line_up(policies: Sequence[str], players: int) -> list[str]:
    """The policies seat by seat: the list is repeated until every seat is filled."""
    if not policies:
        raise ValueError("name at least one policy")
    if players % len(policies) and len(policies) < players:
        # an uneven repeat would favour the first names; refuse it rather than guess
        raise ValueError(f"{len(policies)} policies cannot fill {players} seats evenly")
    if len(policies) > players:
        raise ValueError(f"{len(policies)} policies for {players} seats")
    return [policies[seat % len(policies)] for seat in range(players)]


def seating(names: Sequence[str], number: int) -> list[str]:
    """Game `number`'s seats: the line-up rotated by `number` places."""
    shift = number % len(names)
    return [*names[shift:], *names[:shift]]


class _Timed:
    """Wraps a policy and counts its decision times, in whole microseconds, into `times`."""

    __slots__ = ("_choose", "_times")

    def __init__(self, policy: Policy, times: Counter[int]) -> None:
        self._choose = policy.choose
        self._times = times

    def choose(self, actions: Sequence[Any], view: Callable[[], Any]) -> Any:
        clock = time.perf_counter_ns
        start = clock()
        action = self._choose(actions, view)
        self._times[(clock() - start) // 1000] += 1
        return action


def play_timed(
    spec: GameSpec,
    factories: dict[str, PolicyFactory],
    names: Sequence[str],
    seed: int,
    times: dict[str, Counter[int]],
    move_cap: int = MOVE_CAP,
) -> Any:
    """Play one game with seat i played by names[i], to its end or for `move_cap` moves (then
    it is not over: it stalled); decision times go into `times[name]`."""
    players = len(names)
    game = spec.create(players, seed)
    rng = random.Random(seed)
    choosers = [_Timed(factories[name](rng), times[name]).choose for name in names]
    views = [partial(game.view, seat) for seat in range(players)]
    legal_actions, apply = game.legal_actions, game.apply
    for _ in range(move_cap):
        movers = game.to_move
        if not movers:
            break
        seat = movers[0]
        apply(seat, choosers[seat](legal_actions(seat), views[seat]))
    return game


def _play_games(
    spec: GameSpec,
    factories: dict[str, PolicyFactory],
    names: Sequence[str],
    seed: int,
    move_cap: int,
    numbers: range,
) -> Counters:
    totals: Counters = Counter()
    times: dict[str, Counter[int]] = {name: Counter() for name in names}
    assert spec.seat_scores is not None
    for number in numbers:
        seats = seating(names, number)
        played: dict[str, Counter[int]] = {name: Counter() for name in names}
        game = play_timed(spec, factories, seats, game_seed(seed, number), played, move_cap)
        totals["games"] += 1
        if game.to_move:
            totals["stalled"] += 1
            continue
        for name, counted in played.items():
            times[name].update(counted)
        winners: tuple[int, ...] = game.winners
        share = SHARE_UNIT // len(winners)
        won: Counter[str] = Counter()
        for seat, (score, count) in enumerate(spec.seat_scores(game)):
            name = seats[seat]
            totals[f"{name}|seats"] += 1
            totals[f"{name}|score"] += score
            totals[f"{name}|scored"] += count
            if seat in winners:
                totals[f"{name}|share"] += share
                won[name] += share
        for name in dict.fromkeys(seats):
            totals[f"{name}|share_squared"] += won[name] * won[name]
    for name, counted in times.items():
        for micros, decisions in counted.items():
            totals[f"{name}|us|{micros}"] += decisions
    return totals


def _quantile(histogram: dict[int, int], q: float) -> float:
    """The q-quantile of a histogram of whole microseconds, in milliseconds."""
    total = sum(histogram.values())
    if not total:
        return 0.0
    rank = q * (total - 1)
    seen = 0
    for micros in sorted(histogram):
        seen += histogram[micros]
        if seen > rank:
            return (micros + 0.5) / 1000
    return (max(histogram) + 0.5) / 1000


def win_interval(shares: int, squares: int, games: int) -> float:
    """The half-width of the 95 % confidence interval of a win share, from each game's share
    (in `SHARE_UNIT`s) summed and squared and summed: 1.96 standard errors of the mean."""
    if games < 2:
        return 1.0
    mean = shares / SHARE_UNIT / games
    variance = max(0.0, squares / SHARE_UNIT**2 / games - mean * mean) * games / (games - 1)
    return 1.96 * math.sqrt(variance / games)


def summarise(totals: Counters, names: Sequence[str]) -> dict[str, Any]:
    """The figures per policy, over the games that ended (all played less the stalled)."""
    games = totals["games"] - totals["stalled"]
    figures: dict[str, dict[str, float]] = {}
    for name in dict.fromkeys(names):
        histogram = {
            int(key.rsplit("|", 1)[1]): count
            for key, count in totals.items()
            if key.startswith(f"{name}|us|")
        }
        scored = totals[f"{name}|scored"]
        figures[name] = {
            "win_share": totals[f"{name}|share"] / SHARE_UNIT / games if games else 0.0,
            "win_share_95": win_interval(
                totals[f"{name}|share"], totals[f"{name}|share_squared"], games
            ),
            "mean_score": totals[f"{name}|score"] / scored if scored else 0.0,
            "decision_ms_median": _quantile(histogram, 0.5),
            "decision_ms_p99": _quantile(histogram, 0.99),
        }
    return {"games": totals["games"], "stalled": totals["stalled"], "policies": figures}


def tournament(
    spec: GameSpec,
    players: int,
    policies: Sequence[str],
    games: int,
    seed: int,
    workers: int | None = None,
    move_cap: int = MOVE_CAP,
) -> dict[str, Any]:
    """Play `games` games of the line-up, seats rotated, and return the figures: `games` counts
    every game played, `stalled` those stopped at `move_cap` moves, left out of the figures."""
    if not spec.min_players <= players <= spec.max_players:
        raise ValueError(f"{spec.name} takes {spec.min_players} to {spec.max_players} players")
    if spec.seat_scores is None:
        raise ValueError(f"{spec.name} has no per-seat scores")
    names = line_up(policies, players)
    factories = {name: load_policy(spec, name) for name in names}
    workers = max(1, min(workers or os.cpu_count() or 1, games))
    chunks = _chunks(games, workers)
    start = time.perf_counter()
    job = partial(_play_games, spec, factories, names, seed, move_cap)
    totals = job(chunks[0]) if len(chunks) == 1 else _in_parallel(job, chunks)
    result = summarise(totals, names)
    result.update(
        game=spec.name,
        players=players,
        seed=seed,
        line_up=names,
        score=spec.score_name,
        move_cap=move_cap,
        seconds=time.perf_counter() - start,
    )
    return result


def describe(result: dict[str, Any]) -> list[str]:
    """The figures as lines of text for the command line."""
    lines = [
        f"{result['games']:,} games of {result['game']}, {result['players']} players "
        f"({', '.join(result['line_up'])}, seats rotated), seed {result['seed']}, "
        f"{result['seconds']:.1f} s; {result['stalled']:,} stalled (stopped after "
        f"{result['move_cap']:,} moves, left out of the figures)",
        f"{'policy':<24} {'win share':>9} {'± 95 %':>7} {result['score']:>18} {'median ms':>10}"
        f" {'p99 ms':>8}",
    ]
    for name, figures in result["policies"].items():
        lines.append(
            f"{name:<24} {figures['win_share']:>9.1%} {figures['win_share_95']:>7.1%} "
            f"{figures['mean_score']:>18.2f} "
            f"{figures['decision_ms_median']:>10.3f} {figures['decision_ms_p99']:>8.3f}"
        )
    return lines
