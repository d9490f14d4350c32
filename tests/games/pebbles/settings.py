"""Pebbles' one setting: the pile that ends the game."""

from __future__ import annotations

from pydantic import Field

from games.core.settings import GameSettings


class PebblesSettings(GameSettings):
    game_title = "Pebbles"

    target: int = Field(default=10, ge=5, le=50)
