"""The base every engine shares: its seats, its phase, and saving itself as JSON."""

from __future__ import annotations

from abc import ABC, abstractmethod

from pydantic import BaseModel

from games.core.errors import IllegalAction
from games.core.seats import Seat


class SeatedGame(ABC):
    """A turn-based game at a table of seats. Subclasses keep their state in `__slots__`."""

    __slots__ = ()

    seats: tuple[Seat, ...]
    phase: str
    _n: int

    @abstractmethod
    def to_state(self) -> BaseModel:
        """The whole state, which `from_state` of the subclass restores exactly."""

    def to_json(self) -> str:
        return self.to_state().model_dump_json()

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(seat.name for seat in self.seats)

    def _stranger(self, seat: object) -> IllegalAction | None:
        """The error for a seat that is not at this table, if it is not."""
        if not (type(seat) is int and 0 <= seat < self._n):
            return IllegalAction("You are not playing in this game.")
        return None

    def _not_your_turn(self, seat: object, current: int) -> IllegalAction:
        return self._stranger(seat) or IllegalAction(
            "It is {name}'s turn, not yours.", name=self.seats[current].name
        )
