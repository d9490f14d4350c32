"""The bots' fixed ratings, calibrated from bot tournaments:
`python -m bench.bot_ratings [--games 2000] [--seed 1] [--pool 4] [--workers 2]
[--levels easy,normal,hard,expert] [--anchor hard] [--json]`.

Per game kind, a pool of `--pool` bots of each level (`--levels`), each a rated player
starting where a new member starts (mu 25, sigma 25/3), plays `--games` games of 2 to 4 seats
drawn at random from the pool (`games.simulation.play`, each game from its own seed). The games
are then rated one after another with the bot's own model (`bot.ratings.model.MODEL`), places
shared on equal results as in the bot. A level's rating is the mean of its bots' final mu and
of their final sigma. With `--anchor LEVEL`, every level's mu is then moved by the same amount,
so that LEVEL's is the one its game already declares: a level added later is placed on the scale
the members' ratings were made on, and the others keep theirs. Each game declares its own
figures, as `bot_ratings` of its adapter (`bot/games/<game>/adapter.py`): the run ends with each
game's declaration to paste there (see docs/bots.md).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import statistics
import time
from collections.abc import Sequence
from typing import Any

from bot.catalog import installed
from bot.ratings.model import MODEL
from games.simulation import GameSpec, game_seed, play

LEVELS = ("easy", "normal", "hard", "expert")
MIN_SEATS = 2
MAX_SEATS = 4


def _specs() -> dict[str, GameSpec]:
    from games.sky_five.simulation import SPEC as SKY_FIVE
    from games.skyjo.simulation import SPEC as SKYJO
    from games.skyjo_junior.simulation import SPEC as JUNIOR

    return {"skyjo": SKYJO, "junior": JUNIOR, "skyfive": SKY_FIVE}


LOW_SCORE_WINS = {"skyjo": True, "junior": False, "skyfive": False}


def line_ups(games: int, pool: int, seed: int, levels: int) -> list[list[int]]:
    """Each game's seats, as indices into the pool (bot i plays at level i % levels)."""
    rng = random.Random(seed)
    bots = range(pool * levels)
    return [rng.sample(bots, rng.randint(MIN_SEATS, MAX_SEATS)) for _ in range(games)]


def places(kind: str, game: Any, spec: GameSpec) -> list[int] | None:
    """Each seat's place (1 wins; equal results share a place); None if the game stalled."""
    if game.to_move:
        return None
    assert spec.seat_scores is not None
    sign = 1 if LOW_SCORE_WINS[kind] else -1
    winners = set(game.winners or ())
    keys = [
        (seat not in winners, sign * score)
        for seat, (score, _) in enumerate(spec.seat_scores(game))
    ]
    return [1 + sum(other < key for other in keys) for key in keys]


def _play_one(job: tuple[str, int, int, list[int], tuple[str, ...]]) -> list[int] | None:
    kind, seed, number, seats, levels = job
    spec = _specs()[kind]
    names = [levels[bot % len(levels)] for bot in seats]
    return places(kind, play(spec, len(seats), game_seed(seed, number), names), spec)


def calibrate(
    kind: str,
    games: int,
    seed: int,
    pool: int,
    workers: int,
    levels: Sequence[str] = LEVELS,
    anchor: str | None = None,
) -> dict[str, Any]:
    """Play the games, rate them in order, and return each level's mean mu and sigma."""
    levels = tuple(levels)
    seats = line_ups(games, pool, seed, len(levels))
    jobs = [(kind, seed, number, line, levels) for number, line in enumerate(seats)]
    if workers > 1:
        with multiprocessing.get_context("fork").Pool(workers) as workers_pool:
            outcomes = workers_pool.map(_play_one, jobs, chunksize=16)
    else:
        outcomes = [_play_one(job) for job in jobs]
    ratings = [MODEL.rating() for _ in range(pool * len(levels))]
    for line, ranks in zip(seats, outcomes, strict=True):
        if ranks is None:
            continue
        teams = [[ratings[bot]] for bot in line]
        rated = MODEL.rate(teams, ranks=[float(place) for place in ranks])
        for bot, team in zip(line, rated, strict=True):
            ratings[bot] = team[0]
    figures = {level: _level(ratings[index :: len(levels)]) for index, level in enumerate(levels)}
    if anchor is not None:
        shift = installed().require(kind).bot_ratings[anchor].mu - figures[anchor]["mu"]
        for rating in figures.values():
            rating["mu"] = round(rating["mu"] + shift, 2)
    return {
        "games": games,
        "stalled": sum(outcome is None for outcome in outcomes),
        "anchor": anchor,
        "levels": figures,
    }


def declaration(kind: str, levels: dict[str, dict[str, float]]) -> list[str]:
    """The lines that declare a game's bot ratings in its adapter (`GameAdapter.bot_ratings`),
    headed by a comment naming the adapter."""
    adapter = type(installed().require(kind))
    return [
        f"# {adapter.__module__}.{adapter.__name__}",
        "bot_ratings: ClassVar[dict[str, Rating]] = {",
        *(
            f'    "{level}": Rating({rating["mu"]:.2f}, {rating["sigma"]:.2f}),'
            for level, rating in levels.items()
        ),
        "}",
    ]


def _level(bots: Sequence[Any]) -> dict[str, float]:
    mus = [bot.mu for bot in bots]
    return {
        "mu": round(statistics.fmean(mus), 2),
        "sigma": round(statistics.fmean(bot.sigma for bot in bots), 2),
        "spread": round(max(mus) - min(mus), 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games per game kind")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--pool", type=int, default=4, help="bots of each level")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--kinds", default=",".join(LOW_SCORE_WINS))
    parser.add_argument("--levels", default=",".join(LEVELS), help="the pool's levels")
    parser.add_argument(
        "--anchor", help="a level whose declared rating the others are placed around"
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    table = {}
    for kind in args.kinds.split(","):
        start = time.perf_counter()
        table[kind] = calibrate(
            kind,
            args.games,
            args.seed,
            args.pool,
            args.workers,
            tuple(args.levels.split(",")),
            args.anchor,
        )
        table[kind]["seconds"] = round(time.perf_counter() - start, 1)
    if args.json:
        print(json.dumps(table))
        return
    print(f"{'game':<8} {'level':<7} {'mu':>6} {'sigma':>6} {'spread':>7}")
    for kind, figures in table.items():
        for level, rating in figures["levels"].items():
            print(
                f"{kind:<8} {level:<7} {rating['mu']:>6.2f} {rating['sigma']:>6.2f}"
                f" {rating['spread']:>7.2f}"
            )
        print(
            f"{kind}: {figures['games']} games, {figures['stalled']} stalled,"
            f" {figures['seconds']} s"
        )
    for kind, figures in table.items():
        print("", *declaration(kind, figures["levels"]), sep="\n")


if __name__ == "__main__":
    main()
