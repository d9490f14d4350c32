"""Skyjo engine speed: median rounds per second over repeated simulations, per worker count.

    .venv/bin/python -m bench.skyjo_speed [--runs 7] [--games 1000] [--players 4]

Each run is `python -m games simulate skyjo ... --policy random`, in this process; the median
of the runs is quoted because shared machines are noisy.
"""

from __future__ import annotations

import argparse
import os
import statistics

from games.catalog import GAMES
from games.simulation import simulate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    spec = GAMES["skyjo"]
    cores = os.cpu_count() or 1
    print(
        f"skyjo, random policy, {args.players} players, {args.games} games a run, {args.runs} runs"
    )
    medians = {}
    for workers in sorted({1, cores}):
        rates = [
            simulate(spec, args.players, args.games, args.seed, "random", workers)[
                "rounds_per_second"
            ]
            for _ in range(args.runs)
        ]
        medians[workers] = statistics.median(rates)
        print(
            f"{workers} worker(s): median {medians[workers]:,.0f} rounds/s "
            f"(min {min(rates):,.0f}, max {max(rates):,.0f})"
        )
    if cores > 1:
        print(f"speed-up with {cores} workers: {medians[cores] / medians[1]:.2f}x")


if __name__ == "__main__":
    main()
