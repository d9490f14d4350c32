"""Pebbles' rules: piles, the claims that adding exactly 3 opens, and the end at the target."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, NamedTuple

from games.core.errors import IllegalAction


class Action(NamedTuple):
    kind: str
    """"add", "claim" or "pass"."""
    number: int = 0


class Added(NamedTuple):
    seat: int
    number: int


class Claimed(NamedTuple):
    seat: int


class Passed(NamedTuple):
    seat: int


class PebblesGame:
    def __init__(self, names: Sequence[str], target: int) -> None:
        self.names = list(names)
        self.target = target
        self.pebbles = [0] * len(names)
        self.claims = [0] * len(names)
        self.current = 0
        self.deciders: list[int] = []
        self.turns = 0
        self.over = False

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def to_move(self) -> tuple[int, ...]:
        if self.over:
            return ()
        return (self.deciders[0],) if self.deciders else (self.current,)

    def legal_actions(self, seat: int) -> list[tuple[str, int]]:
        if seat not in self.to_move:
            return []
        if self.deciders:
            return [("claim", 0), ("pass", 0)]
        return [("add", n) for n in range(1, 10)]

    def apply(self, seat: int, action: Any) -> list[Any]:
        if tuple(action) not in self.legal_actions(seat):
            raise IllegalAction("That is not your move now.")
        kind, count = action
        events: list[Any] = []
        if kind in ("claim", "pass"):
            self.deciders.pop(0)
            if kind == "claim":
                self.pebbles[seat] += 1
                self.claims[seat] += 1
                events.append(Claimed(seat))
            else:
                events.append(Passed(seat))
        else:
            self.pebbles[seat] += count
            self.turns += 1
            events.append(Added(seat, count))
            if count == 3:
                n = len(self.names)
                self.deciders = [(seat + k) % n for k in range(1, n)]
        if not self.deciders:
            if max(self.pebbles) >= self.target:
                self.over = True
            else:
                self.current = (self.current + 1) % len(self.names)
        return events

    def view(self, seat: int | None = None) -> dict[str, Any]:
        return {"pebbles": list(self.pebbles), "deciders": list(self.deciders)}

    def to_json(self) -> str:
        return json.dumps(self.__dict__)

    @classmethod
    def from_json(cls, text: str) -> PebblesGame:
        game = cls([], 1)
        game.__dict__.update(json.loads(text))
        return game
