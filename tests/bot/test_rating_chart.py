"""The chart of a member's ratings: its size, one line per game type in that type's own colour
through each of its values, markers, its description for screen readers, and ratings in words
in each language."""

from __future__ import annotations

import io
import itertools

import pytest
from PIL import Image

from bot.i18n import Words
from bot.storage.stats import RatingStep
from bot.ui import rating_chart as rc
from bot.ui.rating_words import change_text, describe, rating_chart, rating_text
from bot.ui.score_chart import PLAYER_COLOURS

TITLES = {"skyjo": "Skyjo", "junior": "Skyjo Junior", "skyjo-sheet": "Skyjo score sheet"}
ENGLISH = Words("en")


def steps(kind: str, values: list[float], start: float = 0.0) -> list[RatingStep]:
    return [
        RatingStep(kind, start + index, before, after)
        for index, (before, after) in enumerate(itertools.pairwise(values))
    ]


SKYJO = steps("skyjo", [0.0, 2.5, 1.0, 6.0, 9.5])
SHEET = steps("skyjo-sheet", [0.0, -1.5, 3.0], start=0.5)


def chart_of(found: list[RatingStep], games: dict[str, int] | None = None) -> rc.RatingChart:
    chart = rating_chart(
        sorted(found, key=lambda s: s.ended_at), games or {}, TITLES, "Ana", ENGLISH
    )
    assert chart is not None
    return chart


def picture(chart: rc.RatingChart) -> Image.Image:
    return Image.open(io.BytesIO(rc.render(chart))).convert("RGB")


def test_one_line_per_game_type_in_its_own_colour_and_order() -> None:
    chart = chart_of(SKYJO + SHEET)
    assert [(line.name, line.style) for line in chart.lines] == [
        ("Skyjo", 0),
        ("Skyjo score sheet", 2),
    ], "a game type's colour is its place among the game types, whoever's chart it is"
    skyjo, sheet = chart.lines
    assert skyjo.values == (0.0, 2.5, 1.0, 6.0, 9.5) and skyjo.first == 0
    assert sheet.values == (0.0, -1.5, 3.0) and skyjo.shown == "9.5"
    assert rating_chart([], {}, TITLES, "Ana", ENGLISH) is None, "no rated game, no chart"


def test_the_picture_is_wide_enough_for_a_phone_and_draws_every_value() -> None:
    chart = chart_of(SKYJO + SHEET)
    image = picture(chart)
    assert image.size == (rc.WIDTH, rc.height(chart)) and image.width == 800
    assert image.height < image.width, "a small chart, wider than high"
    shape = rc.layout(chart)
    assert shape.low <= -1.5 and shape.high >= 9.5
    for line in chart.lines:
        colour = PLAYER_COLOURS[line.style]
        for x, y in rc.points(shape, line):
            near = [image.getpixel((x + dx, y + dy)) for dx in range(-2, 3) for dy in range(-2, 3)]
            assert colour in near, f"{line.name}'s line passes through ({x}, {y})"
    midway = [(a + b) // 2 for a, b in zip(*rc.points(shape, chart.lines[0])[1:3], strict=True)]
    assert PLAYER_COLOURS[0] in [
        image.getpixel((midway[0], midway[1] + dy)) for dy in range(-2, 3)
    ], "the points are joined by a line"


def test_a_long_history_keeps_its_game_numbers_and_marks_only_its_last_game() -> None:
    long = steps("junior", [i * 0.25 for i in range(121)])
    chart = chart_of(long, {"junior": 150})
    (line,) = chart.lines
    assert line.first == 30 and line.last == 150, "the 120 latest of 150 games"
    shape = rc.layout(chart)
    assert shape.first == 30 and shape.first + shape.games == 150
    image = picture(chart)
    x, y = rc.points(shape, line)[-1]
    assert image.getpixel((x, y)) == PLAYER_COLOURS[1], "a marker at the last game"


def test_a_flat_rating_is_drawn_flat_on_a_few_points_of_scale() -> None:
    chart = chart_of(steps("skyjo", [0.0, -0.1]))
    shape = rc.layout(chart)
    assert shape.high - shape.low >= rc.LEAST_SPAN
    (line,) = chart.lines
    first, last = rc.points(shape, line)
    assert abs(first[1] - last[1]) <= 3, "a tenth of a point is a small step"


def test_equal_charts_give_equal_pictures() -> None:
    assert rc.render(chart_of(SKYJO)) == rc.render(chart_of(list(SKYJO)))


def test_the_description_says_each_line_in_words() -> None:
    chart = chart_of(SKYJO + SHEET)
    text = describe(chart, ENGLISH)
    assert text.splitlines() == [
        "Ana's rating, game by game.",
        "Skyjo: from 0.0 to 9.5 over 4 games (lowest 0.0, highest 9.5).",
        "Skyjo score sheet: from 0.0 to 3.0 over 2 games (lowest −1.5, highest 3.0).",
    ]
    french = describe(rating_chart(SKYJO, {}, TITLES, "Ana", Words("fr")) or chart, Words("fr"))
    assert "de 0,0 à 9,5 en 4 parties" in french
    assert len(describe(chart_of(SKYJO), ENGLISH)) <= rc.DESCRIPTION_LIMIT


@pytest.mark.parametrize(
    ("language", "value", "change", "expected"),
    [
        ("en", 12.34, 1.36, ("12.3", "▲ 1.4")),
        ("fr", -1.25, -0.8, ("−1,2", "▼ 0,8")),
        ("de", 0.04, 0.04, ("0,0", "± 0,0")),
    ],
)
def test_ratings_and_changes_read_as_in_each_language(
    language: str, value: float, change: float, expected: tuple[str, str]
) -> None:
    words = Words(language)
    assert (rating_text(value, words), change_text(change, words)) == expected
