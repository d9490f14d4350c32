"""The Sky Five deck: 5 colours × (two 0s and three each of 1–6), plus 6 Shooting Stars.

A card is an int, `colour * 10 + number`: colours 0–4 are shown as red, yellow, green, blue and
purple, so the red 4 is 4 and the blue 2 is 32; the Shooting Stars are colour 5, numbered 1–6
(51–56). The rule text does not name the colours: the engine knows them by index only, and the
table names them in its reader's language (`bot.games.sky_five.words`).
Per-card facts are looked up in tuples indexed by the card, so the engine does no arithmetic
on its hot path.
"""

from __future__ import annotations

from collections import Counter

COLOUR_COUNT = 5
"""How many colours there are; a colour is its index, 0–4."""
STAR = COLOUR_COUNT
"""The colour index of the colourless Shooting Stars."""
ALL_COLOURS = (1 << COLOUR_COUNT) - 1
"""The colour mask of a Sky Five: one face-up card of every colour."""

COLOUR_NUMBERS: tuple[int, ...] = (0, 0, *(n for n in range(1, 7) for _ in range(3)))
STAR_NUMBERS: tuple[int, ...] = tuple(range(1, 7))

DECK: tuple[int, ...] = tuple(
    colour * 10 + number for colour in range(COLOUR_COUNT) for number in COLOUR_NUMBERS
) + tuple(STAR * 10 + number for number in STAR_NUMBERS)
DECK_SIZE = len(DECK)

REMOVED_BY_SEATS: dict[int, int] = {2: 52, 3: 39, 4: 26, 5: 13, 6: 0}
"""Cards removed face down at setup, by the number of players (the rulebook's table)."""

_CARD_RANGE = range(STAR * 10 + 10)
NUMBER: tuple[int, ...] = tuple(card % 10 for card in _CARD_RANGE)
"""The printed number (the points) of each card."""
COLOUR_BIT: tuple[int, ...] = tuple(
    1 << card // 10 if card // 10 < STAR else 0 for card in _CARD_RANGE
)
"""Each card's colour as a one-bit mask; 0 for a Shooting Star, which has no colour."""


def card(colour: int, number: int) -> int:
    """The card of colour index `colour` (STAR for a Shooting Star) and `number`."""
    return colour * 10 + number


def colour_of(card: int) -> int:
    return card // 10


def is_star(card: int) -> bool:
    return card // 10 == STAR


def deck_counter() -> Counter[int]:
    return Counter(DECK)
