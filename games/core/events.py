"""Events as plain dicts and back, for a log that stores them as JSON."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, Protocol, TypeVar

record = tuple.__new__
"""Builds a NamedTuple event from a tuple of its fields, skipping the Python-level `__new__`:
engines use it on their hot path."""


class Record(Protocol):
    def _asdict(self) -> dict[str, Any]: ...


E = TypeVar("E", bound=Record)


class EventCodec(Generic[E]):
    """Turns a game's NamedTuple events into dicts tagged with their type, and back."""

    def __init__(self, *types: type[E]) -> None:
        self.types: dict[str, Callable[..., E]] = {cls.__name__: cls for cls in types}

    def to_dict(self, event: E) -> dict[str, Any]:
        return {"event": type(event).__name__, **event._asdict()}

    def from_dict(self, data: dict[str, Any]) -> E:
        fields: dict[str, Any] = {
            key: tuple(value) if isinstance(value, list) else value
            for key, value in data.items()
            if key != "event"
        }
        return self.types[data["event"]](**fields)
