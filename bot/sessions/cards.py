"""The card of a game played in a thread of its own: kept up to date in the channel as the game
changes (seats taken, started, won, cancelled), posted again when a moderator deletes it, and
the thread archived a few minutes after the game ends.

Cards are edited in the background, outside the game's lock, and only when what a card shows
has changed: many games share their channel's edit limit. A card the channel refuses (the bot
lost a permission there) is left as it is for `REFUSED_FOR`, or until the bot's permissions in
the channel change: otherwise every move of the game would send Discord another refused
edit."""

from __future__ import annotations

import asyncio
import logging
from typing import Any, Protocol

import discord

from bot.adapters.base import GameAdapter
from bot.budget import Priority, priority
from bot.i18n import Words
from bot.sessions import posting
from bot.sessions.context import SessionContext
from bot.sessions.display import nonce
from bot.sessions.refusals import REFUSED_FOR, Refusal
from bot.storage.records import GameRecord
from bot.ui.card import CardFacts, card_embed
from bot.ui.rendering import Message

log = logging.getLogger(__name__)

ARCHIVE_AFTER = 300.0
"""Seconds a finished game's thread stays open, for a last word or a rematch, before it is
archived (never before a finished game can no longer be corrected)."""
CLOSING = 60.0
"""Seconds after a finished game can no longer be corrected (its standings then lose the
buttons that reopen it) before its thread may be archived."""
UNKNOWN_MESSAGE = 10008


class CardedGame(Protocol):
    """What a card needs of its game."""

    record: GameRecord
    adapter: GameAdapter
    context: SessionContext
    lock: asyncio.Lock

    @property
    def words(self) -> Words: ...

    def results(self) -> list[Any]: ...

    def reopenable(self) -> bool: ...

    async def keep(self) -> None: ...


class GameCard:
    def __init__(self, session: CardedGame) -> None:
        self.session = session
        self.note: str | None = None
        """Why the game ended, when it is neither finished nor cancelled by a player."""
        self._shown: CardFacts | None = None
        self._task: asyncio.Task[None] | None = None
        self.opening = False
        """The card is being sent with the game's opening: it is not refreshed meanwhile."""
        self.refused = Refusal(session.context.clock)
        """The channel refused the card's last edit or post: it is held back meanwhile."""

    @property
    def kept(self) -> bool:
        record = self.session.record
        return record.parent_id is not None and record.card_id is not None

    def facts(self) -> CardFacts:
        session = self.session
        record = session.record
        seats = record.seats
        winners: list[str] = []
        if record.status == "finished" and record.state is not None:
            winners = [seats[result.seat].name for result in session.results() if result.won]
        return CardFacts(
            title=session.adapter.title,
            host=record.host_name,
            status=record.status,
            players=tuple(seat.name for seat in seats),
            most=session.adapter.max_seats,
            link=f"<#{record.channel_id}>",
            winners=tuple(winners),
            abandoned=record.abandoned,
            note=self.note,
        )

    def embed(self) -> discord.Embed:
        return card_embed(self.facts(), self.session.words)

    def refresh(self) -> None:
        """Bring the card up to date with the game, in the background."""
        if not self.kept or self.opening or self.refused.holds or self.facts() == self._shown:
            return
        if self._task is None or self._task.done():
            self._task = self.session.context.tasks.spawn(
                self._keep_up(), name=f"game-{self.session.record.id}-card"
            )

    def regained(self) -> None:
        """The bot's permissions in the card's channel changed: a refused card is tried again."""
        self.refused.lift()
        self.refresh()

    def opened(self, facts: CardFacts | None) -> None:
        """The game's opening is over; the card shows `facts` (None: not known). It is
        refreshed if the game changed meanwhile."""
        self.opening = False
        self._shown = facts
        self.refresh()

    async def _keep_up(self) -> None:
        with priority(Priority.BOOKKEEPING):
            await self._bring_up_to_date()

    async def _bring_up_to_date(self) -> None:
        while self.kept:
            facts = self.facts()
            if facts == self._shown:
                return
            record = self.session.record
            assert record.parent_id is not None and record.card_id is not None
            client = self.session.context.client
            try:
                embed = card_embed(facts, self.session.words)
                await posting.edit(client, record.parent_id, record.card_id, Message(embed))
            except discord.NotFound as error:
                if error.code != UNKNOWN_MESSAGE:
                    log.info("Game %s: its card's channel is gone (%s)", record.id, error)
                    return
                await self.repost()
                return
            except discord.Forbidden as error:
                self._refused(error)
                return
            except discord.HTTPException as error:
                log.info("Game %s: its card was not updated (%s)", record.id, error)
                return
            self._shown = facts

    async def repost(self) -> None:
        """Post the card again (a moderator deleted it), pointing to the game's thread."""
        session = self.session
        async with session.lock:
            record = session.record
            if record.parent_id is None or not record.is_open:
                return
            facts = self.facts()
            try:
                with priority(Priority.BOOKKEEPING):
                    sent = await posting.send(
                        session.context.client,
                        record.parent_id,
                        Message(card_embed(facts, session.words)),
                        nonce=nonce("card", record.id, record.card_id),
                    )
            except discord.Forbidden as error:
                self._refused(error)
                return
            except discord.HTTPException as error:
                log.info("Game %s: its card could not be posted again (%s)", record.id, error)
                return
            log.info("Game %s: its card was deleted; posted again", record.id)
            record.card_id = sent.id
            await session.keep()
            self._shown = facts

    def _refused(self, error: discord.Forbidden) -> None:
        self.refused.note()
        log.warning(
            "Game %s: its channel refuses its card (%s); left as it is for %d minutes, or "
            "until the bot's permissions there change",
            self.session.record.id,
            error,
            REFUSED_FOR // 60,
        )

    def plan_archive(self) -> None:
        """Note when the thread of the game, which ends with the commit under way, is to be
        archived: a few minutes after the end, never before the game can no longer be
        corrected. Saved with the end, it survives a restart. A game still open, or not in a
        thread of its own, or abandoned, has none."""
        record = self.session.record
        record.archive_at = None
        if record.is_open or not self.kept or record.abandoned:
            return
        closing = record.deadline + CLOSING if record.deadline is not None else 0.0
        record.archive_at = max(self.session.context.clock.now() + ARCHIVE_AFTER, closing)

    def archive_later(self) -> None:
        """Archive the game's thread at the moment planned, in the background."""
        moment = self.session.record.archive_at
        if moment is not None:
            self.session.context.tasks.spawn(
                self._archive(moment), name=f"game-{self.session.record.id}-archive"
            )

    async def _archive(self, moment: float) -> None:
        """Archive the thread at `moment`, unless the game was reopened meanwhile (its archive
        is then planned anew when it ends again) or a new game (a rematch) is open in it."""
        context = self.session.context
        await context.clock.sleep_until(moment)
        record = self.session.record
        saved = await context.store.get(record.id)
        if saved is None or saved.archive_at != moment:
            return
        if await context.store.open_in_channel(record.channel_id) is None:
            await self._archive_thread()
        record.archive_at = None
        await context.store.thread_archived(record.id, moment)

    async def _archive_thread(self) -> None:
        record = self.session.record
        try:
            with priority(Priority.BOOKKEEPING):
                await self.session.context.client.http.edit_channel(
                    record.channel_id, archived=True
                )
        except discord.HTTPException as error:
            log.info("Game %s: its thread was not archived (%s)", record.id, error)
