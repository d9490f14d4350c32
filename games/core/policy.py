"""Policies choose one of a seat's legal actions; bots and simulations use them.

A policy is given the legal actions and a zero-argument function that returns the seat's view
(computed only when called, so a policy that needs no view costs nothing for it), and returns
one of the actions.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Generic, Protocol, TypeVar


class Policy(Protocol):
    def choose(self, actions: Sequence[Any], view: Callable[[], Any]) -> Any: ...


PolicyFactory = Callable[[random.Random], Policy]
"""Builds one seat's policy from a generator seeded for that seat and game."""


class RandomPolicy:
    """Picks uniformly among the legal actions."""

    def __init__(self, rng: random.Random) -> None:
        self._uniform = rng.random

    def choose(self, actions: Sequence[Any], view: Callable[[], Any]) -> Any:
        return actions[int(self._uniform() * len(actions))]


Level = TypeVar("Level")


class BotLevels(Generic[Level]):
    """A game's bot levels: the parameters of each level built from its rules of thumb, the
    levels built otherwise (the searching `expert`), and how a bot is built."""

    def __init__(
        self,
        game: str,
        params: Mapping[str, Level],
        build: Callable[[Level, random.Random], Policy],
        others: Mapping[str, PolicyFactory] | None = None,
    ) -> None:
        self.game = game
        self.params = params
        self.build = build
        self.others = dict(others or {})
        self.levels: tuple[str, ...] = (*params, *self.others)
        """Every level's name, weakest first."""

    def policy(self, name: str, rng: random.Random) -> Policy:
        """The bot of level `name`, drawing on `rng`."""
        if name in self.params:
            return self.build(self.params[name], rng)
        factory = self.others.get(name)
        if factory is None:
            raise ValueError(f"unknown level {name!r}; choose from {', '.join(self.levels)}")
        return factory(rng)

    def factories(self) -> dict[str, PolicyFactory]:
        """A policy factory per level, for the simulator and tournaments."""
        return {name: self._factory(name) for name in self.levels}

    def _factory(self, name: str) -> PolicyFactory:
        def build(rng: random.Random) -> Policy:
            return self.policy(name, rng)

        build.__name__ = f"{self.game}_{name}"
        return build
