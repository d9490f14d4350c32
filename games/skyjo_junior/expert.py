"""Skyjo Junior's `expert` bot: the hard bot's options, the close ones played out in imagined
games.

See `games.core.search` for the search. Here: the candidates are the hard bot's best options;
an imagined game is `sampling.sampled_game`; a playout lets hard bots play every seat on for a
few turns, or to the game's end if that comes first, and is worth the seat's lead on the best
of the others: the points once the game has ended, else each grid's points as the hard bot
expects them from the seat's view.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable, Sequence
from functools import partial

from games.core.search import Search, SearchBot
from games.skyjo_junior.actions import Action
from games.skyjo_junior.bots import LEVELS, JuniorBot, _code, _Decision
from games.skyjo_junior.game import JuniorGame
from games.skyjo_junior.sampling import sampled_game
from games.skyjo_junior.view import JuniorView

HARD = LEVELS["hard"]

SEARCH = Search(
    candidates=int(os.environ.get("EXP_K", "3")),
    samples=int(os.environ.get("EXP_N", "8")),
    margin=float(os.environ.get("EXP_M", "3.0")),
)
HORIZON = int(os.environ.get("EXP_H", "99"))
"""Turns of each seat a playout lasts at most."""
ENDGAME = int(os.environ.get("EXP_END", "2"))
"""Search only when someone has this many face-down cards or fewer, or the game is ending."""
GAME_WON = float(os.environ.get("EXP_WIN", "20"))
"""What winning (or losing) the game is worth in a playout, in points."""


class JuniorSearch:
    """Skyjo Junior for `SearchBot`."""

    def __init__(self, rng: random.Random) -> None:
        self.hard = JuniorBot(HARD, rng)

    def ranked(self, view: JuniorView, actions: Sequence[Action]) -> list[tuple[float, Action]]:
        assert view.seat is not None
        nearest = min(sum(1 for card in p.cards if card == "down") for p in view.players)
        if view.finisher is None and nearest > ENDGAME:
            return []
        decision = _Decision(view, HARD)
        cards = [_code(card) for card in view.players[view.seat].cards]
        if view.phase == "holding":
            assert view.held is not None
            options = decision.holding_options(cards, view.held)
        else:
            options = decision.turn_options(cards)
        legal = set(actions)
        return sorted(
            ((-score, action) for score, action in options if action in legal),
            key=lambda option: option[0],
        )

    def fallback(self, actions: Sequence[Action], view: Callable[[], JuniorView]) -> Action:
        return self.hard.choose(actions, view)

    def sample(self, view: JuniorView, rng: random.Random) -> JuniorGame:
        return sampled_game(view, rng)

    def playout(self, game: JuniorGame, seat: int, rng: random.Random) -> float:
        bot = JuniorBot(HARD, rng)
        turns_left = HORIZON * len(game.seats)
        while game.phase != "over":
            mover = game.to_move[0]
            if game.phase == "turn":
                if turns_left == 0:
                    break
                turns_left -= 1
            game.apply(mover, bot.choose(game.legal_actions(mover), partial(game.view, mover)))
        if game.points is not None:
            points: Sequence[float] = game.points
        else:
            view = game.view(seat)
            decision = _Decision(view, HARD)
            points = [decision.worth([_code(card) for card in p.cards]) for p in view.players]
        lead = points[seat] - max(p for s, p in enumerate(points) if s != seat)
        if game.winners is not None:
            lead += GAME_WON if seat in game.winners else -GAME_WON
        return lead


def expert(rng: random.Random) -> SearchBot[JuniorView, Action, JuniorGame]:
    return SearchBot(JuniorSearch(rng), SEARCH, rng)
