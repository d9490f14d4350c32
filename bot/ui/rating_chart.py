"""A member's ratings over their games: one line per game type, for `/stats`.

The picture is 800 pixels wide and 438 or 482 high (one or two rows of legend), twice what a
phone shows of an embed's picture. The title runs along the top, the chart fills the middle and
the legend sits under it, two game types a row: each line's colour, marker, game and current
rating. The x axis counts the member's rated games of each type (0: before the first), so every
line starts at the left; the y axis is the rating. Each game type keeps its own colour and
marker shape on every member's chart. Drawing follows the score sheet's chart
(`bot.ui.score_chart`): lines drawn larger and scaled down, markers and text pasted from tiles,
the same palette.
"""

from __future__ import annotations

import io
import math
from dataclasses import dataclass

from PIL import Image

from bot.ui.grid_picture import BACKGROUND, MUTED, TEXT, Rgb, font
from bot.ui.names import number
from bot.ui.score_chart import (
    PLAYER_COLOURS,
    SCALE,
    cap_height,
    fit,
    nice_step,
    palette,
    paste_marker,
    plot_frame,
    text_tile,
)

WIDTH = 800
MARGIN = 12
TITLE_SIZE = 28
LABEL_SIZE = 24
PLOT_TOP = 76
PLOT_BOTTOM = 316
PLOT_RIGHT = WIDTH - 28
LEGEND_TOP = 398
LEGEND_ROW = 44
LINE_WIDTH = 4
MARKER_RADIUS = 7
LEAST_SPAN = 6
"""The y axis spans at least this many rating points, so that small changes look small."""
MOST_MARKERS = 40
"""A line with more games than this has a marker at its last game only."""
DESCRIPTION_LIMIT = 1024
"""The most characters Discord keeps of a picture's description."""


@dataclass(frozen=True)
class RatingLine:
    """One game type's ratings: `values[i]` after the member's game `first + i` (the value at
    `first` is the rating before the game after it)."""

    name: str
    style: int
    """The game type's colour and marker, the same on every chart."""
    first: int
    values: tuple[float, ...]
    shown: str
    """The latest value as players read it, in their language."""

    @property
    def last(self) -> int:
        return self.first + len(self.values) - 1


@dataclass(frozen=True)
class RatingChart:
    """A member's rating lines; equal charts give equal pictures. The title and labels are in
    the reader's language already."""

    title: str
    lines: tuple[RatingLine, ...]
    games_label: str

    def __post_init__(self) -> None:
        if not 1 <= len(self.lines) <= len(PLAYER_COLOURS):
            raise ValueError(f"a chart has 1 to {len(PLAYER_COLOURS)} lines")
        if any(len(line.values) < 2 for line in self.lines):
            raise ValueError("a line has its start and at least one game")


@dataclass(frozen=True)
class Layout:
    left: int
    first: int
    games: int
    game_step: int
    low: int
    high: int
    step: int

    def x(self, game: float) -> int:
        return self.left + round((game - self.first) * (PLOT_RIGHT - self.left) / self.games)

    def y(self, value: float) -> int:
        span = PLOT_BOTTOM - PLOT_TOP
        return PLOT_BOTTOM - round((value - self.low) * span / (self.high - self.low))


def layout(chart: RatingChart) -> Layout:
    """The y axis from the lowest rating to the highest in round steps, the x axis from the
    earliest game shown to the latest."""
    values = [value for line in chart.lines for value in line.values]
    bottom, top = math.floor(min(values)), math.ceil(max(values))
    if top - bottom < LEAST_SPAN:
        bottom -= (LEAST_SPAN - (top - bottom)) // 2
        top = bottom + LEAST_SPAN
    step = nice_step(max(1, top - bottom), 5)
    low = math.floor(bottom / step) * step
    high = max(math.ceil(top / step) * step, low + step)
    first = min(line.first for line in chart.lines)
    games = max(1, max(line.last for line in chart.lines) - first)
    face = font(LABEL_SIZE)
    widest = max(face.getlength(number(value)) for value in range(low, high + 1, step))
    return Layout(
        left=MARGIN + math.ceil(widest) + 14,
        first=first,
        games=games,
        game_step=nice_step(games, 6),
        low=low,
        high=high,
        step=step,
    )


def points(shape: Layout, line: RatingLine) -> list[tuple[int, int]]:
    """The pixels of a line's values, from its start on."""
    return [(shape.x(line.first + i), shape.y(value)) for i, value in enumerate(line.values)]


def legend_place(index: int) -> tuple[int, int]:
    """The left end and middle row of a line's entry in the legend: two a row."""
    column, row = index % 2, index // 2
    return MARGIN + column * (WIDTH // 2), LEGEND_TOP + row * LEGEND_ROW


def _paste_text(
    image: Image.Image, text: str, size: int, ink: Rgb, x: float, y: float, anchor: str
) -> None:
    """Text placed by `anchor` ("l", "m" or "r" across), its capitals' middle on row `y`."""
    tile, baseline = text_tile(text, size, ink)
    if anchor == "r":
        x -= tile.width
    elif anchor == "m":
        x -= tile.width / 2
    image.paste(tile, (round(x), round(y + cap_height(size) / 2) - baseline))


def _plot(chart: RatingChart, shape: Layout) -> tuple[Image.Image, tuple[int, int]]:
    """The grid, the axes and the lines, drawn `SCALE` times larger and scaled down."""
    plot = plot_frame(
        (shape.left, PLOT_TOP, PLOT_RIGHT, PLOT_BOTTOM),
        [(value, shape.y(value)) for value in range(shape.low, shape.high + 1, shape.step)],
        [shape.x(game) for game in _game_ticks(shape)],
    )
    for line in chart.lines:
        scaled = [plot.at(x, y) for x, y in points(shape, line)]
        plot.draw.line(
            scaled, fill=PLAYER_COLOURS[line.style], width=LINE_WIDTH * SCALE, joint="curve"
        )
    return plot.reduced()


def _game_ticks(shape: Layout) -> range:
    start = math.ceil(shape.first / shape.game_step) * shape.game_step
    return range(start, shape.first + shape.games + 1, shape.game_step)


def draw(chart: RatingChart) -> Image.Image:
    """The chart as a full-colour picture."""
    shape = layout(chart)
    image = Image.new("RGB", (WIDTH, height(chart)), BACKGROUND)
    plot, origin = _plot(chart, shape)
    image.paste(plot, origin)
    for line in chart.lines:
        found = points(shape, line)[1:]
        for x, y in found if len(found) <= MOST_MARKERS else found[-1:]:
            paste_marker(image, line.style, x, y, _radius(shape))

    title = fit(chart.title, TITLE_SIZE, WIDTH - 2 * MARGIN)
    _paste_text(image, title, TITLE_SIZE, TEXT, MARGIN, 28, "l")
    for value in range(shape.low, shape.high + 1, shape.step):
        _paste_text(image, number(value), LABEL_SIZE, MUTED, shape.left - 12, shape.y(value), "r")
    for game in _game_ticks(shape):
        _paste_text(image, number(game), LABEL_SIZE, MUTED, shape.x(game), PLOT_BOTTOM + 24, "m")
    label = fit(chart.games_label, LABEL_SIZE, PLOT_RIGHT - shape.left)
    _paste_text(
        image, label, LABEL_SIZE, MUTED, (shape.left + PLOT_RIGHT) / 2, PLOT_BOTTOM + 56, "m"
    )

    for index, line in enumerate(chart.lines):
        x, y = legend_place(index)
        image.paste(PLAYER_COLOURS[line.style], (x, y - 2, x + 37, y + 3))
        paste_marker(image, line.style, x + 18, y, MARKER_RADIUS)
        value = text_tile(line.shown, LABEL_SIZE, TEXT)[0].width
        room = WIDTH // 2 - 2 * MARGIN - 46 - value - 12
        name = fit(line.name, LABEL_SIZE, room) or "?"
        _paste_text(image, name, LABEL_SIZE, MUTED, x + 46, y, "l")
        after = x + 46 + text_tile(name, LABEL_SIZE, MUTED)[0].width + 12
        _paste_text(image, line.shown, LABEL_SIZE, TEXT, after, y, "l")
    return image


def height(chart: RatingChart) -> int:
    """The picture's height: room for the legend's rows, two lines a row."""
    rows = (len(chart.lines) + 1) // 2
    return LEGEND_TOP + LEGEND_ROW * rows - LEGEND_ROW // 2 + 18


def _radius(shape: Layout) -> int:
    """Markers shrink when games crowd together, to stay apart."""
    room = (PLOT_RIGHT - shape.left) / shape.games
    return max(3, min(MARKER_RADIUS, int(room * 0.4)))


def render(chart: RatingChart) -> bytes:
    """The chart as a PNG."""
    output = io.BytesIO()
    image = draw(chart).quantize(palette=palette(), dither=Image.Dither.NONE)
    image.save(output, format="PNG", compress_level=3)
    return output.getvalue()
