"""Pebbles' log: one sentence an event."""

from __future__ import annotations

from collections.abc import Sequence

from tests.games.pebbles import Added, Claimed, Passed


def describe(event: Added | Claimed | Passed, names: Sequence[str]) -> str:
    if isinstance(event, Added):
        return f"{names[event.seat]} added {event.number}."
    if isinstance(event, Claimed):
        return f"{names[event.seat]} claimed a pebble."
    return f"{names[event.seat]} passed."
