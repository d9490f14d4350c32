"""A game declares its screens module, and the adapter's table, own screen, standings, rules
and settings in words are that module's functions of the same names, called with what the
adapter is given."""

from __future__ import annotations

import inspect
import sys
from typing import ClassVar

import discord
import pytest

from bot.adapters.base import GameAdapter, GameScreens, Screen, TableContext
from bot.i18n import Words
from bot.storage.records import GameRecord, SeatRecord
from bot.ui.avatars import AvatarSource, badges
from games.core.engine import Engine
from tests.bot.games.pebbles.adapter import PebblesAdapter
from tests.catalog import with_pebbles
from tests.games.pebbles import PebblesGame, PebblesSettings

SHOWN = ("table", "personal", "final", "rules", "settings_summary")
"""What every game shows through its screens module."""
EN = Words("en")
POSITIONAL = inspect.Parameter.POSITIONAL_OR_KEYWORD
ADAPTERS = [game.adapter for game in with_pebbles()]


class RecordingScreens:
    """Screens that draw nothing: each call is noted, and answered with a screen of its own."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, tuple[object, ...]]] = []
        self.screen = Screen(embed=discord.Embed(title="drawn by the screens module"))
        self.embeds = [discord.Embed(title="the rules")]
        self.lines = ["a setting"]

    def table(self, game: GameRecord, engine: Engine, context: TableContext) -> Screen:
        self.calls.append(("table", (game, engine, context)))
        return self.screen

    def personal(
        self, game: GameRecord, engine: Engine, seat: int, words: Words, avatars: AvatarSource
    ) -> Screen:
        self.calls.append(("personal", (game, engine, seat, words, avatars)))
        return self.screen

    def final(
        self, game: GameRecord, engine: Engine, words: Words, avatars: AvatarSource
    ) -> Screen:
        self.calls.append(("final", (game, engine, words, avatars)))
        return self.screen

    def rules(self, words: Words, settings: PebblesSettings) -> list[discord.Embed]:
        self.calls.append(("rules", (words, settings)))
        return self.embeds

    def settings_summary(self, settings: PebblesSettings, words: Words) -> list[str]:
        self.calls.append(("settings_summary", (settings, words)))
        return self.lines


RECORDING = RecordingScreens()


class RecordedPebbles(PebblesAdapter):
    screens: ClassVar[GameScreens[Engine, PebblesSettings]] = RECORDING


def record() -> GameRecord:
    seats = [SeatRecord(name=name, user_id=100 + i) for i, name in enumerate(("Ana", "Leo"))]
    return GameRecord(
        id=3,
        guild_id=1,
        channel_id=2,
        kind="pebbles",
        status="running",
        host_id=100,
        seed=1,
        seats=seats,
    )


def test_the_adapter_shows_what_its_screens_module_draws() -> None:
    adapter, game, engine = RecordedPebbles(), record(), PebblesGame(["Ana", "Leo"], 10)
    settings, context = PebblesSettings(), TableContext(EN)
    RECORDING.calls.clear()
    assert adapter.table(game, engine, context) is RECORDING.screen
    assert adapter.personal(game, engine, 1, EN) is RECORDING.screen
    assert adapter.final(game, engine, EN) is RECORDING.screen
    assert adapter.rules(EN, settings) is RECORDING.embeds
    assert adapter.settings_summary(settings, EN) is RECORDING.lines
    assert RECORDING.calls == [
        ("table", (game, engine, context)),
        ("personal", (game, engine, 1, EN, badges)),
        ("final", (game, engine, EN, badges)),
        ("rules", (EN, settings)),
        ("settings_summary", (settings, EN)),
    ]


@pytest.mark.parametrize("adapter", ADAPTERS, ids=lambda adapter: adapter.kind)
def test_every_game_declares_the_screens_module_beside_its_adapter(adapter: GameAdapter) -> None:
    package = type(adapter).__module__.rpartition(".")[0]
    assert type(adapter).screens is sys.modules[f"{package}.screens"]


@pytest.mark.parametrize("adapter", ADAPTERS, ids=lambda adapter: adapter.kind)
@pytest.mark.parametrize("name", SHOWN)
def test_a_games_screens_take_what_the_adapter_is_given(adapter: GameAdapter, name: str) -> None:
    given = len(inspect.signature(getattr(GameAdapter, name)).parameters) - 1
    taken = inspect.signature(getattr(type(adapter).screens, name)).parameters.values()
    assert [parameter.kind for parameter in taken] == [POSITIONAL] * given, adapter.kind
