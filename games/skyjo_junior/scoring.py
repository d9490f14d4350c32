"""Triples and points: each vertical column of three equal cards scores its card value."""

from __future__ import annotations

from collections.abc import Sequence

from games.core.grid import geometry
from games.skyjo_junior.settings import GRID_COLUMNS, GRID_ROWS

GEOMETRY = geometry(GRID_ROWS, GRID_COLUMNS)
_COLUMNS = tuple(zip(GEOMETRY.column_slots, GEOMETRY.column_masks, strict=True))


def triples(values: Sequence[int]) -> tuple[tuple[int, int], ...]:
    """The (column, value) of every column whose three cards are equal, left to right."""
    return tuple(
        (column, values[top])
        for column, ((top, middle, bottom), _) in enumerate(_COLUMNS)
        if values[top] == values[middle] == values[bottom]
    )


def visible_points(values: Sequence[int], hidden: int) -> int:
    """The points of the triples whose three cards are all face up."""
    return sum(
        values[top]
        for (top, middle, bottom), mask in _COLUMNS
        if not hidden & mask and values[top] == values[middle] == values[bottom]
    )


def highest(points: Sequence[int]) -> tuple[int, ...]:
    """The seats with the most points: several share the victory."""
    best = max(points)
    return tuple(seat for seat, score in enumerate(points) if score == best)
