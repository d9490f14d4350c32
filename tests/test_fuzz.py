"""`make fuzz` turns each failure Hypothesis reports into the example to add to its test."""

from __future__ import annotations

import pytest

from tests.fuzz import examples_to_add, exploring_files

REPORTED = """
E       assert 100 < 100
E       Failing test case: test_random_clicks_keep_every_game_sound(
E           scenario=Scenario(seed=300409, faults=((156, Restart()),)),
E           caplog=<_pytest.logging.LogCaptureFixture object>,  # or any other generated value
E       )
E
E       You can reproduce this test case by temporarily adding @reproduce_failure(...)
"""

PLAIN = """Falsifying example: test_settings(
    setup=Setup(players=2, seed=7),
)
"""


@pytest.mark.parametrize(
    ("output", "expected"),
    [
        (
            REPORTED,
            [
                "@example(scenario=Scenario(seed=300409, faults=((156, Restart()),)),"
                " caplog=<_pytest.logging.LogCaptureFixture object>)"
            ],
        ),
        (PLAIN, ["@example(setup=Setup(players=2, seed=7))"]),
        ("1 passed", []),
    ],
)
def test_each_failure_is_printed_as_the_example_to_add(output: str, expected: list[str]) -> None:
    assert examples_to_add(output) == expected


def test_the_exploring_tests_are_found() -> None:
    names = {path.name for path in exploring_files()}
    assert "test_random_clicks.py" in names
    assert "test_fuzz.py" not in names
