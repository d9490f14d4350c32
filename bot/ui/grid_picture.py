"""A picture of a table of card grids (Skyjo, Skyjo Junior), drawn with Pillow.

Discord shows an embed's picture at most 400 px wide and 300 px high, so the layout fits
every grid into 800 × 600 pixels (twice that, for sharp phone screens), as large as they go.
Drawing is cheap because it is mostly copying: every card, label and panel is drawn once, in
a fixed palette of 256 colours, and pasted after that; the PNG of a palette image is a third
of the bytes of a full-colour one and quick to compress.
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache, lru_cache
from importlib import resources
from typing import Literal

from PIL import Image, ImageDraw, ImageFont

from bot.ui.avatar_picture import AVATAR_BLENDS, AVATAR_COLOURS, Avatar, draw_avatar
from bot.ui.names import number
from games.core.grid import COLUMN_LETTERS

Rgb = tuple[int, int, int]
Card = int | Literal["down", "cleared"]

MAX_WIDTH, MAX_HEIGHT = 800, 600
MIN_WIDTH = 420
"""Room for the title and the piles."""
MARGIN = 8
STRIP = 64
"""The strip at the top: the title and the piles."""
TITLE_SIZE = 26
TITLE_LEFT = MARGIN + 4
PILE_W = 36
PILE_GAP = 8
"""Between the two piles."""
TITLE_GAP = 16
"""At least this much room between the title and the piles."""
LARGEST_CARD = 64

BACKGROUND: Rgb = (32, 34, 40)
PANEL: Rgb = (46, 49, 57)
TEXT: Rgb = (235, 235, 240)
MUTED: Rgb = (150, 154, 165)
HIGHLIGHT: Rgb = (250, 200, 60)
CHANGED: Rgb = (255, 255, 255)
MARKED: Rgb = (255, 215, 0)
BACK: Rgb = (84, 72, 140)
BACK_MARK: Rgb = (120, 108, 180)
DARK_INK: Rgb = (20, 20, 24)
BACKGROUND_INDEX = 0
UI_COLOURS = (BACKGROUND, PANEL, TEXT, MUTED, HIGHLIGHT, CHANGED, MARKED, BACK, BACK_MARK)


@dataclass(frozen=True)
class CardColours:
    """A game's card colours: `fill` gives a face-up card's colour, dark ink is used on the
    light ones."""

    name: str
    fill: Callable[[int], Rgb] = field(compare=False)
    values: tuple[int, ...] = field(compare=False)

    def ink(self, value: int) -> Rgb:
        red, green, blue = self.fill(value)
        return DARK_INK if 0.299 * red + 0.587 * green + 0.114 * blue > 140 else TEXT

    def colours(self) -> set[Rgb]:
        return {self.fill(value) for value in self.values}


@dataclass(frozen=True)
class Panel:
    """One player's grid, framed when `highlighted` (the player to move); `changed` places
    are outlined, `marked` ones (Junior's triples) carry a mark."""

    name: str
    score: str
    cards: tuple[Card, ...]
    highlighted: bool = False
    changed: frozenset[int] = frozenset()
    marked: frozenset[int] = frozenset()
    avatar: Avatar | None = None
    """Drawn before the name; none, without."""


@dataclass(frozen=True)
class GridTable:
    """Everything the picture shows; equal tables give equal pictures."""

    title: str
    columns: int
    rows: int
    panels: tuple[Panel, ...]
    colours: CardColours
    discard: Card | None = None
    draw_pile: bool = False
    """Whether a draw pile is drawn (its count is in the text: a draw alone changes nothing
    in the picture, so it is not drawn again)."""


def panel_origin(
    index: int, per_row: int, panel_w: int, panel_h: int, width: int
) -> tuple[int, int]:
    """Where the `index`th player's panel goes: `per_row` to a row under the top strip, the
    room left over shared evenly between them."""
    spacing = (width - per_row * panel_w) // (per_row + 1)
    x = spacing + (index % per_row) * (panel_w + spacing)
    y = STRIP + MARGIN + (index // per_row) * (panel_h + MARGIN)
    return x, y


@dataclass(frozen=True)
class Layout:
    card_w: int
    card_h: int
    gap: int
    label: int
    header: int
    per_row: int
    panel_w: int
    panel_h: int
    width: int
    height: int

    def panel_origin(self, index: int) -> tuple[int, int]:
        return panel_origin(index, self.per_row, self.panel_w, self.panel_h, self.width)

    def card_origin(self, index: int, slot: int, columns: int) -> tuple[int, int]:
        x, y = self.panel_origin(index)
        row, column = divmod(slot, columns)
        return (
            x + self.label + self.gap + column * (self.card_w + self.gap),
            y + self.header + self.label + row * (self.card_h + self.gap),
        )


def _sized(card_w: int, columns: int, rows: int, per_row: int, players: int) -> Layout:
    card_h = card_w * 4 // 3
    gap = max(3, card_w // 10)
    label = max(14, card_w * 3 // 8)
    header = max(20, card_w * 5 // 8)
    panel_w = label + columns * (card_w + gap) + gap
    panel_h = header + label + rows * (card_h + gap) + gap
    panel_rows = math.ceil(players / per_row)
    width = max(MIN_WIDTH, per_row * panel_w + (per_row + 1) * MARGIN)
    height = STRIP + MARGIN + panel_rows * (panel_h + MARGIN)
    return Layout(card_w, card_h, gap, label, header, per_row, panel_w, panel_h, width, height)


@lru_cache(maxsize=64)
def layout(columns: int, rows: int, players: int) -> Layout:
    """The largest cards for which every grid fits in the picture."""
    best: Layout | None = None
    for per_row in range(1, players + 1):
        for card_w in range(LARGEST_CARD, 11, -1):
            candidate = _sized(card_w, columns, rows, per_row, players)
            if candidate.width <= MAX_WIDTH and candidate.height <= MAX_HEIGHT:
                if best is None or candidate.card_w > best.card_w:
                    best = candidate
                break
    assert best is not None, "even the smallest cards do not fit"
    return best


FONT = resources.files("bot.ui").joinpath("fonts/DejaVuSans-Bold.ttf")
"""DejaVu Sans Bold (its licence beside it): every Latin, Greek and Cyrillic letter."""


@cache
def font(size: int) -> ImageFont.FreeTypeFont:
    with resources.as_file(FONT) as path:
        return ImageFont.truetype(str(path), size)


@cache
def _missing_glyph() -> bytes:
    return bytes(font(20).getmask("\uffff"))


@lru_cache(maxsize=4096)
def _drawable(character: str) -> bool:
    """Whether the font has the character (emoji and CJK it has not: they are left out
    rather than drawn as empty boxes)."""
    return character.isspace() or bytes(font(20).getmask(character)) != _missing_glyph()


def drawable(text: str) -> str:
    return " ".join("".join(c for c in text if _drawable(c)).split())


def _blends(one: Rgb, other: Rgb, steps: int = 6) -> list[Rgb]:
    return [
        tuple(round(a + (b - a) * i / (steps + 1)) for a, b in zip(one, other, strict=True))  # type: ignore[misc]
        for i in range(1, steps + 1)
    ]


@cache
def palette(colours: CardColours) -> Image.Image:
    """A palette image holding every colour drawn, with the shades of text's soft edges."""
    base = [*UI_COLOURS, DARK_INK, *sorted(colours.colours())]
    shades: list[Rgb] = []
    for ink, ground in [
        (TEXT, BACKGROUND),
        (TEXT, PANEL),
        (MUTED, PANEL),
        (HIGHLIGHT, PANEL),
        (TEXT, BACK),
        *[(colours.ink(value), colours.fill(value)) for value in colours.values],
        *[(ink, PANEL) for ink in AVATAR_BLENDS],
    ]:
        shades += _blends(ink, ground)
    chosen = list(dict.fromkeys([*base, *shades, *AVATAR_COLOURS]))[:256]
    flat = [channel for colour in chosen for channel in colour]
    image = Image.new("P", (1, 1))
    image.putpalette(flat + flat[:3] * (256 - len(chosen)))
    return image


def to_palette(image: Image.Image, colours: CardColours) -> Image.Image:
    """`image` as a tile in the colours of `palette(colours)`, to paste on a picture of that
    palette: a paste copies the colours' indices alone, so the tile keeps no palette of its
    own (as Python objects it would take more memory than the pixels, in every tile cached)."""
    tile = image.quantize(palette=palette(colours), dither=Image.Dither.NONE)
    tile.palette = None
    return tile


@lru_cache(maxsize=512)
def card_tile(
    card: Card, width: int, colours: CardColours, changed: bool = False, marked: bool = False
) -> Image.Image:
    height = width * 4 // 3
    tile = Image.new("RGB", (width, height), PANEL)
    draw = ImageDraw.Draw(tile)
    box = (0, 0, width - 1, height - 1)
    radius = max(3, width // 9)
    if card == "cleared":
        draw.rounded_rectangle(box, radius=radius, outline=MUTED, width=1)
    elif card == "down":
        draw.rounded_rectangle(box, radius=radius, fill=BACK)
        inset = max(3, width // 7)
        draw.rounded_rectangle(
            (inset, inset, width - 1 - inset, height - 1 - inset), radius // 2, BACK_MARK
        )
    else:
        draw.rounded_rectangle(box, radius=radius, fill=colours.fill(card))
        draw.text(
            (width / 2, height / 2),
            number(card),
            fill=colours.ink(card),
            font=font(max(10, width * 9 // 16)),
            anchor="mm",
        )
    if marked:
        star = font(max(12, width // 2))
        draw.text(
            (width - 3, 1),
            "★",
            fill=MARKED,
            font=star,
            anchor="ra",
            stroke_width=2,
            stroke_fill=DARK_INK,
        )
    if changed:
        draw.rounded_rectangle(box, radius=radius, outline=CHANGED, width=max(2, width // 14))
    return to_palette(tile, colours)


@lru_cache(maxsize=256)
def panel_tile(
    layout: Layout, columns: int, rows: int, to_move: bool, colours: CardColours
) -> Image.Image:
    """A player's panel without their name, score or cards: the frame and the labels."""
    tile = Image.new("RGB", (layout.panel_w, layout.panel_h), BACKGROUND)
    draw = ImageDraw.Draw(tile)
    border = max(2, layout.card_w // 14)
    draw.rounded_rectangle(
        (0, 0, layout.panel_w - 1, layout.panel_h - 1),
        radius=layout.gap * 2,
        fill=PANEL,
        outline=HIGHLIGHT if to_move else None,
        width=border,
    )
    small = font(max(12, layout.label * 3 // 4))
    for column in range(columns):
        x = layout.label + layout.gap + column * (layout.card_w + layout.gap) + layout.card_w / 2
        draw.text(
            (x, layout.header + layout.label / 2),
            COLUMN_LETTERS[column],
            fill=MUTED,
            font=small,
            anchor="mm",
        )
    for row in range(rows):
        y = layout.header + layout.label + row * (layout.card_h + layout.gap) + layout.card_h / 2
        draw.text((layout.label / 2 + 2, y), str(row + 1), fill=MUTED, font=small, anchor="mm")
    return to_palette(tile, colours)


@lru_cache(maxsize=512)
def text_tile(text: str, size: int, ink: Rgb, ground: Rgb, colours: CardColours) -> Image.Image:
    face = font(size)
    right, bottom = face.getbbox(text)[2:]
    tile = Image.new("RGB", (max(1, int(right) + 2), max(1, int(bottom) + 2)), ground)
    ImageDraw.Draw(tile).text((1, 1), text, fill=ink, font=face)
    return to_palette(tile, colours)


def fit(text: str, size: int, width: int) -> str:
    """`text`, shortened with an ellipsis to fit `width` pixels."""
    face = font(size)
    if face.getlength(text) <= width:
        return text
    while text and face.getlength(text + "…") > width:
        text = text[:-1]
    return text + "…"


def avatar_diameter(shape: Layout) -> int:
    """The avatars' size beside the names, in pixels."""
    return shape.header - 4


def avatar_size(columns: int, rows: int, players: int) -> int:
    """The avatars' size in the picture of a table of `players` grids."""
    return avatar_diameter(layout(columns, rows, players))


@lru_cache(maxsize=256)
def avatar_tile(avatar: Avatar, diameter: int, colours: CardColours) -> Image.Image:
    return draw_avatar(avatar, diameter, PANEL, palette(colours))


def avatar(
    image: Image.Image, avatar: Avatar, diameter: int, colours: CardColours, x: int, middle: int
) -> int:
    """Draws `avatar` on a panel, from `x` and centred on `middle`; returns where the name
    beside it begins."""
    tile = avatar_tile(avatar, diameter, colours)
    image.paste(tile, (x, middle - diameter // 2))
    return x + diameter + max(4, diameter // 5)


def _header(
    image: Image.Image,
    panel: Panel,
    shape: Layout,
    origin: tuple[int, int],
    colours: CardColours,
    size: int,
) -> None:
    """The panel's avatar, name and score."""
    px, py = origin
    score = text_tile(panel.score, size, TEXT, PANEL, colours)
    left = px + shape.gap + 3
    if panel.avatar is not None:
        middle = py + shape.header // 2 + 1
        left = avatar(image, panel.avatar, avatar_diameter(shape), colours, left, middle)
    room = px + shape.panel_w - shape.gap - 3 - score.width - shape.gap - left
    name = fit(drawable(panel.name) or "?", size, room)
    ink = HIGHLIGHT if panel.highlighted else TEXT
    label = text_tile(name, size, ink, PANEL, colours)
    top = py + (shape.header - label.height) // 2 + 2
    image.paste(label, (left, top))
    image.paste(score, (px + shape.panel_w - shape.gap - 3 - score.width, top))


PILE_TOP = (STRIP - PILE_W * 4 // 3) // 2 + MARGIN // 2


def piles(table: GridTable, width: int) -> list[tuple[Card, int]]:
    """The piles drawn at the top right of a picture `width` wide, each as its top card and
    where its left edge is: the draw pile's back at the right, the discard pile before it."""
    shown: list[tuple[Card, int]] = []
    x = width - MARGIN - 4
    if table.draw_pile:
        x -= PILE_W
        shown.append(("down", x))
    if table.discard is not None:
        x -= PILE_W + PILE_GAP
        shown.append((table.discard, x))
    return shown


def shown_title(table: GridTable, width: int) -> str:
    """The title as drawn: shortened with an ellipsis to the room left beside the piles."""
    right = min((x for _, x in piles(table, width)), default=width - MARGIN - 4)
    room = right - TITLE_GAP - TITLE_LEFT - 2
    return fit(drawable(table.title), TITLE_SIZE, room)


def title_tile(table: GridTable, width: int) -> Image.Image:
    return text_tile(shown_title(table, width), TITLE_SIZE, TEXT, BACKGROUND, table.colours)


def title_top(title: Image.Image) -> int:
    return (STRIP - title.height) // 2 + MARGIN // 2


def draw(table: GridTable) -> Image.Image:
    columns, rows = table.columns, table.rows
    colours = table.colours
    shape = layout(columns, rows, len(table.panels))
    image = Image.new("P", (shape.width, shape.height), BACKGROUND_INDEX)
    image.putpalette(palette(colours).getpalette() or [])

    title = title_tile(table, shape.width)
    image.paste(title, (TITLE_LEFT, title_top(title)))
    for card, x in piles(table, shape.width):
        image.paste(card_tile(card, PILE_W, colours), (x, PILE_TOP))

    name_size = max(12, shape.header * 2 // 3)
    for index, panel in enumerate(table.panels):
        px, py = shape.panel_origin(index)
        image.paste(panel_tile(shape, columns, rows, panel.highlighted, colours), (px, py))
        _header(image, panel, shape, (px, py), colours, name_size)
        for slot, card in enumerate(panel.cards):
            tile = card_tile(
                card, shape.card_w, colours, slot in panel.changed, slot in panel.marked
            )
            image.paste(tile, shape.card_origin(index, slot, columns))
    return image


def render(table: GridTable) -> bytes:
    """The table as a PNG."""
    output = io.BytesIO()
    draw(table).save(output, format="PNG", compress_level=3)
    return output.getvalue()


def card_box(table: GridTable, index: int, slot: int) -> tuple[int, int, int, int]:
    """Where a card is drawn: for tests, and for anyone reading the picture's layout."""
    shape = layout(table.columns, table.rows, len(table.panels))
    x, y = shape.card_origin(index, slot, table.columns)
    return x, y, x + shape.card_w, y + shape.card_h


def title_box(table: GridTable) -> tuple[int, int, int, int]:
    """Where the title is drawn: for tests, as `card_box`."""
    title = title_tile(table, layout(table.columns, table.rows, len(table.panels)).width)
    top = title_top(title)
    return TITLE_LEFT, top, TITLE_LEFT + title.width, top + title.height


def piles_box(table: GridTable) -> tuple[int, int, int, int] | None:
    """Where the piles are drawn, together (none when neither is): for tests, as `card_box`."""
    edges = [x for _, x in piles(table, layout(table.columns, table.rows, len(table.panels)).width)]
    if not edges:
        return None
    return min(edges), PILE_TOP, max(edges) + PILE_W, PILE_TOP + PILE_W * 4 // 3


def avatar_box(table: GridTable, index: int) -> tuple[int, int, int, int]:
    """Where a panel's avatar is drawn (when it has one): for tests, as `card_box`."""
    shape = layout(table.columns, table.rows, len(table.panels))
    px, py = shape.panel_origin(index)
    diameter = avatar_diameter(shape)
    x, top = px + shape.gap + 3, py + shape.header // 2 + 1 - diameter // 2
    return x, top, x + diameter, top + diameter
