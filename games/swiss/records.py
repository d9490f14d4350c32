"""The records of a Swiss tournament: the tables of a round and how each one ended.

A table's seats are its members, in seat order, then its bots. A result gives every seat its
place (1 the best; tied seats share the better place, the next place skipping as many: 1, 1, 3)
and its game score, seat by seat in that order. Bots have places, so a member beaten by a bot
gains less, but no standing.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Table:
    members: tuple[int, ...]
    bots: int = 0

    def __post_init__(self) -> None:
        if self.bots < 0:
            raise ValueError(f"a table cannot have {self.bots} bots")
        if len(set(self.members)) != len(self.members):
            raise ValueError(f"a member sits twice at {self.members}")
        if self.seats < 2:
            raise ValueError("a table has at least 2 seats")

    @property
    def seats(self) -> int:
        return len(self.members) + self.bots


@dataclass(frozen=True, slots=True)
class TableResult:
    """An abandoned table's places and scores, if any, are ignored: it counts only as a round
    played, with the opponents met."""

    table: Table
    places: tuple[int, ...] = ()
    scores: tuple[int, ...] = ()
    abandoned: bool = False

    def __post_init__(self) -> None:
        if self.abandoned:
            return
        seats = self.table.seats
        if len(self.places) != seats or len(self.scores) != seats:
            raise ValueError(f"a table of {seats} seats needs {seats} places and scores")
        if not is_ranking(self.places):
            raise ValueError(f"{self.places} are not the places of one game")

    @classmethod
    def ranked(cls, table: Table, scores: Sequence[int], *, high_score_wins: bool) -> TableResult:
        """The result in which each seat's place follows from its score."""
        return cls(table, places_of(scores, high_score_wins=high_score_wins), tuple(scores))

    def member_places(self) -> dict[int, int]:
        return dict(zip(self.table.members, self.places, strict=False))

    def member_scores(self) -> dict[int, int]:
        return dict(zip(self.table.members, self.scores, strict=False))


@dataclass(frozen=True, slots=True)
class RoundRecord:
    tables: tuple[TableResult, ...]

    def __post_init__(self) -> None:
        seated = [member for result in self.tables for member in result.table.members]
        if len(set(seated)) != len(seated):
            raise ValueError("a member sits at two tables of one round")

    def __iter__(self) -> Iterator[TableResult]:
        return iter(self.tables)


def places_of(scores: Sequence[int], *, high_score_wins: bool) -> tuple[int, ...]:
    """Each score's place: one more than the number of scores strictly better."""
    sign = -1 if high_score_wins else 1
    return tuple(1 + sum(sign * other < sign * score for other in scores) for score in scores)


def is_ranking(places: Sequence[int]) -> bool:
    """Whether `places` are those of one game: 1 first, each tie skipping the places it fills."""
    expected = 1
    for place, count in sorted(Counter(places).items()):
        if place != expected:
            return False
        expected += count
    return True
