"""`python -m games`: headless simulations of the rule engines."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from games.catalog import GAMES
from games.simulation import simulate


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m games", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    sim = commands.add_parser("simulate", help="play complete games headless and print figures")
    sim.add_argument("game", choices=sorted(GAMES))
    sim.add_argument("--players", type=int, default=4)
    sim.add_argument("--games", type=int, default=1000)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--policy", default="random")
    sim.add_argument(
        "--workers",
        type=int,
        default=None,
        help="processes to share the games (default: all cores)",
    )
    sim.add_argument("--json", action="store_true", help="print one JSON object")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    spec = GAMES[args.game]
    if not spec.min_players <= args.players <= spec.max_players:
        parser.error(f"{args.game} takes {spec.min_players} to {spec.max_players} players")
    if args.policy not in spec.policies:
        parser.error(f"unknown policy {args.policy!r}; choose from {', '.join(spec.policies)}")
    if args.games < 1:
        parser.error("--games must be at least 1")
    if args.workers is not None and args.workers < 1:
        parser.error("--workers must be at least 1")
    result = simulate(spec, args.players, args.games, args.seed, args.policy, args.workers)
    if args.json:
        print(json.dumps(result))
        return 0
    print(
        f"{result['games']:,} games of {args.game}, {args.players} players, policy "
        f"{args.policy}, seed {args.seed}, {result['workers']} worker(s)"
    )
    print(f"seconds             {result['seconds']:.3f}")
    print(f"games per second    {result['games_per_second']:,.0f}")
    for line in spec.summary(result):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
