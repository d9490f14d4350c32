"""The tables of a Swiss round.

A round has ceil(n / seats) tables whose member counts differ by at most one, larger tables
first; bots fill each table up to `seats`.

The first round (no history) seats the players by rating, highest first (the unrated after
the rated, ties by id), in consecutive groups: table 1 the strongest.

Later rounds start from the standings (`games.swiss.standings`) and choose, among all the ways
to split the field into those tables, the one that is best by these criteria, each deciding
only between draws equal on the ones before:

1. the fewest pairs of members seated together who have already met (sat at one table,
   abandoned tables included);
2. the fewest rounds with bots so far, summed over the members seated at tables with bots, so
   bot seats go to those who have had the fewest;
3. the smallest spread in the standings: the sum over the tables of the gap between the
   positions of their best and worst placed members. Without conflicts on 1 and 2 this gives
   consecutive groups in standings order.

The search (`games.swiss.search`) is exact for small fields (up to 9 players checked against
every draw); on large ones it stops after `effort` steps with the best draw found, which swaps
between tables then improve on the same criteria. Tables come best placed player first, their
members in standings order. The draw is deterministic: the same input gives the same tables.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from games.swiss.records import RoundRecord, Table
from games.swiss.search import Layout, cheapest_split, mend
from games.swiss.standings import standings

MIN_SEATS = 2
MAX_SEATS = 8
EFFORT = 1000
"""Steps of the search, at most, once it has a draw: under 10 ms for 64 players."""
MEND_EFFORT = 16
"""Swaps weighed to mend the draw, at most, per step of the search's effort."""


def table_sizes(players: int, seats: int) -> tuple[int, ...]:
    """The number of members at each table, larger tables first."""
    if not MIN_SEATS <= seats <= MAX_SEATS:
        raise ValueError(f"tables have {MIN_SEATS} to {MAX_SEATS} seats, not {seats}")
    if players <= 0:
        return ()
    count = -(-players // seats)
    size, larger = divmod(players, count)
    return (size + 1,) * larger + (size,) * (count - larger)


def draw_round(
    players: Sequence[int],
    seats: int,
    *,
    ratings: Mapping[int, float],
    history: Sequence[RoundRecord],
    high_score_wins: bool,
    effort: int = EFFORT,
) -> tuple[Table, ...]:
    """The tables of the next round, as the module docstring tells."""
    if len(set(players)) != len(players):
        raise ValueError("a player is listed twice")
    sizes = table_sizes(len(players), seats)
    ranking = standings(players, history, high_score_wins=high_score_wins)
    if history:
        order = [standing.player for standing in ranking]
    else:
        order = sorted(players, key=lambda p: (p not in ratings, -ratings.get(p, 0.0), p))
    bot_rounds = {standing.player: standing.bot_rounds for standing in ranking}
    met = _met(order, history)
    rounds_with_bots = [bot_rounds[player] for player in order]
    layouts = [
        Layout(size, sizes.count(size), size < seats) for size in sorted(set(sizes), reverse=True)
    ]
    split = cheapest_split(met, rounds_with_bots, layouts, effort)
    with_bots = [len(group) < seats for group in split]
    split = mend(split, met, rounds_with_bots, with_bots, MEND_EFFORT * effort)
    return tuple(
        Table(tuple(order[position] for position in group), seats - len(group)) for group in split
    )


def _met(order: Sequence[int], history: Sequence[RoundRecord]) -> list[int]:
    """For each position, the bitmask of the positions met in `history`."""
    position = {player: index for index, player in enumerate(order)}
    met = [0] * len(order)
    for record in history:
        for result in record:
            seated = [position[m] for m in result.table.members if m in position]
            together = sum(1 << p for p in seated)
            for p in seated:
                met[p] |= together & ~(1 << p)
    return met
