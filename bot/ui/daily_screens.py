"""What the daily deal shows: a member's result and place, and the spoiler-free share line.

The share line shows the colours of the member's final cards, never their values: Skyjo's
grid in the printed cards' colours (🟦 below zero, ⬜ zero, 🟩 1–4, 🟨 5–8, 🟥 9–12, ⬛ a
removed card), Skyjo Junior's grid with a colour for each pair of values, and Sky Five's
face-up cards by colour (⭐ a Shooting Star) with the count of banked cards.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.i18n import N_, Words
from bot.storage.daily import DailyPlace, DailyResult
from bot.ui.names import shown

FACE_DOWN = "🔳"
REMOVED = "⬛"
JUNIOR_COLOURS = ("🟥", "🟧", "🟨", "🟩", "🟦", "🟪")
SKY_FIVE_COLOURS = ("🟥", "🟨", "🟩", "🟦", "🟪", "⭐")

ALREADY_SHARED = N_("Your result is already posted: {link}")
NOT_YOURS = N_("Only {name} can share this result. Try today's deal yourself: {command}")
SHARED = N_("Your result is posted in {channel}.")


def skyjo_square(slot: Any) -> str:
    if slot == "cleared":
        return REMOVED
    if slot == "down":
        return FACE_DOWN
    if slot < 0:
        return "🟦"
    if slot == 0:
        return "⬜"
    return "🟩" if slot <= 4 else "🟨" if slot <= 8 else "🟥"


def junior_square(slot: Any) -> str:
    if slot == "down":
        return FACE_DOWN
    return JUNIOR_COLOURS[min(max(int(slot) - 1, 0) // 2, len(JUNIOR_COLOURS) - 1)]


def grid_lines(slots: Sequence[Any], columns: int, square: Any) -> list[str]:
    """The squares of a grid's slots (in reading order), a line a row."""
    squares = [square(slot) for slot in slots]
    return ["".join(squares[i : i + columns]) for i in range(0, len(squares), columns)]


def cards_line(kind: str, engine: Any, seat: int) -> list[str]:
    """The lines of squares of `seat`'s cards at the end of a game of `kind`."""
    view = engine.view(None)
    player = view.players[seat]
    if kind == "skyjo":
        return grid_lines(player.cards, view.settings.columns, skyjo_square)
    if kind == "junior":
        from games.skyjo_junior.settings import GRID_COLUMNS

        return grid_lines(player.cards, GRID_COLUMNS, junior_square)
    if kind == "skyfive":
        from games.sky_five.cards import colour_of

        line = "".join(SKY_FIVE_COLOURS[colour_of(card)] for card in player.face_up)
        return [f"{line or '·'} 🏦 {player.banked_count}"]
    return []


def share_line(
    title: str, day: str, lines: Sequence[str], score: int, left: bool, words: Words
) -> str:
    """The text a member may post: the game and day, the squares, and the score."""
    heading = words("{game} · daily deal of {day}", game=title, day=day)
    scored = words("Score: {score}", score=score)
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
    if name is None:
        scored = words(
            "Daily deal of {day}: you scored {score}.", day=attempt.day, score=attempt.score
        )
    else:
        scored = words(
            "Daily deal of {day}: {name} scored {score}.",
            day=attempt.day,
            name=shown(name),
            score=attempt.score,
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
