"""What a table says of how players learn that their turn has come: a mention in the channel,
posted only where several members play, and a DM for those who ask for one."""

from __future__ import annotations

from bot.i18n import Words
from bot.storage.records import GameRecord


def alerts_in_channel(game: GameRecord) -> bool:
    """Whether turns are announced in the channel: only between members, since a member
    alone at a table (against bots, or for guests) is the only one who could play."""
    return len(game.members) > 1


def reminders_line(game: GameRecord, words: Words) -> str:
    """The footer's note on turn reminders, true to this table."""
    command = words.command("table", "remind")
    if alerts_in_channel(game):
        return words("Your turn is announced in the channel; {command} adds a DM.", command=command)
    return words("{command} sends you a DM when your turn comes.", command=command)
