"""The Sky Five table as a picture, drawn from the public view and the last turn's events.

Each player has a panel: their name (yellow, framed, when they are to move), how many cards
they have banked (a card back and a number; never their points), and five places, one per
colour in a fixed order, holding their face-up card of that colour, then their Shooting Stars.
Every colour also has a shape, on its cards and on its empty place, so the table reads without
colour vision: red ▲, yellow ●, green ■, blue ◆, purple ♥, Shooting Star ★; a legend under the
title names them. A player who busted is framed in red and marked BUST, one who made a Sky Five
is marked in gold, and in the final round a player who has had their final turn carries a ✓.
The strip at the top holds the last roll of the die beside the numbers it was compared with
(those that match in red), a drawn card waiting for its recipient (framed in yellow) and the
draw pile with the number of cards left. Cards the last turn brought are outlined in white.

Everything is pasted from tiles drawn once, in a fixed palette, as in `bot.ui.grid_picture`.
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from PIL import Image, ImageDraw

from bot.ui.avatar_picture import Avatar
from bot.ui.grid_picture import (
    BACK,
    BACK_MARK,
    BACKGROUND,
    BACKGROUND_INDEX,
    CHANGED,
    HIGHLIGHT,
    MUTED,
    PANEL,
    TEXT,
    CardColours,
    Rgb,
    avatar,
    drawable,
    fit,
    font,
    palette,
    panel_origin,
    text_tile,
    to_palette,
)
from games.sky_five.cards import COLOUR_COUNT, NUMBER, STAR, colour_of
from games.sky_five.events import Banked, Busted, Discarded, Gave, Kept, Rolled, SkyFive, Took
from games.sky_five.view import SkyFiveView

RED: Rgb = (205, 55, 50)
YELLOW: Rgb = (240, 205, 55)
GREEN: Rgb = (55, 160, 80)
BLUE: Rgb = (45, 110, 215)
PURPLE: Rgb = (145, 80, 200)
STAR_CARD: Rgb = (26, 30, 72)
GOLD: Rgb = (250, 210, 80)
BUST_RED: Rgb = (235, 45, 60)
SAFE_GREEN: Rgb = (80, 200, 100)
DIE: Rgb = (245, 245, 245)

FILLS: tuple[Rgb, ...] = (RED, YELLOW, GREEN, BLUE, PURPLE, STAR_CARD)
"""A card's colour by colour index, the Shooting Stars last."""
Shape = Literal["triangle", "circle", "square", "diamond", "heart", "star"]
SHAPES: tuple[Shape, ...] = ("triangle", "circle", "square", "diamond", "heart", "star")
"""The shape of each colour (the Shooting Stars last), on cards and on empty places."""

_GOLD, _BUST, _SAFE, _DIE = 6, 7, 8, 9
_DIM = 10
"""Palette entries beyond the cards: gold, the bust's red, a safe bank's green, the die, and
(from 10) each colour dimmed, for its empty place."""


def _dim(colour: Rgb) -> Rgb:
    red, green, blue = (round(c * 0.4 + p * 0.6) for c, p in zip(colour, PANEL, strict=True))
    return red, green, blue


_EXTRA: dict[int, Rgb] = {
    _GOLD: GOLD,
    _BUST: BUST_RED,
    _SAFE: SAFE_GREEN,
    _DIE: DIE,
    **{_DIM + colour: _dim(FILLS[colour]) for colour in range(COLOUR_COUNT)},
}


def _fill(value: int) -> Rgb:
    return FILLS[value] if value < len(FILLS) else _EXTRA[value]


COLOURS = CardColours("sky five", _fill, (*range(len(FILLS)), *_EXTRA))


def card_colour(card: int) -> Rgb:
    """The colour a card is drawn in."""
    return FILLS[colour_of(card)]


def place_colour(colour: int) -> Rgb:
    """The dimmed colour of an empty place of colour `colour`."""
    return _EXTRA[_DIM + colour]


def symbol_colour(card: int) -> Rgb:
    """The colour of the shape on a card: gold on a Shooting Star, else the card's ink."""
    colour = colour_of(card)
    return GOLD if colour == STAR else COLOURS.ink(colour)


# --------------------------------------------------------------------------- what is drawn

Mark = Literal["", "bust", "sky_five", "done"]


@dataclass(frozen=True)
class Hand:
    """One player's panel."""

    name: str
    cards: tuple[int, ...]
    """Face-up cards, in the order received (drawn by colour)."""
    banked: int
    to_move: bool = False
    mark: Mark = ""
    new: frozenset[int] = frozenset()
    """Cards the last turn brought (outlined)."""
    avatar: Avatar | None = None
    """Drawn before the name; none, without."""


@dataclass(frozen=True)
class Roll:
    """The last roll of the die: its face, whose it was and the numbers it was compared with."""

    name: str
    face: int
    numbers: tuple[int, ...]
    bust: bool


@dataclass(frozen=True)
class Labels:
    """The words drawn, in the table's language."""

    title: str
    colours: tuple[str, ...]
    bust: str
    sky_five: str


@dataclass(frozen=True)
class SkyFiveTable:
    """Everything the picture shows; equal tables give equal pictures."""

    labels: Labels
    hands: tuple[Hand, ...]
    draw_pile: int
    drawn: int | None = None
    """A drawn card waiting for its recipient."""
    roll: Roll | None = None


def last_roll(view: SkyFiveView, last_turn: Sequence[object]) -> Roll | None:
    """The roll of the last turn, if it had one, and the cards it was compared with."""
    rolled: Rolled | None = None
    for event in last_turn:
        if isinstance(event, Rolled):
            rolled = event
        elif (
            rolled is not None and isinstance(event, Banked | Busted) and event.seat == rolled.seat
        ):
            numbers = tuple(sorted({NUMBER[card] for card in event.cards}))
            bust = isinstance(event, Busted)
            return Roll(view.players[rolled.seat].name, rolled.roll, numbers, bust)
    return None


def kept_roll(view: SkyFiveView) -> Roll | None:
    """The roll the game keeps of its last turn played, if that turn was a bank (it is what the
    standings show of the turn that ended the game)."""
    kept = view.last_roll
    if kept is None:
        return None
    numbers = tuple(sorted({NUMBER[card] for card in kept.cards}))
    return Roll(view.players[kept.seat].name, kept.face, numbers, kept.face in numbers)


def table_picture(
    view: SkyFiveView,
    last_turn: Sequence[object],
    labels: Labels,
    avatars: Sequence[Avatar | None] = (),
) -> SkyFiveTable:
    """The table as everyone sees it; `last_turn` holds the events of the turn just played,
    `avatars` what is drawn before each seat's name."""
    busted = set() if view.busted is None else {view.busted}
    sky_fives: set[int] = set()
    arrived: dict[int, set[int]] = {}
    for event in last_turn:
        if isinstance(event, Busted | Discarded):
            busted.add(event.seat)
        elif isinstance(event, SkyFive):
            sky_fives.add(event.seat)
        elif isinstance(event, Kept | Took):
            arrived.setdefault(event.seat, set()).add(event.card)
        elif isinstance(event, Gave):
            arrived.setdefault(event.to, set()).add(event.card)
    hands = []
    playing = view.phase != "over"
    for seat, player in enumerate(view.players):
        mark: Mark = ""
        if seat in busted:
            mark = "bust"
        elif seat in sky_fives:
            mark = "sky_five"
        elif view.final_round and player.final_turn_done:
            mark = "done"
        hands.append(
            Hand(
                name=player.name,
                cards=player.face_up,
                banked=player.banked_count,
                to_move=playing and seat in view.to_move,
                mark=mark,
                new=frozenset(arrived.get(seat, set()) & set(player.face_up)),
                avatar=avatars[seat] if seat < len(avatars) else None,
            )
        )
    return SkyFiveTable(
        labels=labels,
        hands=tuple(hands),
        draw_pile=view.draw_pile_size,
        drawn=view.pending,
        roll=last_roll(view, last_turn),
    )


# -------------------------------------------------------------------------------- layout

MAX_WIDTH, MAX_HEIGHT = 800, 600
MIN_WIDTH = 760
"""Room for the title, the legend, the die with the numbers of a full hand, and the piles."""
MARGIN = 8
STRIP = 76
LARGEST_CARD = 72
SLOTS = COLOUR_COUNT + 2
"""Five colours, and room for two Shooting Stars side by side (more overlap)."""
PILE_W = 40
DIE_SIZE = 48
CHIP = 22


@dataclass(frozen=True)
class Layout:
    card_w: int
    card_h: int
    gap: int
    pad: int
    header: int
    per_row: int
    panel_w: int
    panel_h: int
    width: int
    height: int

    def panel_origin(self, index: int) -> tuple[int, int]:
        return panel_origin(index, self.per_row, self.panel_w, self.panel_h, self.width)

    def place_origin(self, index: int, colour: int) -> tuple[int, int]:
        """Where the place of colour `colour` (0–4) of panel `index` is drawn."""
        x, y = self.panel_origin(index)
        return x + self.pad + colour * (self.card_w + self.gap), y + self.header

    def star_origins(self, index: int, count: int) -> list[tuple[int, int]]:
        """Where each of `count` Shooting Stars is drawn: side by side, or overlapping."""
        x, y = self.place_origin(index, COLOUR_COUNT)
        x += self.gap
        room = 2 * self.card_w + self.gap
        step = self.card_w + self.gap if count <= 2 else (room - self.card_w) / (count - 1)
        return [(x + round(i * step), y) for i in range(count)]


def _sized(card_w: int, per_row: int, players: int) -> Layout:
    card_h = card_w * 4 // 3
    gap = max(3, card_w // 10)
    pad = max(6, card_w // 6)
    header = max(30, card_w * 5 // 8)
    panel_w = 2 * pad + SLOTS * card_w + SLOTS * gap
    panel_h = header + card_h + pad
    rows = math.ceil(players / per_row)
    width = max(MIN_WIDTH, per_row * panel_w + (per_row + 1) * MARGIN)
    height = STRIP + MARGIN + rows * (panel_h + MARGIN)
    return Layout(card_w, card_h, gap, pad, header, per_row, panel_w, panel_h, width, height)


def avatar_diameter(shape: Layout) -> int:
    """The avatars' size beside the names, in pixels."""
    return shape.header - 8


def avatar_size(players: int) -> int:
    """The avatars' size in the picture of a table of `players`."""
    return avatar_diameter(layout(players))


@lru_cache(maxsize=16)
def layout(players: int) -> Layout:
    """The largest cards for which every panel fits in the picture."""
    best: Layout | None = None
    for per_row in range(1, players + 1):
        for card_w in range(LARGEST_CARD, 15, -1):
            candidate = _sized(card_w, per_row, players)
            if candidate.width <= MAX_WIDTH and candidate.height <= MAX_HEIGHT:
                if best is None or candidate.card_w > best.card_w:
                    best = candidate
                break
    assert best is not None, "even the smallest cards do not fit"
    return best


def card_box(table: SkyFiveTable, index: int, card: int) -> tuple[int, int, int, int]:
    """Where a face-up card of panel `index` is drawn (for tests, and for reading the layout)."""
    shape = layout(len(table.hands))
    colour = colour_of(card)
    if colour == STAR:
        stars = sorted(c for c in table.hands[index].cards if colour_of(c) == STAR)
        x, y = shape.star_origins(index, len(stars))[stars.index(card)]
    else:
        x, y = shape.place_origin(index, colour)
    return x, y, x + shape.card_w, y + shape.card_h


def symbol_box(box: tuple[int, int, int, int]) -> tuple[int, int, int, int]:
    """Where the shape sits on a card drawn at `box`."""
    x0, y0, x1, y1 = box
    cx, cy, radius = _symbol_place(x1 - x0, y1 - y0)
    return x0 + cx - radius, y0 + cy - radius, x0 + cx + radius, y0 + cy + radius


# --------------------------------------------------------------------------------- tiles


def _quantized(image: Image.Image) -> Image.Image:
    return to_palette(image, COLOURS)


def _symbol_place(width: int, height: int) -> tuple[int, int, int]:
    return width // 2, height * 3 // 4, max(4, width * 9 // 50)


def draw_shape(
    draw: ImageDraw.ImageDraw, shape: Shape, cx: float, cy: float, r: float, ink: Rgb
) -> None:
    """One colour's shape, centred on (cx, cy), `r` from its centre to its edge."""
    if shape == "circle":
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=ink)
    elif shape == "square":
        s = r * 0.82
        draw.rectangle((cx - s, cy - s, cx + s, cy + s), fill=ink)
    elif shape == "triangle":
        draw.polygon([(cx, cy - r), (cx + r, cy + r * 0.8), (cx - r, cy + r * 0.8)], fill=ink)
    elif shape == "diamond":
        draw.polygon([(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)], fill=ink)
    elif shape == "heart":
        lobe = r * 0.52
        for side in (-1, 1):
            x = cx + side * lobe
            draw.ellipse((x - lobe, cy - r * 0.75, x + lobe, cy - r * 0.75 + 2 * lobe), fill=ink)
        draw.polygon([(cx - r, cy - r * 0.2), (cx + r, cy - r * 0.2), (cx, cy + r)], fill=ink)
    else:
        points = []
        for i in range(10):
            angle = -math.pi / 2 + i * math.pi / 5
            reach = r if i % 2 == 0 else r * 0.45
            points.append((cx + reach * math.cos(angle), cy + reach * math.sin(angle)))
        draw.polygon(points, fill=ink)


@lru_cache(maxsize=512)
def card_tile(
    card: int, width: int, outline: Rgb | None = None, ground: Rgb = PANEL, corner: bool = False
) -> Image.Image:
    """A face-up card: its number above, its colour's shape below (`corner`: both in its
    left part, for a card partly covered by the next one), outlined if `outline` is given."""
    height = width * 4 // 3
    colour = colour_of(card)
    tile = Image.new("RGB", (width, height), ground)
    draw = ImageDraw.Draw(tile)
    box = (0, 0, width - 1, height - 1)
    radius = max(3, width // 9)
    draw.rounded_rectangle(box, radius=radius, fill=FILLS[colour])
    ink = COLOURS.ink(colour)
    if corner:
        middle = max(6, width // 5)
        size = max(10, width * 3 // 8)
        draw.text(
            (middle, height * 0.25), str(NUMBER[card]), fill=ink, font=font(size), anchor="mm"
        )
        r = max(3, width // 9)
        draw_shape(draw, SHAPES[colour], middle, height * 0.55, r, symbol_colour(card))
    else:
        draw.text(
            (width / 2, height * 0.36),
            str(NUMBER[card]),
            fill=ink,
            font=font(max(10, width * 9 // 16)),
            anchor="mm",
        )
        cx, cy, r = _symbol_place(width, height)
        draw_shape(draw, SHAPES[colour], cx, cy, r, symbol_colour(card))
    if outline is not None:
        draw.rounded_rectangle(box, radius=radius, outline=outline, width=max(2, width // 14))
    elif colour == STAR:
        draw.rounded_rectangle(box, radius=radius, outline=MUTED, width=1)
    return _quantized(tile)


@lru_cache(maxsize=64)
def place_tile(colour: int, width: int) -> Image.Image:
    """An empty place: the colour's outline and shape, dimmed."""
    height = width * 4 // 3
    dim = place_colour(colour)
    tile = Image.new("RGB", (width, height), PANEL)
    draw = ImageDraw.Draw(tile)
    draw.rounded_rectangle(
        (0, 0, width - 1, height - 1), radius=max(3, width // 9), outline=dim, width=2
    )
    draw_shape(draw, SHAPES[colour], width / 2, height / 2, max(4, width * 9 // 50), dim)
    return _quantized(tile)


@lru_cache(maxsize=64)
def panel_tile(shape: Layout, frame: Literal["", "to_move", "bust"]) -> Image.Image:
    tile = Image.new("RGB", (shape.panel_w, shape.panel_h), BACKGROUND)
    draw = ImageDraw.Draw(tile)
    border = max(2, shape.card_w // 14) + (1 if frame == "bust" else 0)
    outline = {"": None, "to_move": HIGHLIGHT, "bust": BUST_RED}[frame]
    draw.rounded_rectangle(
        (0, 0, shape.panel_w - 1, shape.panel_h - 1),
        radius=shape.gap * 2,
        fill=PANEL,
        outline=outline,
        width=border,
    )
    return _quantized(tile)


@lru_cache(maxsize=32)
def back_tile(width: int, count: int | None = None, ground: Rgb = BACKGROUND) -> Image.Image:
    """A card back (a banked pile, the draw pile), with a number on it if given."""
    height = width * 4 // 3
    tile = Image.new("RGB", (width, height), ground)
    draw = ImageDraw.Draw(tile)
    radius = max(2, width // 8)
    draw.rounded_rectangle((0, 0, width - 1, height - 1), radius=radius, fill=BACK)
    inset = max(2, width // 7)
    draw.rounded_rectangle(
        (inset, inset, width - 1 - inset, height - 1 - inset), radius // 2, BACK_MARK
    )
    if count is not None:
        text = str(count)
        draw.text((width / 2 + 1, height / 2 + 1), text, fill=BACK, font=font(17), anchor="mm")
        draw.text((width / 2, height / 2), text, fill=TEXT, font=font(17), anchor="mm")
    return _quantized(tile)


PIPS: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (2, 0), (0, 2), (2, 2)),
    5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    6: ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)),
}


@lru_cache(maxsize=16)
def die_tile(face: int, bust: bool) -> Image.Image:
    """The Rainbow Die showing `face`, framed red after a bust, green after a safe bank."""
    size = DIE_SIZE
    tile = Image.new("RGB", (size, size), BACKGROUND)
    draw = ImageDraw.Draw(tile)
    draw.rounded_rectangle(
        (0, 0, size - 1, size - 1),
        radius=8,
        fill=DIE,
        outline=BUST_RED if bust else SAFE_GREEN,
        width=3,
    )
    inset, dot = 13, 4.5
    step = (size - 2 * inset) / 2
    for column, row in PIPS[face]:
        x, y = inset + column * step, inset + row * step
        draw.ellipse((x - dot, y - dot, x + dot, y + dot), fill=BACKGROUND)
    return _quantized(tile)


@lru_cache(maxsize=32)
def chip_tile(number: int, matched: bool) -> Image.Image:
    """A number the die was compared with; red when the die shows it."""
    tile = Image.new("RGB", (CHIP, CHIP), BACKGROUND)
    draw = ImageDraw.Draw(tile)
    draw.ellipse((0, 0, CHIP - 1, CHIP - 1), fill=BUST_RED if matched else PANEL)
    draw.text((CHIP / 2, CHIP / 2), str(number), fill=TEXT, font=font(14), anchor="mm")
    return _quantized(tile)


@lru_cache(maxsize=16)
def legend_tile(names: tuple[str, ...]) -> Image.Image:
    """Each colour's shape in its colour, then its name."""
    size, gap = 14, 12
    face = font(size)
    widths = [int(face.getlength(name)) for name in names]
    width = sum(size + 4 + w + gap for w in widths)
    tile = Image.new("RGB", (max(1, width), size + 6), BACKGROUND)
    draw = ImageDraw.Draw(tile)
    x = 0
    for colour, (name, w) in enumerate(zip(names, widths, strict=True)):
        draw_shape(draw, SHAPES[colour], x + size / 2, (size + 6) / 2, size / 2, FILLS[colour])
        draw.text((x + size + 4, 2), name, fill=TEXT, font=face)
        x += size + 4 + w + gap
    return _quantized(tile)


@lru_cache(maxsize=64)
def badge_tile(text: str, size: int, kind: Mark) -> Image.Image:
    ground = {"bust": BUST_RED, "sky_five": GOLD, "done": PANEL, "": PANEL}[kind]
    ink = COLOURS.ink(_GOLD) if kind == "sky_five" else TEXT
    face = font(size)
    right, bottom = face.getbbox(text)[2:]
    tile = Image.new("RGB", (int(right) + 10, int(bottom) + 6), PANEL)
    draw = ImageDraw.Draw(tile)
    draw.rounded_rectangle((0, 0, tile.width - 1, tile.height - 1), radius=4, fill=ground)
    draw.text((5, 3), text, fill=ink, font=face)
    return _quantized(tile)


# -------------------------------------------------------------------------------- drawing


def _strip(image: Image.Image, table: SkyFiveTable, width: int) -> None:
    """The title and the legend on the left; the die, a drawn card and the draw pile on the
    right, the title shortened if they would meet."""
    pile_h = PILE_W * 4 // 3
    top = (STRIP - pile_h) // 2 + 2
    x = width - MARGIN - 4 - PILE_W
    image.paste(back_tile(PILE_W, table.draw_pile), (x, top))
    if table.drawn is not None:
        x -= PILE_W + 8
        image.paste(card_tile(table.drawn, PILE_W, HIGHLIGHT, BACKGROUND), (x, top))
    if table.roll is not None:
        x = _roll(image, table.roll, x)
    _heading(image, table.labels.title, table.labels.colours, x)


def _roll(image: Image.Image, roll: Roll, right: int) -> int:
    """The die ending 16 pixels left of `right`, and left of it the numbers it was compared
    with under the name of whoever rolled; returns where they begin."""
    x = right - DIE_SIZE - 16
    die_top = (STRIP - DIE_SIZE) // 2 + 2
    image.paste(die_tile(roll.face, roll.bust), (x, die_top))
    chips_w = len(roll.numbers) * (CHIP + 3)
    left = x - 10 - chips_w
    for i, number in enumerate(roll.numbers):
        chip = chip_tile(number, number == roll.face)
        image.paste(chip, (left + i * (CHIP + 3), die_top + 18))
    fitted = fit(drawable(roll.name) or "?", 13, max(chips_w, 60))
    name = text_tile(fitted, 13, TEXT, BACKGROUND, COLOURS)
    image.paste(name, (x - 10 - name.width, die_top - 2))
    return min(left, x - 10 - name.width)


def _heading(image: Image.Image, title: str, colours: tuple[str, ...], right: int) -> None:
    """The title, shortened to end well before `right`, and the legend under it."""
    fitted = fit(drawable(title), 26, right - MARGIN - 20)
    image.paste(text_tile(fitted, 26, TEXT, BACKGROUND, COLOURS), (MARGIN + 4, 8))
    image.paste(legend_tile(tuple(drawable(name) for name in colours)), (MARGIN + 4, 46))


def _panel(image: Image.Image, table: SkyFiveTable, shape: Layout, index: int) -> None:
    hand = table.hands[index]
    px, py = shape.panel_origin(index)
    frame: Literal["", "to_move", "bust"] = (
        "bust" if hand.mark == "bust" else "to_move" if hand.to_move else ""
    )
    image.paste(panel_tile(shape, frame), (px, py))
    size = max(16, shape.header * 2 // 3)
    right = px + shape.panel_w - shape.pad
    banked = text_tile(str(hand.banked), size, TEXT, PANEL, COLOURS)
    right -= banked.width
    middle = py + shape.header // 2 + 1
    image.paste(banked, (right, middle - banked.height // 2))
    icon = back_tile(size * 3 // 4, None, PANEL)
    right -= icon.width + 4
    image.paste(icon, (right, middle - icon.height // 2))
    if hand.mark:
        text = {"bust": table.labels.bust, "sky_five": table.labels.sky_five, "done": "✓"}
        badge = badge_tile(drawable(text[hand.mark]) or "!", size - 3, hand.mark)
        right -= badge.width + 6
        image.paste(badge, (right, middle - badge.height // 2))
    ink = HIGHLIGHT if hand.to_move else TEXT
    left = px + shape.pad
    if hand.avatar is not None:
        left = avatar(image, hand.avatar, avatar_diameter(shape), COLOURS, left, middle)
    room = right - left - 6
    name = text_tile(fit(drawable(hand.name) or "?", size, room), size, ink, PANEL, COLOURS)
    image.paste(name, (left, middle - name.height // 2))

    by_colour = {colour_of(card): card for card in hand.cards if colour_of(card) != STAR}
    for colour in range(COLOUR_COUNT):
        place = shape.place_origin(index, colour)
        card = by_colour.get(colour)
        if card is None:
            image.paste(place_tile(colour, shape.card_w), place)
        else:
            outline = CHANGED if card in hand.new else None
            image.paste(card_tile(card, shape.card_w, outline), place)
    stars = sorted(card for card in hand.cards if colour_of(card) == STAR)
    overlap = len(stars) > 2
    for i, (card, place) in enumerate(
        zip(stars, shape.star_origins(index, len(stars)), strict=True)
    ):
        corner = overlap and i < len(stars) - 1
        outline = CHANGED if card in hand.new else None
        image.paste(card_tile(card, shape.card_w, outline, PANEL, corner), place)


def draw(table: SkyFiveTable) -> Image.Image:
    shape = layout(len(table.hands))
    image = Image.new("P", (shape.width, shape.height), BACKGROUND_INDEX)
    image.putpalette(palette(COLOURS).getpalette() or [])
    _strip(image, table, shape.width)
    for index in range(len(table.hands)):
        _panel(image, table, shape, index)
    return image


def render(table: SkyFiveTable) -> bytes:
    """The table as a PNG."""
    output = io.BytesIO()
    draw(table).save(output, format="PNG", compress_level=3)
    return output.getvalue()


# ----------------------------------------------------------------------------- standings

STACKS = COLOUR_COUNT + 1
"""A column per colour, then one for the Shooting Stars."""
MIN_STEP = 12
"""The least of a covered card left showing: its number must stay readable."""


@dataclass(frozen=True)
class Pile:
    """One player's banked cards in the standings."""

    name: str
    cards: tuple[int, ...]
    score: str
    """The points, in words of the standings' language ("13 pts")."""
    winner: bool
    avatar: Avatar | None = None


@dataclass(frozen=True)
class SkyFiveStandings:
    """Everything the standings' picture shows; equal standings give equal pictures."""

    title: str
    colours: tuple[str, ...]
    piles: tuple[Pile, ...]
    """Best first."""
    roll: Roll | None = None
    """The roll of the turn that ended the game, if it was a bank."""


def stacks(cards: Sequence[int]) -> list[list[int]]:
    """The cards by column (each colour, then the Shooting Stars), highest number first."""
    found: list[list[int]] = [[] for _ in range(STACKS)]
    for card in cards:
        found[colour_of(card)].append(card)
    for stack in found:
        stack.sort(key=lambda card: -NUMBER[card])
    return found


@dataclass(frozen=True)
class PileLayout:
    card_w: int
    card_h: int
    gap: int
    pad: int
    header: int
    step: int
    """How far down each card of a column lies from the one it covers."""
    per_row: int
    panel_w: int
    panel_h: int
    width: int
    height: int

    def panel_origin(self, index: int) -> tuple[int, int]:
        spacing = (self.width - self.per_row * self.panel_w) // (self.per_row + 1)
        row, column = divmod(index, self.per_row)
        return (
            spacing + column * (self.panel_w + spacing),
            STRIP + MARGIN + row * (self.panel_h + MARGIN),
        )

    def card_origin(self, index: int, stack: int, depth: int) -> tuple[int, int]:
        """Where the `depth`th card of column `stack` of panel `index` is drawn."""
        x, y = self.panel_origin(index)
        return (
            x + self.pad + stack * (self.card_w + self.gap),
            y + self.header + depth * self.step,
        )


def _pile_sized(card_w: int, per_row: int, players: int, longest: int, step: int) -> PileLayout:
    card_h = card_w * 4 // 3
    gap = max(3, card_w // 10)
    pad = max(6, card_w // 6)
    header = max(30, card_w * 5 // 8)
    panel_w = 2 * pad + STACKS * card_w + (STACKS - 1) * gap
    panel_h = header + card_h + max(0, longest - 1) * step + pad
    rows = math.ceil(players / per_row)
    width = max(MIN_WIDTH, per_row * panel_w + (per_row + 1) * MARGIN)
    height = STRIP + MARGIN + rows * (panel_h + MARGIN)
    return PileLayout(
        card_w, card_h, gap, pad, header, step, per_row, panel_w, panel_h, width, height
    )


def _fits(shape: PileLayout) -> bool:
    return shape.width <= MAX_WIDTH and shape.height <= MAX_HEIGHT


@lru_cache(maxsize=64)
def pile_layout(players: int, longest: int) -> PileLayout:
    """The largest cards for which every panel, its longest column `longest` cards deep, fits
    in the picture; a column too long for that is drawn tighter, the smallest cards' way."""
    best: PileLayout | None = None
    for per_row in range(1, players + 1):
        for card_w in range(LARGEST_CARD, 19, -1):
            step = max(MIN_STEP, card_w * 4 // 3 * 3 // 10)
            candidate = _pile_sized(card_w, per_row, players, longest, step)
            if _fits(candidate):
                if best is None or candidate.card_w > best.card_w:
                    best = candidate
                break
    if best is not None:
        return best
    per_row = min(players, 3)
    squeezed = _pile_sized(20, per_row, players, 1, 0)
    rows = math.ceil(players / per_row)
    room = (MAX_HEIGHT - STRIP - MARGIN) // rows - MARGIN - squeezed.panel_h
    return _pile_sized(20, per_row, players, longest, max(1, room // max(1, longest - 1)))


def pile_avatar_diameter(shape: PileLayout) -> int:
    """The avatars' size beside the names of the standings, in pixels."""
    return shape.header - 8


def standings_avatar_size(piles: Sequence[Sequence[int]]) -> int:
    """The avatars' size in the standings of players whose banked cards are `piles`."""
    longest = max((len(stack) for cards in piles for stack in stacks(cards)), default=1)
    return pile_avatar_diameter(pile_layout(len(piles), max(1, longest)))


def pile_avatar_box(standings: SkyFiveStandings, index: int) -> tuple[int, int, int, int]:
    """Where a pile's avatar is drawn (when it has one): for tests, as `card_box`."""
    shape = pile_layout(len(standings.piles), max(1, longest_stack(standings)))
    px, py = shape.panel_origin(index)
    diameter = pile_avatar_diameter(shape)
    x, top = px + shape.pad, py + shape.header // 2 + 1 - diameter // 2
    return x, top, x + diameter, top + diameter


@lru_cache(maxsize=512)
def stacked_tile(card: int, width: int, strip: int) -> Image.Image:
    """A banked card in a column, whose top `strip` pixels show when the next one covers it:
    its number at the top left, its colour's shape at the top right."""
    height = width * 4 // 3
    colour = colour_of(card)
    tile = Image.new("RGB", (width, height), PANEL)
    draw = ImageDraw.Draw(tile)
    radius = max(3, width // 9)
    draw.rounded_rectangle((0, 0, width - 1, height - 1), radius=radius, fill=FILLS[colour])
    band = min(strip, height // 2)
    size = max(8, min(band - 2, width * 9 // 20))
    draw.text(
        (max(4, width // 8), band / 2 + 1),
        str(NUMBER[card]),
        fill=COLOURS.ink(colour),
        font=font(size),
        anchor="lm",
    )
    r = max(3, min(band * 2 // 5, width // 7))
    draw_shape(
        draw, SHAPES[colour], width - r - max(4, width // 8), band / 2 + 1, r, symbol_colour(card)
    )
    edge = BACKGROUND if colour != STAR else MUTED
    draw.rounded_rectangle((0, 0, width - 1, height - 1), radius=radius, outline=edge, width=1)
    return _quantized(tile)


@lru_cache(maxsize=16)
def pile_panel_tile(shape: PileLayout, winner: bool) -> Image.Image:
    tile = Image.new("RGB", (shape.panel_w, shape.panel_h), BACKGROUND)
    draw = ImageDraw.Draw(tile)
    draw.rounded_rectangle(
        (0, 0, shape.panel_w - 1, shape.panel_h - 1),
        radius=shape.gap * 2,
        fill=PANEL,
        outline=GOLD if winner else None,
        width=max(2, shape.card_w // 14) + 1,
    )
    return _quantized(tile)


def _pile_header(image: Image.Image, pile: Pile, shape: PileLayout, index: int) -> None:
    """The avatar and name on the left (gold for a winner); the points and the pile's size on
    the right."""
    px, py = shape.panel_origin(index)
    size = max(14, shape.header * 3 // 5)
    middle = py + shape.header // 2 + 1
    right = px + shape.panel_w - shape.pad
    count = text_tile(str(len(pile.cards)), size, TEXT, PANEL, COLOURS)
    right -= count.width
    image.paste(count, (right, middle - count.height // 2))
    icon = back_tile(size * 3 // 4, None, PANEL)
    right -= icon.width + 3
    image.paste(icon, (right, middle - icon.height // 2))
    score = text_tile(drawable(pile.score) or "?", size, TEXT, PANEL, COLOURS)
    right -= score.width + 8
    image.paste(score, (right, middle - score.height // 2))
    ink = GOLD if pile.winner else TEXT
    left = px + shape.pad
    if pile.avatar is not None:
        left = avatar(image, pile.avatar, pile_avatar_diameter(shape), COLOURS, left, middle)
    room = right - left - 6
    name = text_tile(fit(drawable(pile.name) or "?", size, room), size, ink, PANEL, COLOURS)
    image.paste(name, (left, middle - name.height // 2))


def _pile_panel(image: Image.Image, pile: Pile, shape: PileLayout, index: int) -> None:
    image.paste(pile_panel_tile(shape, pile.winner), shape.panel_origin(index))
    _pile_header(image, pile, shape, index)
    for column, stack in enumerate(stacks(pile.cards)):
        if not stack and column < COLOUR_COUNT:
            image.paste(place_tile(column, shape.card_w), shape.card_origin(index, column, 0))
        for depth, card in enumerate(stack):
            tile = stacked_tile(card, shape.card_w, shape.step)
            image.paste(tile, shape.card_origin(index, column, depth))


def longest_stack(standings: SkyFiveStandings) -> int:
    return max((len(stack) for pile in standings.piles for stack in stacks(pile.cards)), default=1)


def draw_standings(standings: SkyFiveStandings) -> Image.Image:
    shape = pile_layout(len(standings.piles), max(1, longest_stack(standings)))
    image = Image.new("P", (shape.width, shape.height), BACKGROUND_INDEX)
    image.putpalette(palette(COLOURS).getpalette() or [])
    right = shape.width - MARGIN + 12
    if standings.roll is not None:
        right = _roll(image, standings.roll, right)
    _heading(image, standings.title, standings.colours, right)
    for index, pile in enumerate(standings.piles):
        _pile_panel(image, pile, shape, index)
    return image


def render_standings(standings: SkyFiveStandings) -> bytes:
    """The standings as a PNG."""
    output = io.BytesIO()
    draw_standings(standings).save(output, format="PNG", compress_level=3)
    return output.getvalue()
