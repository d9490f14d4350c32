"""How far skill can lift a Sky Five bot above hard: a bot that sees the next card of the draw
pile, which no player can, against hard, heads-up.

`python -m bench.sky_five_ceiling [--games 2000] [--seed 1] [--workers 2] [--json]`

The clairvoyant bot plays as hard does, except when it chooses between banking and drawing: it
values drawing by the card it knows is coming (kept, given away or a bust) instead of the
expectation over the unseen cards. The die stays unknown to it. A fair bot knows less, so its win
share against hard is below the clairvoyant's, whatever its rules: the figure bounds what an
`expert` level may reach. The seats alternate from game to game.
"""

from __future__ import annotations

import argparse
import json
import math
import random
from functools import partial
from multiprocessing import Pool
from typing import Any

from games.simulation import game_seed
from games.sky_five.actions import BANK, DRAW, Action
from games.sky_five.bots import _NUMBER_BIT, LEVELS, SkyFiveBot, _Decision, _hand
from games.sky_five.cards import ALL_COLOURS, COLOUR_BIT, NUMBER
from games.sky_five.events import Busted
from games.sky_five.game import SkyFiveGame
from games.sky_five.simulation import create

HARD = LEVELS["hard"]


def clairvoyant_choice(game: SkyFiveGame, seat: int, actions: tuple[Action, ...]) -> Action | None:
    """Bank or draw, knowing the next card; None when the choice is not between the two."""
    if BANK not in actions or DRAW not in actions or not game.draw_pile:
        return None
    view = game.view(seat)
    decision = _Decision(view, HARD)
    colours, numbers, points = _hand(view.players[seat].face_up)
    bank = decision.bank_worth(numbers, points, min(points, 6))
    card = game.draw_pile[-1]
    bit, number = COLOUR_BIT[card], NUMBER[card]
    later = HARD.depth - 1
    if not bit & colours:
        grown = colours | bit
        drawn = (
            points + number
            if grown == ALL_COLOURS
            else decision.worth(grown, numbers | _NUMBER_BIT[card], points + number, later)
        )
    elif any(not bit & mask for mask in decision.others):
        drawn = decision.worth(colours, numbers, points, later) - HARD.gift_cost * number
    else:
        drawn = -HARD.gift_cost * min(points, 6)
    return BANK if bank >= drawn - HARD.turn_cost else DRAW


def play(seed: int, number: int) -> tuple[float, list[int]]:
    """Game `number`: the clairvoyant's share of the win, and how often each seat drew into a
    colour bust (the clairvoyant's seat is `number % 2`)."""
    game = create(2, game_seed(seed, number))
    clairvoyant = number % 2
    bots = [SkyFiveBot(HARD, random.Random(game_seed(seed + 1, number * 2 + s))) for s in (0, 1)]
    colour_busts = [0, 0]
    while game.phase != "over":
        seat = game.to_move[0]
        actions = game.legal_actions(seat)
        action = clairvoyant_choice(game, seat, actions) if seat == clairvoyant else None
        if action is None:
            action = bots[seat].choose(actions, partial(game.view, seat))
        for event in game.apply(seat, action):
            if type(event) is Busted and event.cause == "colour":
                colour_busts[event.seat] += 1
    assert game.winners is not None
    share = 1.0 / len(game.winners) if clairvoyant in game.winners else 0.0
    return share, colour_busts


def measure(games: int, seed: int, workers: int) -> dict[str, Any]:
    with Pool(workers) as pool:
        results = pool.starmap(play, [(seed, n) for n in range(games)], chunksize=25)
    shares = [share for share, _ in results]
    mean = sum(shares) / games
    spread = math.sqrt(sum((s - mean) ** 2 for s in shares) / max(1, games - 1))
    return {
        "games": games,
        "seed": seed,
        "win_share": mean,
        "interval_95": 1.96 * spread / math.sqrt(games),
        "colour_busts": sum(busts[n % 2] for n, (_, busts) in enumerate(results)),
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.sky_five_ceiling")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    result = measure(args.games, args.seed, args.workers)
    if args.json:
        print(json.dumps(result))
        return
    print(
        f"a Sky Five bot that sees the next card, against hard, heads-up: "
        f"{100 * result['win_share']:.1f} % ± {100 * result['interval_95']:.1f} of "
        f"{result['games']} games (seed {result['seed']}); "
        f"it drew into a colour bust {result['colour_busts']} times"
    )


if __name__ == "__main__":
    main()
