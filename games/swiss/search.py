"""The cheapest split of a field into tables: a depth-first branch and bound.

Players are positions 0 … n-1 in standings order. Each position brings the positions it has
met (a bitmask) and its rounds at tables with bots. A split's cost, compared criterion by
criterion, is

1. the pairs seated together who have met before,
2. the sum, over the members of tables with bots, of their rounds with bots so far,
3. the sum, over the tables, of the gap between their first and last positions,

folded into one number with weights that keep each criterion above the ones after it.

`cheapest_split` takes the first unplaced position, which opens a table, then seats its
companions one by one in increasing position. The players due to sit with bots are those with
the fewest rounds with them so far (the lower placed first among equals), as many as there are
members at tables with bots. The first tries come first: a table with bots for a player due to
sit with them, else a larger table; companions not met yet, those due to sit with bots at
tables with bots and the others elsewhere, then the rest. A branch is cut as soon as its cost
and a lower bound on the rest reach the best split found. After `effort` steps (a step weighs
the candidates for one seat), the best split found so far is returned; small fields are
searched to the end. `mend` then improves a split by swaps between tables.
"""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import suppress
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Layout:
    size: int
    count: int
    bots: bool


class _Spent(Exception):
    pass


def cheapest_split(
    met: Sequence[int], bot_rounds: Sequence[int], layouts: Sequence[Layout], effort: int
) -> list[tuple[int, ...]]:
    """The tables as tuples of positions, ordered by their first position."""
    n = len(met)
    repeat_weight, bot_weight = _weights(bot_rounds)
    fewest_bots_first = sorted(range(n), key=bot_rounds.__getitem__)
    with_bots = sum(layout.size * layout.count for layout in layouts if layout.bots)
    due = sum(1 << p for p in sorted(range(n), key=lambda p: (bot_rounds[p], -p))[:with_bots])
    # The layouts in the order a player tries them, by whether they are due to sit with bots.
    tries = {
        bots_due: sorted(range(len(layouts)), key=lambda index: layouts[index].bots != bots_due)
        for bots_due in (False, True)
    }
    left = [layout.count for layout in layouts]
    tables: list[tuple[int, ...]] = []
    best: list[tuple[int, ...]] = []
    best_cost = repeat_weight * n * n
    steps = 0

    def bots_bound(unplaced: int, seats: int) -> int:
        if not bot_rounds[fewest_bots_first[-1]]:
            return 0
        total = 0
        for position in fewest_bots_first:
            if seats == 0:
                break
            if unplaced >> position & 1:
                total += bot_rounds[position]
                seats -= 1
        return total * bot_weight

    def open_table(unplaced: list[int], mask: int, cost: int) -> None:
        nonlocal best, best_cost
        if not unplaced:
            if cost < best_cost:
                best, best_cost = list(tables), cost
            return
        first, rest = unplaced[0], unplaced[1:]
        rest_mask = mask & ~(1 << first)
        for index in tries[bool(due >> first & 1)]:
            layout = layouts[index]
            if not left[index]:
                continue
            left[index] -= 1
            later_players = len(rest) - (layout.size - 1)
            later_bot_seats = sum(
                other.size * count for other, count in zip(layouts, left, strict=True) if other.bots
            )
            bound = later_players - sum(left) + bots_bound(rest_mask, later_bot_seats)
            if layout.bots:
                cost += bot_weight * bot_rounds[first]
            seat(layout, rest, rest_mask, bound, [first], 1 << first, 0, cost)
            if layout.bots:
                cost -= bot_weight * bot_rounds[first]
            left[index] += 1

    def seat(
        layout: Layout,
        rest: list[int],
        rest_mask: int,
        bound: int,
        table: list[int],
        members: int,
        start: int,
        cost: int,
    ) -> None:
        nonlocal steps
        needed = layout.size - len(table)
        if needed == 0:
            tables.append(tuple(table))
            open_table([p for p in rest if not members >> p & 1], rest_mask & ~members, cost)
            tables.pop()
            return
        steps += 1
        if steps > effort and best:
            raise _Spent
        stop = len(rest) - needed + 1
        strangers = [i for i in range(start, stop) if not met[rest[i]] & members]
        misfits: list[int] = []
        if 0 < with_bots < n:
            misfits = [i for i in strangers if bool(due >> rest[i] & 1) != layout.bots]
            strangers = [i for i in strangers if bool(due >> rest[i] & 1) == layout.bots]
        known: list[int] = []
        if cost + repeat_weight + bound < best_cost:
            known = [i for i in range(start, stop) if met[rest[i]] & members]
        for indices in (strangers, misfits, known):
            for i in indices:
                position = rest[i]
                gap = position - table[0] + needed - 1
                if cost + gap + bound >= best_cost:
                    break
                added = repeat_weight * (met[position] & members).bit_count()
                if layout.bots:
                    added += bot_weight * bot_rounds[position]
                if cost + added + gap + bound >= best_cost:
                    continue
                table.append(position)
                paid = cost + added + (gap if needed == 1 else 0)
                seat(layout, rest, rest_mask, bound, table, members | 1 << position, i + 1, paid)
                table.pop()

    with suppress(_Spent):
        open_table(list(range(n)), (1 << n) - 1, 0)
    return best


def mend(
    split: Sequence[tuple[int, ...]],
    met: Sequence[int],
    bot_rounds: Sequence[int],
    bots: Sequence[bool],
    effort: int,
) -> list[tuple[int, ...]]:
    """`split` improved by swaps while one lowers the cost: a member who has met someone at
    their table, or who sits with bots, trades seats with the member of another table who
    lowers it most (for one who sits with bots: one without bots and with fewer rounds with
    them). `bots` tells, table by table, whether it has bots. Stops after `effort` swaps
    weighed."""
    n = len(met)
    repeat_weight, bot_weight = _weights(bot_rounds)
    tables = [list(table) for table in split]
    masks = [sum(1 << p for p in table) for table in tables]
    where = [0] * n
    for index, table in enumerate(tables):
        for p in table:
            where[p] = index

    def gap(table: list[int], out: int, into: int) -> int:
        kept = [p for p in table if p != out]
        return max([*kept, into]) - min([*kept, into]) - (max(table) - min(table))

    improved = True
    while improved and effort > 0:
        improved = False
        for a in range(n):
            if effort <= 0:
                break
            home = where[a]
            clash_a = (met[a] & masks[home]).bit_count()
            if not clash_a and not bots[home]:
                continue
            best_delta, best_b = 0, -1
            for b in range(n):
                away = where[b]
                if away == home:
                    continue
                if not clash_a and (bots[away] or bot_rounds[b] >= bot_rounds[a]):
                    continue
                effort -= 1
                clash_b = (met[b] & masks[away]).bit_count()
                delta = repeat_weight * (
                    (met[a] & masks[away] & ~(1 << b)).bit_count()
                    + (met[b] & masks[home] & ~(1 << a)).bit_count()
                    - clash_a
                    - clash_b
                )
                if bots[home] != bots[away]:
                    moved = bot_rounds[b] - bot_rounds[a]
                    delta += bot_weight * (moved if bots[home] else -moved)
                if delta - bot_weight >= best_delta:
                    continue
                delta += gap(tables[home], a, b) + gap(tables[away], b, a)
                if delta < best_delta:
                    best_delta, best_b = delta, b
            if best_b >= 0:
                b, away = best_b, where[best_b]
                tables[home][tables[home].index(a)] = b
                tables[away][tables[away].index(b)] = a
                masks[home] ^= 1 << a | 1 << b
                masks[away] ^= 1 << a | 1 << b
                where[a], where[b] = away, home
                improved = True
    return sorted(tuple(sorted(table)) for table in tables)


def _weights(bot_rounds: Sequence[int]) -> tuple[int, int]:
    """The weights of a repeat and of a round with bots: the spreads of a split sum to less
    than n², its rounds with bots to at most n times the most anyone had."""
    n = len(bot_rounds)
    bot_weight = n * n
    return bot_weight * (n * max(bot_rounds, default=0) + 1), bot_weight
