"""The daily deal's seed and share line: the same deal for everyone on a day and game, another
the next day, and a line that shows colours, never card values."""

from __future__ import annotations

import os
import subprocess
import sys

from bot.adapters.base import GameAdapter
from bot.catalog import installed
from bot.games.skyjo.share import square as skyjo_square
from bot.i18n import Words
from bot.sessions.daily_result import DAILY_LEVEL, daily_seed
from bot.ui.daily_screens import share_line
from games.core.seats import Seat

DAILY: dict[str, GameAdapter] = {
    game.adapter.kind: game.adapter for game in installed() if game.adapter.daily_bots
}
"""The games with a daily deal, by kind."""


def deal(kind: str, day: str, names: tuple[str, ...] = ("Ana", "Bot 1", "Bot 2", "Bot 3")) -> str:
    """The engine of the day's deal of `kind`, dumped, with the member named `names[0]`."""
    adapter = installed().require(kind)
    seats = [Seat(name=name, bot=index > 0) for index, name in enumerate(names)]
    engine, _ = adapter.new_engine(adapter.build_settings({}), seats, daily_seed(day, kind))
    return adapter.dump(engine).replace(names[0], "?")


def test_the_same_day_and_game_deal_the_same_cards() -> None:
    for kind in DAILY:
        assert daily_seed("2030-03-17", kind) == daily_seed("2030-03-17", kind)
        assert deal(kind, "2030-03-17") == deal(
            kind, "2030-03-17", ("Zoé", "Bot 1", "Bot 2", "Bot 3")
        )


def test_other_days_and_games_deal_other_cards() -> None:
    days = [f"2030-03-{day:02d}" for day in range(1, 29)]
    for kind in DAILY:
        seeds = {daily_seed(day, kind) for day in days}
        assert len(seeds) == len(days)
        assert deal(kind, "2030-03-17") != deal(kind, "2030-03-18")
    assert daily_seed("2030-03-17", "skyjo") != daily_seed("2030-03-17", "junior")
    assert all(0 <= daily_seed(day, "skyjo") < 2**62 for day in days)


def test_the_seed_is_the_same_in_another_process() -> None:
    code = (
        "from bot.sessions.daily_result import daily_seed; print(daily_seed('2030-03-17', 'skyjo'))"
    )
    environment = {**os.environ, "PYTHONHASHSEED": "12345"}
    other = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, env=environment
    )
    assert int(other.stdout) == daily_seed("2030-03-17", "skyjo")


def test_every_daily_game_has_hard_bots() -> None:
    assert {kind: adapter.daily_bots for kind, adapter in DAILY.items()} == {
        "skyjo": 3,
        "junior": 3,
        "skyfive": 3,
    }
    for adapter in DAILY.values():
        assert DAILY_LEVEL in adapter.bot_levels
        assert adapter.min_seats <= adapter.daily_bots + 1 <= adapter.max_seats


def test_a_game_without_bots_has_no_daily_deal_nor_squares() -> None:
    for game in installed():
        if not game.adapter.has_bots:
            assert game.adapter.daily_bots == 0, game.adapter.kind
    sheet = installed().require("skyjo-sheet")
    assert sheet.daily_bots == 0
    seats = [Seat(name="Ana"), Seat(name="Leo")]
    engine, _ = sheet.new_engine(sheet.build_settings({}), seats, 1)
    assert sheet.share_squares(engine, 0) == []


def test_the_share_line_shows_colours_not_values() -> None:
    squares = [skyjo_square(value) for value in (-2, -1, 0, 1, 4, 5, 8, 9, 12, "cleared")]
    assert squares == ["🟦", "🟦", "⬜", "🟩", "🟩", "🟨", "🟨", "🟥", "🟥", "⬛"]
    line = share_line("Skyjo", "2030-03-17", ["🟩🟨", "🟥⬛"], 23, False, Words("en"))
    assert line.splitlines() == ["☀️ Skyjo · daily deal of 2030-03-17", "🟩🟨", "🟥⬛", "Score: 23"]
    left = share_line("Skyjo", "2030-03-17", [], -4, True, Words("en"))
    assert left.splitlines()[-1] == "Score: \N{MINUS SIGN}4 (left early)"


def test_each_game_draws_its_final_cards_as_squares() -> None:
    for kind, adapter in DAILY.items():
        seats = [Seat(name="Ana"), Seat(name="Bot 1", bot=True)]
        engine, _ = adapter.new_engine(
            adapter.build_settings({}), seats, daily_seed("2030-03-17", kind)
        )
        lines = adapter.share_squares(engine, 0)
        assert lines, kind
        assert not any(character.isdigit() for row in lines[:-1] for character in row), kind
