"""The drawing process keeps the tiles its pictures are pasted from (cards, panels, words):
each holds its pixels and little else."""

from __future__ import annotations

import pytest
from PIL import Image

from bot.games.junior.picture import COLOURS as JUNIOR
from bot.games.sky_five import picture as sky_five
from bot.games.skyjo.picture import COLOURS as SKYJO
from bot.ui import grid_picture as grid
from tests.held import held

TILES = {
    "a card": lambda: grid.card_tile(7, 48, SKYJO, changed=True),
    "a card face down": lambda: grid.card_tile("down", 48, JUNIOR),
    "a panel": lambda: grid.panel_tile(grid.layout(4, 3, 4), 4, 3, True, SKYJO),
    "a name": lambda: grid.text_tile("Ana Maria", 18, grid.TEXT, grid.PANEL, SKYJO),
    "a Sky Five card": lambda: sky_five.card_tile(3, 40, grid.HIGHLIGHT, grid.PANEL),
    "the Sky Five pile": lambda: sky_five.back_tile(36, 20),
}


@pytest.mark.parametrize("name", TILES)
def test_a_tile_keeps_no_palette_of_its_own(name: str) -> None:
    tile = TILES[name]()
    assert tile.mode == "P"
    assert held(tile) < 1024, f"{name}: {held(tile)} bytes besides its pixels"


def test_a_tile_pasted_on_a_picture_shows_the_pictures_colours() -> None:
    tile = grid.card_tile(12, 48, SKYJO)
    canvas = Image.new("P", (60, 80), grid.BACKGROUND_INDEX)
    canvas.putpalette(grid.palette(SKYJO).getpalette() or [])
    canvas.paste(tile, (6, 8))
    drawn = canvas.convert("RGB")
    assert drawn.getpixel((30, 40 - 20)) == SKYJO.fill(12)
    assert drawn.getpixel((2, 2)) == grid.BACKGROUND
