"""The picture of the Sky Five table: its size, each card's colour and its colour's shape,
the player to move, a bust and a Sky Five marked, the die, equal keys for equal tables, and
nothing drawn that the public view does not show."""

from __future__ import annotations

import io
import time

import pytest
from PIL import Image

from bot.games.sky_five import picture, screens
from bot.i18n import Words
from bot.ui import grid_picture as grid
from games.sky_five import bank, draw, give
from games.sky_five.cards import COLOUR_COUNT, STAR, card
from games.sky_five.events import Event
from games.sky_five.game import SkyFiveGame
from tests.bot.games.sky_five.test_screens import hide, played
from tests.sky_five.scripting import B, G, P, R, S, Y, position

EN = Words("en")
LABELS = picture.Labels("Sky Five", ("red", "yellow", "green", "blue", "purple"), "BUST", "SKY")


def drawing(game: SkyFiveGame, events: list[Event] | None = None) -> picture.SkyFiveTable:
    return picture.table_picture(game.view(None), events or [], LABELS)


def image(table: picture.SkyFiveTable) -> Image.Image:
    return Image.open(io.BytesIO(picture.render(table))).convert("RGB")


def at(drawn: Image.Image, x: float, y: float) -> tuple[int, int, int]:
    value = drawn.getpixel((round(x), round(y)))
    assert isinstance(value, tuple)
    return value[0], value[1], value[2]


def colours_in(drawn: Image.Image) -> set[tuple[int, int, int]]:
    found = drawn.getcolors(1 << 24)
    assert found is not None
    return {colour for _, colour in found}  # type: ignore[misc]


def fill_of(drawn: Image.Image, box: tuple[int, int, int, int]) -> tuple[int, int, int]:
    """A pixel of a card's face, clear of its number and its shape."""
    x0, y0, x1, y1 = box
    return at(drawn, x0 + (x1 - x0) // 8, y0 + (y1 - y0) // 2)


def hand(*counts: int) -> list[list[int]]:
    """Seats holding that many face-up cards: a card of each of four colours, then Shooting
    Stars, every card a different one of the deck."""
    hands = []
    stars = iter(range(1, 7))
    for seat, count in enumerate(counts):
        coloured = [card(colour, 1 + (seat + colour) % 6) for colour in range(min(count, 4))]
        hands.append(coloured + [card(STAR, next(stars)) for _ in range(count - len(coloured))])
    return hands


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_every_table_fits_what_discord_shows_at_twice_the_pixels(players: int) -> None:
    game = position(hand(*([4] * players)), draws=[G(6)])
    drawn = image(drawing(game))
    shape = picture.layout(players)
    assert drawn.size == (shape.width, shape.height)
    assert drawn.width <= 800 and drawn.height <= 600
    assert shape.card_w >= 48, "numbers stay readable at half size"
    for seat in range(players):
        x, y = shape.panel_origin(seat)
        assert x >= 0 and y + shape.panel_h <= shape.height
        assert x + shape.panel_w <= shape.width


def test_each_card_has_its_colour_and_its_colours_shape() -> None:
    game = position([[R(4), Y(2), G(6), B(0)], [P(5), S(3)], []], draws=[G(1)])
    table = drawing(game)
    drawn = image(table)
    masks = {}
    for seat, cards in enumerate([[R(4), Y(2), G(6), B(0)], [P(5), S(3)]]):
        for face_up in cards:
            box = picture.card_box(table, seat, face_up)
            assert fill_of(drawn, box) == picture.card_colour(face_up), face_up
            x0, y0, x1, y1 = picture.symbol_box(box)
            ink = picture.symbol_colour(face_up)
            assert at(drawn, (x0 + x1) / 2, (y0 + y1) / 2 + 1) == ink, "the shape is drawn"
            masks[face_up // 10] = tuple(
                at(drawn, x, y) == ink for y in range(y0, y1 + 1) for x in range(x0, x1 + 1)
            )
    assert len(set(masks.values())) == COLOUR_COUNT + 1, "every colour has a shape of its own"
    assert all(sum(mask) > len(mask) // 5 for mask in masks.values())


def test_an_empty_place_shows_its_colours_shape_and_the_legend_names_them() -> None:
    game = position([[], [R(1)]], draws=[G(1)])
    table = drawing(game)
    drawn = image(table)
    shape = picture.layout(2)
    for colour in range(COLOUR_COUNT):
        x, y = shape.place_origin(0, colour)
        centre = at(drawn, x + shape.card_w / 2, y + shape.card_h / 2)
        assert centre == picture.place_colour(colour), colour
    legend = drawn.crop((0, 40, 400, picture.STRIP))
    colours = colours_in(legend)
    assert {picture.FILLS[colour] for colour in range(COLOUR_COUNT)} <= colours


def test_the_player_to_move_is_framed_and_a_bust_is_marked() -> None:
    game = position([[R(4), Y(2), S(3)], [R(1)], [B(5)]], draws=[G(1)], rolls=[4], current=0)
    events = game.apply(0, bank())
    table = drawing(game, events)
    assert [h.mark for h in table.hands] == ["bust", "", ""]
    assert [h.to_move for h in table.hands] == [False, True, False]
    assert table.roll == picture.Roll("Ana", 4, (2, 3, 4), bust=True)
    drawn = image(table)
    shape = picture.layout(3)
    frames = []
    for seat in range(3):
        px, py = shape.panel_origin(seat)
        frames.append(at(drawn, px + shape.panel_w // 2, py + 1))
    assert frames == [picture.BUST_RED, grid.HIGHLIGHT, grid.PANEL]
    colours = colours_in(drawn.crop((0, 0, shape.width, picture.STRIP)))
    assert picture.DIE in colours and picture.BUST_RED in colours, "the die and its red frame"


def test_a_sky_five_is_marked_and_the_card_it_brought_was_banked() -> None:
    game = position([[R(1)], [Y(1), G(1), B(1), P(1)], []], draws=[R(3), G(2)], current=0)
    game.apply(0, draw())
    table = drawing(game)
    assert table.drawn == R(3), "the card waiting for its recipient is shown"
    events = game.apply(0, give(1))
    table = drawing(game, events)
    assert table.hands[1].mark == "sky_five" and table.hands[1].cards == ()
    assert table.hands[1].banked == 5 and table.drawn is None
    drawn = image(table)
    assert picture.GOLD in colours_in(drawn)


def test_a_received_card_is_outlined() -> None:
    game = position([[R(1)], [Y(1)], []], draws=[R(3), G(2)], current=0)
    game.apply(0, draw())
    events = game.apply(0, give(2))
    table = drawing(game, events)
    assert table.hands[2].new == frozenset({R(3)})
    drawn = image(table)
    x0, y0, _, y1 = picture.card_box(table, 2, R(3))
    assert at(drawn, x0 + 1, (y0 + y1) // 2) == grid.CHANGED


def test_only_the_public_view_is_drawn() -> None:
    checked = 0
    for game, events in played(4, 9):
        if game.is_over or not any(game.banked):
            continue
        hidden = hide(game, seed=checked)
        assert hidden.to_json() != game.to_json(), "the copy really differs in what is hidden"
        mine = picture.table_picture(game.view(None), events, LABELS)
        theirs = picture.table_picture(hidden.view(None), events, LABELS)
        assert mine == theirs
        assert picture.render(mine) == picture.render(theirs)
        alt = screens.table_picture(game.view(None), events, EN)
        assert alt.description == screens.table_picture(hidden.view(None), events, EN).description
        checked += 1
    assert checked > 10


def test_equal_tables_are_equal_keys_and_a_change_makes_a_new_one() -> None:
    game = position([[R(4)], [Y(2)]], draws=[G(1), B(2)])
    first = screens.table_picture(game.view(None), [], EN)
    again = screens.table_picture(game.view(None), [], EN)
    assert first.key == again.key and hash(first.key) == hash(again.key)
    assert first.render() == again.render()
    game.apply(0, draw())
    assert screens.table_picture(game.view(None), [], EN).key != first.key


def test_the_alt_text_says_the_table_in_words_within_discords_limit() -> None:
    game = position(hand(4, 4, 4, 4, 4, 6), draws=[G(6)], rolls=[6], current=0)
    events = game.apply(0, bank())
    description = screens.table_picture(game.view(None), events, EN).description
    assert len(description) <= 1024
    assert description.startswith("Sky Five. Draw pile: 1 card\nAna rolled 6 against")
    assert "Ana rolled 6 against 1 · 2 · 3 · 4: banked." in description
    assert "Leo (to move, 0 banked cards): red 2, yellow 3, green 4 and blue 5" in description


def test_drawing_a_full_table_is_cheap() -> None:
    game = position(hand(4, 3, 4, 2, 4, 5), draws=[G(6)])
    table = drawing(game)
    picture.render(table)
    times = []
    for _ in range(15):
        start = time.perf_counter()
        picture.render(table)
        times.append(time.perf_counter() - start)
    assert sorted(times)[len(times) // 2] < 0.05
