"""The picture of the Skyjo Junior table and of its end: a title too long for the room beside
the piles is shortened with an ellipsis and never runs under them."""

from __future__ import annotations

import io
import random
from collections.abc import Callable

import pytest
from PIL import Image

from bot.games.junior import picture
from bot.games.junior.adapter import JuniorAdapter
from bot.i18n import Words
from bot.storage.records import GameRecord, SeatRecord
from bot.ui import grid_picture as grid
from games.core.seats import Seat
from games.skyjo_junior import JuniorGame, JuniorSettings

JUNIOR = JuniorAdapter()
LONG_NAMES = (
    "Wüstenrennmausfreundin Annabel",
    "Maximilian Alexander von Berg",
    "Zoé-Charlotte de la Fontaine",
)
"""Names of about 30 characters; Discord allows 32."""


def played(names: tuple[str, ...], *, to_the_end: bool) -> JuniorGame:
    game = JuniorGame.new(JuniorSettings(), [Seat(name=name) for name in names], 4)
    rng = random.Random(4)
    moves = 0
    while not game.is_over and (to_the_end or moves < 6):
        seat = game.to_move[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))
        moves += 1
    return game


def record(names: tuple[str, ...]) -> GameRecord:
    return GameRecord(
        id=3,
        guild_id=1,
        channel_id=2,
        kind="junior",
        status="finished",
        host_id=100,
        seed=4,
        seats=[SeatRecord(name=name, user_id=100 + i) for i, name in enumerate(names)],
    )


def final_picture(players: int, language: str) -> grid.GridTable:
    """The final picture of a game of `players` long names, whose title names its winners."""
    names = LONG_NAMES[:players]
    game = played(names, to_the_end=True)
    (shown,) = JUNIOR.final(record(names), game, Words(language)).pictures
    assert isinstance(shown.key, grid.GridTable)
    return shown.key


def table_picture(players: int, title: str) -> grid.GridTable:
    return picture.table_picture(
        played(LONG_NAMES[:players], to_the_end=False).view(None), (), title
    )


PICTURES = {
    "the table of 2, titled with its players' names": lambda: table_picture(
        2, "Skyjo Junior · " + " & ".join(LONG_NAMES[:2])
    ),
    "the table of 3, titled with its players' names": lambda: table_picture(
        3, "Skyjo Junior · " + " & ".join(LONG_NAMES)
    ),
    "the end of a game of 2, in English": lambda: final_picture(2, "en"),
    "the end of a game of 2, in French": lambda: final_picture(2, "fr"),
    "the end of a game of 3, in German": lambda: final_picture(3, "de"),
}


def overlap(one: tuple[int, int, int, int], other: tuple[int, int, int, int]) -> bool:
    return one[0] < other[2] and other[0] < one[2] and one[1] < other[3] and other[1] < one[3]


@pytest.mark.parametrize("drawing", PICTURES.values(), ids=PICTURES)
def test_a_long_title_is_shortened_beside_the_piles(drawing: Callable[[], grid.GridTable]) -> None:
    table = drawing()
    title, piles = grid.title_box(table), grid.piles_box(table)
    assert piles is not None
    assert not overlap(title, piles), (title, piles)
    shown = grid.shown_title(table, grid.layout(4, 3, len(table.panels)).width)
    assert shown.endswith("…") and table.title.startswith(shown[:-1]), shown
    assert shown.startswith("Skyjo Junior · "), "the room left holds more than the game's name"
    drawn = Image.open(io.BytesIO(grid.render(table))).convert("RGB")
    beside = drawn.crop((title[2], 0, piles[0], grid.STRIP))
    colours = {colour for _, colour in beside.getcolors() or []}
    assert colours == {grid.BACKGROUND}, "nothing is drawn between the title and the piles"


def test_a_title_that_fits_is_drawn_whole() -> None:
    table = table_picture(3, "Skyjo Junior")
    assert grid.shown_title(table, grid.layout(4, 3, 3).width) == "Skyjo Junior"
    title, piles = grid.title_box(table), grid.piles_box(table)
    assert piles is not None and not overlap(title, piles)
