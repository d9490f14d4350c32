"""The shape every rule engine offers to tables, bots and the simulator."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol


class Engine(Protocol):
    @property
    def is_over(self) -> bool: ...

    @property
    def to_move(self) -> tuple[int, ...]:
        """The seats whose decision it is; empty exactly when the game is over."""
        ...

    def legal_actions(self, seat: int) -> Sequence[Any]: ...

    def apply(self, seat: int, action: Any) -> Sequence[Any]: ...

    def view(self, seat: int | None = None) -> Any: ...
