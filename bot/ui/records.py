"""A member's record as the leaderboards, cards and pages word it: the periods a board covers,
their best and worst games, their feats."""

from __future__ import annotations

from bot.adapters.base import GameAdapter
from bot.i18n import N_, Words
from bot.storage.stats import KindStats
from bot.ui.names import Points

DAY = 86_400.0
PERIODS: dict[str, float | None] = {"all": None, "month": 30 * DAY, "week": 7 * DAY}
"""Each leaderboard period's span in seconds back from now (None: all time)."""
PERIOD_NAMES = {"all": N_("all time"), "month": N_("this month"), "week": N_("this week")}


def best_and_worst(record: KindStats, high_score_wins: bool) -> tuple[Points, Points]:
    """A member's best and worst scores in a game type, as players read them ("−3")."""
    lowest, highest = Points(record.lowest_score), Points(record.highest_score)
    return (highest, lowest) if high_score_wins else (lowest, highest)


def feat_texts(adapter: GameAdapter | None, feats: dict[str, int], words: Words) -> list[str]:
    """A player's feats in a game, in words, as the game shows them (by name); none for a
    game that is not installed."""
    if adapter is None:
        return []
    return [
        text
        for name, count in sorted(feats.items())
        if count and (text := adapter.feat_text(name, count, words)) is not None
    ]
