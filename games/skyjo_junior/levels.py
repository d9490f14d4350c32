"""Skyjo Junior's bot levels by name: `easy`, `normal` and `hard` (rules of thumb, in `bots`),
`expert` (a search, in `expert`), and the baseline they are measured against."""

from __future__ import annotations

import random

from games.core.policy import BotLevels, Policy, PolicyFactory
from games.skyjo_junior.bots import LEVELS, GreedyPolicy, JuniorBot
from games.skyjo_junior.expert import expert

BOT_LEVELS = BotLevels("junior", LEVELS, JuniorBot, {"expert": expert})


def bot_policy(level: str, rng: random.Random) -> Policy:
    """The Skyjo Junior bot of `level` ("easy", "normal", "hard" or "expert"), drawing on `rng`."""
    return BOT_LEVELS.policy(level, rng)


BOTS: dict[str, PolicyFactory] = {**BOT_LEVELS.factories(), "greedy": GreedyPolicy}
