"""How long the expert bot takes a move, chosen as the bot chooses it: in the bots' process.

`python -m bench.expert_moves [--games 6] [--seed 1] [--level expert] [--json]`

For each game with bots, heads-up and with four players, plays `--games` games in which seat 0
is the bot of `--level` and the other seats hard bots. Each of seat 0's moves is asked of a
`BotBrains` with one process of its own (`bot.sessions.brains`, as the bot runs it with
`BOT_MOVE_PROCESSES=1`): the time is from the request to the move, the game's state sent and
loaded, the move chosen and sent back. The others' moves are chosen in this process. Prints per
game and size the moves timed, their median, p99 and longest, in milliseconds.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import time
from functools import partial
from typing import Any

from bot.catalog import installed
from bot.sessions.brains import BotBrains
from games.catalog import GAMES

SIZES = (2, 4)


async def timed_moves(kind: str, players: int, games: int, seed: int, level: str) -> list[float]:
    catalog = installed()
    adapter = catalog.require(kind)
    assert adapter.bots is not None
    create = GAMES[kind].create
    brains = BotBrains(catalog, processes=1)
    times: list[float] = []
    try:
        first = create(players, seed)
        await brains.choose(adapter, first, first.to_move[0], "hard", "warm")
        for number in range(games):
            engine = create(players, seed + number)
            rng = random.Random(seed + number)
            hard = adapter.bots.policy("hard", rng)
            while not engine.is_over:
                seat = engine.to_move[0]
                if seat == 0:
                    start = time.perf_counter()
                    action = await brains.choose(
                        adapter, engine, seat, level, f"bench:{number}:{len(times)}"
                    )
                    times.append((time.perf_counter() - start) * 1000)
                else:
                    action = hard.choose(engine.legal_actions(seat), partial(engine.view, seat))
                engine.apply(seat, action)
    finally:
        brains.close()
    return times


def figures(times: list[float]) -> dict[str, Any]:
    ordered = sorted(times)
    return {
        "moves": len(ordered),
        "median_ms": round(statistics.median(ordered), 2),
        "p99_ms": round(ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))], 1),
        "max_ms": round(ordered[-1], 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--level", default="expert")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    table: dict[str, dict[str, Any]] = {}
    for kind in ("skyjo", "junior", "skyfive"):
        for players in SIZES:
            times = asyncio.run(timed_moves(kind, players, args.games, args.seed, args.level))
            table[f"{kind} {players}p"] = figures(times)
    if args.json:
        print(json.dumps(table))
        return
    print(f"{'game':<12} {'moves':>6} {'median ms':>10} {'p99 ms':>8} {'max ms':>8}")
    for name, row in table.items():
        print(
            f"{name:<12} {row['moves']:>6} {row['median_ms']:>10.2f} {row['p99_ms']:>8.1f}"
            f" {row['max_ms']:>8.1f}"
        )


if __name__ == "__main__":
    main()
