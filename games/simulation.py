"""Headless play of complete games, for statistics and speed figures.

Each game is played from its own seed (derived from the run's seed and the game's number), so
the figures do not depend on how many worker processes share the games.

A game that has not ended after `MOVE_CAP` moves is stopped and counted as stalled: policies
that never end a game (two players passing the same cards back and forth) cannot hang a run.
Stalled games are left out of every figure except the count of games played.
"""

from __future__ import annotations

import itertools
import multiprocessing
import os
import random
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from multiprocessing.connection import Connection
from typing import Any

from games.core.engine import Engine
from games.core.policy import PolicyFactory

Counters = Counter[str]
_MASK64 = (1 << 64) - 1

MOVE_CAP = 50_000
"""Moves (every decision applied, opening flips included) after which a game that has not ended
is stopped and counted as stalled. Over 20,000 measured games of the three games (random,
the baselines, the bot levels and the line-ups of docs/bots.md; 2 to 8 players), the longest
took 1,455 moves (Skyjo, eight `hard` bots), so a game that reaches 50,000 is one that would
never end; it costs under a second of cheap policies, or about half a minute of `hard` bots."""


@dataclass(frozen=True)
class GameSpec:
    """How the simulator creates, plays and measures one kind of game."""

    name: str
    min_players: int
    max_players: int
    create: Callable[[int, int], Engine]
    policies: dict[str, PolicyFactory]
    count: Callable[[Any], Counters]
    report: Callable[[Counters], dict[str, float]]
    summary: Callable[[dict[str, Any]], list[str]] = field(default=lambda _: [])
    seat_scores: Callable[[Any], list[tuple[int, int]]] | None = None
    """For a finished game, each seat's (score sum, count): the tournament's mean score."""
    score_name: str = "score"

    def factory(self, name: str) -> PolicyFactory:
        """The policy called `name`; `KeyError` if the game has none by that name."""
        return self.policies[name]

    @property
    def policy_names(self) -> list[str]:
        return list(self.policies)


def game_seed(seed: int, number: int) -> int:
    """A well-mixed 62-bit seed for game `number` of a run (splitmix64's finaliser)."""
    z = (seed * 0x9E3779B97F4A7C15 + (number + 1) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return (z ^ (z >> 31)) >> 2


def play(
    spec: GameSpec,
    players: int,
    seed: int,
    policy_names: Sequence[str],
    move_cap: int = MOVE_CAP,
) -> Engine:
    """Play one game to its end, or stop it after `move_cap` moves; seat i is played by
    policy_names[i]. A stopped game is not over (its `to_move` is not empty): it stalled.

    The policies share one generator, seeded from the game's seed.
    """
    game = spec.create(players, seed)
    rng = random.Random(seed)
    policies = [spec.factory(name)(rng) for name in policy_names]
    views = [partial(game.view, seat) for seat in range(players)]
    choosers = [policy.choose for policy in policies]
    legal_actions, apply = game.legal_actions, game.apply
    for _ in range(move_cap):
        movers = game.to_move
        if not movers:
            break
        seat = movers[0]
        apply(seat, choosers[seat](legal_actions(seat), views[seat]))
    return game


def _play_range(
    spec: GameSpec, players: int, seed: int, policy: str, move_cap: int, numbers: range
) -> Counters:
    totals: Counters = Counter()
    names = [policy] * players
    for number in numbers:
        game = play(spec, players, game_seed(seed, number), names, move_cap)
        if game.to_move:
            totals["stalled"] += 1
        else:
            totals.update(spec.count(game))
    return totals


def _chunks(games: int, parts: int) -> list[range]:
    size, extra = divmod(games, parts)
    bounds = [0]
    for part in range(parts):
        bounds.append(bounds[-1] + size + (part < extra))
    return [range(a, b) for a, b in itertools.pairwise(bounds) if b > a]


def simulate(
    spec: GameSpec,
    players: int,
    games: int,
    seed: int,
    policy: str,
    workers: int | None = None,
    move_cap: int = MOVE_CAP,
) -> dict[str, Any]:
    """Play `games` games and return the figures.

    `games` counts every game played, `stalled` those stopped at `move_cap` moves; the game's
    own figures (`spec.report`) are over the games that ended, and absent if none did.
    """
    workers = max(1, min(workers or os.cpu_count() or 1, games))
    chunks = _chunks(games, workers)
    start = time.perf_counter()
    job = partial(_play_range, spec, players, seed, policy, move_cap)
    totals = job(chunks[0]) if len(chunks) == 1 else _in_parallel(job, chunks)
    seconds = time.perf_counter() - start
    stalled = totals.pop("stalled", 0)
    result: dict[str, Any] = {
        "game": spec.name,
        "players": players,
        "policy": policy,
        "seed": seed,
        "workers": len(chunks),
        "games": games,
        "stalled": stalled,
        "move_cap": move_cap,
        "seconds": seconds,
        "games_per_second": games / seconds,
    }
    if stalled < games:
        result.update(spec.report(totals))
        if "rounds" in totals:
            result["rounds_per_second"] = totals["rounds"] / seconds
    return result


def _in_parallel(job: Callable[[range], Counters], chunks: list[range]) -> Counters:
    """Run `job` on every chunk: the first here, each other one in a forked process."""
    context = multiprocessing.get_context("fork")
    workers = []
    for chunk in chunks[1:]:
        receiver, sender = context.Pipe(duplex=False)
        process = context.Process(target=_send_result, args=(job, chunk, sender), daemon=True)
        process.start()
        sender.close()
        workers.append((process, receiver))
    totals = job(chunks[0])
    for process, receiver in workers:
        try:
            totals.update(receiver.recv())
        except EOFError:
            code = process.exitcode
            raise RuntimeError(f"a simulation worker failed (exit code {code})") from None
        process.join()
    return totals


def _send_result(job: Callable[[range], Counters], chunk: range, sender: Connection) -> None:
    sender.send(job(chunk))
    sender.close()
