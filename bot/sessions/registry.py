"""The sessions of the open games, found by game or by channel, restored after a restart.

A finished or cancelled game's session leaves memory; its record stays in storage, where a
late click (Rematch) finds it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import weakref
from typing import Any

from bot.catalog import Catalog
from bot.sessions.context import SessionContext
from bot.sessions.session import GameSession
from bot.storage.games import ChannelBusy
from bot.storage.records import GameRecord, SeatRecord
from games.core.errors import IllegalAction

log = logging.getLogger(__name__)

FLUSH_SECONDS = 2.0
"""How long closing waits for the tables' queued states to be shown (a state not shown then
is shown after the restart)."""


class SessionRegistry:
    def __init__(self, context: SessionContext, catalog: Catalog) -> None:
        self.context = context
        self.catalog = catalog
        self._open: dict[int, GameSession] = {}
        self._ending: weakref.WeakValueDictionary[int, GameSession] = weakref.WeakValueDictionary()
        """The game that ended last in each channel, while anything holds it: its end may
        still be on its way to the channel (its last moments, its standings) when a new game
        opens there."""

    def _session(self, record: GameRecord) -> GameSession:
        adapter = self.catalog.require(record.kind)
        return GameSession(
            self.context, record, adapter, ended=self._ended, reopened=self._reopened
        )

    def _ended(self, session: GameSession) -> None:
        self._open.pop(session.record.id, None)
        self._ending[session.record.channel_id] = session
        for ending in self.context.endings:
            ending(session.record.model_copy())

    def _reopened(self, session: GameSession) -> None:
        self._open[session.record.id] = session

    @property
    def open(self) -> list[GameSession]:
        return list(self._open.values())

    @property
    def running(self) -> list[GameSession]:
        return [s for s in self._open.values() if s.record.status == "running"]

    async def restore(self) -> int:
        """Resume every open game of an installed kind on this process's shards: its public
        message is redrawn from the saved state, any message of it posted but never noted is
        deleted, bots to move play on, turn timers are armed again. The threads of games that
        ended shortly before are archived when planned."""
        await self._archive_later()
        restored = 0
        for record in await self.context.store.open_games():
            if not self._resumable(record):
                continue
            session = self._open[record.id] = self._session(record)
            session.display.stale = True
            session.display.unchecked = True
            session.card.refresh()
            session.wake()
            restored += 1
        return restored

    def _resumable(self, record: GameRecord) -> bool:
        """Whether the game is this process's to resume: on its shards, of an installed kind."""
        if not self.context.shards.owns(record.guild_id):
            return False
        if self.catalog.adapter(record.kind) is None:
            log.warning(
                "Game %s is of kind %r, which is not installed: left as it is",
                record.id,
                record.kind,
            )
            return False
        return True

    async def _archive_later(self) -> None:
        """The threads of ended games still to be archived (the bot stopped in between) are
        archived at the moment planned, or at once when it has passed."""
        for record in await self.context.store.threads_to_archive():
            if self._resumable(record):
                self._session(record).card.archive_later()

    async def get(self, game_id: int) -> GameSession | None:
        """The game's session: the open one, or one made from storage for a game that ended."""
        session = self._open.get(game_id)
        if session is not None:
            return session
        record = await self.context.store.get(game_id)
        if record is None or self.catalog.adapter(record.kind) is None:
            return None
        session = self._session(record)
        if record.is_open and self.context.shards.owns(record.guild_id):
            self._open[game_id] = session
        return session

    def open_in(self, channel_id: int) -> list[GameSession]:
        """The open sessions of this channel (there is at most one), from memory alone."""
        return [s for s in self._open.values() if s.record.channel_id == channel_id]

    def open_in_threads_of(self, parent_id: int) -> list[GameSession]:
        """The open sessions played in threads of this channel, from memory alone."""
        return [s for s in self._open.values() if s.record.parent_id == parent_id]

    async def in_threads_of(self, parent_id: int) -> list[GameSession]:
        """The open games played in threads of this channel, oldest first."""
        found = []
        for record in await self.context.store.open_in_threads_of(parent_id):
            session = await self.get(record.id)
            if session is not None:
                found.append(session)
        return found

    async def in_channel(self, channel_id: int) -> GameSession | None:
        record = await self.context.store.open_in_channel(channel_id)
        return None if record is None else await self.get(record.id)

    async def create(
        self,
        *,
        kind: str,
        guild_id: int | None,
        channel_id: int,
        host_id: int,
        seed: int,
        seats: list[SeatRecord],
        settings: dict[str, Any],
        language: str,
        parent_id: int | None = None,
        card_id: int | None = None,
        daily: str | None = None,
    ) -> GameSession:
        """A new lobby in the channel (a thread of `parent_id` whose card is `card_id`, for a
        game in a thread; an attempt at the `daily` deal of that day), saved; refused while
        the channel has an open game."""
        try:
            record = await self.context.store.create(
                guild_id=guild_id,
                channel_id=channel_id,
                kind=kind,
                host_id=host_id,
                seed=seed,
                seats=seats,
                settings=settings,
                language=language,
                parent_id=parent_id,
                card_id=card_id,
                daily=daily,
            )
        except ChannelBusy as busy:
            running = await self.get(busy.game.id)
            if running is None:
                raise IllegalAction("A game is already open in this channel.") from None
            raise IllegalAction(
                "A game is already open in this channel: {link}", link=running.link()
            ) from None
        session = self._open[record.id] = self._session(record)
        self._keep_below_the_end_before(session)
        return session

    def _keep_below_the_end_before(self, session: GameSession) -> None:
        """A game opened while the channel's previous game is still showing its end: once that
        end is shown, the new game's message moves below it if it landed above (the newest
        message of a channel is the one its players read)."""
        ended = self._ending.pop(session.record.channel_id, None)
        if ended is not None and ended.lock.locked():
            self.context.tasks.spawn(_below(session, ended), name=f"game-{session.record.id}-below")

    async def close(self) -> None:
        sessions = list(self._open.values())
        for session in sessions:
            session.autoplay.stop()
        flushing = asyncio.gather(
            *(session.display.outbox.flush() for session in sessions), return_exceptions=True
        )
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(flushing, FLUSH_SECONDS)
        await self.context.tasks.cancel_all()


async def _below(session: GameSession, ended: GameSession) -> None:
    """Once `ended` has shown its end, `session` is redrawn if its message is above that end:
    the redraw moves it below (`Display.repair`)."""
    async with ended.lock:
        pass
    async with session.lock:
        if session.record.is_open and await session.display.under_another_game():
            session.display.stale = True
    session.wake()
