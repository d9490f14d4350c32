"""Swiss standings: a place's points, ties sharing them, bots taking them, abandoned tables
giving none, and the order by points, Buchholz, game score and id."""

from __future__ import annotations

import random
from collections import Counter, defaultdict
from collections.abc import Mapping
from fractions import Fraction
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.swiss import (
    RoundRecord,
    Standing,
    Table,
    TableResult,
    place_points,
    places_of,
    standings,
    table_points,
)

F = Fraction


def played(members: tuple[int, ...], places: tuple[int, ...], bots: int = 0) -> TableResult:
    """A finished table, its scores ten times its places (the lower, the better)."""
    return TableResult(Table(members, bots), places, tuple(10 * place for place in places))


def by_player(table: tuple[Standing, ...]) -> dict[int, Standing]:
    return {standing.player: standing for standing in table}


@pytest.mark.parametrize(
    ("place", "tied", "seats", "points"),
    [
        (1, 1, 2, F(1)),
        (2, 1, 2, F(0)),
        (1, 2, 2, F(1, 2)),
        (1, 1, 4, F(1)),
        (2, 1, 4, F(2, 3)),
        (3, 1, 4, F(1, 3)),
        (4, 1, 4, F(0)),
        (1, 2, 4, (1 + F(2, 3)) / 2),
        (3, 2, 4, F(1, 6)),
        (2, 3, 4, F(1, 3)),
        (1, 4, 4, F(1, 2)),
        (4, 1, 8, F(4, 7)),
    ],
)
def test_place_points(place: int, tied: int, seats: int, points: Fraction) -> None:
    assert place_points(place, tied, seats) == points


@pytest.mark.parametrize(
    ("result", "points"),
    [
        (played((1, 2, 3, 4), (1, 2, 3, 4)), {1: F(1), 2: F(2, 3), 3: F(1, 3), 4: F(0)}),
        (played((1, 2, 3, 4), (1, 1, 3, 4)), {1: F(5, 6), 2: F(5, 6), 3: F(1, 3), 4: F(0)}),
        (played((1, 2), (2, 3, 1), bots=1), {1: F(1, 2), 2: F(0)}),
        (played((1,), (2, 1), bots=1), {1: F(0)}),
        (TableResult(Table((1, 2, 3), 1), abandoned=True), {1: F(0), 2: F(0), 3: F(0)}),
    ],
    ids=["four places", "tied first", "a bot wins", "alone, beaten by a bot", "abandoned"],
)
def test_table_points(result: TableResult, points: dict[int, Fraction]) -> None:
    assert table_points(result) == points


@pytest.mark.parametrize(
    ("scores", "high_score_wins", "places"),
    [
        ((5, 30, 5, 12), False, (1, 4, 1, 3)),
        ((5, 30, 5, 12), True, (3, 1, 3, 2)),
        ((7, 7), False, (1, 1)),
    ],
)
def test_places_follow_scores(
    scores: tuple[int, ...], high_score_wins: bool, places: tuple[int, ...]
) -> None:
    assert places_of(scores, high_score_wins=high_score_wins) == places


@pytest.mark.parametrize(
    ("places", "scores"),
    [((1, 2), (0,)), ((1, 3, 3), (0, 0, 0)), ((0, 1), (0, 0)), ((1, 1, 2), (0, 0, 0))],
)
def test_a_result_must_fit_its_table(places: tuple[int, ...], scores: tuple[int, ...]) -> None:
    with pytest.raises(ValueError):
        TableResult(Table((1, 2), bots=len(places) - 2), places, scores)


def test_a_member_sits_at_one_table_a_round() -> None:
    with pytest.raises(ValueError):
        RoundRecord((played((1, 2), (1, 2)), played((2, 3), (1, 2))))


def test_buchholz_decides_before_the_score() -> None:
    history = [
        RoundRecord((played((1, 2), (1, 2)), played((3, 4), (1, 2)))),
        RoundRecord(
            (
                TableResult(Table((1, 3)), (1, 2), (10, 90)),
                TableResult(Table((4, 2)), (1, 2), (0, 20)),
            )
        ),
    ]
    table = standings([1, 2, 3, 4], history, high_score_wins=False)
    assert [standing.player for standing in table] == [1, 3, 4, 2]
    third, fourth = by_player(table)[3], by_player(table)[4]
    assert (third.points, third.buchholz, third.score) == (F(1), F(3), 100)
    assert (fourth.points, fourth.buchholz, fourth.score) == (F(1), F(1), 20)
    assert [standing.place for standing in table] == [1, 2, 3, 4]


@pytest.mark.parametrize(
    ("high_score_wins", "order"), [(False, [3, 1, 2, 4]), (True, [1, 3, 4, 2])]
)
def test_the_score_decides_on_equal_points_and_buchholz(
    high_score_wins: bool, order: list[int]
) -> None:
    results = (
        TableResult(Table((1, 2)), (1, 2), (10, 20)),
        TableResult(Table((3, 4)), (1, 2), (5, 30)),
    )
    table = standings([1, 2, 3, 4], [RoundRecord(results)], high_score_wins=high_score_wins)
    assert [standing.player for standing in table] == order
    assert [standing.place for standing in table] == [1, 2, 3, 4]


def test_players_equal_on_everything_share_a_place() -> None:
    history = [RoundRecord((played((4, 2), (1, 2)), played((1, 3), (1, 2))))]
    table = standings([1, 2, 3, 4], history, high_score_wins=False)
    assert [(standing.player, standing.place) for standing in table] == [
        (1, 1),
        (4, 1),
        (2, 3),
        (3, 3),
    ]


def test_absent_and_dropped_players() -> None:
    history = [
        RoundRecord((played((1, 2, 3), (1, 2, 3, 4), bots=1),)),
        RoundRecord((played((1, 3), (2, 1)),)),
    ]
    table = by_player(standings([1, 3, 9], history, high_score_wins=False))
    assert table.keys() == {1, 3, 9}
    assert table[9] == Standing(9, 3, F(0), F(0), 0, 0, 0)
    assert (table[1].points, table[3].points) == (F(1), F(4, 3))
    # Player 2 dropped, yet their 2/3 still counts for the Buchholz of the others.
    assert table[1].buchholz == (F(2, 3) + table[3].points) / 2 + table[3].points
    assert table[3].buchholz == (F(2, 3) + table[1].points) / 2 + table[1].points
    assert (table[1].rounds, table[1].bot_rounds, table[1].score) == (2, 1, 10 + 20)


def test_an_abandoned_table_counts_only_as_a_round() -> None:
    history = [
        RoundRecord((played((1, 2), (1, 2)), played((3, 4), (1, 2)))),
        RoundRecord(
            (
                TableResult(Table((1, 3), bots=1), abandoned=True),
                played((2, 4), (1, 2)),
            )
        ),
    ]
    table = by_player(standings([1, 2, 3, 4], history, high_score_wins=False))
    assert (table[1].points, table[1].buchholz, table[1].score) == (F(1), F(1), 10)
    assert (table[1].rounds, table[1].bot_rounds) == (2, 1)
    assert table[2].points == 1


@settings(deadline=None, max_examples=60)
@given(seats=st.integers(2, 8), scores=st.lists(st.integers(-20, 120), min_size=8, max_size=8))
def test_every_table_of_k_seats_gives_k_halves(seats: int, scores: list[int]) -> None:
    places = places_of(scores[:seats], high_score_wins=False)
    tied = Counter(places)
    assert sum(place_points(place, tied[place], seats) for place in places) == F(seats, 2)
    members = tuple(range(seats - 1))
    result = TableResult(Table(members, bots=1), places, tuple(scores[:seats]))
    bot_points = place_points(places[-1], tied[places[-1]], seats)
    assert sum(table_points(result).values()) + bot_points == F(seats, 2)


def random_history(rng: random.Random, players: int, rounds: int) -> list[RoundRecord]:
    """Rounds of random tables of 1 to 4 members and up to 2 bots, some abandoned."""
    history = []
    for _ in range(rounds):
        field = list(range(1, players + 1))
        rng.shuffle(field)
        results = []
        while field:
            members = tuple(field[: rng.randint(1, 4)])
            del field[: len(members)]
            table = Table(members, rng.randint(1 if len(members) == 1 else 0, 2))
            if rng.random() < 0.1:
                results.append(TableResult(table, abandoned=True))
                continue
            scores = [rng.randint(0, 6) for _ in range(table.seats)]
            results.append(TableResult.ranked(table, scores, high_score_wins=False))
        history.append(RoundRecord(tuple(results)))
    return history


def expected_buchholz(history: list[RoundRecord], player: int, points: Mapping[int, F]) -> F:
    total = F(0)
    for record in history:
        for result in record:
            others = [m for m in result.table.members if m != player]
            if player in result.table.members and others and not result.abandoned:
                total += sum((points[m] for m in others), F(0)) / len(others)
    return total


@settings(deadline=None, max_examples=60)
@given(
    seed=st.integers(0, 2**32),
    players=st.integers(1, 12),
    rounds=st.integers(0, 5),
    high_score_wins=st.booleans(),
)
def test_the_standings_follow_points_buchholz_and_score(
    seed: int, players: int, rounds: int, high_score_wins: bool
) -> None:
    history = random_history(random.Random(seed), players, rounds)
    points: defaultdict[int, Fraction] = defaultdict(Fraction)
    scores: Counter[int] = Counter()
    for record in history:
        for result in record:
            for member, gained in table_points(result).items():
                points[member] += gained
            if not result.abandoned:
                scores.update(result.member_scores())
    table = standings(range(1, players + 1), history, high_score_wins=high_score_wins)

    assert sorted(standing.player for standing in table) == list(range(1, players + 1))
    for standing in table:
        assert standing.points == points[standing.player]
        assert standing.score == scores[standing.player]
        assert standing.buchholz == expected_buchholz(history, standing.player, points)
    sign = 1 if high_score_wins else -1

    def merit(standing: Standing) -> tuple[Fraction, Fraction, int]:
        return standing.points, standing.buchholz, sign * standing.score

    for place, (ahead, behind) in enumerate(pairwise(table), start=2):
        assert merit(ahead) >= merit(behind)
        if merit(ahead) == merit(behind):
            assert (behind.place, ahead.player < behind.player) == (ahead.place, True)
        else:
            assert behind.place == place
    assert table[0].place == 1
