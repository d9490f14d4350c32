import pytest

from games.skyjo import PenaltyType, SkyjoSettings
from games.skyjo.events import RoundScored
from tests.skyjo.scripting import QUICK, quick_round, scripted_game

# QUICK grids: slots 0-2 are turned up at the start, slot 3 at the finisher's turn.
# Ana (seat 0) has the highest revealed total in every case, so she starts and finishes.


@pytest.mark.parametrize(
    ("grids", "raw", "scores"),
    [
        pytest.param(
            [[2, 2, 2, -2], [1, 1, 1, 5], [0, 1, 2, 9]],
            (4, 8, 12),
            (4, 8, 12),
            id="strictly-lowest-not-doubled",
        ),
        pytest.param(
            [[2, 2, 2, -1], [1, 1, 1, 2], [3, 1, 1, 9]],
            (5, 5, 14),
            (10, 5, 14),
            id="tied-for-lowest-doubled",
        ),
        pytest.param(
            [[6, 4, 2, -2], [4, 4, 4, 12], [1, 1, 1, 7]],
            (10, 24, 10),
            (20, 24, 10),
            id="rulebook-example-ana-leo-zoe",
        ),
        pytest.param(
            [[3, 3, 3, 3], [1, 1, 1, 2], [0, 0, 0, 0]],
            (12, 5, 0),
            (24, 5, 0),
            id="higher-doubled",
        ),
        pytest.param(
            [[1, 1, 0, -2], [0, 0, 0, 0], [0, 0, -1, 5]],
            (0, 0, 4),
            (0, 0, 4),
            id="zero-tied-not-doubled",
        ),
        pytest.param(
            [[0, 0, 0, -1], [-1, -1, 0, -2], [-2, 0, 0, 3]],
            (-1, -4, 1),
            (-1, -4, 1),
            id="negative-not-lowest-not-doubled",
        ),
    ],
)
def test_finisher_is_doubled_unless_strictly_lowest(
    grids: list[list[int]], raw: tuple[int, ...], scores: tuple[int, ...]
) -> None:
    game, _ = scripted_game(grids, discard=0, settings=QUICK)
    events = quick_round(game, finisher=0)
    scored = [e for e in events if isinstance(e, RoundScored)]
    assert scored == [RoundScored(1, 0, raw, scores, scores)]
    assert game.totals == list(scores)
    assert game.round == 2


TIED_FIVE = [[2, 2, 2, -1], [1, 1, 1, 2]]
TIED_MINUS_TWO = [[0, 0, 0, -2], [-1, -1, 0, 0]]
LOWEST_MINUS_TWO = [[0, 0, 0, -2], [-1, 0, 0, 9]]


@pytest.mark.parametrize(
    ("penalty", "factor", "flat", "grids", "finisher_score"),
    [
        pytest.param(PenaltyType.MULTIPLIER, 3, 10, TIED_FIVE, 15, id="multiplier-x3"),
        pytest.param(PenaltyType.MULTIPLIER, 3, 10, TIED_MINUS_TWO, -2, id="multiplier-negative"),
        pytest.param(PenaltyType.FLAT, 2, 10, TIED_FIVE, 15, id="flat"),
        pytest.param(PenaltyType.FLAT, 2, 7, TIED_MINUS_TWO, 5, id="flat-on-negative"),
        pytest.param(PenaltyType.FLAT, 2, 10, LOWEST_MINUS_TWO, -2, id="flat-strictly-lowest"),
        pytest.param(
            PenaltyType.FLAT_THEN_MULTIPLIER, 2, 10, TIED_FIVE, 30, id="flat-then-multiplier"
        ),
        pytest.param(
            PenaltyType.FLAT_THEN_MULTIPLIER,
            3,
            1,
            TIED_MINUS_TWO,
            -1,
            id="flat-then-multiplier-stays-negative",
        ),
        pytest.param(
            PenaltyType.FLAT_THEN_MULTIPLIER,
            2,
            10,
            TIED_MINUS_TWO,
            16,
            id="flat-then-multiplier-lifted-above-zero-is-multiplied",
        ),
        pytest.param(
            PenaltyType.FLAT_THEN_MULTIPLIER,
            2,
            10,
            LOWEST_MINUS_TWO,
            -2,
            id="flat-then-multiplier-strictly-lowest",
        ),
        pytest.param(
            PenaltyType.MULTIPLIER_THEN_FLAT, 2, 10, TIED_FIVE, 20, id="multiplier-then-flat"
        ),
        pytest.param(
            PenaltyType.MULTIPLIER_THEN_FLAT,
            3,
            10,
            TIED_MINUS_TWO,
            8,
            id="multiplier-then-flat-on-negative",
        ),
        pytest.param(PenaltyType.NONE, 2, 10, TIED_FIVE, 5, id="none"),
        pytest.param(PenaltyType.NONE, 2, 10, TIED_MINUS_TWO, -2, id="none-negative"),
    ],
)
def test_penalty_types(
    penalty: PenaltyType, factor: int, flat: int, grids: list[list[int]], finisher_score: int
) -> None:
    settings = SkyjoSettings(
        **{**QUICK.model_dump(), "penalty": penalty, "penalty_factor": factor, "penalty_flat": flat}
    )
    game, _ = scripted_game(grids, discard=0, settings=settings)
    quick_round(game, finisher=0)
    (record,) = game.history
    other = sum(grids[1])
    assert record.raw == (sum(grids[0]), other)
    assert record.scores == (finisher_score, other)
    assert game.totals == [finisher_score, other]
