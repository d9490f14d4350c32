"""Card grid geometry: slots are numbered in reading order, row by row, from 0.

Every line (column or row) is precomputed as a tuple of slots and a bit mask, so the engine
can test "all face up" with two integer operations.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Literal, NamedTuple

COLUMN_LETTERS = "ABCDEFGH"


class Line(NamedTuple):
    kind: Literal["column", "row"]
    position: int
    mask: int
    slots: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Geometry:
    rows: int
    columns: int
    slots: int
    full_mask: int
    column_of: tuple[int, ...]
    row_of: tuple[int, ...]
    column_slots: tuple[tuple[int, ...], ...]
    row_slots: tuple[tuple[int, ...], ...]
    column_masks: tuple[int, ...]
    row_masks: tuple[int, ...]

    def lines(self, columns: bool, rows: bool) -> tuple[Line, ...]:
        """Every column and/or row, as the settings enable them."""
        found: list[Line] = []
        if columns:
            found += [Line("column", c, m, s) for c, (m, s) in enumerate(self._columns())]
        if rows:
            found += [Line("row", r, m, s) for r, (m, s) in enumerate(self._rows())]
        return tuple(found)

    def lines_through(self, columns: bool, rows: bool) -> tuple[tuple[Line, ...], ...]:
        """For each slot, the enabled lines that contain it."""
        return _lines_through(self, columns, rows)

    def _columns(self) -> zip[tuple[int, tuple[int, ...]]]:
        return zip(self.column_masks, self.column_slots, strict=True)

    def _rows(self) -> zip[tuple[int, tuple[int, ...]]]:
        return zip(self.row_masks, self.row_slots, strict=True)

    def label(self, slot: int) -> str:
        """A short name for a slot: its column letter and row number, e.g. `B3`."""
        return f"{COLUMN_LETTERS[self.column_of[slot]]}{self.row_of[slot] + 1}"


LineCheck = tuple[int, tuple[int, ...], Line]
"""A line through a slot, as a game checks it after a turn: its mask, its other slots, and the
line."""


@cache
def line_checks(geo: Geometry, columns: bool, rows: bool) -> tuple[tuple[LineCheck, ...], ...]:
    """For each slot, a `LineCheck` of every line through it, of the columns and/or rows."""
    return tuple(
        tuple((line.mask, tuple(s for s in line.slots if s != slot), line) for line in lines)
        for slot, lines in enumerate(geo.lines_through(columns, rows))
    )


def mask_of(slots: tuple[int, ...]) -> int:
    mask = 0
    for slot in slots:
        mask |= 1 << slot
    return mask


@cache
def _lines_through(geo: Geometry, columns: bool, rows: bool) -> tuple[tuple[Line, ...], ...]:
    lines = geo.lines(columns, rows)
    return tuple(tuple(line for line in lines if slot in line.slots) for slot in range(geo.slots))


@cache
def geometry(rows: int, columns: int) -> Geometry:
    slots = rows * columns
    column_slots = tuple(tuple(r * columns + c for r in range(rows)) for c in range(columns))
    row_slots = tuple(tuple(r * columns + c for c in range(columns)) for r in range(rows))
    return Geometry(
        rows=rows,
        columns=columns,
        slots=slots,
        full_mask=(1 << slots) - 1,
        column_of=tuple(s % columns for s in range(slots)),
        row_of=tuple(s // columns for s in range(slots)),
        column_slots=column_slots,
        row_slots=row_slots,
        column_masks=tuple(mask_of(line) for line in column_slots),
        row_masks=tuple(mask_of(line) for line in row_slots),
    )
