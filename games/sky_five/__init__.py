"""Sky Five: the rules engine, its settings, actions, events and views."""

from games.sky_five.actions import Action, bank, draw, give, pass_, take
from games.sky_five.game import Roller, Shuffler, SkyFiveGame, first_player
from games.sky_five.settings import SkyFiveSettings
from games.sky_five.state import SkyFiveState
from games.sky_five.view import SkyFiveView

__all__ = [
    "Action",
    "Roller",
    "Shuffler",
    "SkyFiveGame",
    "SkyFiveSettings",
    "SkyFiveState",
    "SkyFiveView",
    "bank",
    "draw",
    "first_player",
    "give",
    "pass_",
    "take",
]
