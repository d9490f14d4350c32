"""The games the simulator knows, by the name used on the command line."""

from __future__ import annotations

from games.simulation import GameSpec
from games.sky_five.simulation import SPEC as SKY_FIVE
from games.skyjo.simulation import SPEC as SKYJO
from games.skyjo_junior.simulation import SPEC as JUNIOR

GAMES: dict[str, GameSpec] = {spec.name: spec for spec in (SKYJO, JUNIOR, SKY_FIVE)}
