"""How far skill can lift a bot above hard: a bot that sees the next card of the draw pile, which
no player can, against hard, heads-up.

`python -m bench.ceiling [--games 2400] [--seed 1] [--workers 2] [--game skyjo|junior|skyfive]
[--json]`

The clairvoyant bot plays as hard does, except where drawing is weighed: it values drawing by the
card it knows is coming instead of the expectation over the unseen cards. In Skyjo and Skyjo
Junior that is the choice between the discard pile's card and drawing; in Sky Five, between
banking and drawing (a card kept, given away or a bust); the die stays unknown. A fair bot knows
less, so a level that plays as hard does where it cannot see would win less against hard than
the clairvoyant: the figure shows how much one card of foresight is worth, against which a goal
for a stronger level can be weighed. The seats alternate from game to game; every game has its
own seed, as in a tournament.
"""

from __future__ import annotations

import argparse
import json
import math
import random
from collections.abc import Callable
from functools import partial
from multiprocessing import Pool
from typing import Any

from games.catalog import GAMES
from games.core.policy import Policy
from games.simulation import game_seed
from games.sky_five import bots as sky_five
from games.sky_five.actions import BANK
from games.sky_five.actions import DRAW as DRAW_FIVE
from games.sky_five.game import SkyFiveGame
from games.sky_five.levels import bot_policy as sky_five_bot
from games.skyjo import bots as skyjo
from games.skyjo.actions import DRAW as DRAW_SKYJO
from games.skyjo.game import SkyjoGame
from games.skyjo.levels import bot_policy as skyjo_bot
from games.skyjo_junior import bots as junior
from games.skyjo_junior.actions import DRAW as DRAW_JUNIOR
from games.skyjo_junior.game import JuniorGame
from games.skyjo_junior.levels import bot_policy as junior_bot

Foresight = Callable[[Any, int, tuple[Any, ...]], Any]
"""The clairvoyant's move in a game for a seat with these legal actions, or None where it plays
as hard does."""


def skyjo_foresight(game: SkyjoGame, seat: int, actions: tuple[Any, ...]) -> Any:
    if DRAW_SKYJO not in actions or not game.draw_pile:
        return None
    view = game.view(seat)
    level = skyjo.LEVELS["hard"]
    options = skyjo.scored_options(view, level, actions)
    cards = [skyjo._code(card) for card in view.players[seat].cards]
    coming = skyjo._Decision(view, level).drawn_options(cards, game.draw_pile[-1])
    drawing = min(score for score, _ in coming)
    options = [(drawing if a == DRAW_SKYJO else score, a) for score, a in options]
    return min(options, key=lambda option: option[0])[1]


def junior_foresight(game: JuniorGame, seat: int, actions: tuple[Any, ...]) -> Any:
    if DRAW_JUNIOR not in actions or not game.draw_pile:
        return None
    view = game.view(seat)
    level = junior.LEVELS["hard"]
    options = junior.scored_options(view, level, actions)
    cards = [junior._code(card) for card in view.players[seat].cards]
    decision = junior._Decision(view, level)
    hidden = [slot for slot, card in enumerate(cards) if card == junior.HIDDEN]
    flips = max((decision.flip_worth(cards, slot) for slot in hidden), default=-math.inf)
    drawing = decision.best_holding(cards, game.draw_pile[-1], flips)
    options = [(drawing if a == DRAW_JUNIOR else score, a) for score, a in options]
    return max(options, key=lambda option: option[0])[1]


def sky_five_foresight(game: SkyFiveGame, seat: int, actions: tuple[Any, ...]) -> Any:
    if BANK not in actions or DRAW_FIVE not in actions or not game.draw_pile:
        return None
    view = game.view(seat)
    hard = sky_five.LEVELS["hard"]
    decision = sky_five._Decision(view, hard)
    colours, numbers, points = sky_five._hand(view.players[seat].face_up)
    bank = decision.bank_worth(numbers, points, min(points, 6))
    coming = ((game.draw_pile[-1], 1.0),)
    return (
        BANK
        if bank >= decision.draw_worth(colours, numbers, points, hard.depth, coming)
        else DRAW_FIVE
    )


FORESIGHT: dict[str, tuple[Foresight, Callable[[str, random.Random], Policy]]] = {
    "skyjo": (skyjo_foresight, skyjo_bot),
    "junior": (junior_foresight, junior_bot),
    "skyfive": (sky_five_foresight, sky_five_bot),
}


def play(kind: str, seed: int, number: int) -> tuple[float, int]:
    """Game `number` of `kind`: the clairvoyant's share of the win, and how many of its moves
    its foresight changed from hard's."""
    foresight, bot = FORESIGHT[kind]
    game: Any = GAMES[kind].create(2, game_seed(seed, number))
    clairvoyant = number % 2
    bots = [bot("hard", random.Random(game_seed(seed + 1, 2 * number + s))) for s in (0, 1)]
    changed = 0
    while not game.is_over:
        seat = game.to_move[0]
        actions = tuple(game.legal_actions(seat))
        view = partial(game.view, seat)
        chosen = foresight(game, seat, actions) if seat == clairvoyant else None
        if chosen is None:
            chosen = bots[seat].choose(actions, view)
        elif chosen != bot("hard", random.Random(0)).choose(actions, view):
            changed += 1
        game.apply(seat, chosen)
    assert game.winners is not None
    share = 1.0 / len(game.winners) if clairvoyant in game.winners else 0.0
    return share, changed


def measure(kind: str, games: int, seed: int, workers: int) -> dict[str, Any]:
    jobs = [(kind, seed, n) for n in range(games)]
    if workers > 1:
        with Pool(workers) as pool:
            results = pool.starmap(play, jobs, chunksize=25)
    else:
        results = [play(*job) for job in jobs]
    shares = [share for share, _ in results]
    mean = sum(shares) / games
    spread = math.sqrt(sum((s - mean) ** 2 for s in shares) / max(1, games - 1))
    return {
        "game": kind,
        "games": games,
        "seed": seed,
        "win_share": mean,
        "interval_95": 1.96 * spread / math.sqrt(games),
        "moves_changed": sum(changed for _, changed in results),
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.ceiling")
    parser.add_argument("--games", type=int, default=2400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--game", choices=sorted(FORESIGHT), action="append")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    for kind in args.game or sorted(FORESIGHT):
        result = measure(kind, args.games, args.seed, args.workers)
        if args.json:
            print(json.dumps(result))
            continue
        print(
            f"{kind}: a bot that sees the next card wins {100 * result['win_share']:.1f} % "
            f"± {100 * result['interval_95']:.1f} against hard, heads-up, over "
            f"{result['games']} games (seed {result['seed']}); its foresight changed "
            f"{result['moves_changed']} of its moves"
        )


if __name__ == "__main__":
    main()
