"""Skyjo Junior's screens stay within Discord's limits, never depend on a face-down card, and
offer the controls of each step."""

from __future__ import annotations

import itertools
import random

import pytest

from bot.adapters.base import TableContext
from bot.games.junior import picture as junior_picture
from bot.games.junior.adapter import JuniorAdapter
from bot.i18n import Words
from bot.storage.records import GameRecord, SeatRecord
from games.core.seats import Seat
from games.skyjo_junior import JuniorGame, JuniorSettings
from games.skyjo_junior.view import SlotView
from tests.bot.games.skyjo.test_screens import check_limits, rendered

JUNIOR = JuniorAdapter()
EN = Words("en")
MARKER = 99


def record(players: int) -> GameRecord:
    return GameRecord(
        id=3,
        guild_id=1,
        channel_id=2,
        kind="junior",
        status="running",
        host_id=100,
        seed=1,
        seats=[
            SeatRecord(name=f"Player number {i}", user_id=100 + i if i < 2 else None)
            for i in range(players)
        ],
        deadline=1_900_000_000.0,
    )


def hide_values(game: JuniorGame) -> JuniorGame:
    copy = JuniorGame.from_json(game.to_json())
    for seat, values in enumerate(copy.values):
        for slot in range(len(values)):
            if copy.hidden[seat] >> slot & 1:
                values[slot] = MARKER
    return copy


@pytest.mark.parametrize("players", [2, 5, 8])
def test_every_screen_of_a_game_fits_and_hides_face_down_cards(players: int) -> None:
    game = JuniorGame.new(JuniorSettings(), [Seat(name=f"P{i}") for i in range(players)], 5)
    table = record(players)
    rng = random.Random(3)
    log = ["A line of the log that is quite long, as lines of the log can be."] * 10
    while not game.is_over:
        altered = hide_values(game)
        modes = ["", "flip"] if game.phase == "holding" else [""]
        for mode, pictures in itertools.product(modes, (True, False)):
            context = TableContext(EN, mode, log, pictures=pictures)
            screen = JUNIOR.table(table, game, context)
            check_limits(screen)
            assert rendered(screen) == rendered(JUNIOR.table(table, altered, context))
        seat = game.to_move[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    check_limits(JUNIOR.final(table, game, EN))


def test_controls_follow_each_step() -> None:
    game = JuniorGame.new(JuniorSettings(), [Seat(name="Ana"), Seat(name="Leo")], 11)
    table = record(2)
    turn = JUNIOR.table(table, game, TableContext(EN))
    *grid, actions = turn.rows
    assert all(b.disabled for row in grid for b in row)  # type: ignore[union-attr]
    assert [b.verb for b in actions] == ["draw", "take", "hint"]  # type: ignore[union-attr]
    game.apply(game.current, game.legal_actions(game.current)[0])
    holding = JUNIOR.table(table, game, TableContext(EN))
    *grid, actions = holding.rows
    assert all(not b.disabled and b.verb == "swap" for row in grid for b in row)  # type: ignore[union-attr]
    assert [(b.verb, b.arg) for b in actions] == [("mode", "flip"), ("hint", "")]  # type: ignore[union-attr]
    flip = JUNIOR.table(table, game, TableContext(EN, "flip"))
    *grid, back = flip.rows
    cards = game.view(None).players[game.current].cards
    buttons = [b for row in grid for b in row]  # type: ignore[union-attr]
    assert [not b.disabled for b in buttons] == [card == "down" for card in cards]
    assert all(b.verb == "decline" for b in buttons)
    assert [b.verb for b in back] == ["mode"]  # type: ignore[union-attr]


def test_a_column_of_three_equal_face_up_cards_is_a_triple() -> None:
    cards: list[SlotView] = [5, 1, "down", 2, 5, 3, 4, "down", 5, 6, 7, 8]
    assert junior_picture.triple_slots(cards) == {0, 4, 8}
    cards[8] = "down"
    assert junior_picture.triple_slots(cards) == set(), "a face-down card makes no triple yet"


def test_hints_can_be_turned_off() -> None:
    game = JuniorGame.new(JuniorSettings(hints=False), [Seat(name="Ana"), Seat(name="Leo")], 11)
    *_, actions = JUNIOR.table(record(2), game, TableContext(EN)).rows
    assert [b.verb for b in actions] == ["draw", "take"]  # type: ignore[union-attr]


def test_declining_a_card_is_grey_not_a_danger() -> None:
    game = JuniorGame.new(JuniorSettings(), [Seat(name="Ana"), Seat(name="Leo")], 11)
    game.apply(game.current, game.legal_actions(game.current)[0])
    *_, actions = JUNIOR.table(record(2), game, TableContext(EN)).rows
    assert [(b.verb, b.style) for b in actions] == [("mode", "secondary"), ("hint", "secondary")]  # type: ignore[union-attr]


def test_a_solo_table_promises_no_alert_in_the_channel() -> None:
    game = JuniorGame.new(JuniorSettings(), [Seat(name="Ana"), Seat(name="Bot")], 11)
    alone = record(2)
    alone.seats[1] = SeatRecord(name="Bot", bot_level="easy")
    footer = JUNIOR.table(alone, game, TableContext(EN)).embed.footer.text or ""
    assert "announced" not in footer and "/table remind sends you a DM" in footer
    shared = JUNIOR.table(record(2), game, TableContext(EN)).embed.footer.text or ""
    assert "Your turn is announced in the channel" in shared


def test_the_pictures_alt_text_says_whose_turn_it_is_and_each_players_points() -> None:
    game = JuniorGame.new(JuniorSettings(), [Seat(name="Ana"), Seat(name="Leo")], 11)
    for language, turn in [("en", "{name}'s turn."), ("de", "{name} ist am Zug.")]:
        (picture,) = JUNIOR.table(record(2), game, TableContext(Words(language))).pictures
        lines = picture.description.split("\n")
        assert lines[:2] == ["Skyjo Junior", turn.format(name=game.names[game.current])]
        assert lines[3].startswith("Ana (0 ") and lines[4].startswith("Leo (0 "), lines
