"""Skyjo: the rules engine, its settings, actions, events and views."""

from games.core.randomness import Shuffler
from games.skyjo.actions import Action, draw, flip, reveal, swap, take
from games.skyjo.game import SkyjoGame
from games.skyjo.settings import PenaltyType, SkyjoSettings
from games.skyjo.state import SkyjoState
from games.skyjo.view import SkyjoView

__all__ = [
    "Action",
    "PenaltyType",
    "Shuffler",
    "SkyjoGame",
    "SkyjoSettings",
    "SkyjoState",
    "SkyjoView",
    "draw",
    "flip",
    "reveal",
    "swap",
    "take",
]
