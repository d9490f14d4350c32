"""A policy written outside the games package, loaded by the tournament as
`tests.bots.external:factory`: it always plays the last legal action."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any


class LastAction:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, actions: Sequence[Any], view: Callable[[], Any]) -> Any:
        return actions[-1]


def factory(rng: random.Random) -> LastAction:
    return LastAction(rng)


NOT_CALLABLE = 3
