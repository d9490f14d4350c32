"""`python -m games`: headless simulations of the rule engines."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from games.catalog import GAMES
from games.simulation import simulate
from games.tournament import describe, tournament


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
    cup = commands.add_parser(
        "tournament", help="pit policies against each other, seats rotated, and print figures"
    )
    cup.add_argument("game", choices=sorted(GAMES))
    cup.add_argument("--players", type=int, default=2)
    cup.add_argument(
        "--policies",
        required=True,
        help="comma-separated, seat by seat (repeated to fill the seats); a name the game "
        "registers or package.module:factory",
    )
    cup.add_argument("--games", type=int, default=1000)
    cup.add_argument("--seed", type=int, default=1)
    cup.add_argument("--workers", type=int, default=None, help="processes (default: all cores)")
    cup.add_argument("--json", action="store_true", help="print one JSON object")
    return parser


def _tournament(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    if args.games < 1:
        parser.error("--games must be at least 1")
    if args.workers is not None and args.workers < 1:
        parser.error("--workers must be at least 1")
    names = [name.strip() for name in args.policies.split(",") if name.strip()]
    try:
        result = tournament(
            GAMES[args.game], args.players, names, args.games, args.seed, args.workers
        )
    except ValueError as error:
        parser.error(str(error))
    if args.json:
        figures = ("games", "stalled", "policies")
        print(json.dumps({key: result[key] for key in figures}))
    else:
        print("\n".join(describe(result)))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    if args.command == "tournament":
        return _tournament(parser, args)
    spec = GAMES[args.game]
    if not spec.min_players <= args.players <= spec.max_players:
        parser.error(f"{args.game} takes {spec.min_players} to {spec.max_players} players")
    if args.policy not in spec.policy_names:
        parser.error(f"unknown policy {args.policy!r}; choose from {', '.join(spec.policy_names)}")
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
    print(f"stalled games       {result['stalled']:,} (stopped after {result['move_cap']:,} moves)")
    if result["stalled"] == result["games"]:
        print("no game ended: no figures")
        return 0
    for line in spec.summary(result):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
