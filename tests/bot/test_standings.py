"""Places from final scores: lowest or highest wins, tie-breaks, shared places."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.adapters.specs import Score
from bot.standings import rank
from bot.storage.records import SeatRecord

SEATS = [
    SeatRecord(name="Ana", user_id=1),
    SeatRecord(name="Bot 1", bot_level="hard"),
    SeatRecord(name="Grandma", guest=True),
    SeatRecord(name="Leo", user_id=2),
]


@pytest.mark.parametrize(
    ("scores", "high", "places"),
    [
        ([(10, None), (20, None), (30, None), (40, None)], False, [1, 2, 3, 4]),
        ([(10, None), (20, None), (30, None), (40, None)], True, [4, 3, 2, 1]),
        ([(10, None), (10, None), (30, None), (40, None)], False, [1, 1, 3, 4]),
        ([(50, 3), (50, 5), (20, 9), (50, 5)], True, [3, 1, 4, 1]),
        ([(-4, None), (0, None), (-4, None), (7, None)], False, [1, 3, 1, 4]),
    ],
)
def test_places(scores: list[tuple[int, int | None]], high: bool, places: list[int]) -> None:
    results = rank(
        [Score(seat, score, tie) for seat, (score, tie) in enumerate(scores)],
        SEATS,
        high_score_wins=high,
    )
    assert [r.place for r in results] == places
    assert [r.won for r in results] == [p == 1 for p in places]
    assert [r.seat_kind for r in results] == ["member", "bot", "guest", "member"]
    assert [r.user_id for r in results] == [1, None, None, 2]


@given(
    st.lists(
        st.tuples(st.integers(-50, 200), st.none() | st.integers(0, 20)), min_size=2, max_size=4
    ),
    st.booleans(),
)
def test_places_follow_the_order_of_results(
    scores: list[tuple[int, int | None]], high: bool
) -> None:
    results = rank(
        [Score(seat, score, tie) for seat, (score, tie) in enumerate(scores)],
        SEATS[: len(scores)],
        high_score_wins=high,
    )
    ordered = sorted(results, key=lambda r: (r.place, r.seat))
    assert ordered[0].place == 1 and any(r.won for r in results)

    def key(seat: int) -> tuple[int, int]:
        score, tie = scores[seat]
        return (-score if high else score, -(tie or 0))

    for better, worse in itertools.pairwise(ordered):
        assert key(better.seat) <= key(worse.seat)
        assert (better.place == worse.place) == (key(better.seat) == key(worse.seat))
