"""Skyjo policies that never end a game, loaded by the simulator tests and the tournament as
`tests.bots.endless:factory` (and `:sometimes`).

`Endless` turns up its opening cards, then on every turn takes the discard onto its first
place: two of them pass the same cards back and forth and no round ever ends. `Sometimes`
plays like that in about half of the games (decided by the first discard it sees, the same for
every seat) and uniformly at random in the others, which end.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from games.skyjo.actions import TAKE, Action


def endless_choice(actions: Sequence[Action]) -> Action:
    """The first opening card; afterwards the discard onto the first place."""
    if actions[0].kind != "reveal" and TAKE[0] in actions:
        return TAKE[0]
    return actions[0]


class Endless:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, actions: Sequence[Action], view: Callable[[], Any]) -> Action:
        return endless_choice(actions)


class Sometimes:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.endless: bool | None = None

    def choose(self, actions: Sequence[Action], view: Callable[[], Any]) -> Action:
        if self.endless is None:
            self.endless = view().discard[-1] % 2 == 0
        if self.endless:
            return endless_choice(actions)
        return self.rng.choice(actions)


def factory(rng: random.Random) -> Endless:
    return Endless(rng)


def sometimes(rng: random.Random) -> Sometimes:
    return Sometimes(rng)
