"""The score sheet's line chart: its size, one line and one marker shape per player in their
own colour, the target line at the target's height, negative totals and a sheet with no rounds
yet, its description for screen readers, and equal charts giving equal pictures."""

from __future__ import annotations

import io
import itertools
import math
import random

import pytest
from PIL import Image

from bot.ui import score_chart as sc
from bot.ui.grid_picture import BACKGROUND, Rgb

Point = tuple[int, int]

CROSSING = sc.ScoreChart(
    title="Skyjo — scores",
    names=("Ann", "Bob", "Cy"),
    totals=((15, 30, -10), (35, 25, 10), (40, 60, 20), (75, 50, 55), (90, 95, 45)),
    target=100,
    target_label="target 100",
    round_label="round",
)
"""Three players over five rounds, their lines crossing one another."""


def with_player(chart: sc.ScoreChart, name: str, totals: list[int]) -> sc.ScoreChart:
    rows = tuple((*row, total) for row, total in zip(chart.totals, totals, strict=True))
    return sc.ScoreChart(
        chart.title,
        (*chart.names, name),
        rows,
        chart.target,
        chart.target_label,
        chart.round_label,
    )


def sheet(players: int, rounds: int, seed: int = 1, target: int = 100) -> sc.ScoreChart:
    rng = random.Random(seed)
    running = [0] * players
    totals = []
    for _ in range(rounds):
        running = [total + rng.randint(-6, 14) for total in running]
        totals.append(tuple(running))
    names = tuple(f"Player {seat} 🎲" for seat in range(players))
    return sc.ScoreChart("Skyjo", names, tuple(totals), target, f"target {target}", "round")


def luminance(colour: Rgb) -> float:
    """The relative luminance of WCAG's contrast ratio."""
    linear = [c / 255 / 12.92 if c <= 10 else ((c / 255 + 0.055) / 1.055) ** 2.4 for c in colour]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def picture(chart: sc.ScoreChart) -> Image.Image:
    return Image.open(io.BytesIO(sc.render(chart))).convert("RGB")


def colour_at(image: Image.Image, xy: Point) -> Rgb:
    value = image.getpixel(xy)
    assert isinstance(value, tuple)
    return value[0], value[1], value[2]


def colours(image: Image.Image, least: int = 20) -> set[Rgb]:
    """The colours of at least `least` pixels: those drawn, not a stray shade where edges of
    several colours meet."""
    found = image.getcolors(image.width * image.height) or []
    return {(c[0], c[1], c[2]) for count, c in found if isinstance(c, tuple) and count >= least}


def distance_to_segment(p: Point, a: Point, b: Point) -> float:
    (px, py), (ax, ay), (bx, by) = p, a, b
    dx, dy = bx - ax, by - ay
    length = dx * dx + dy * dy
    t = 0.0 if length == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / length))
    return math.hypot(px - ax - t * dx, py - ay - t * dy)


def points(chart: sc.ScoreChart, seat: int) -> list[Point]:
    return [sc.point(chart, r, seat) for r in range(len(chart.totals) + 1)]


def segments(chart: sc.ScoreChart, seat: int) -> list[tuple[Point, Point]]:
    line = points(chart, seat)
    return list(itertools.pairwise(line))


def clear_of_others(chart: sc.ScoreChart, seat: int, p: Point, lines: float, marks: float) -> bool:
    """Whether `p` is at least `lines` pixels from every other player's line and `marks`
    from every marker."""
    for other in range(len(chart.names)):
        if other != seat and any(
            distance_to_segment(p, a, b) < lines for a, b in segments(chart, other)
        ):
            return False
        if any(math.dist(p, m) < marks for m in points(chart, other)[1:] if m != p):
            return False
    return True


@pytest.mark.parametrize(("players", "rounds"), [(2, 0), (3, 5), (8, 30), (8, 120)])
def test_the_picture_fits_what_discord_shows_at_twice_the_pixels(players: int, rounds: int) -> None:
    image = picture(sheet(players, rounds))
    assert image.width <= 800 and image.height <= 600
    assert image.width * 3 >= image.height * 4


def test_each_player_has_a_colour_and_a_marker_that_read_on_the_background() -> None:
    assert len(set(sc.PLAYER_COLOURS)) == len(sc.PLAYER_COLOURS) == 8
    assert len(set(sc.MARKERS)) == len(sc.MARKERS) == len(sc.PLAYER_COLOURS)

    for colour in sc.PLAYER_COLOURS:
        assert (luminance(colour) + 0.05) / (luminance(BACKGROUND) + 0.05) >= 3


def test_each_marker_has_its_players_colour() -> None:
    image = picture(CROSSING)
    checked = 0
    for seat, colour in enumerate(sc.PLAYER_COLOURS[:3]):
        for r in range(1, 6):
            p = sc.point(CROSSING, r, seat)
            if clear_of_others(CROSSING, seat, p, lines=0, marks=16):
                assert colour_at(image, p) == colour, (seat, r)
                checked += 1
    assert checked == 15


def test_each_line_joins_its_players_markers_in_their_colour() -> None:
    image = picture(CROSSING)
    checked = 0
    for seat, colour in enumerate(sc.PLAYER_COLOURS[:3]):
        for a, b in segments(CROSSING, seat):
            middle = ((a[0] + b[0]) // 2, (a[1] + b[1]) // 2)
            if clear_of_others(CROSSING, seat, middle, lines=6, marks=14):
                assert colour_at(image, middle) == colour, (seat, a, b)
                checked += 1
    assert checked >= 12


def test_the_lines_cross_as_the_totals_do() -> None:
    def above(r: int, seat: int, other: int) -> bool:
        return sc.point(CROSSING, r, seat)[1] < sc.point(CROSSING, r, other)[1]

    assert above(1, 1, 0) and above(2, 0, 1) and above(3, 1, 0) and above(4, 0, 1)
    assert above(3, 1, 2) and above(4, 2, 1) and above(5, 1, 2)
    assert sc.point(CROSSING, 0, 0) == sc.point(CROSSING, 0, 2)


def test_a_player_added_adds_a_colour() -> None:
    three = colours(picture(CROSSING)) & set(sc.PLAYER_COLOURS)
    four = colours(picture(with_player(CROSSING, "Dee", [5, 20, 30, 65, 80]))) & set(
        sc.PLAYER_COLOURS
    )
    assert three == set(sc.PLAYER_COLOURS[:3])
    assert four == three | {sc.PLAYER_COLOURS[3]}


def test_the_target_line_is_dashed_at_the_targets_height() -> None:
    reached = with_player(CROSSING, "Dee", [30, 50, 65, 80, 100])
    image = picture(reached)
    y = sc.target_y(reached)
    assert sc.point(reached, 5, 3)[1] == y
    left, top, right, bottom = sc.plot_box(reached)
    assert top <= y < bottom
    dashes = 0
    for start in range(left, right - sc.DASH, sc.DASH + sc.DASH_GAP):
        x = start + sc.DASH // 2
        if all(
            clear_of_others(reached, seat, (x, y), lines=10, marks=16)
            for seat in range(len(reached.names))
        ):
            assert colour_at(image, (x, y)) == sc.TARGET_COLOUR
            assert colour_at(image, (start + sc.DASH + sc.DASH_GAP // 2, y)) != sc.TARGET_COLOUR
            dashes += 1
    assert dashes >= 5


def test_the_axes_span_the_negative_totals_and_the_target_with_round_ticks() -> None:
    chart = sc.ScoreChart(
        "Low", ("Ann", "Bob"), ((-12, 5), (-30, 2), (-41, 20)), 50, "target 50", "round"
    )
    shape = sc.layout(chart)
    assert shape.low <= -41 and shape.high >= 50
    assert shape.step in {1, 2, 5, 10, 20, 25, 50, 100}
    assert shape.low % shape.step == 0 and shape.high % shape.step == 0
    assert (shape.high - shape.low) // shape.step <= 8
    left, top, right, bottom = sc.plot_box(chart)
    for seat in range(2):
        for x, y in points(chart, seat):
            assert left <= x <= right and top <= y <= bottom
    image = picture(chart)
    assert colour_at(image, sc.point(chart, 3, 0)) == sc.PLAYER_COLOURS[0]
    assert sc.point(chart, 3, 0)[1] > sc.point(chart, 0, 0)[1]


def test_a_sheet_without_rounds_shows_the_target_and_everyone_in_the_legend() -> None:
    chart = sheet(4, 0)
    image = picture(chart)
    left = sc.plot_box(chart)[0]
    assert colour_at(image, (left + sc.DASH // 2, sc.target_y(chart))) == sc.TARGET_COLOUR
    assert set(sc.PLAYER_COLOURS[:4]) <= colours(image)
    assert sc.describe(chart).count(": 0.") == 4


def test_many_rounds_and_every_player_draw() -> None:
    chart = sheet(8, 120, target=300)
    image = picture(chart)
    assert set(sc.PLAYER_COLOURS) <= colours(image)


def test_the_description_reads_every_total_and_the_target() -> None:
    text = sc.describe(CROSSING)
    assert text.splitlines() == [
        "Skyjo — scores. target 100. round 1–5:",
        "Ann: 15, 35, 40, 75, 90.",
        "Bob: 30, 25, 60, 50, 95.",
        "Cy: -10, 10, 20, 55, 45.",
    ]


def test_a_long_description_keeps_the_latest_rounds_within_discords_limit() -> None:
    chart = sheet(8, 40, seed=7)
    text = sc.describe(chart)
    assert len(text) <= 1024
    assert "target 100" in text
    lines = text.splitlines()
    first = int(lines[0].rsplit(" ", 1)[1].split("–")[0])
    assert 1 < first < 40 and lines[0].endswith("–40:")
    for seat, name in enumerate(chart.names):
        latest = [str(chart.totals[r][seat]) for r in range(first - 1, 40)]
        assert lines[seat + 1] == f"{name}: …, {', '.join(latest)}."


def test_equal_charts_give_equal_pictures() -> None:
    one, other = sheet(8, 30, seed=4), sheet(8, 30, seed=4)
    assert one == other and one is not other
    assert sc.render(one) == sc.render(other)
    assert sc.render(one) != sc.render(sheet(8, 30, seed=5))


def test_a_chart_has_a_total_for_every_player_and_at_most_eight_players() -> None:
    with pytest.raises(ValueError):
        sc.ScoreChart("t", ("A", "B"), ((1, 2), (3,)), 100, "t", "r")
    with pytest.raises(ValueError):
        sc.ScoreChart("t", tuple("ABCDEFGHI"), (), 100, "t", "r")
