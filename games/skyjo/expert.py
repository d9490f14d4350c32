"""Skyjo's `expert` bot: the hard bot's options, the close ones played out in imagined games.

See `games.core.search` for the search. Here: the candidates are the hard bot's best options;
an imagined game is `sampling.sampled_game`; a playout lets hard bots play every seat on for a
few turns, or to the round's end if that comes first, and is worth the seat's lead on the
others: their mean score less its own, each grid valued as the hard bot values it from the seat's
view (the exact scores, finisher's penalty included, once the round has ended).
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable, Sequence
from functools import partial

from games.core.search import Search, SearchBot
from games.skyjo.actions import Action
from games.skyjo.bots import LEVELS, LONG_ROUND, Level, SkyjoBot, _code, _Decision
from games.skyjo.game import SkyjoGame
from games.skyjo.sampling import sampled_game
from games.skyjo.view import SkyjoView

HARD = LEVELS["hard"]
TUNED = Level(
    line_weight=float(os.environ.get("EXP_LW", "1.0")),
    horizon=float(os.environ.get("EXP_HZ", "2.5")),
    finish_care=True,
    finish_bonus=float(os.environ.get("EXP_FB", "2.0")),
    denial=0.4,
    mistakes=0.0,
)
GAME_WON = float(os.environ.get("EXP_WIN", "30"))
"""What winning (or losing) the game is worth in a playout, in round points."""
ENDGAME = int(os.environ.get("EXP_END", "2"))
"""Search only when someone has this many face-down cards or fewer, or the round is ending."""

SEARCH = Search(
    candidates=int(os.environ.get("EXP_K", "3")),
    samples=int(os.environ.get("EXP_N", "8")),
    margin=float(os.environ.get("EXP_M", "3.0")),
)
HORIZON = int(os.environ.get("EXP_H", "99"))
"""Turns of each seat a playout lasts at most."""


class SkyjoSearch:
    """Skyjo for `SearchBot`."""

    def __init__(self, rng: random.Random) -> None:
        self.hard = SkyjoBot(TUNED, rng)

    def ranked(self, view: SkyjoView, actions: Sequence[Action]) -> list[tuple[float, Action]]:
        if actions[0].kind == "reveal" or view.turns >= LONG_ROUND * len(view.players):
            return []
        assert view.seat is not None
        decision = _Decision(view, TUNED)
        cards = [_code(card) for card in view.players[view.seat].cards]
        nearest = min(sum(1 for card in p.cards if card == "down") for p in view.players)
        if view.finisher is None and nearest > ENDGAME:
            return []
        if view.phase == "drawn":
            assert view.drawn is not None
            options = decision.drawn_options(cards, view.drawn)
        else:
            options = decision.turn_options(cards, actions)
        legal = set(actions)
        return sorted(
            (option for option in options if option[1] in legal), key=lambda option: option[0]
        )

    def fallback(self, actions: Sequence[Action], view: Callable[[], SkyjoView]) -> Action:
        return self.hard.choose(actions, view)

    def sample(self, view: SkyjoView, rng: random.Random) -> SkyjoGame:
        return sampled_game(view, rng)

    def playout(self, game: SkyjoGame, seat: int, rng: random.Random) -> float:
        round_number = game.round
        bot = SkyjoBot(TUNED, rng)
        seats = len(game.seats)
        turns_left = HORIZON * seats
        while game.round == round_number and game.phase != "over":
            mover = game.to_move[0]
            if game.phase == "turn":
                if turns_left == 0:
                    break
                turns_left -= 1
            game.apply(mover, bot.choose(game.legal_actions(mover), partial(game.view, mover)))
        if game.round != round_number or game.phase == "over":
            scores: Sequence[float] = game.history[round_number - 1].scores
        else:
            view = game.view(seat)
            decision = _Decision(view, HARD)
            scores = tuple(
                decision.worth([_code(card) for card in player.cards]) for player in view.players
            )
        others = sum(scores) - scores[seat]
        lead = others / (seats - 1) - scores[seat]
        if game.winners is not None:
            lead += GAME_WON if seat in game.winners else -GAME_WON
        return lead


def expert(rng: random.Random) -> SearchBot[SkyjoView, Action, SkyjoGame]:
    return SearchBot(SkyjoSearch(rng), SEARCH, rng)
