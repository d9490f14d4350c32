"""A server of played games with its pages on, served on a port of this machine: for the tests
over HTTP and in the browser."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path

from aiohttp import web
from aiohttp.test_utils import TestClient, TestServer

from bot.storage import Database, open_database
from bot.storage.records import SeatRecord
from bot.storage.web import WebRepository
from bot.ui.rendering import PictureCache
from bot.web.app import make_app
from bot.web.pages import Sources
from tests.web.stored import CATALOG, pages_on, played_game

HOME, OTHER = 5, 6
ANA, EVIL, LEO, STRANGER = 100, 101, 102, 200
SCRIPT = "<script>alert(1)</script>"
IMAGE = '"><img src=x onerror=alert(1)>'


@dataclass
class Site:
    client: TestClient[web.Request, web.Application]
    database: Database
    token: str
    other_token: str
    games: dict[str, int]
    other_game: int

    async def get(self, path: str, **headers: str) -> tuple[int, str]:
        response = await self.client.get(path, headers=headers)
        return response.status, await response.text()

    async def page_key(self, user_id: int, guild_id: int = HOME) -> str:
        return (await WebRepository(self.database).members(guild_id, [user_id]))[user_id].page

    def url(self, path: str) -> str:
        return str(self.client.make_url(path))


@asynccontextmanager
async def site(folder: Path, page_processes: int = 0) -> AsyncIterator[Site]:
    """Skyjo, Skyjo Junior and Sky Five played to their ends in one server by Ana and two
    members with hostile names (and a bot), a game in another server, both with pages on.
    Games' pages are made in a thread unless `page_processes` says otherwise."""
    database = await open_database(folder / "sky.db")
    seats = [
        SeatRecord(name="Ana", user_id=ANA),
        SeatRecord(name=SCRIPT, user_id=EVIL),
        SeatRecord(name=IMAGE, user_id=LEO),
        SeatRecord(name="Bot 1", bot_level="normal"),
    ]
    games = {
        kind: await played_game(database, kind, seats, guild_id=HOME, seed=seed)
        for seed, kind in enumerate(("skyjo", "junior", "skyfive"), start=1)
    }
    other_game = await played_game(
        database,
        "skyjo",
        [SeatRecord(name="Stranger", user_id=STRANGER), SeatRecord(name="B", bot_level="easy")],
        guild_id=OTHER,
        seed=9,
    )
    token, other_token = await pages_on(database, HOME), await pages_on(database, OTHER)
    pictures = PictureCache(processes=0)
    found = Sources(database, CATALOG, pictures, page_processes=page_processes)
    try:
        async with TestClient(TestServer(make_app(found), host="127.0.0.1")) as client:
            yield Site(client, database, token, other_token, games, other_game)
    finally:
        found.close()
        pictures.close()
        await database.close()
