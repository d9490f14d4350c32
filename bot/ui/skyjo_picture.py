"""A picture of the Skyjo table, drawn with Pillow from the public view alone.

Every player's grid with their name and total, cards in the colours of the physical game,
face-down cards as card backs, cleared places empty, the discard pile and the draw pile, the
player to move highlighted and the cards that just changed outlined. Discord shows a picture
about 400 px wide on a phone: the picture is drawn 800 px wide, so its numbers stay readable.
"""

from __future__ import annotations

import io
from collections.abc import Collection, Sequence
from functools import cache

from PIL import Image, ImageDraw, ImageFont

from games.core.grid import COLUMN_LETTERS
from games.skyjo.view import SkyjoView, SlotView

WIDTH = 800
PANELS_PER_ROW = 2
CARD_W, CARD_H, GAP = 54, 72, 8
LABEL = 22
HEADER = 44
PILES = 110
MARGIN = 12

BACKGROUND = (32, 34, 40)
PANEL = (46, 49, 57)
TEXT = (235, 235, 240)
MUTED = (150, 154, 165)
HIGHLIGHT = (250, 200, 60)
CHANGED = (255, 255, 255)
BACK = (84, 72, 140)
BACK_MARK = (120, 108, 180)

DARK_BLUE, LIGHT_BLUE = (36, 70, 170), (110, 185, 235)
GREEN, YELLOW, RED = (60, 160, 80), (235, 200, 60), (205, 60, 50)


def card_colour(value: int) -> tuple[int, int, int]:
    """The colour of a card of the physical game."""
    if value < 0:
        return DARK_BLUE
    if value == 0:
        return LIGHT_BLUE
    if value <= 4:
        return GREEN
    return YELLOW if value <= 8 else RED


@cache
def font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """Pillow's own scalable font: nothing to install or fetch."""
    return ImageFont.load_default(size=size)


def _panel_size(columns: int, rows: int) -> tuple[int, int]:
    width = LABEL + columns * (CARD_W + GAP) + GAP
    height = HEADER + LABEL + rows * (CARD_H + GAP) + GAP
    return width, height


def _card(draw: ImageDraw.ImageDraw, x: int, y: int, card: SlotView, changed: bool = False) -> None:
    box = (x, y, x + CARD_W, y + CARD_H)
    if card == "cleared":
        draw.rounded_rectangle(box, radius=6, outline=MUTED, width=1)
    elif card == "down":
        draw.rounded_rectangle(box, radius=6, fill=BACK)
        draw.rounded_rectangle((x + 8, y + 8, x + CARD_W - 8, y + CARD_H - 8), 4, BACK_MARK)
    else:
        assert isinstance(card, int)
        colour = card_colour(card)
        draw.rounded_rectangle(box, radius=6, fill=colour)
        ink = (20, 20, 24) if colour in (LIGHT_BLUE, YELLOW, GREEN) else TEXT
        draw.text((x + CARD_W / 2, y + CARD_H / 2), str(card), fill=ink, font=font(30), anchor="mm")
    if changed:
        draw.rounded_rectangle(box, radius=6, outline=CHANGED, width=4)


def render(
    view: SkyjoView,
    totals: Sequence[int] | None = None,
    changed: Collection[tuple[int, int]] = (),
) -> bytes:
    """The table as a PNG. `changed` holds (seat, slot) places to outline."""
    columns, rows = view.settings.columns, view.settings.rows
    panel_w, panel_h = _panel_size(columns, rows)
    players = view.players
    panel_rows = -(-len(players) // PANELS_PER_ROW)
    height = PILES + panel_rows * (panel_h + MARGIN) + MARGIN
    image = Image.new("RGB", (WIDTH, height), BACKGROUND)
    draw = ImageDraw.Draw(image)

    draw.text((MARGIN, 20), "Skyjo", fill=TEXT, font=font(28))
    pile_x = WIDTH - MARGIN - 2 * (CARD_W + GAP) - 60
    _card(draw, pile_x, 20, view.discard_top if view.discard_top is not None else "cleared")
    _card(draw, pile_x + CARD_W + GAP, 20, "down")
    draw.text(
        (pile_x + 2 * (CARD_W + GAP), 20 + CARD_H / 2),
        str(view.draw_pile_size),
        fill=TEXT,
        font=font(24),
        anchor="lm",
    )

    spacing = (WIDTH - PANELS_PER_ROW * panel_w) // (PANELS_PER_ROW + 1)
    for seat, player in enumerate(players):
        px = spacing + (seat % PANELS_PER_ROW) * (panel_w + spacing)
        py = PILES + (seat // PANELS_PER_ROW) * (panel_h + MARGIN)
        to_move = seat in view.to_move and view.phase not in ("opening", "over")
        draw.rounded_rectangle(
            (px, py, px + panel_w, py + panel_h),
            radius=10,
            fill=PANEL,
            outline=HIGHLIGHT if to_move else None,
            width=4,
        )
        total = player.total if totals is None else totals[seat]
        draw.text((px + 10, py + 10), player.name[:16], fill=TEXT, font=font(22))
        draw.text((px + panel_w - 10, py + 10), str(total), fill=TEXT, font=font(22), anchor="ra")
        for column in range(columns):
            x = px + LABEL + GAP + column * (CARD_W + GAP) + CARD_W / 2
            draw.text(
                (x, py + HEADER + 2), COLUMN_LETTERS[column], fill=MUTED, font=font(16), anchor="ma"
            )
        for row in range(rows):
            y = py + HEADER + LABEL + row * (CARD_H + GAP) + CARD_H / 2
            draw.text((px + 12, y), str(row + 1), fill=MUTED, font=font(16), anchor="mm")
        for slot, card in enumerate(player.cards):
            row, column = divmod(slot, columns)
            x = px + LABEL + GAP + column * (CARD_W + GAP)
            y = py + HEADER + LABEL + row * (CARD_H + GAP)
            _card(draw, x, y, card, (seat, slot) in changed)
    output = io.BytesIO()
    image.save(output, format="PNG", optimize=False, compress_level=3)
    return output.getvalue()


def card_box(view: SkyjoView, seat: int, slot: int) -> tuple[int, int, int, int]:
    """Where a card is drawn, for tests and for anyone reading the picture's layout."""
    columns, rows = view.settings.columns, view.settings.rows
    panel_w, panel_h = _panel_size(columns, rows)
    spacing = (WIDTH - PANELS_PER_ROW * panel_w) // (PANELS_PER_ROW + 1)
    px = spacing + (seat % PANELS_PER_ROW) * (panel_w + spacing)
    py = PILES + (seat // PANELS_PER_ROW) * (panel_h + MARGIN)
    row, column = divmod(slot, columns)
    x = px + LABEL + GAP + column * (CARD_W + GAP)
    y = py + HEADER + LABEL + row * (CARD_H + GAP)
    return x, y, x + CARD_W, y + CARD_H
