"""Screens made ready to send: components built, pictures drawn off the event loop, once."""

from __future__ import annotations

import asyncio
import importlib
import io
import logging
import multiprocessing
import os
import threading
import time
from collections.abc import Hashable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any

import discord

from bot.adapters.specs import ALT_TEXT_LIMIT, Picture, Screen
from bot.kept import KeptBytes
from bot.ui.components import build_view

log = logging.getLogger(__name__)

PICTURE_BYTES_KEPT = 3 * 1024 * 1024
"""The bytes of recently drawn pictures kept (a table's picture is about 11 KB)."""
KEYS_NOTED = 16
PARENT_CHECK_SECONDS = 0.5


class PictureCache:
    """The bytes of recently drawn pictures by key, so an unchanged picture is drawn once;
    the latest used are kept, up to `kept_bytes` of them.

    Pictures are drawn off the event loop: by default in `processes` processes of their own
    (one), so that drawing uses another core rather than the interpreter the loop runs on;
    with `processes=0`, one at a time in a thread of this process. A drawing process that
    dies is started again, and the picture drawn anew. A new drawing process first loads the
    modules pictures are drawn with (`preload`: by default, those of the installed games)."""

    def __init__(
        self,
        kept_bytes: int = PICTURE_BYTES_KEPT,
        processes: int = 1,
        preload: Sequence[str] | None = None,
    ) -> None:
        self.kept_bytes = kept_bytes
        self.processes = processes
        self.preload = tuple(drawing_modules() if preload is None else preload)
        self.drawn: list[Hashable] = []
        """The keys drawn, in order (the last `KEYS_NOTED` of them)."""
        self._bytes = KeptBytes(kept_bytes)
        self._painter = self._start()

    def _start(self) -> Executor:
        if self.processes <= 0:
            return ThreadPoolExecutor(max_workers=1, thread_name_prefix="pictures")
        painter = ProcessPoolExecutor(
            max_workers=self.processes,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=follow_parent,
            initargs=(os.getpid(),),
        )
        painter.submit(_ready, self.preload)
        return painter

    async def get(self, picture: Picture) -> bytes:
        data = self._bytes.get(picture.key)
        if data is not None:
            return data
        data = await self._draw(picture)
        self.drawn = [*self.drawn[1 - KEYS_NOTED :], picture.key]
        self._bytes.put(picture.key, data)
        return data

    async def _draw(self, picture: Picture) -> bytes:
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._painter, picture.render)
        except BrokenProcessPool:
            log.warning("The picture process stopped; starting it again")
            self._painter.shutdown(wait=False, cancel_futures=True)
            self._painter = self._start()
            return await loop.run_in_executor(self._painter, picture.render)

    def close(self) -> None:
        self._painter.shutdown(wait=False, cancel_futures=True)


def follow_parent(parent: int) -> None:
    """Ends this process (one drawing pictures, or choosing bots' moves) once the bot's is gone,
    killed or not."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_CHECK_SECONDS)
        os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def drawing_modules() -> list[str]:
    """The modules the installed games draw their pictures with, as each declares them."""
    from bot.catalog import installed

    return sorted({module for game in installed() for module in game.pictures})


def _ready(modules: Sequence[str]) -> None:
    """Loads the drawing modules in a new picture process before its first picture."""
    for module in modules:
        importlib.import_module(module)


@dataclass
class Message:
    """Everything of one message: text, embed, components and files."""

    embed: discord.Embed | None
    content: str | None = None
    view: discord.ui.View | None = None
    files: list[tuple[str, bytes, str]] = field(default_factory=list)
    """Each file's name, bytes and description (alt text)."""

    def fingerprint(self) -> tuple[tuple[str, int, str], ...]:
        """What tells the files apart, without holding on to their bytes."""
        return tuple((name, hash(data), description) for name, data, description in self.files)

    def files_to_send(self) -> list[discord.File]:
        return [
            discord.File(io.BytesIO(data), filename=name, description=description or None)
            for name, data, description in self.files
        ]

    def send_kwargs(self) -> dict[str, Any]:
        kwargs: dict[str, Any] = {"content": self.content, "embed": self.embed}
        if self.view is not None:
            kwargs["view"] = self.view
        if self.files:
            kwargs["files"] = self.files_to_send()
        return kwargs

    def edit_kwargs(self, kept: Sequence[int] = ()) -> dict[str, Any]:
        """For an edit: the files listed replace every earlier attachment; or, given `kept`,
        the ids of attachments the message already holds with these very files, those stay
        and nothing is uploaded."""
        attachments: list[Any] = [Kept(id) for id in kept] if kept else self.files_to_send()
        return {
            "content": self.content,
            "embed": self.embed,
            "view": self.view,
            "attachments": attachments,
        }


@dataclass(frozen=True)
class Kept:
    """An attachment a message already has, kept by an edit (Discord's `{"id": …}`)."""

    id: int

    def to_dict(self) -> dict[str, Any]:
        return {"id": str(self.id)}


def notice(text: str, title: str | None = None) -> Message:
    """A message of one embed and no controls."""
    return Message(embed=discord.Embed(title=title, description=text))


async def prepare(screen: Screen, game_id: int, version: int, pictures: PictureCache) -> Message:
    embed = screen.embed
    files = [
        (picture.name, await pictures.get(picture), picture.description[:ALT_TEXT_LIMIT])
        for picture in screen.pictures
    ]
    if files:
        embed = embed.copy().set_image(url=f"attachment://{files[0][0]}")
    return Message(
        embed=embed,
        content=screen.content,
        view=build_view(list(screen.rows), game_id, version),
        files=files,
    )
