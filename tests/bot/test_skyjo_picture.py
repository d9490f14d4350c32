"""The picture of the Skyjo table: its size, each card's colour, card backs where cards are face
down, and nothing drawn that the public view does not show."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from bot.ui import skyjo_picture as picture
from games.core.seats import Seat
from games.skyjo import SkyjoGame, SkyjoSettings
from tests.bot.test_skyjo_screens import hide_values


def played(players: int, moves: int, seed: int = 5) -> SkyjoGame:
    game = SkyjoGame.new(SkyjoSettings(), [Seat(name=f"P{i}") for i in range(players)], seed)
    rng = random.Random(seed)
    for _ in range(moves):
        seat = game.to_move[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    return game


def image(game: SkyjoGame) -> Image.Image:
    return Image.open(io.BytesIO(picture.render(game.view(None)))).convert("RGB")


@pytest.mark.parametrize(("players", "panel_rows"), [(2, 1), (3, 2), (8, 4)])
def test_the_picture_is_as_wide_as_a_phone_shows_twice_and_grows_with_the_players(
    players: int, panel_rows: int
) -> None:
    drawn = image(played(players, 3 * players))
    _, panel_height = picture._panel_size(4, 3)
    assert drawn.size == (
        picture.WIDTH,
        picture.PILES + panel_rows * (panel_height + picture.MARGIN) + picture.MARGIN,
    )


def test_each_card_has_its_colour_and_face_down_cards_show_the_back() -> None:
    game = played(4, 40)
    view = game.view(None)
    drawn = image(game)
    checked = {"up": 0, "down": 0}
    for seat, player in enumerate(view.players):
        for slot, card in enumerate(player.cards):
            x0, y0, _, y1 = picture.card_box(view, seat, slot)
            inside = drawn.getpixel((x0 + 4, (y0 + y1) // 2))
            if card == "down":
                assert inside == picture.BACK
                checked["down"] += 1
            elif isinstance(card, int):
                assert inside == picture.card_colour(card), (seat, slot, card)
                checked["up"] += 1
    assert checked["up"] > 5 and checked["down"] > 5


def test_only_the_public_view_is_drawn() -> None:
    game = played(3, 20)
    assert picture.render(game.view(None)) == picture.render(hide_values(game).view(None))


@pytest.mark.parametrize(
    ("value", "colour"),
    [
        (-2, picture.DARK_BLUE),
        (-1, picture.DARK_BLUE),
        (0, picture.LIGHT_BLUE),
        (1, picture.GREEN),
        (4, picture.GREEN),
        (5, picture.YELLOW),
        (8, picture.YELLOW),
        (9, picture.RED),
        (12, picture.RED),
    ],
)
def test_card_colours_are_those_of_the_physical_game(
    value: int, colour: tuple[int, int, int]
) -> None:
    assert picture.card_colour(value) == colour
