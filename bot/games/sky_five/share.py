"""Sky Five's daily share line: a seat's face-up cards by colour (⭐ a Shooting Star), never
their values, and the count of its banked cards."""

from __future__ import annotations

from games.sky_five import SkyFiveGame
from games.sky_five.cards import colour_of

COLOURS = ("🟥", "🟨", "🟩", "🟦", "🟪", "⭐")
NONE_FACE_UP = "·"


def squares(game: SkyFiveGame, seat: int) -> list[str]:
    """One line: `seat`'s face-up cards as squares, then its banked cards."""
    player = game.view(None).players[seat]
    line = "".join(COLOURS[colour_of(card)] for card in player.face_up)
    return [f"{line or NONE_FACE_UP} 🏦 {player.banked_count}"]
