"""What the daily deal shows: a member's result and place, and the spoiler-free share line.

The share line shows the colours of the member's final cards, never their values, as each game
draws them (`GameAdapter.share_squares`), a grid's with the helpers here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from bot.i18n import N_, Words
from bot.storage.daily import DailyPlace, DailyResult
from bot.ui.names import Points, shown

FACE_DOWN = "🔳"
"""A card of a grid still face down."""
REMOVED = "⬛"
"""A slot of a grid whose card was removed."""

ALREADY_SHARED = N_("Your result is already posted: {link}")
NOT_YOURS = N_("Only {name} can share this result. Try today's deal yourself: {command}")
SHARED = N_("Your result is posted in {channel}.")


def grid_lines(slots: Sequence[Any], columns: int, square: Callable[[Any], str]) -> list[str]:
    """The squares of a grid's slots (in reading order), a line a row."""
    squares = [square(slot) for slot in slots]
    return ["".join(squares[i : i + columns]) for i in range(0, len(squares), columns)]


def share_line(
    title: str, day: str, lines: Sequence[str], score: int, left: bool, words: Words
) -> str:
    """The text a member may post: the game and day, the squares, and the score."""
    heading = words("{game} · daily deal of {day}", game=title, day=day)
    scored = words("Score: {score}", score=Points(score))
    if left:
        scored = words("{score} (left early)", score=scored)
    return "\n".join([f"☀️ {heading}", *lines, scored])


def ordinal(place: int, total: int, words: Words) -> str:
    return words("{place} of {count}", place=place, count=total)


def result_text(
    attempt: DailyResult,
    here: DailyPlace,
    everywhere: DailyPlace,
    words: Words,
    *,
    name: str | None = None,
) -> str:
    """The member's result of the day and where it places them, in this server and in every
    server of the bot."""
    score = Points(attempt.score or 0)
    if name is None:
        scored = words("Daily deal of {day}: you scored {score}.", day=attempt.day, score=score)
    else:
        scored = words(
            "Daily deal of {day}: {name} scored {score}.",
            day=attempt.day,
            name=shown(name),
            score=score,
        )
    lines = [f"☀️ {scored}"]
    if attempt.status == "left":
        lines.append(words("The game was left early: the scores as they stood count."))
    lines.append(
        words(
            "Today: {here} in this server, {everywhere} across every server.",
            here=ordinal(here.place, here.total, words),
            everywhere=ordinal(everywhere.place, everywhere.total, words),
        )
    )
    if everywhere.total > 1:
        lines.append(
            words(
                "Better than {percent} % of today's players.",
                percent=everywhere.beaten_percent,
            )
        )
    return "\n".join(lines)
