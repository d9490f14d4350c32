"""The tables of a Swiss round: sizes within one, bots filling the seats, the first round by
rating, later ones by the standings, avoiding repeated opponents first, then rotating the bot
seats, then seating equal points together; checked against every possible draw on small
fields."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.swiss import RoundRecord, Table, TableResult, draw_round, standings, table_sizes

Cost = tuple[int, int, int]


def draw(
    players: Sequence[int],
    seats: int,
    history: Sequence[RoundRecord] = (),
    ratings: Mapping[int, float] | None = None,
) -> tuple[Table, ...]:
    return draw_round(players, seats, ratings=ratings or {}, history=history, high_score_wins=False)


def members(tables: Sequence[Table]) -> list[tuple[int, ...]]:
    return [table.members for table in tables]


def won(table: Table, *scores: int) -> TableResult:
    return TableResult.ranked(table, scores, high_score_wins=False)


def play(tables: Sequence[Table], rng: random.Random) -> RoundRecord:
    """Random scores for every seat, ties likely; one table in ten abandoned."""
    results = []
    for table in tables:
        if rng.random() < 0.1:
            results.append(TableResult(table, abandoned=True))
        else:
            results.append(won(table, *(rng.randint(0, 5) for _ in range(table.seats))))
    return RoundRecord(tuple(results))


def rounds(
    players: int, seats: int, count: int, seed: int
) -> Iterator[tuple[list[int], list[RoundRecord], tuple[Table, ...]]]:
    """For `count` rounds of random results, each round's order (by rating, then by the
    standings), its history so far and its draw."""
    rng = random.Random(seed)
    field = rng.sample(range(1, 1000), players)
    ratings = {player: float(rng.randint(0, 3)) for player in field[: players // 2]}
    order = sorted(field, key=lambda p: (p not in ratings, -ratings.get(p, 0), p))
    history: list[RoundRecord] = []
    for _ in range(count):
        tables = draw_round(field, seats, ratings=ratings, history=history, high_score_wins=False)
        yield order, history, tables
        history = [*history, play(tables, rng)]
        order = [s.player for s in standings(field, history, high_score_wins=False)]


@pytest.mark.parametrize(
    ("players", "seats", "sizes"),
    [
        (9, 4, (3, 3, 3)),
        (8, 4, (4, 4)),
        (5, 2, (2, 2, 1)),
        (7, 4, (4, 3)),
        (10, 8, (5, 5)),
        (17, 8, (6, 6, 5)),
        (1, 4, (1,)),
        (0, 4, ()),
    ],
)
def test_table_sizes(players: int, seats: int, sizes: tuple[int, ...]) -> None:
    assert table_sizes(players, seats) == sizes
    tables = draw(range(1, players + 1), seats)
    assert [len(table.members) for table in tables] == list(sizes)
    assert all(table.seats == seats for table in tables)


@pytest.mark.parametrize("seats", [0, 1, 9])
def test_tables_have_2_to_8_seats(seats: int) -> None:
    with pytest.raises(ValueError):
        draw([1, 2, 3], seats)


def test_a_player_is_listed_once() -> None:
    with pytest.raises(ValueError):
        draw([1, 2, 1], 2)


def test_the_first_round_seats_by_rating() -> None:
    ratings = {1: 10.0, 2: 30.0, 3: 20.0, 4: 30.0, 5: 5.0, 6: 25.0, 7: 1.0}
    tables = draw([1, 2, 3, 4, 5, 6, 7, 8, 9], 4, ratings=ratings)
    assert tables == (Table((2, 4, 6), 1), Table((3, 1, 5), 1), Table((7, 8, 9), 1))


def test_the_winners_meet_in_the_second_round() -> None:
    first = draw(range(1, 9), 2, ratings={player: -player for player in range(1, 9)})
    assert members(first) == [(1, 2), (3, 4), (5, 6), (7, 8)]
    history = [
        RoundRecord(tuple(won(table, 10 + index, 20 + index) for index, table in enumerate(first)))
    ]
    assert members(draw(range(1, 9), 2, history)) == [(1, 3), (5, 7), (2, 4), (6, 8)]


def test_opponents_do_not_meet_again() -> None:
    history = [RoundRecord((won(Table((1, 2)), 5, 5), won(Table((3, 4)), 8, 8)))]
    assert members(draw([1, 2, 3, 4], 2, history)) == [(1, 3), (2, 4)]


def test_an_abandoned_table_still_counts_as_met() -> None:
    history = [RoundRecord((TableResult(Table((1, 2)), abandoned=True), won(Table((3, 4)), 5, 5)))]
    assert members(draw([1, 2, 3, 4], 2, history)) == [(3, 1), (4, 2)]


def test_three_players_take_turns_with_the_bot() -> None:
    history: list[RoundRecord] = []
    for _ in range(3):
        tables = draw([1, 2, 3], 2, history)
        history.append(RoundRecord(tuple(won(table, 1, 2) for table in tables)))
    met = Counter(
        frozenset(result.table.members)
        for record in history
        for result in record
        if not result.table.bots
    )
    table = standings([1, 2, 3], history, high_score_wins=False)
    bot_rounds = {standing.player: standing.bot_rounds for standing in table}
    assert met == {frozenset({1, 2}): 1, frozenset({1, 3}): 1, frozenset({2, 3}): 1}
    assert bot_rounds == {1: 1, 2: 1, 3: 1}


def test_the_draw_is_deterministic() -> None:
    for _, history, tables in rounds(20, 3, 4, seed=7):
        players = [member for table in tables for member in table.members]
        if history:
            assert draw(players, 3, history) == draw(players[::-1], 3, history) == tables


@pytest.mark.parametrize(("players", "seats"), [(62, 4), (50, 3)])
def test_a_large_field_meets_new_opponents_for_six_rounds(players: int, seats: int) -> None:
    for order, history, tables in rounds(players, seats, 6, seed=1):
        assert costs(seats, history, order)(members(tables))[0] == 0
    had = [standing.bot_rounds for standing in standings(order, history, high_score_wins=False)]
    assert max(had) - min(had) <= 1


@settings(deadline=None, max_examples=40)
@given(players=st.integers(0, 40), seats=st.integers(2, 8), seed=st.integers(0, 2**32))
def test_everyone_is_seated_once_at_full_tables(players: int, seats: int, seed: int) -> None:
    for order, _, tables in rounds(players, seats, 3, seed):
        seated = [member for table in tables for member in table.members]
        assert sorted(seated) == sorted(order)
        assert len(tables) == -(-players // seats)
        sizes = [len(table.members) for table in tables]
        assert max(sizes, default=0) - min(sizes, default=0) <= 1
        assert all(table.seats == seats >= 2 and table.members for table in tables)
        firsts = [order.index(table.members[0]) for table in tables]
        assert firsts == sorted(firsts)
        for table in tables:
            assert list(table.members) == sorted(table.members, key=order.index)


def splits(players: Sequence[int], sizes: Sequence[int]) -> Iterator[list[tuple[int, ...]]]:
    """Every way to seat `players` at tables of `sizes` members."""
    if not players:
        yield []
        return
    first, rest = players[0], players[1:]
    for size in set(sizes):
        left = list(sizes)
        left.remove(size)
        for others in combinations(rest, size - 1):
            remaining = [player for player in rest if player not in others]
            for tail in splits(remaining, left):
                yield [(first, *others), *tail]


def costs(
    seats: int, history: Sequence[RoundRecord], order: Sequence[int]
) -> Callable[[Sequence[tuple[int, ...]]], Cost]:
    """A draw's repeats, rounds with bots of those seated with bots, and standings spread."""
    met = {
        frozenset(pair)
        for record in history
        for result in record
        for pair in combinations(result.table.members, 2)
    }
    bot_rounds = Counter(
        member
        for record in history
        for result in record
        if result.table.bots
        for member in result.table.members
    )
    position = {player: index for index, player in enumerate(order)}

    def cost(split: Sequence[tuple[int, ...]]) -> Cost:
        return (
            sum(frozenset(pair) in met for table in split for pair in combinations(table, 2)),
            sum(bot_rounds[m] for table in split if len(table) < seats for m in table),
            sum(position[table[-1]] - position[table[0]] for table in split),
        )

    return cost


@settings(deadline=None, max_examples=100)
@given(players=st.integers(1, 8), seats=st.integers(2, 8), seed=st.integers(0, 2**32))
def test_small_fields_get_the_best_draw(players: int, seats: int, seed: int) -> None:
    """No draw has fewer repeats; none as good on those rotates the bots better; none as good
    on both has a smaller spread. So a draw without repeats is found whenever there is one."""
    for order, history, tables in rounds(players, seats, 5, seed):
        cost = costs(seats, history, order)
        best = min(cost(split) for split in splits(order, table_sizes(players, seats)))
        assert cost(members(tables)) == best


@settings(deadline=None, max_examples=100)
@given(players=st.integers(3, 8), seats=st.integers(2, 5), seed=st.integers(0, 2**32))
def test_bot_seats_go_round(players: int, seats: int, seed: int) -> None:
    """Whenever each round so far had a draw with the fewest repeats that gave the bot seats
    to those who had had the fewest, the bot seats are spread within one."""
    spread_possible = True
    for order, history, _ in rounds(players, seats, 6, seed):
        table = standings(order, history, high_score_wins=False)
        had = sorted(standing.bot_rounds for standing in table)
        if spread_possible:
            assert had[-1] - had[0] <= 1
        sizes = table_sizes(players, seats)
        cost = costs(seats, history, order)
        possible = {cost(split)[:2] for split in splits(order, sizes)}
        fewest = min(repeats for repeats, _ in possible)
        least = sum(had[: sum(size for size in sizes if size < seats)])
        spread_possible &= (fewest, least) in possible
