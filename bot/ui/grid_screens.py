"""The widgets of a card-grid table (Skyjo, Skyjo Junior): a grid as text, a grid as buttons,
each card in its game's colours."""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from typing import Literal

from bot.adapters.specs import ALT_TEXT_LIMIT, ButtonSpec, ButtonStyle
from bot.ui.names import number
from games.core.grid import COLUMN_LETTERS

Card = int | Literal["down", "cleared"]


@dataclass(frozen=True)
class CardLook:
    """How a game shows a face-up card: the coloured square of the text grid, the button's
    style, and an emoji where the button's style alone cannot say the colour."""

    square: Callable[[int], str]
    style: Callable[[int], ButtonStyle]
    emoji: Callable[[int], str | None] = lambda value: None


def card_label(card: Card) -> str:
    if card == "down":
        return "?"
    if card == "cleared":
        return "✕"
    return number(card)


def _square(card: Card, look: CardLook) -> str:
    if card == "down":
        return "⬛"
    if card == "cleared":
        return "  "
    return look.square(card)


def grid_text(cards: Sequence[Card], columns: int, look: CardLook) -> str:
    """The grid with the column letters and row numbers the log uses ("C2")."""
    rows = [cards[i : i + columns] for i in range(0, len(cards), columns)]
    header = " " + "".join(f"{letter:>6}" for letter in COLUMN_LETTERS[:columns])
    lines = [
        f"{number}" + "".join(f" {_square(card, look)}{card_label(card):>3}" for card in row)
        for number, row in enumerate(rows, start=1)
    ]
    return "```\n" + "\n".join([header, *lines]) + "\n```"


def grid_buttons(
    cards: Sequence[Card],
    columns: int,
    verb: str,
    enabled: Sequence[bool],
    look: CardLook,
    marked: Collection[int] = (),
) -> list[Sequence[ButtonSpec]]:
    """The grid as rows of buttons, one per card; `marked` places (a triple) are green."""
    buttons = [
        ButtonSpec(
            label=card_label(card),
            verb=verb,
            arg=str(slot),
            style=(
                "success"
                if slot in marked
                else look.style(card)
                if isinstance(card, int)
                else "secondary"
            ),
            disabled=not enabled[slot],
            emoji=look.emoji(card) if isinstance(card, int) else None,
        )
        for slot, card in enumerate(cards)
    ]
    return [buttons[i : i + columns] for i in range(0, len(buttons), columns)]


@dataclass(frozen=True)
class SpokenGrid:
    """One player's grid as a picture's alt text says it: the name, what is said of the
    player's scores, the cards."""

    name: str
    about: str
    cards: Sequence[Card]


SHORT_NAME = 12
"""A name's length in an alt text that would not fit Discord's limit with whole names."""


def grids_description(
    heading: Sequence[str], grids: Sequence[SpokenGrid], columns: int, limit: int = ALT_TEXT_LIMIT
) -> str:
    """A picture of grids in words, for screen readers: the `heading` lines, then each grid
    row by row, "?" face down, "–" cleared. To stay within `limit`, long names are shortened,
    then the rows lose their numbers, and only then is the text cut."""
    text = ""
    for name_length, numbered in ((None, True), (SHORT_NAME, True), (SHORT_NAME, False)):
        players = [_spoken_grid(grid, columns, name_length, numbered) for grid in grids]
        text = "\n".join([*heading, *players])
        if len(text) <= limit:
            return text
    return text[: limit - 1] + "…"


def _spoken_grid(grid: SpokenGrid, columns: int, name_length: int | None, numbered: bool) -> str:
    cards = grid.cards
    rows = [
        " ".join(_spoken(card) for card in cards[i : i + columns])
        for i in range(0, len(cards), columns)
    ]
    said = (
        " · ".join(f"{number}: {row}" for number, row in enumerate(rows, start=1))
        if numbered
        else " / ".join(rows)
    )
    name = grid.name
    if name_length is not None and len(name) > name_length:
        name = name[: name_length - 1] + "…"
    return f"{name} ({grid.about}): {said}"


def _spoken(card: Card) -> str:
    if card == "down":
        return "?"
    return "–" if card == "cleared" else number(card)
