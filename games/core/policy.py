"""Policies choose one of a seat's legal actions; bots and simulations use them.

A policy is given the legal actions and a zero-argument function that returns the seat's view
(computed only when called, so a policy that needs no view costs nothing for it), and returns
one of the actions.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol


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
