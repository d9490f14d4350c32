"""A score sheet's line chart: each player's running total after each round, and the target.

The picture is 800 × 600 pixels, twice what Discord shows of an embed's picture, so that it
stays sharp on phone screens. The title runs along the top, the chart fills the left and the
legend the right: each player's line, marker, avatar, name and current total. Every player has their
own colour and their own marker shape, so the chart reads without colour vision as well.
Round 0 is the start, everyone at 0 points; the target is a dashed line across the chart.

Lines are drawn at twice the size and scaled down, which smooths their edges; markers and
text are pasted from tiles drawn once. The PNG holds a fixed palette: every flat colour
exactly, and shades between them for the smoothed edges (an edge where three colours meet
takes the nearest shade). It is a third of the bytes of a full-colour PNG and quicker to write.
"""

from __future__ import annotations

import io
import math
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache, lru_cache

from PIL import Image, ImageDraw

from bot.ui import grid_picture
from bot.ui.avatar_picture import AVATAR_BLENDS, AVATAR_COLOURS, Avatar, draw_avatar
from bot.ui.grid_picture import BACKGROUND, MUTED, PANEL, TEXT, Rgb, drawable, font
from bot.ui.names import number

WIDTH, HEIGHT = 800, 600
MARGIN = 12
STRIP = 56
"""The strip at the top, for the title."""
TITLE_SIZE = 28
LABEL_SIZE = 22
"""Axis numbers, the legend and the target's label: 11 pixels high where Discord halves it."""
LEGEND_WIDTH = 232
AVATAR = 26
"""The avatars' size in the legend, beside the names."""
SWATCH, SHORT_SWATCH = 37, 25
"""The width of a legend's line sample; shorter beside an avatar, to leave the name room."""
PLOT_TOP = STRIP + 20
PLOT_BOTTOM = HEIGHT - 72
PLOT_RIGHT = WIDTH - LEGEND_WIDTH - 28
LINE_WIDTH = 4
MARKER_RADIUS = 7
SMALLEST_MARKER = 3
DASH, DASH_GAP = 16, 10
"""The target line's dashes and the gaps between them, from the chart's left edge."""
SCALE = 2
"""Lines and markers are drawn this many times larger, then scaled down."""

PLAYER_COLOURS: tuple[Rgb, ...] = (
    (86, 180, 233),
    (240, 150, 30),
    (60, 200, 130),
    (240, 120, 190),
    (240, 228, 66),
    (230, 70, 60),
    (165, 135, 255),
    (185, 140, 95),
)
"""Each seat's colour: sky blue, orange, green, pink, yellow, red, violet, brown."""
MARKERS: tuple[str, ...] = (
    "circle",
    "square",
    "triangle",
    "diamond",
    "down",
    "star",
    "hexagon",
    "cross",
)
"""Each seat's marker shape, in seat order."""
TARGET_COLOUR: Rgb = TEXT
GRID: Rgb = (58, 62, 72)
AXIS: Rgb = MUTED


@dataclass(frozen=True)
class ScoreChart:
    """A score sheet's totals; equal charts give equal pictures. The title and the labels are
    in the reader's language already."""

    title: str
    names: tuple[str, ...]
    """The players, in seat order."""
    totals: tuple[tuple[int, ...], ...]
    """`totals[r][seat]`: the seat's running total after round `r + 1`."""
    target: int
    target_label: str
    """The target line's label, such as "target 100"."""
    round_label: str
    """The word under the rounds' axis, such as "round"."""
    avatars: tuple[Avatar | None, ...] = ()
    """What the legend draws before each seat's name (none: the name alone)."""

    def __post_init__(self) -> None:
        if not 1 <= len(self.names) <= len(PLAYER_COLOURS):
            raise ValueError(f"a chart has 1 to {len(PLAYER_COLOURS)} players")
        if any(len(row) != len(self.names) for row in self.totals):
            raise ValueError("every round has a total for every player")

    def total(self, round_index: int, seat: int) -> int:
        """A seat's total after round `round_index`, 0 at round 0."""
        return 0 if round_index == 0 else self.totals[round_index - 1][seat]


@dataclass(frozen=True)
class Layout:
    """Where the chart goes and what its axes span."""

    left: int
    rounds: int
    """How many rounds the x axis spans: at least 1."""
    round_step: int
    low: int
    high: int
    step: int

    def x(self, round_index: int) -> int:
        return self.left + round(round_index * (PLOT_RIGHT - self.left) / self.rounds)

    def y(self, value: int) -> int:
        span = PLOT_BOTTOM - PLOT_TOP
        return PLOT_BOTTOM - round((value - self.low) * span / (self.high - self.low))


def nice_step(span: int, most: int) -> int:
    """The smallest of 1, 2, 5, 10, 20, 25, 50, 100, … that cuts `span` into at most `most`
    steps."""
    power = 1
    while True:
        for step in (power, 2 * power, 5 * power // 2, 5 * power):
            if span <= step * most:
                return step
        power *= 10


@lru_cache(maxsize=64)
def layout(chart: ScoreChart) -> Layout:
    """The axes: the values from the lowest of 0 and every total to the highest of the target
    and every total, in round steps; the rounds from 0 to the last; the chart's left edge
    beside the widest value."""
    values = [value for row in chart.totals for value in row]
    bottom = min(0, *values) if values else 0
    top = max(chart.target, *values) if values else max(chart.target, 0)
    step = nice_step(max(1, top - bottom), 8)
    low = math.floor(bottom / step) * step
    high = max(math.ceil(top / step) * step, low + step)
    face = font(LABEL_SIZE)
    widest = max(face.getlength(number(value)) for value in range(low, high + 1, step))
    rounds = max(1, len(chart.totals))
    return Layout(
        left=MARGIN + math.ceil(widest) + 14,
        rounds=rounds,
        round_step=nice_step(rounds, 10),
        low=low,
        high=high,
        step=step,
    )


def point(chart: ScoreChart, round_index: int, seat: int) -> tuple[int, int]:
    """The pixel at the centre of a seat's marker after round `round_index` (0: the start,
    where every line begins and no marker is drawn)."""
    return line(chart, layout(chart), seat)[round_index]


def line(chart: ScoreChart, shape: Layout, seat: int) -> list[tuple[int, int]]:
    """The pixels of a seat's points, from round 0 on."""
    return [(shape.left, shape.y(0))] + [
        (shape.x(r), shape.y(row[seat])) for r, row in enumerate(chart.totals, start=1)
    ]


def target_y(chart: ScoreChart) -> int:
    """The row of the target line's middle."""
    return layout(chart).y(chart.target)


def plot_box(chart: ScoreChart) -> tuple[int, int, int, int]:
    """The chart's left, top, right and bottom edges: the axes' ends."""
    return layout(chart).left, PLOT_TOP, PLOT_RIGHT, PLOT_BOTTOM


def legend_row(chart: ScoreChart, seat: int) -> int:
    """The middle row of a seat's entry in the legend."""
    spacing = min(56, (PLOT_BOTTOM - PLOT_TOP + 24) // len(chart.names))
    return PLOT_TOP - 12 + spacing * seat + spacing // 2


def avatar_box(chart: ScoreChart, seat: int) -> tuple[int, int, int, int]:
    """Where a seat's avatar is drawn in the legend (when it has one): for tests."""
    x, top = WIDTH - LEGEND_WIDTH + SHORT_SWATCH + 6, legend_row(chart, seat) - AVATAR // 2
    return x, top, x + AVATAR, top + AVATAR


@lru_cache(maxsize=64)
def avatar_tile(avatar: Avatar) -> Image.Image:
    """The avatar on the background, in the chart's colours."""
    tile = draw_avatar(avatar, AVATAR, BACKGROUND, palette())
    tile.putpalette(palette().getpalette() or [])
    return tile.convert("RGB")


def marker_radius(chart: ScoreChart) -> int:
    """Markers shrink when rounds crowd together, to stay apart."""
    shape = layout(chart)
    room = (PLOT_RIGHT - shape.left) / shape.rounds
    return max(SMALLEST_MARKER, min(MARKER_RADIUS, int(room * 0.4)))


def _star(x: float, y: float, radius: float) -> list[tuple[float, float]]:
    """A five-pointed star, pointing up."""
    corners = []
    for index in range(10):
        reach = radius * 1.25 if index % 2 == 0 else radius * 0.55
        angle = math.pi * index / 5 - math.pi / 2
        corners.append((x + reach * math.cos(angle), y + reach * math.sin(angle)))
    return corners


def _cross(x: float, y: float, radius: float) -> list[tuple[float, float]]:
    """An upright cross turned a quarter of a right angle: an ×."""
    arm, reach = radius * 0.42, radius * 1.05
    turn = math.sqrt(0.5)
    return [
        (x + (dx - dy) * turn, y + (dx + dy) * turn)
        for dx, dy in [
            (-arm, -reach),
            (arm, -reach),
            (arm, -arm),
            (reach, -arm),
            (reach, arm),
            (arm, arm),
            (arm, reach),
            (-arm, reach),
            (-arm, arm),
            (-reach, arm),
            (-reach, -arm),
            (-arm, -arm),
        ]
    ]


def _marker_outline(kind: str, x: float, y: float, size: float) -> list[tuple[float, float]]:
    """The corners of a marker's shape (every shape but the circle), `size` across from its
    centre to its sides."""
    if kind == "star":
        return _star(x, y, size)
    if kind == "cross":
        return _cross(x, y, size)
    sides, reach, rotation, lift = {
        "square": (4, size * 1.27, 45.0, 0.0),
        "triangle": (3, size * 1.3, 0.0, size * 0.2),
        "down": (3, size * 1.3, 180.0, -size * 0.2),
        "diamond": (4, size * 1.25, 0.0, 0.0),
        "hexagon": (6, size * 1.1, 0.0, 0.0),
    }[kind]
    return [
        (
            x + reach * math.sin(math.radians(rotation + 360 * i / sides)),
            y + lift - reach * math.cos(math.radians(rotation + 360 * i / sides)),
        )
        for i in range(sides)
    ]


STAMP_SCALE = 4


@lru_cache(maxsize=64)
def marker_stamp(kind: str, radius: int, colour: Rgb) -> Image.Image:
    """A marker, `radius` pixels from its centre to its sides, ringed in the background's
    colour so that it stands apart from the lines under it: a picture with an alpha channel,
    its centre in the middle of its middle pixel."""
    ring = max(2, round(radius / 3.5))
    half = math.ceil((radius + ring) * 1.35) + 1
    side = (2 * half + 1) * STAMP_SCALE
    centre = side / 2
    stamp = Image.new("RGBA", (side, side), (*BACKGROUND, 0))
    draw = ImageDraw.Draw(stamp)
    for size, fill in ((radius + ring, BACKGROUND), (radius, colour)):
        size *= STAMP_SCALE
        if kind == "circle":
            box = (centre - size, centre - size, centre + size, centre + size)
            draw.ellipse(box, fill=(*fill, 255))
        else:
            draw.polygon(_marker_outline(kind, centre, centre, size), fill=(*fill, 255))
    return stamp.reduce(STAMP_SCALE)


def paste_marker(image: Image.Image, seat: int, x: int, y: int, radius: int) -> None:
    """Pastes a seat's marker centred on the pixel (`x`, `y`)."""
    stamp = marker_stamp(MARKERS[seat], radius, PLAYER_COLOURS[seat])
    half = stamp.width // 2
    image.paste(stamp, (x - half, y - half), stamp)


def _blends(one: Rgb, other: Rgb, steps: int) -> list[Rgb]:
    return [
        (
            round(one[0] + (other[0] - one[0]) * i / (steps + 1)),
            round(one[1] + (other[1] - one[1]) * i / (steps + 1)),
            round(one[2] + (other[2] - one[2]) * i / (steps + 1)),
        )
        for i in range(1, steps + 1)
    ]


@cache
def palette() -> Image.Image:
    """Every colour drawn, then the shades of smoothed edges and of text."""
    base = [BACKGROUND, PANEL, TEXT, MUTED, GRID, TARGET_COLOUR, *PLAYER_COLOURS]
    shades: list[Rgb] = []
    for ink in (*PLAYER_COLOURS, TEXT, MUTED):
        shades += _blends(ink, BACKGROUND, 7)
    for ink in (*PLAYER_COLOURS, TEXT):
        shades += _blends(ink, GRID, 3)
    for index, one in enumerate(PLAYER_COLOURS):
        for other in PLAYER_COLOURS[index + 1 :]:
            shades += _blends(one, other, 2)
    for ink in AVATAR_BLENDS:
        shades += _blends(ink, BACKGROUND, 6)
    chosen = list(dict.fromkeys([*base, *shades, *AVATAR_COLOURS]))
    assert len(chosen) <= 256, "the chart's colours fill more than a palette"
    flat = [channel for colour in chosen for channel in colour]
    image = Image.new("P", (1, 1))
    image.putpalette(flat + flat[:3] * (256 - len(chosen)))
    return image


@lru_cache(maxsize=1024)
def text_tile(text: str, size: int, ink: Rgb) -> tuple[Image.Image, int]:
    """Text on the background, with a pixel of room all round, and the row of its baseline."""
    face = font(size)
    box = face.getbbox(text or " ", anchor="ls")
    left, top = math.floor(box[0]), math.floor(box[1])
    right, bottom = math.ceil(box[2]), math.ceil(box[3])
    tile = Image.new("RGB", (max(1, right - left + 2), max(1, bottom - top + 2)), BACKGROUND)
    ImageDraw.Draw(tile).text((1 - left, 1 - top), text, fill=ink, font=face, anchor="ls")
    return tile, 1 - top


@lru_cache(maxsize=1024)
def fit(text: str, size: int, width: int) -> str:
    """`text` as drawn, its characters the font lacks left out, shortened with an ellipsis
    to fit `width` pixels."""
    return grid_picture.fit(drawable(text), size, width)


@cache
def cap_height(size: int) -> int:
    """How far capitals rise above the baseline."""
    return -math.floor(font(size).getbbox("H", anchor="ls")[1])


def _paste_text(
    image: Image.Image, text: str, size: int, ink: Rgb, x: float, y: float, anchor: str
) -> None:
    """Pastes text placed by `anchor`: "l", "m" or "r" across, its capitals' middle on row
    `y` (so that every label of a row stands on the same line)."""
    tile, baseline = text_tile(text, size, ink)
    if anchor == "r":
        x -= tile.width
    elif anchor == "m":
        x -= tile.width / 2
    image.paste(tile, (round(x), round(y + cap_height(size) / 2) - baseline))


PAD = 10
"""Room around the chart, in the part drawn larger: for the lines' width and the ticks."""


@dataclass(frozen=True)
class Plot:
    """A chart's plot area drawn `SCALE` times larger, to be scaled down (`reduced`) and pasted
    at `origin`."""

    image: Image.Image
    draw: ImageDraw.ImageDraw
    origin: tuple[int, int]

    def at(self, x: float, y: float) -> tuple[float, float]:
        """The middle of the pixel (`x`, `y`) of the picture, drawn larger."""
        return (x - self.origin[0] + 0.5) * SCALE, (y - self.origin[1] + 0.5) * SCALE

    def reduced(self) -> tuple[Image.Image, tuple[int, int]]:
        return self.image.reduce(SCALE), self.origin


def plot_frame(
    box: tuple[int, int, int, int],
    values: Iterable[tuple[int, float]],
    ticks: Iterable[float],
) -> Plot:
    """The plot area `box` (left, top, right, bottom), with a grid line at each of `values`
    (value, y; thicker at 0 and at the lowest), a tick below the area at each x of `ticks`,
    and the left axis."""
    box_left, box_top, box_right, box_bottom = box
    origin = (box_left - PAD, box_top - PAD)
    size = (box_right + PAD - origin[0], box_bottom + PAD - origin[1])
    image = Image.new("RGB", (size[0] * SCALE, size[1] * SCALE), BACKGROUND)
    plot = Plot(image, ImageDraw.Draw(image), origin)
    draw, at = plot.draw, plot.at
    left, top = at(box_left, box_top)
    right, bottom = at(box_right, box_bottom)
    shown = list(values)
    lowest = min((value for value, _ in shown), default=0)
    for value, y_at in shown:
        y = at(0, y_at)[1]
        thick = value == 0 or value == lowest
        draw.line((left, y, right, y), fill=AXIS if thick else GRID, width=SCALE * (1 + thick))
    for x_at in ticks:
        x = at(x_at, 0)[0]
        draw.line((x, bottom, x, bottom + 6 * SCALE), fill=AXIS, width=SCALE * 2)
    draw.line((left, top, left, bottom), fill=AXIS, width=SCALE * 2)
    return plot


def _plot(chart: ScoreChart) -> tuple[Image.Image, tuple[int, int]]:
    """The grid, the axes, the target line and the players' lines, drawn `SCALE` times larger
    and scaled down, and where it goes."""
    shape = layout(chart)
    plot = plot_frame(
        (shape.left, PLOT_TOP, PLOT_RIGHT, PLOT_BOTTOM),
        [(value, shape.y(value)) for value in range(shape.low, shape.high + 1, shape.step)],
        [shape.x(index) for index in range(0, shape.rounds + 1, shape.round_step)],
    )
    draw, at = plot.draw, plot.at
    left, right = at(shape.left, 0)[0], at(PLOT_RIGHT, 0)[0]

    y = at(0, shape.y(chart.target))[1]
    x = left
    while x < right:
        end = min(x + (DASH - 1) * SCALE, right)
        draw.line((x, y, end, y), fill=TARGET_COLOUR, width=3 * SCALE)
        x += (DASH + DASH_GAP) * SCALE

    for seat in range(len(chart.names)):
        points = [at(x, y) for x, y in line(chart, shape, seat)]
        if len(points) > 1:
            draw.line(points, fill=PLAYER_COLOURS[seat], width=LINE_WIDTH * SCALE)
    return plot.reduced()


def draw(chart: ScoreChart) -> Image.Image:
    """The chart as a full-colour picture."""
    shape = layout(chart)
    image = Image.new("RGB", (WIDTH, HEIGHT), BACKGROUND)
    plot, origin = _plot(chart)
    image.paste(plot, origin)
    seats = range(len(chart.names))
    rounds = len(chart.totals)
    radius = marker_radius(chart)
    lines = [line(chart, shape, seat) for seat in seats]
    for r in range(1, rounds + 1):
        for seat in seats:
            paste_marker(image, seat, *lines[seat][r], radius)

    title = fit(chart.title, TITLE_SIZE, WIDTH - 2 * MARGIN)
    _paste_text(image, title, TITLE_SIZE, TEXT, MARGIN, STRIP / 2 + 2, "l")
    for value in range(shape.low, shape.high + 1, shape.step):
        _paste_text(image, number(value), LABEL_SIZE, MUTED, shape.left - 12, shape.y(value), "r")
    for round_index in range(0, shape.rounds + 1, shape.round_step):
        x = shape.x(round_index)
        _paste_text(image, str(round_index), LABEL_SIZE, MUTED, x, PLOT_BOTTOM + 22, "m")
    middle = (shape.left + PLOT_RIGHT) / 2
    label = fit(chart.round_label, LABEL_SIZE, PLOT_RIGHT - shape.left)
    _paste_text(image, label, LABEL_SIZE, MUTED, middle, PLOT_BOTTOM + 52, "m")
    target = fit(chart.target_label, LABEL_SIZE, PLOT_RIGHT - shape.left - 16)
    y = shape.y(chart.target)
    y += 19 if y + 40 < PLOT_BOTTOM else -19
    _paste_text(image, target, LABEL_SIZE, TARGET_COLOUR, shape.left + 8, y, "l")

    legend = WIDTH - LEGEND_WIDTH
    for seat, name in enumerate(chart.names):
        y = legend_row(chart, seat)
        face = chart.avatars[seat] if seat < len(chart.avatars) else None
        swatch = SWATCH if face is None else SHORT_SWATCH
        image.paste(PLAYER_COLOURS[seat], (legend, y - 2, legend + swatch, y + 3))
        paste_marker(image, seat, legend + swatch // 2, y, MARKER_RADIUS)
        total = number(chart.total(rounds, seat))
        _paste_text(image, total, LABEL_SIZE, TEXT, WIDTH - MARGIN, y, "r")
        left = legend + swatch + 9
        if face is not None:
            box = avatar_box(chart, seat)
            image.paste(avatar_tile(face), box[:2])
            left = box[2] + 5
        room = WIDTH - MARGIN - text_tile(total, LABEL_SIZE, TEXT)[0].width - 8 - left
        shown = fit(name, LABEL_SIZE, room) or "?"
        _paste_text(image, shown, LABEL_SIZE, TEXT, left, y, "l")
    return image


def render(chart: ScoreChart) -> bytes:
    """The chart as a PNG."""
    output = io.BytesIO()
    image = draw(chart).quantize(palette=palette(), dither=Image.Dither.NONE)
    image.save(output, format="PNG", compress_level=3)
    return output.getvalue()


DESCRIPTION_LIMIT = 1024
"""The most characters Discord keeps of a picture's description."""


def describe(chart: ScoreChart) -> str:
    """The chart in words, for screen readers: the title, the target, then each player's
    totals round by round, the latest last. When that is longer than Discord keeps, the older
    rounds are left out, the same ones for everyone."""
    for first in range(1, max(1, len(chart.totals)) + 1):
        text = _described(chart, first)
        if len(text) <= DESCRIPTION_LIMIT:
            return text
    return text[: DESCRIPTION_LIMIT - 1] + "…"


def _described(chart: ScoreChart, first: int) -> str:
    """The description from round `first` on, the rounds before it written "…"."""
    rounds = len(chart.totals)
    head = f"{chart.title}. {chart.target_label}."
    if rounds == 1:
        head += f" {chart.round_label} 1:"
    elif rounds > 1:
        head += f" {chart.round_label} {first}–{rounds}:"
    lines = [head]
    for seat, name in enumerate(chart.names):
        values = [str(chart.total(r, seat)) for r in range(first, rounds + 1)] or ["0"]
        if first > 1:
            values.insert(0, "…")
        lines.append(f"{name}: {', '.join(values)}.")
    return "\n".join(lines)
