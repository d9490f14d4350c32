"""A bot that looks ahead: it plays its best candidate moves out in games it imagines.

The `expert` level of every game is one `SearchBot`. At a decision it asks its game's rules of
thumb (`SearchGame.ranked`, the hard bot's scoring) for the options, best first. When the best
is clearly ahead it plays it at once. Otherwise it deals a few whole games that agree with
everything its seat can see, the hidden cards drawn at random from those still unseen
(`SearchGame.sample`), plays each candidate out in each of them (`SearchGame.playout`) and keeps
the candidate whose games turned out best on average.

Every candidate is played out in the same imagined games with the same randomness (common random
numbers), so that the comparison between candidates is not drowned by the luck of the deal. The
number of games is fixed, not a time budget, so the same view and the same seed give the same
move on any machine.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from games.core.engine import Engine

View = TypeVar("View")
Action = TypeVar("Action")
Game = TypeVar("Game", bound=Engine)
SeenView = TypeVar("SeenView", contravariant=True)


@dataclass(frozen=True, slots=True)
class Search:
    """How hard a `SearchBot` looks."""

    candidates: int
    """How many of the best-ranked options are played out."""
    samples: int
    """How many imagined games each candidate is played out in."""
    margin: float
    """Options ranked further than this behind the best are not played out."""
    confidence: float = 1.5
    """Standard errors by which a candidate's games must beat the best ranked one's."""


class SearchGame(Protocol[SeenView, Action, Game]):
    """What a `SearchBot` needs of a game."""

    def ranked(self, view: SeenView, actions: Sequence[Action]) -> list[tuple[float, Action]]:
        """The options with their rule-of-thumb cost (lower is better), best first; empty to
        leave the decision to `fallback`."""
        ...

    def fallback(self, actions: Sequence[Action], view: Callable[[], SeenView]) -> Action:
        """The move when there is nothing to search (the rules of thumb decide)."""
        ...

    def sample(self, view: SeenView, rng: random.Random) -> Game:
        """A whole game agreeing with `view`, what it hides dealt by `rng`."""
        ...

    def playout(self, seen: SeenView, game: Game, seat: int, rng: random.Random) -> float:
        """How well things turn out for `seat` (higher is better) when `game`, a game of `seen`
        in which a candidate was just played, is played on."""
        ...


class SearchBot(Generic[View, Action, Game]):
    """The `expert` bot; see the module docstring."""

    def __init__(
        self, game: SearchGame[View, Action, Game], search: Search, rng: random.Random
    ) -> None:
        self.game = game
        self.search = search
        self._rng = rng

    def choose(self, actions: Sequence[Action], view: Callable[[], View]) -> Action:
        if len(actions) == 1:
            return actions[0]
        seen = view()
        candidates = self.candidates(seen, actions)
        if not candidates:
            return self.game.fallback(actions, lambda: seen)
        if len(candidates) == 1:
            return candidates[0]
        return candidates[self.best(seen, candidates)]

    def candidates(self, seen: View, actions: Sequence[Action]) -> list[Action]:
        """The options worth playing out, best ranked first (none: the rules of thumb decide;
        one: it is played at once)."""
        ranked = self.game.ranked(seen, actions)
        if not ranked:
            return []
        best_cost = ranked[0][0]
        return [
            action
            for cost, action in ranked[: self.search.candidates]
            if cost - best_cost <= self.search.margin
        ]

    def best(self, seen: Any, candidates: Sequence[Action]) -> int:
        """The index of the candidate whose imagined games turn out best, if it beats the best
        ranked one by more than chance would (`Search.confidence` standard errors of the
        difference); else 0, the best ranked."""
        seat = seen.seat
        seed = self._rng.getrandbits(64)
        samples = self.search.samples
        values = [[0.0] * samples for _ in candidates]
        for sample in range(samples):
            deal = seed + sample
            for index, action in enumerate(candidates):
                game = self.game.sample(seen, random.Random(deal))
                game.apply(seat, action)
                values[index][sample] = self.game.playout(seen, game, seat, random.Random(~deal))
        chosen, margin = 0, 0.0
        for index in range(1, len(candidates)):
            differences = [v - w for v, w in zip(values[index], values[0], strict=True)]
            mean = sum(differences) / samples
            spread = sum((d - mean) ** 2 for d in differences) / max(1, samples - 1)
            lead = mean - self.search.confidence * math.sqrt(spread / samples)
            if lead > margin:
                chosen, margin = index, lead
        return chosen
