"""A finished game's page, made away from the bot's event loop: its whole replay is long to make
(a long game's, a few hundred milliseconds), so it is made in a process of its own, started
with the first game's page asked for, as the pictures are drawn in theirs. With `processes=0`
it is made in a thread of this process."""

from __future__ import annotations

import asyncio
import gzip
import hashlib
import multiprocessing
import os
from collections.abc import Mapping, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass

import jinja2

from bot.catalog import Catalog, installed
from bot.i18n import Words
from bot.storage.games import Move
from bot.storage.records import GameRecord
from bot.storage.web import Member
from bot.ui.rendering import follow_parent
from bot.web.replays import as_shown, replay
from bot.web.templating import environment, helpers


@dataclass(frozen=True)
class Server:
    """The server a page belongs to, and how the page speaks."""

    guild_id: int
    token: str
    words: Words
    name: str | None = None
    """The server's name, as it was when its pages were turned on."""

    @property
    def base(self) -> str:
        return f"/s/{self.token}"


@dataclass(frozen=True)
class GamePage:
    """What a game's page is made from: all of it can be sent to another process."""

    record: GameRecord
    moves: Sequence[Move]
    members: Mapping[int, Member]
    guild_id: int
    token: str
    server_name: str | None
    language: str
    path: str

    @property
    def version(self) -> str:
        """What tells apart the game's pages and pictures as its names are shown now (a
        member who hides changes them)."""
        shown = as_shown(self.record, self.members, Words(self.language))
        text = "\n".join(seat.name for seat in shown.seats) + self.language
        return hashlib.sha256(text.encode()).hexdigest()[:12]


GZIP_LEVEL = 6
_made: tuple[Catalog, jinja2.Environment] | None = None


def _tools() -> tuple[Catalog, jinja2.Environment]:
    global _made
    if _made is None:
        _made = installed(), environment()
    return _made


def game_page_gzip(page: GamePage) -> bytes:
    """The page, compressed as it is sent and kept."""
    return gzip.compress(game_html(page).encode(), GZIP_LEVEL)


def game_html(page: GamePage) -> str:
    catalog, templates = _tools()
    words = Words(page.language)
    adapter = catalog.require(page.record.kind)
    server = Server(page.guild_id, page.token, words, page.server_name)
    shown = as_shown(page.record, page.members, words)
    return templates.get_template("game.html").render(
        {
            **helpers(words, server, page.path),
            "game": shown,
            "title": words(adapter.title),
            "replay": replay(adapter, shown, page.moves, words),
            "version": page.version,
        }
    )


class GamePages:
    def __init__(self, processes: int = 1) -> None:
        self.processes = processes
        self._maker: Executor | None = None

    def _start(self) -> Executor:
        if self.processes <= 0:
            return ThreadPoolExecutor(max_workers=1, thread_name_prefix="game-pages")
        return ProcessPoolExecutor(
            max_workers=self.processes,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=follow_parent,
            initargs=(os.getpid(),),
        )

    async def made(self, page: GamePage) -> bytes:
        """The page as `game_page_gzip` makes it, made away from the event loop."""
        loop = asyncio.get_running_loop()
        if self._maker is None:
            self._maker = self._start()
        try:
            return await loop.run_in_executor(self._maker, game_page_gzip, page)
        except BrokenProcessPool:
            self._maker.shutdown(wait=False, cancel_futures=True)
            self._maker = self._start()
            return await loop.run_in_executor(self._maker, game_page_gzip, page)

    def close(self) -> None:
        if self._maker is not None:
            self._maker.shutdown(wait=False, cancel_futures=True)
