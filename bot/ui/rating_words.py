"""Ratings as players read them: a rating and its change in their language, and the chart of
a member's ratings over their games with its description for screen readers."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from babel.numbers import format_decimal

from bot.i18n import Words
from bot.storage.stats import Rating, RatingStep
from bot.ui.rating_chart import DESCRIPTION_LIMIT, RatingChart, RatingLine

MINUS = "−"


def decimal_text(value: float, words: Words) -> str:
    """A number to one decimal in the reader's language: "12.3" ("12,3" in French and
    German), "−1.5"."""
    rounded = round(value, 1) or 0.0
    return format_decimal(rounded, "0.0", locale=words.language).replace("-", MINUS)


def rating_text(value: float, words: Words) -> str:
    """A rating as shown: one decimal, in the reader's language."""
    return decimal_text(value, words)


def change_text(change: float, words: Words) -> str:
    """ "▲ 1.4", "▼ 0.8", or "± 0.0" when it rounds to nothing."""
    rounded = round(change, 1)
    arrow = "▲" if rounded > 0 else "▼" if rounded < 0 else "±"
    return f"{arrow} {rating_text(abs(rounded), words)}"


def rating_chart(
    steps: Sequence[RatingStep],
    games: Mapping[str, int],
    titles: Mapping[str, str],
    name: str,
    words: Words,
) -> RatingChart | None:
    """The chart of `steps` (oldest first), one line per game type of `titles` (in its
    order, which sets each type's colour); `games` is each type's count of rated games, of
    which `steps` may hold the latest only. `name` is the member's. None without a step."""
    lines = []
    for style, kind in enumerate(titles):
        mine = [step for step in steps if step.kind == kind]
        if not mine:
            continue
        values = (mine[0].before, *(step.after for step in mine))
        first = max(0, games.get(kind, len(mine)) - len(mine))
        shown = rating_text(values[-1], words)
        lines.append(RatingLine(words(titles[kind]), style, first, values, shown))
    if not lines:
        return None
    title = words("{name}'s rating, game by game", name=name)
    return RatingChart(title, tuple(lines), words("games played"))


def describe(chart: RatingChart, words: Words) -> str:
    """The chart in words: each game type's rating at the start and now, its lowest and
    highest, over how many games."""
    parts = [chart.title + "."]
    for line in chart.lines:
        parts.append(
            words.plural(
                "{game}: from {start} to {now} over {n} game (lowest {low}, highest {high}).",
                "{game}: from {start} to {now} over {n} games (lowest {low}, highest {high}).",
                len(line.values) - 1,
                game=line.name,
                start=rating_text(line.values[0], words),
                now=line.shown,
                low=rating_text(min(line.values), words),
                high=rating_text(max(line.values), words),
            )
        )
    text = "\n".join(parts)
    return text if len(text) <= DESCRIPTION_LIMIT else text[: DESCRIPTION_LIMIT - 1] + "…"


def rating_summary(rating: Rating, words: Words) -> str:
    """ "Rating 12.3", or "Rating 3.1 (provisional)"."""
    shown = words("Rating {rating}", rating=rating_text(rating.value, words))
    return shown + " " + words("(provisional)") if rating.provisional else shown
