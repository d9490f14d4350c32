"""A tournament's standings as a picture: a row a player, best first, with their place, name,
points, Buchholz and the total of their game scores; the podium's places in gold, silver and
bronze.

The picture is 800 pixels wide, twice what Discord shows of an embed's picture, so that it stays
sharp on phone screens; it shows the first `ROWS` players (the message's text lists everyone).
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from functools import partial

from PIL import Image, ImageDraw

from bot.adapters.specs import Picture
from bot.ui.grid_picture import BACKGROUND, MUTED, PANEL, TEXT, Rgb, drawable, fit, font

WIDTH = 800
ROW = 44
STRIP = 64
HEADING = 36
MARGIN = 16
ROWS = 16
TITLE_SIZE = 28
SIZE = 24
SMALL = 20
MEDALS: tuple[Rgb, ...] = ((212, 175, 55), (192, 192, 200), (205, 127, 50))
COLUMNS = (("points", 470), ("buchholz", 610), ("score", 760))
"""Where each number column ends (right-aligned)."""


@dataclass(frozen=True)
class Line:
    place: int
    name: str
    points: str
    buchholz: str
    score: str


@dataclass(frozen=True)
class Standings:
    title: str
    headings: tuple[str, str, str]
    """Points, Buchholz and score, in the reader's words."""
    lines: tuple[Line, ...]


def picture(standings: Standings, description: str) -> Picture:
    return Picture(
        name="standings.png",
        key=("tournament-standings", standings),
        render=partial(render, standings),
        description=description,
    )


def render(standings: Standings) -> bytes:
    buffer = io.BytesIO()
    draw(standings).save(buffer, format="PNG", optimize=False)
    return buffer.getvalue()


def draw(standings: Standings) -> Image.Image:
    shown = standings.lines[:ROWS]
    height = STRIP + HEADING + ROW * max(1, len(shown)) + MARGIN
    image = Image.new("RGB", (WIDTH, height), BACKGROUND)
    pen = ImageDraw.Draw(image)
    title = fit(drawable(standings.title), TITLE_SIZE, WIDTH - 2 * MARGIN)
    pen.text((MARGIN, STRIP // 2), title, fill=TEXT, font=font(TITLE_SIZE), anchor="lm")
    top = STRIP + HEADING // 2
    for (_, right), heading in zip(COLUMNS, standings.headings, strict=True):
        label = fit(drawable(heading), SMALL, 130)
        pen.text((right, top), label, fill=MUTED, font=font(SMALL), anchor="rm")
    for index, line in enumerate(shown):
        _row(pen, STRIP + HEADING + index * ROW, index, line)
    return image


def _row(pen: ImageDraw.ImageDraw, top: int, index: int, line: Line) -> None:
    if index % 2 == 0:
        pen.rectangle((MARGIN // 2, top, WIDTH - MARGIN // 2, top + ROW - 1), fill=PANEL)
    middle = top + ROW // 2
    if line.place <= len(MEDALS):
        centre, radius = MARGIN + 20, 16
        pen.ellipse(
            (centre - radius, middle - radius, centre + radius, middle + radius),
            fill=MEDALS[line.place - 1],
        )
        pen.text((centre, middle), str(line.place), fill=BACKGROUND, font=font(SIZE), anchor="mm")
    else:
        pen.text((MARGIN + 20, middle), str(line.place), fill=MUTED, font=font(SIZE), anchor="mm")
    name = fit(drawable(line.name), SIZE, 380 - (MARGIN + 48))
    pen.text((MARGIN + 48, middle), name, fill=TEXT, font=font(SIZE), anchor="lm")
    for key, right in COLUMNS:
        value = getattr(line, key)
        ink = TEXT if key == "points" else MUTED
        pen.text((right, middle), value, fill=ink, font=font(SIZE), anchor="rm")
