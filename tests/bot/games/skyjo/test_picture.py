"""The picture of the Skyjo table: its size, each card's colour, card backs where cards are face
down, the changed cards (none of the round before on a new round's grids) and the player to move
marked, and nothing drawn that the public view does not show."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from bot.adapters.base import TableContext
from bot.games.skyjo import picture
from bot.games.skyjo.adapter import SkyjoAdapter
from bot.i18n import Words
from bot.sessions.game_log import GameLog
from bot.ui import grid_picture as grid
from games.core.seats import Seat
from games.skyjo import Action, SkyjoGame, SkyjoSettings, draw, flip, reveal, swap
from games.skyjo.events import Swapped
from tests.bot.games.skyjo.test_screens import hide_values, record
from tests.skyjo import scripting


def played(players: int, moves: int, seed: int = 5, **settings: int) -> SkyjoGame:
    game = SkyjoGame.new(
        SkyjoSettings(**settings), [Seat(name=f"P{i}") for i in range(players)], seed
    )
    rng = random.Random(seed)
    for _ in range(moves):
        seat = game.to_move[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    return game


def image(table: grid.GridTable) -> Image.Image:
    return Image.open(io.BytesIO(grid.render(table))).convert("RGB")


def pixel_inside(drawn: Image.Image, box: tuple[int, int, int, int]) -> tuple[int, int, int]:
    x0, y0, _, y1 = box
    value = drawn.getpixel((x0 + 3, (y0 + y1) // 2))
    assert isinstance(value, tuple)
    return value[0], value[1], value[2]


@pytest.mark.parametrize(
    ("players", "per_row", "card_w"), [(2, 2, 64), (3, 3, 53), (4, 2, 48), (8, 4, 39)]
)
def test_every_table_fits_what_discord_shows_at_twice_the_pixels(
    players: int, per_row: int, card_w: int
) -> None:
    drawn = image(picture.table_picture(played(players, 3 * players).view(None)))
    shape = grid.layout(4, 3, players)
    assert (shape.per_row, shape.card_w) == (per_row, card_w)
    assert drawn.size == (shape.width, shape.height)
    assert drawn.width <= 800 and drawn.height <= 600
    rows = -(-players // per_row)
    assert shape.width >= per_row * shape.panel_w and shape.height >= rows * shape.panel_h


@pytest.mark.parametrize(("rows", "columns"), [(2, 2), (4, 5), (3, 4)])
def test_the_largest_grids_of_the_largest_table_fit(rows: int, columns: int) -> None:
    shape = grid.layout(columns, rows, 8)
    assert shape.width <= grid.MAX_WIDTH and shape.height <= grid.MAX_HEIGHT
    assert shape.card_w >= 24, "numbers stay readable at half size"


def test_each_card_has_its_colour_and_face_down_cards_show_the_back() -> None:
    game = played(4, 40)
    view = game.view(None)
    table = picture.table_picture(view)
    drawn = image(table)
    checked = {"up": 0, "down": 0}
    for seat, player in enumerate(view.players):
        for slot, card in enumerate(player.cards):
            inside = pixel_inside(drawn, grid.card_box(table, seat, slot))
            if card == "down":
                assert inside == grid.BACK
                checked["down"] += 1
            elif isinstance(card, int):
                assert inside == picture.card_colour(card), (seat, slot, card)
                checked["up"] += 1
            else:
                assert inside == grid.PANEL, "a cleared place is empty"
    assert checked["up"] > 5 and checked["down"] > 5


def test_a_changed_card_is_outlined_and_the_player_to_move_framed() -> None:
    game = played(3, 20)
    view = game.view(None)
    plain = image(picture.table_picture(view))
    marked_table = picture.table_picture(view, changed={(1, 5)})
    marked = image(marked_table)
    x0, y0, _, y1 = grid.card_box(marked_table, 1, 5)
    edge = (x0 + 1, (y0 + y1) // 2)
    assert marked.getpixel(edge) == grid.CHANGED
    assert plain.getpixel(edge) != grid.CHANGED
    mover = view.current
    assert mover is not None
    shape = grid.layout(view.settings.columns, view.settings.rows, 3)
    for seat in range(3):
        px, py = shape.panel_origin(seat)
        frame = marked.getpixel((px + shape.panel_w // 2, py + 1))
        assert (frame == grid.HIGHLIGHT) == (seat == mover), seat


def test_only_the_public_view_is_drawn() -> None:
    game = played(3, 20)
    hidden = hide_values(game)
    assert any(value == 987_654_321 for values in hidden.values for value in values), (
        "the copy really holds other face-down values"
    )
    assert grid.render(picture.table_picture(game.view(None))) == grid.render(
        picture.table_picture(hidden.view(None))
    )


def test_equal_tables_are_equal_keys_and_a_change_makes_a_new_one() -> None:
    game = played(2, 10)
    first = picture.table_picture(game.view(None))
    assert first == picture.table_picture(game.view(None))
    assert hash(first) == hash(picture.table_picture(game.view(None)))
    seat = game.to_move[0]
    game.apply(seat, game.legal_actions(seat)[0])
    assert picture.table_picture(game.view(None)) != first


def test_a_round_s_final_grids_show_every_card_face_up() -> None:
    game = played(3, 0)
    rng = random.Random(1)
    while not game.history:
        seat = game.to_move[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    last = game.history[-1]
    table = picture.final_grids_picture(
        "Round 1", game.names, last.grids, [f"{s:+d}" for s in last.scores], 4, 3
    )
    drawn = image(table)
    for seat, cards in enumerate(last.grids):
        for slot, value in enumerate(cards):
            inside = pixel_inside(drawn, grid.card_box(table, seat, slot))
            expected = grid.PANEL if value is None else picture.card_colour(value)
            assert inside == expected
    assert sum(v for v in last.grids[0] if v is not None) == last.raw[0]


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


SKYJO = SkyjoAdapter()
HIGH = scripting.grid((12, 11, 1, 2), (3, 4, 5, 6), (7, 8, 9, 10))
LOW = scripting.grid((-2, -1, 0, 1), (0, 1, 2, 3), (-1, -2, 0, 2))


class Table:
    """A scripted game played as a session plays it: each change kept in the table's log."""

    def __init__(self, opening_flips: int) -> None:
        settings = SkyjoSettings(opening_flips=opening_flips)
        self.game, _ = scripting.scripted_game([HIGH, LOW], discard=12, settings=settings)
        self.log = GameLog()

    def play(self, seat: int, action: Action) -> None:
        token = SKYJO.turn_token(self.game)
        self.log.moves(seat, token, self.game.apply(seat, action), SKYJO.log_apart)

    def context(self) -> TableContext:
        last_turn = self.log.last_turn(self.game.to_move, SKYJO.turn_token(self.game))
        return TableContext(Words("en"), last_turn=last_turn)

    def outlined(self) -> set[tuple[int, int]]:
        """The places the table's picture outlines as just changed."""
        drawing = SKYJO.table(record(2), self.game, self.context()).pictures[0].key
        assert isinstance(drawing, grid.GridTable)
        return {(seat, slot) for seat, panel in enumerate(drawing.panels) for slot in panel.changed}


def round_one_played(opening_flips: int) -> Table:
    """Ana swaps the card at her A1 every turn while Leo turns up his cards one by one; once
    he has turned them all up, Ana's last swap ends round 1 and round 2 is dealt."""
    table = Table(opening_flips)
    opened = range(opening_flips)
    for seat in (0, 1):
        for slot in opened:
            table.play(seat, reveal(slot))
    hidden = [slot for slot in range(12) if slot not in opened]
    while table.game.finisher is None:
        table.play(0, draw())
        table.play(0, swap(0))
        table.play(1, draw())
        table.play(1, flip(hidden.pop(0)))
    table.play(0, draw())
    table.play(0, swap(0))
    assert table.game.round == 2
    return table


ROUND_TWO: dict[str, tuple[int, list[tuple[int, Action]], tuple[int, int]]] = {
    "with opening cards": (2, [(1, reveal(5))], (1, 5)),
    "without opening cards": (0, [(1, draw()), (1, swap(7))], (1, 7)),
}


@pytest.mark.parametrize(("flips", "first_moves", "changed"), ROUND_TWO.values(), ids=ROUND_TWO)
def test_a_new_round_outlines_no_card_of_the_round_before(
    flips: int, first_moves: list[tuple[int, Action]], changed: tuple[int, int]
) -> None:
    table = round_one_played(flips)
    last_turn = table.context().last_turn
    assert any(isinstance(event, Swapped) for event in last_turn), "round 1's last swap is in it"
    assert table.outlined() == set()
    for seat, action in first_moves:
        table.play(seat, action)
    assert table.outlined() == {changed}, "round 2's own first change is outlined"
