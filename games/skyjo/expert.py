"""Skyjo's `expert` bot: tuned rules of thumb, and near the round's end a search.

See `games.core.search` for the search. The expert ranks its options with hard's rules of thumb,
tuned (`RULES`). Once the round is ending (someone turned up their last card), it plays the
close options out in imagined games (`sampling.sampled_game`), every seat playing by
the same rules for `HORIZON` turns or to the round's end. A game is worth the seat's lead on the
others: their mean score less its own, exact once the round has ended (the finisher's penalty
included), else each grid as the rules value it from the seat's view; and whether the round ended
the game won or lost.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import partial

from games.core.search import Search, SearchBot
from games.skyjo.actions import Action
from games.skyjo.bots import LONG_ROUND, Level, SkyjoBot, _code, _Decision, scored_options
from games.skyjo.game import SkyjoGame
from games.skyjo.sampling import sampled_game
from games.skyjo.view import SkyjoView

RULES = Level(
    line_weight=1.0, horizon=2.5, finish_care=True, finish_bonus=2.0, denial=0.4, mistakes=0.0
)
"""The rules of thumb the expert ranks its options by, and every seat plays by in its playouts:
hard's, with more weight on lines and a longer horizon (tuned against hard, docs/bots.md)."""
SEARCH = Search(candidates=2, samples=10, margin=2.0, confidence=1.0)
ENDGAME = 0
"""Search only when someone has this many face-down cards or fewer: with 0, once the round is
ending, where every playout runs to its end."""
HORIZON = 3
"""Turns of each seat a playout lasts at most."""
GAME_WON = 30.0
"""What winning (or losing) the game is worth in a playout, in round points."""


class SkyjoSearch:
    """Skyjo for `SearchBot`."""

    def __init__(self, rng: random.Random) -> None:
        self.hard = SkyjoBot(RULES, rng)

    def ranked(self, view: SkyjoView, actions: Sequence[Action]) -> list[tuple[float, Action]]:
        if actions[0].kind == "reveal" or view.turns >= LONG_ROUND * len(view.players):
            return []
        nearest = min(sum(1 for card in p.cards if card == "down") for p in view.players)
        if view.finisher is None and nearest > ENDGAME:
            return []
        return sorted(scored_options(view, RULES, actions), key=lambda option: option[0])

    def fallback(self, actions: Sequence[Action], view: Callable[[], SkyjoView]) -> Action:
        return self.hard.choose(actions, view)

    def sample(self, view: SkyjoView, rng: random.Random) -> SkyjoGame:
        return sampled_game(view, rng)

    def playout(self, seen: SkyjoView, game: SkyjoGame, seat: int, rng: random.Random) -> float:
        round_number = seen.round
        bot = SkyjoBot(RULES, rng)
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
            decision = _Decision(view, RULES)
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
