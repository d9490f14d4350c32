"""What changed on a score sheet, in words: a round entered, corrected or taken back, the game
ended early. The sheet keeps no log; a replay tells these."""

from __future__ import annotations

from bot.games.skyjo.words import round_lines
from bot.i18n import Words
from bot.ui.grid_words import game_over
from bot.ui.names import all_shown
from games.skyjo_sheet import ScoreSheet
from games.skyjo_sheet.sheet import Ended, Event, Reopened, Scored, Undone


def _scored(event: Scored, sheet: ScoreSheet, words: Words) -> list[str]:
    names = all_shown(sheet.names)
    number = event.position + 1
    finisher = names[event.finisher]
    heading = (
        words("Round {round} corrected, ended by {name}:", round=number, name=finisher)
        if event.corrected
        else words("Round {round} entered, ended by {name}:", round=number, name=finisher)
    )
    running = sheet.running_totals()
    totals = running[event.position] if event.position < len(running) else sheet.totals
    return [
        heading,
        *round_lines(names, event.finisher, event.raw, event.scores, totals, words),
    ]


def describe(event: Event, sheet: ScoreSheet, words: Words) -> list[str]:
    """One change of the sheet (`sheet` as it stands afterwards) as lines."""
    match event:
        case Scored():
            return _scored(event, sheet, words)
        case Undone(position=position):
            return [words("Round {round} is taken back.", round=position + 1)]
        case Ended(early=True):
            return [
                words(
                    "The game is ended early, after round {round}: nobody is ranked as a winner.",
                    round=len(sheet.rounds),
                )
            ]
        case Ended(winners=winners, totals=totals):
            names = all_shown(sheet.names)
            return [
                words("The game is ended after round {round}.", round=len(sheet.rounds)),
                game_over([names[seat] for seat in winners], totals[winners[0]], words),
            ]
        case Reopened(rounds=rounds):
            return [words("The finished game is reopened after round {round}.", round=rounds)]
    raise ValueError(f"not a score sheet event: {event!r}")
