"""The Skyjo Junior table as a picture, from the public view alone: every grid with each value
in its own colour (the published text gives the cards no colours: twelve hues around the colour
wheel, so that equal cards, the makings of a triple, are seen at a glance), card backs where
cards are face down, the piles, the player to move, the cards just changed and the triples."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from bot.ui.avatar_picture import Avatar
from bot.ui.grid_picture import CardColours, GridTable, Panel, Rgb
from games.skyjo_junior.view import JuniorView, SlotView

PALETTE: dict[int, Rgb] = {
    1: (214, 69, 65),
    2: (232, 126, 54),
    3: (240, 190, 50),
    4: (170, 200, 60),
    5: (80, 170, 80),
    6: (40, 160, 140),
    7: (60, 170, 210),
    8: (60, 110, 200),
    9: (100, 80, 190),
    10: (160, 80, 190),
    11: (210, 80, 160),
    12: (140, 100, 70),
}
COLOURS = CardColours("junior", PALETTE.__getitem__, tuple(PALETTE))
ROWS, COLUMNS = 3, 4


def card_colour(value: int) -> Rgb:
    return PALETTE[value]


def triple_slots(cards: Sequence[SlotView | None]) -> frozenset[int]:
    """The places of every column of three equal face-up cards."""
    slots: set[int] = set()
    for column in range(COLUMNS):
        places = [column + row * COLUMNS for row in range(ROWS)]
        values = [cards[place] for place in places]
        if isinstance(values[0], int) and values.count(values[0]) == ROWS:
            slots.update(places)
    return frozenset(slots)


def table_picture(
    view: JuniorView,
    changed: Collection[tuple[int, int]] = (),
    title: str = "Skyjo Junior",
    avatars: Sequence[Avatar | None] = (),
) -> GridTable:
    """The table in play; `changed` holds the (seat, slot) places the last turn changed,
    `avatars` what is drawn before each seat's name."""
    playing = view.phase != "over"
    return GridTable(
        title=title,
        columns=COLUMNS,
        rows=ROWS,
        panels=tuple(
            Panel(
                name=player.name,
                score=str(player.visible_points),
                cards=tuple(player.cards),
                highlighted=playing and seat in view.to_move,
                changed=frozenset(slot for s, slot in changed if s == seat),
                marked=triple_slots(player.cards),
                avatar=avatars[seat] if seat < len(avatars) else None,
            )
            for seat, player in enumerate(view.players)
        ),
        colours=COLOURS,
        discard=view.discard_top,
        draw_pile=view.draw_pile_size > 0,
    )
