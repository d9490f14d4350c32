"""The games this bot offers, each as its package declares it (`bot/games/<game>/`): its
adapter and the extension holding its own commands.

This list is the one place a game is installed; the client reads it at start-up.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from bot.adapters.base import GameAdapter, InstalledGame
from bot.games import junior, sheet, sky_five, skyjo
from bot.ratings.model import BotRatings
from games.core.errors import IllegalAction

__all__ = ["COMMON_EXTENSIONS", "INSTALLED", "Catalog", "InstalledGame", "installed"]

INSTALLED: tuple[InstalledGame, ...] = (
    skyjo.GAME,
    junior.GAME,
    sheet.GAME,
    sky_five.GAME,
)
"""One line a game, in the order their commands are offered."""

COMMON_EXTENSIONS: tuple[str, ...] = (
    "cogs.table",
    "cogs.stats",
    "cogs.profile",
    "cogs.tournament",
)
"""Commands that apply to any game: show the table again, leave, cancel, reminders; the
server's leaderboards, stats and history; members' profiles; tournaments."""


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
    def bot_ratings(self) -> BotRatings:
        """Each game's fixed ratings of its bots, by kind (games without bots have none)."""
        return {kind: game.adapter.bot_ratings for kind, game in self._games.items()}

    @property
    def extensions(self) -> list[str]:
        return [*COMMON_EXTENSIONS, *(game.extension for game in self._games.values())]


def installed() -> Catalog:
    return Catalog(INSTALLED)
