"""Skyjo Junior's daily share line: a seat's final grid with a colour for each pair of card
values, never the values."""

from __future__ import annotations

from typing import Any

from bot.ui.daily_screens import FACE_DOWN, grid_lines
from games.skyjo_junior import JuniorGame
from games.skyjo_junior.settings import GRID_COLUMNS

COLOURS = ("🟥", "🟧", "🟨", "🟩", "🟦", "🟪")


def square(slot: Any) -> str:
    """A grid slot's square: the colour of its card's pair of values, or a card face down."""
    if slot == "down":
        return FACE_DOWN
    return COLOURS[min(max(int(slot) - 1, 0) // 2, len(COLOURS) - 1)]


def squares(game: JuniorGame, seat: int) -> list[str]:
    """`seat`'s grid, a line of squares a row."""
    return grid_lines(game.view(None).players[seat].cards, GRID_COLUMNS, square)
