"""The games this bot offers: each one's adapter and the extension holding its own commands.

This list is the one place a game is installed; the client reads it at start-up.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from bot.adapters.base import GameAdapter
from bot.games.junior.adapter import JuniorAdapter
from bot.games.sheet.adapter import SheetAdapter
from bot.games.sky_five.adapter import SkyFiveAdapter
from bot.games.skyjo.adapter import SkyjoAdapter
from games.core.errors import IllegalAction

COMMON_EXTENSIONS: tuple[str, ...] = ("cogs.table", "cogs.stats")
"""Commands that apply to any game: show the table again, leave, cancel, reminders; and the
server's leaderboards, stats and history."""


@dataclass(frozen=True)
class InstalledGame:
    adapter: GameAdapter
    extension: str


class Catalog:
    def __init__(self, games: Iterable[InstalledGame]) -> None:
        self._games = {game.adapter.kind: game for game in games}

    def __iter__(self) -> Iterator[InstalledGame]:
        return iter(self._games.values())

    def adapter(self, kind: str) -> GameAdapter | None:
        game = self._games.get(kind)
        return None if game is None else game.adapter

    def require(self, kind: str) -> GameAdapter:
        adapter = self.adapter(kind)
        if adapter is None:
            raise IllegalAction("That game is not available on this bot.")
        return adapter

    @property
    def extensions(self) -> list[str]:
        return [*COMMON_EXTENSIONS, *(game.extension for game in self._games.values())]


def installed() -> Catalog:
    return Catalog(
        [
            InstalledGame(SkyjoAdapter(), "cogs.skyjo"),
            InstalledGame(JuniorAdapter(), "cogs.junior"),
            InstalledGame(SheetAdapter(), "cogs.sheet"),
            InstalledGame(SkyFiveAdapter(), "cogs.sky_five"),
        ]
    )
