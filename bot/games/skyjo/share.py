"""Skyjo's daily share line: a seat's final grid in the printed cards' colours (🟦 below zero,
⬜ zero, 🟩 1–4, 🟨 5–8, 🟥 9–12, ⬛ a removed card), never their values."""

from __future__ import annotations

from typing import Any

from bot.ui.daily_screens import FACE_DOWN, REMOVED, grid_lines
from games.skyjo import SkyjoGame


def square(slot: Any) -> str:
    """A grid slot's square: its card's colour, a removed card, or a card face down."""
    if slot == "cleared":
        return REMOVED
    if slot == "down":
        return FACE_DOWN
    if slot < 0:
        return "🟦"
    if slot == 0:
        return "⬜"
    return "🟩" if slot <= 4 else "🟨" if slot <= 8 else "🟥"


def squares(game: SkyjoGame, seat: int) -> list[str]:
    """`seat`'s grid, a line of squares a row."""
    view = game.view(None)
    return grid_lines(view.players[seat].cards, view.settings.columns, square)
