"""The Skyjo score sheet: the scores of a game played with physical cards, kept by the bot.

Rulings: a card total is what a 3 × 4 grid can make after its cleared columns, −24 to 144; the
finisher's penalty is Skyjo's (`games.skyjo.scoring`); the game ends after the round in which
someone reaches the target (the lowest total wins, ties share), or earlier when the players say
so. Correcting the last round ends the game when it leaves someone at the target; correcting
an earlier one never does. A finished sheet reopens to undo its last round, correct a round or
(ended early) play on.
"""

from games.skyjo_sheet.sheet import (
    Action,
    Draft,
    Ended,
    Reopened,
    Round,
    Scored,
    ScoreSheet,
    SheetSettings,
    SheetState,
    Undone,
    total_of,
)

__all__ = [
    "Action",
    "Draft",
    "Ended",
    "Reopened",
    "Round",
    "ScoreSheet",
    "Scored",
    "SheetSettings",
    "SheetState",
    "Undone",
    "total_of",
]
