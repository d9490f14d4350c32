"""What one seat (or a spectator) may see of a Sky Five game.

Ruling on visibility: face-up cards, the discard pile and a drawn card waiting for its recipient
are public. Banked cards lie face down in each player's scoring pile: everyone sees how many
cards each pile holds, a player sees the cards (and points) of their own pile, and nobody sees
another player's banked cards until the game is over, when every pile is shown. The order of
the draw pile and the cards removed at setup are never shown, only how many there are.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from games.sky_five.settings import SkyFiveSettings
from games.sky_five.state import LastRoll, Phase


class PlayerView(BaseModel):
    model_config = ConfigDict(frozen=True)

    name: str
    bot: bool
    face_up: tuple[int, ...]
    banked_count: int
    banked: tuple[int, ...] | None
    """The banked cards: the viewer's own pile, or every pile once the game is over."""
    score: int | None
    """Banked points, shown exactly when `banked` is."""
    final_turn_done: bool


class SkyFiveView(BaseModel):
    model_config = ConfigDict(frozen=True)

    seat: int | None
    settings: SkyFiveSettings
    phase: Phase
    final_round: bool
    to_move: tuple[int, ...]
    current: int | None
    first: int
    players: tuple[PlayerView, ...]
    draw_pile_size: int
    removed_count: int
    discard: tuple[int, ...]
    pending: int | None
    """The drawn card whose recipient the current player is choosing."""
    recipients: tuple[int, ...]
    """Who may receive `pending`."""
    busted: int | None
    winners: tuple[int, ...] | None
    moves: int
    last_roll: LastRoll | None
    """The roll of the last turn played, if that turn was a bank: public, like the die."""
