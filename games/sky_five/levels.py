"""Sky Five's bot levels by name: `easy`, `normal` and `hard` (rules of thumb, in `bots`),
`expert` (a search, in `expert`), and the baseline they are measured against."""

from __future__ import annotations

import random

from games.core.policy import BotLevels, Policy, PolicyFactory
from games.sky_five.bots import LEVELS, CautiousPolicy, SkyFiveBot
from games.sky_five.expert import expert

BOT_LEVELS = BotLevels("skyfive", LEVELS, SkyFiveBot, {"expert": expert})


def bot_policy(level: str, rng: random.Random) -> Policy:
    """The Sky Five bot of `level` ("easy", "normal", "hard" or "expert"), drawing on `rng`."""
    return BOT_LEVELS.policy(level, rng)


BOTS: dict[str, PolicyFactory] = {**BOT_LEVELS.factories(), "cautious": CautiousPolicy}
