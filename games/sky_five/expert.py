"""Sky Five's `expert` bot: hard's rules of thumb, and near the game's end a search.

See `games.core.search` for the search. While the draw pile holds more than `ENDGAME` cards a
player, the expert plays as hard does. From then on, where hard's options are close (bank or
draw, whom to give a card, what to take from a bust), it plays them out in imagined games
(`sampling.sampled_game`: the draw pile, the removed cards and the others' banked cards drawn from
those unseen), hard bots playing every seat to the game's end, and weighs each game by the seat's
lead on the best of the others and whether it won: near the end, what counts is the standings.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import partial

from games.core.search import Search, SearchBot
from games.sky_five.actions import BANK, DRAW, PASS, Action
from games.sky_five.bots import _NUMBER_BIT, LEVELS, SkyFiveBot, _Decision, _hand
from games.sky_five.cards import ALL_COLOURS, COLOUR_BIT, NUMBER
from games.sky_five.game import SkyFiveGame
from games.sky_five.sampling import sampled_game
from games.sky_five.view import SkyFiveView

HARD = LEVELS["hard"]
SEARCH = Search(candidates=2, samples=12, margin=3.0, confidence=1.0)
ENDGAME = 2
"""Search only when the draw pile holds this many cards per player or fewer."""
GAME_WON = 30.0
"""What winning (or losing) the game is worth in a playout, in points."""


class SkyFiveSearch:
    """Sky Five for `SearchBot`."""

    def __init__(self, rng: random.Random) -> None:
        self.hard = SkyFiveBot(HARD, rng)

    def ranked(self, view: SkyFiveView, actions: Sequence[Action]) -> list[tuple[float, Action]]:
        if view.draw_pile_size > ENDGAME * len(view.players):
            return []
        decision = _Decision(view, HARD)
        colours, numbers, points = _hand(view.players[decision.seat].face_up)
        kind = actions[0].kind
        options: list[tuple[float, Action]]
        if kind in ("draw", "bank"):
            options = [
                (-decision.bank_worth(numbers, points, min(points, 6)), BANK),
                (-decision.draw_worth(colours, numbers, points, HARD.depth), DRAW),
            ]
        elif kind == "give":
            pending = view.pending
            assert pending is not None
            options = [(decision.harm(action.target, pending), action) for action in actions]
        else:
            assert view.busted is not None
            cards = view.players[view.busted].face_up
            depth = max(0, HARD.depth - 1)
            options = [(-decision.worth(colours, numbers, points, depth), PASS)]
            for action in actions:
                if action.kind != "take":
                    continue
                card = cards[action.target]
                new = colours | COLOUR_BIT[card]
                worth = (
                    100.0
                    if new == ALL_COLOURS
                    else decision.worth(
                        new, numbers | _NUMBER_BIT[card], points + NUMBER[card], depth
                    )
                )
                options.append((-worth, action))
        legal = set(actions)
        return sorted(
            (option for option in options if option[1] in legal), key=lambda option: option[0]
        )

    def fallback(self, actions: Sequence[Action], view: Callable[[], SkyFiveView]) -> Action:
        return self.hard.choose(actions, view)

    def sample(self, view: SkyFiveView, rng: random.Random) -> SkyFiveGame:
        return sampled_game(view, rng)

    def playout(self, seen: SkyFiveView, game: SkyFiveGame, seat: int, rng: random.Random) -> float:
        bot = SkyFiveBot(HARD, rng)
        while game.phase != "over":
            mover = game.to_move[0]
            game.apply(mover, bot.choose(game.legal_actions(mover), partial(game.view, mover)))
        scores = game.scores()
        lead = scores[seat] - max(score for s, score in enumerate(scores) if s != seat)
        assert game.winners is not None
        return lead + (GAME_WON if seat in game.winners else -GAME_WON)


def expert(rng: random.Random) -> SearchBot[SkyFiveView, Action, SkyFiveGame]:
    return SearchBot(SkyFiveSearch(rng), SEARCH, rng)
