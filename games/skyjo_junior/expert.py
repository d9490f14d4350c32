"""Skyjo Junior's `expert` bot: hard's rules of thumb, and near the game's end a search.

See `games.core.search` for the search. The expert ranks its options with hard's rules of
thumb (`RULES`). Once the game is ending (someone turned up their last card), it plays the
close options out in imagined games (`sampling.sampled_game`), every seat playing by
the same rules for `HORIZON` turns or to the game's end. A game is worth the seat's lead on the
best of the others (the points once the game has ended, else each grid's as the rules expect them
from the seat's view) and whether it won.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import partial

from games.core.search import Search, SearchBot
from games.skyjo_junior.actions import Action
from games.skyjo_junior.bots import LEVELS, JuniorBot, _code, _Decision, scored_options
from games.skyjo_junior.game import JuniorGame
from games.skyjo_junior.sampling import sampled_game
from games.skyjo_junior.view import JuniorView

RULES = LEVELS["hard"]
"""The rules of thumb the expert ranks its options by, and every seat plays by in its playouts:
hard's (no setting tried beat them by more than chance, docs/bots.md)."""
SEARCH = Search(candidates=2, samples=10, margin=2.0, confidence=1.0)
ENDGAME = 0
"""Search only when someone has this many face-down cards or fewer: with 0, once the game is
ending, where every playout runs to its end."""
HORIZON = 3
"""Turns of each seat a playout lasts at most."""
GAME_WON = 20.0
"""What winning (or losing) the game is worth in a playout, in points."""


class JuniorSearch:
    """Skyjo Junior for `SearchBot`."""

    def __init__(self, rng: random.Random) -> None:
        self.hard = JuniorBot(RULES, rng)

    def ranked(self, view: JuniorView, actions: Sequence[Action]) -> list[tuple[float, Action]]:
        assert view.seat is not None
        nearest = min(sum(1 for card in p.cards if card == "down") for p in view.players)
        if view.finisher is None and nearest > ENDGAME:
            return []
        return sorted(
            ((-score, action) for score, action in scored_options(view, RULES, actions)),
            key=lambda option: option[0],
        )

    def fallback(self, actions: Sequence[Action], view: Callable[[], JuniorView]) -> Action:
        return self.hard.choose(actions, view)

    def sample(self, view: JuniorView, rng: random.Random) -> JuniorGame:
        return sampled_game(view, rng)

    def playout(self, seen: JuniorView, game: JuniorGame, seat: int, rng: random.Random) -> float:
        bot = JuniorBot(RULES, rng)
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
            decision = _Decision(view, RULES)
            points = [decision.worth([_code(card) for card in p.cards]) for p in view.players]
        lead = points[seat] - max(p for s, p in enumerate(points) if s != seat)
        if game.winners is not None:
            lead += GAME_WON if seat in game.winners else -GAME_WON
        return lead


def expert(rng: random.Random) -> SearchBot[JuniorView, Action, JuniorGame]:
    return SearchBot(JuniorSearch(rng), SEARCH, rng)
