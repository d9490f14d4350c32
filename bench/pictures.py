"""The Skyjo table picture's cost: `python -m bench.pictures [--json] [--renders 200]`.

Draws an 8-player table in mid-round many times and prints the median and p99 time of one
drawing and the PNG's size.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from bot.ui.grid_picture import render
from bot.ui.skyjo_picture import table_picture
from games.core.seats import Seat
from games.skyjo import SkyjoGame, SkyjoSettings

PLAYERS = 8


def table(seed: int = 3, moves: int = 60) -> SkyjoGame:
    game = SkyjoGame.new(SkyjoSettings(), [Seat(name=f"Player {i}") for i in range(PLAYERS)], seed)
    rng = random.Random(seed)
    for _ in range(moves):
        seat = game.to_move[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    return game


def measure(renders: int) -> dict[str, float]:
    view = table().view(None)
    render(table_picture(view))
    times = []
    size = 0
    for turn in range(renders):
        start = time.perf_counter()
        size = len(render(table_picture(view, changed={(turn % PLAYERS, turn % 12)})))
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    return {
        "players": PLAYERS,
        "render_ms_median": round(statistics.median(times), 2),
        "render_ms_p99": round(times[min(len(times) - 1, int(len(times) * 0.99))], 2),
        "png_kb": round(size / 1024, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--renders", type=int, default=200)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    figures = measure(args.renders)
    if args.json:
        print(json.dumps(figures))
    else:
        for key, value in figures.items():
            print(f"{key:<18} {value}")


if __name__ == "__main__":
    main()
