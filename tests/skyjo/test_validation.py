from typing import Any

import pytest

from games.core import InvalidSettings
from games.skyjo import SkyjoGame, SkyjoSettings
from tests.skyjo.scripting import seats


@pytest.mark.parametrize(
    ("values", "named"),
    [
        pytest.param({"rows": 9}, "Grid rows", id="rows-too-many"),
        pytest.param({"rows": 1}, "Grid rows", id="rows-too-few"),
        pytest.param({"columns": 6}, "Grid columns", id="columns-too-many"),
        pytest.param({"opening_flips": -1}, "Cards turned up at the start", id="flips-negative"),
        pytest.param({"penalty": "double"}, "Finisher's penalty", id="unknown-penalty"),
        pytest.param({"penalty_factor": 0}, "Penalty multiplier", id="factor-zero"),
        pytest.param({"penalty_flat": -5}, "Flat penalty", id="flat-negative"),
        pytest.param({"target_score": 5}, "Target score", id="target-too-low"),
        pytest.param({"turn_seconds": 1}, "Time per turn", id="turn-too-short"),
        pytest.param({"clear_rows": "sometimes"}, "Remove identical rows", id="rows-not-bool"),
        pytest.param({"jokers": True}, "jokers", id="unknown-setting"),
        pytest.param(
            {"opening_flips": 12},
            "Cards turned up at the start",
            id="flips-fill-the-grid",
        ),
        pytest.param(
            {"rows": 2, "columns": 2, "opening_flips": 4},
            "Cards turned up at the start",
            id="flips-fill-a-small-grid",
        ),
    ],
)
def test_bad_setting_is_refused_naming_the_setting(values: dict[str, Any], named: str) -> None:
    with pytest.raises(InvalidSettings) as refused:
        SkyjoSettings.build(**values)
    assert named in refused.value.message


@pytest.mark.parametrize(
    ("values", "limit"),
    [
        pytest.param({"opening_flips": 12}, "at most 11 on a 3×4 grid", id="3x4"),
        pytest.param(
            {"rows": 2, "columns": 2, "opening_flips": 4}, "at most 3 on a 2×2 grid", id="2x2"
        ),
    ],
)
def test_opening_flips_must_leave_a_card_face_down(values: dict[str, Any], limit: str) -> None:
    with pytest.raises(InvalidSettings) as refused:
        SkyjoSettings.build(**values)
    assert limit in refused.value.message


@pytest.mark.parametrize(
    "values",
    [
        {"opening_flips": 11},
        {"opening_flips": 0},
        {"rows": 4, "columns": 5},
        {"rows": 2, "columns": 2, "opening_flips": 3},
        {"target_score": 10, "penalty": "flat_then_multiplier", "penalty_factor": 10},
        {"turn_seconds": None},
    ],
)
def test_settings_at_their_limits_are_accepted(values: dict[str, Any]) -> None:
    settings = SkyjoSettings.build(**values)
    assert settings.model_dump(include=set(values)) == values


def test_grid_too_large_for_the_seats_is_refused() -> None:
    settings = SkyjoSettings(rows=4, columns=5)
    with pytest.raises(InvalidSettings) as refused:
        SkyjoGame.new(settings, seats(8), seed=1)
    assert "4×5" in refused.value.message
    assert "8 players" in refused.value.message


@pytest.mark.parametrize(
    ("rows", "columns", "players", "draw_pile"),
    [
        pytest.param(4, 5, 7, 150 - 140 - 1, id="4x5-7-players"),
        pytest.param(4, 4, 8, 150 - 128 - 1, id="4x4-8-players"),
    ],
)
def test_largest_grids_that_fit_are_dealt(
    rows: int, columns: int, players: int, draw_pile: int
) -> None:
    game = SkyjoGame.new(SkyjoSettings(rows=rows, columns=columns), seats(players), seed=1)
    assert len(game.draw_pile) == draw_pile
    assert len(game.discard) == 1


@pytest.mark.parametrize("players", [1, 9])
def test_seat_count_outside_two_to_eight_is_refused(players: int) -> None:
    table = seats(8) + seats(1)
    with pytest.raises(InvalidSettings) as refused:
        SkyjoGame.new(SkyjoSettings(), table[:players], seed=1)
    assert "2 to 8 players" in refused.value.message
