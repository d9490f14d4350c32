from typing import Any

import pytest

from games.core import InvalidSettings
from games.sky_five import SkyFiveSettings


@pytest.mark.parametrize(
    ("values", "message"),
    [
        pytest.param(
            {"turn_seconds": 5},
            "Time per turn (seconds) must be at least 10.",
            id="too-short",
        ),
        pytest.param(
            {"turn_seconds": 4000},
            "Time per turn (seconds) must be at most 3600.",
            id="too-long",
        ),
        pytest.param(
            {"turn_seconds": "soon"},
            "Time per turn (seconds) must be a whole number.",
            id="not-a-number",
        ),
        pytest.param({"jokers": True}, "“jokers” is not a Sky Five setting.", id="unknown"),
        pytest.param(
            {"turn_seconds": 1, "removed": 0},
            "Time per turn (seconds) must be at least 10. “removed” is not a Sky Five setting.",
            id="two-problems",
        ),
    ],
)
def test_bad_setting_is_refused_with_a_readable_message(
    values: dict[str, Any], message: str
) -> None:
    with pytest.raises(InvalidSettings) as refused:
        SkyFiveSettings.build(**values)
    assert refused.value.message == message


@pytest.mark.parametrize("seconds", [10, 60, 3600, None])
def test_turn_seconds_at_its_limits_is_accepted(seconds: int | None) -> None:
    assert SkyFiveSettings.build(turn_seconds=seconds).turn_seconds == seconds


def test_defaults_and_immutability() -> None:
    settings = SkyFiveSettings.build()
    assert settings.turn_seconds == 60
    with pytest.raises(ValueError, match="frozen"):
        settings.turn_seconds = 30  # type: ignore[misc]
