"""Words the card-grid games (Skyjo, Skyjo Junior) share: a card's value, a card with its
article, and who won."""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import Words
from bot.ui.names import Points, number

AN_NUMBERS = frozenset({8, 11, 18})


def card_text(value: int | None) -> str:
    """A card's value as players read it, a negative one with a true minus sign ("−2");
    nothing for no card."""
    return "" if value is None else number(value)


def a_number(value: int, words: Words) -> str:
    """A card of this value with its article: "a 7", "an 8", "a −2" ("un 7", "eine 7")."""
    if value in AN_NUMBERS or str(value).startswith("8"):
        return words("an {value}", value=Points(value))
    return words("a {value}", value=Points(value))


def game_over(winners: Sequence[str], points: int, words: Words) -> str:
    """The last line of a game: who won, with how many points."""
    who = words.listing(winners)
    points = Points(points)
    if len(winners) == 1:
        return words.plural(
            "Game over: {who} wins with {n} point.",
            "Game over: {who} wins with {n} points.",
            points,
            who=who,
        )
    return words.plural(
        "Game over: {who} share the victory with {n} point.",
        "Game over: {who} share the victory with {n} points.",
        points,
        who=who,
    )
