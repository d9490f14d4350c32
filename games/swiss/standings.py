"""The standings of a Swiss tournament after the rounds played.

A place at a table of k seats, bots included, is worth (k - place) / (k - 1) points: the first
1, the last 0, linear between, so tables of every size weigh the same. Seats tied for places
p … p+m-1 each get the mean of those places' points. An abandoned table gives 0 points.

The order: points, then Buchholz (for each round played, the mean of the points of the other
members at the table, 0 when there were none; summed over the rounds), then the total game
score (lower first unless `high_score_wins`), then the id. Players equal on the first three
share a place. Abandoned tables count for neither Buchholz nor the game score; they count as
rounds played and, with bots, as rounds at a table with bots.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from games.swiss.records import RoundRecord, TableResult


@dataclass(frozen=True, slots=True)
class Standing:
    player: int
    place: int
    points: Fraction
    buchholz: Fraction
    score: int
    rounds: int
    bot_rounds: int
    """Rounds played at a table with at least one bot."""


def place_points(place: int, tied: int, seats: int) -> Fraction:
    """The points of each of `tied` seats sharing `place` at a table of `seats`."""
    return Fraction(*_place_share(place, tied, seats))


def table_points(result: TableResult) -> dict[int, Fraction]:
    """The points each member of the table gains."""
    return {member: Fraction(*share) for member, share in _shares(result).items()}


def _place_share(place: int, tied: int, seats: int) -> tuple[int, int]:
    return 2 * (seats - place) - (tied - 1), 2 * (seats - 1)


def _shares(result: TableResult) -> dict[int, tuple[int, int]]:
    """Each member's points as a numerator and a denominator."""
    seats = result.table.seats
    if result.abandoned:
        return {member: (0, 1) for member in result.table.members}
    tied = Counter(result.places)
    return {
        member: _place_share(place, tied[place], seats)
        for member, place in result.member_places().items()
    }


def standings(
    players: Iterable[int], history: Sequence[RoundRecord], *, high_score_wins: bool
) -> tuple[Standing, ...]:
    """The standings of `players`, best first. The points of anyone else at their tables (a
    player since dropped) still count for their Buchholz."""
    results = [result for record in history for result in record]
    # Exact sums in whole units: `unit` points, then `unit * per_opponent` for Buchholz.
    unit = math.lcm(*(2 * (result.table.seats - 1) for result in results))
    per_opponent = math.lcm(*(max(len(result.table.members) - 1, 1) for result in results))
    points: Counter[int] = Counter()
    score: Counter[int] = Counter()
    rounds: Counter[int] = Counter()
    bot_rounds: Counter[int] = Counter()
    for result in results:
        for member, (numerator, denominator) in _shares(result).items():
            points[member] += numerator * (unit // denominator)
        if not result.abandoned:
            score.update(result.member_scores())
        rounds.update(result.table.members)
        if result.table.bots:
            bot_rounds.update(result.table.members)

    buchholz: Counter[int] = Counter()
    for result in results:
        members = result.table.members
        if result.abandoned or len(members) < 2:
            continue
        together = sum(points[member] for member in members)
        weight = per_opponent // (len(members) - 1)
        for member in members:
            buchholz[member] += (together - points[member]) * weight

    sign = -1 if high_score_wins else 1

    def behind(player: int) -> tuple[int, int, int]:
        return -points[player], -buchholz[player], sign * score[player]

    ordered = sorted(set(players), key=lambda player: (behind(player), player))
    table: list[Standing] = []
    for index, player in enumerate(ordered):
        place = index + 1
        if table and behind(table[-1].player) == behind(player):
            place = table[-1].place
        table.append(
            Standing(
                player=player,
                place=place,
                points=Fraction(points[player], unit),
                buchholz=Fraction(buchholz[player], unit * per_opponent),
                score=score[player],
                rounds=rounds[player],
                bot_rounds=bot_rounds[player],
            )
        )
    return tuple(table)
