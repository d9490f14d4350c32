from typing import Any

import pytest

from games.core import InvalidSettings
from games.skyjo_junior import JuniorGame, JuniorSettings
from games.skyjo_junior.cards import deck_counter
from tests.skyjo_junior.scripting import card_counts, seats


@pytest.mark.parametrize(
    ("values", "message"),
    [
        pytest.param(
            {"copies_per_value": 3},
            "Copies of each card value must be at least 4.",
            id="copies-too-few",
        ),
        pytest.param(
            {"copies_per_value": 21},
            "Copies of each card value must be at most 20.",
            id="copies-too-many",
        ),
        pytest.param(
            {"copies_per_value": "ten"},
            "Copies of each card value must be a whole number.",
            id="copies-not-a-number",
        ),
        pytest.param(
            {"turn_seconds": 5},
            "Time per turn (seconds) must be at least 10.",
            id="turn-too-short",
        ),
        pytest.param(
            {"turn_seconds": 3601},
            "Time per turn (seconds) must be at most 3600.",
            id="turn-too-long",
        ),
        pytest.param(
            {"jokers": True}, "“jokers” is not a Skyjo Junior setting.", id="unknown-setting"
        ),
        pytest.param(
            {"copies_per_value": 0, "turn_seconds": 0},
            "Copies of each card value must be at least 4. "
            "Time per turn (seconds) must be at least 10.",
            id="two-problems",
        ),
    ],
)
def test_a_bad_setting_is_refused_with_a_message_naming_it(
    values: dict[str, Any], message: str
) -> None:
    with pytest.raises(InvalidSettings) as refused:
        JuniorSettings.build(**values)
    assert refused.value.message == message


@pytest.mark.parametrize(
    "values",
    [
        {"copies_per_value": 4},
        {"copies_per_value": 20},
        {"turn_seconds": 10},
        {"turn_seconds": 3600},
        {"turn_seconds": None},
    ],
)
def test_settings_at_their_limits_are_accepted(values: dict[str, Any]) -> None:
    assert JuniorSettings.build(**values).model_dump(include=set(values)) == values


def test_the_default_deck_is_ten_of_each_value_from_1_to_12() -> None:
    settings = JuniorSettings.build()
    assert (settings.copies_per_value, settings.turn_seconds) == (10, 60)
    game = JuniorGame.new(settings, seats(2), seed=5)
    assert card_counts(game) == {value: 10 for value in range(1, 13)}


@pytest.mark.parametrize(
    ("copies", "players", "draw_pile"),
    [
        pytest.param(4, 2, 48 - 24 - 1, id="smallest-deck-2-players"),
        pytest.param(4, 3, 48 - 36 - 1, id="smallest-deck-3-players"),
        pytest.param(9, 8, 108 - 96 - 1, id="9-copies-8-players"),
        pytest.param(10, 8, 120 - 96 - 1, id="default-8-players"),
        pytest.param(20, 8, 240 - 96 - 1, id="largest-deck"),
    ],
)
def test_the_deck_size_follows_the_setting(copies: int, players: int, draw_pile: int) -> None:
    game = JuniorGame.new(JuniorSettings(copies_per_value=copies), seats(players), seed=3)
    assert card_counts(game) == deck_counter(copies)
    assert len(game.draw_pile) == draw_pile
    assert len(game.discard) == 1


@pytest.mark.parametrize(
    ("copies", "players", "message"),
    [
        pytest.param(
            4,
            4,
            "4 copies of each card value make a deck of 48 cards, too few for 4 players: they "
            "take 50 with the discard and draw piles. Choose at least 5 copies, or fewer players.",
            id="4-copies-4-players",
        ),
        pytest.param(
            8,
            8,
            "8 copies of each card value make a deck of 96 cards, too few for 8 players: they "
            "take 98 with the discard and draw piles. Choose at least 9 copies, or fewer players.",
            id="8-copies-8-players",
        ),
    ],
)
def test_a_deck_too_small_for_the_seats_is_refused(copies: int, players: int, message: str) -> None:
    settings = JuniorSettings.build(copies_per_value=copies)
    with pytest.raises(InvalidSettings) as refused:
        JuniorGame.new(settings, seats(players), seed=1)
    assert refused.value.message == message


@pytest.mark.parametrize("players", [0, 1, 9])
def test_a_seat_count_outside_two_to_eight_is_refused(players: int) -> None:
    table = seats(8) + seats(1)
    with pytest.raises(InvalidSettings) as refused:
        JuniorGame.new(JuniorSettings(), table[:players], seed=1)
    assert "2 to 8 players" in refused.value.message
