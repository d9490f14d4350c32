"""The Skyjo score sheet: the scores of a game played with physical cards, kept by the bot.

Rulings: a card total is what a 3 × 4 grid can make after its cleared columns, −24 to 144; the
finisher's penalty is Skyjo's (`games.skyjo.scoring`); the game ends after the round in which
someone reaches the target (the lowest total wins, ties share), or earlier when the players say
so. Correcting a past round never ends the game by itself.
"""

from games.skyjo_sheet.sheet import (
    Action,
    Draft,
    Ended,
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
    "Round",
    "ScoreSheet",
    "Scored",
    "SheetSettings",
    "SheetState",
    "Undone",
    "total_of",
]
