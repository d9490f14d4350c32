"""A game's public message: the lobby, the table or the standings, kept up to date.

The table is one message, edited in place. It moves to a fresh message after a moment worth a
message of its own (a round's summary), when it is too old to edit, or when an edit fails. A
failure to show never undoes or stalls a committed change: the display is marked stale and
caught up by the next change, a `/table show`, or the session's background task.
"""

from __future__ import annotations

import asyncio
import datetime
import hashlib
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any, Protocol

import discord
from pydantic import BaseModel

from bot.adapters.base import GameAdapter
from bot.adapters.specs import (
    DESCRIPTION_LIMIT,
    EMBED_LIMIT,
    ButtonSpec,
    Screen,
    TableContext,
)
from bot.budget import Priority, priority
from bot.i18n import N_, Words
from bot.sessions import posting, threads
from bot.sessions.context import SessionContext
from bot.sessions.daily_result import daily_final
from bot.sessions.outbox import LatestWins
from bot.sessions.webhooks import Webhook
from bot.storage.records import GameRecord
from bot.ui import replies
from bot.ui.card import LOCKED, thread_name
from bot.ui.fallback import fallback_screen
from bot.ui.lobby_screens import lobby_screen
from bot.ui.rendering import Message, notice, prepare
from bot.web import links
from games.core.engine import Engine

log = logging.getLogger(__name__)

TABLE_LIFETIME = datetime.timedelta(minutes=50)
TOO_OLD_TO_EDIT = 30046
UNKNOWN_CHANNEL = 10003
UNKNOWN_MESSAGE = 10008
REPOSTS = 3
"""Times a post is made again with a new nonce because the message of the one before was
deleted within the few minutes Discord keeps nonces."""
UNKNOWN_INTERACTION = 10062
TABLE_PACE = 1.0
"""Seconds between two states of a table where bots play (Discord takes about 5 edits per 5 s
per channel, and a token's webhook about 5 per 2 s): moves made meanwhile are shown together,
in the table's log. A state a member is to play on, or one a player's action made, is shown at
once."""
OVERLOADED_PACE = 2.0
"""How much longer a table where bots play waits between two states while the bot is
overloaded (`LoopStrain.overloaded`)."""

BUSY = N_("⏳ Sky Table is very busy right now: bots play more slowly.")


def with_busy_line(screen: Screen, words: Words) -> Screen:
    """The screen whose embed ends with a line saying the bot is overloaded."""
    embed = screen.embed.copy()
    line = words(BUSY)
    embed.description = f"{embed.description or ''}\n{line}".strip()
    if len(embed.description) > DESCRIPTION_LIMIT or len(embed) > EMBED_LIMIT:
        return screen
    return replace(screen, embed=embed)


def too_old(error: discord.HTTPException) -> bool:
    return error.code == TOO_OLD_TO_EDIT


def expired(error: BaseException) -> bool:
    """Discord no longer takes an answer to this interaction (it came more than 3 s ago)."""
    return isinstance(error, discord.NotFound) and error.code == UNKNOWN_INTERACTION


def nonce(*parts: object) -> str:
    """A message nonce for `parts`: 24 characters (Discord takes at most 25)."""
    return hashlib.blake2b(repr(parts).encode(), digest_size=12).hexdigest()


UPDATES = frozenset(
    {
        discord.InteractionResponseType.deferred_message_update,
        discord.InteractionResponseType.message_update,
    }
)
"""Answers to a click that leave its webhook's original message the clicked one."""


def _now() -> float:
    return asyncio.get_running_loop().time()


def _seen(drawing: asyncio.Future[Any]) -> None:
    """A drawing no state waits for any more may fail unheard: its failure is not reported as
    never retrieved (the state that replaced it is drawn anew)."""
    if not drawing.cancelled():
        drawing.exception()


def channel_gone(error: BaseException) -> bool:
    return isinstance(error, discord.NotFound) and error.code == UNKNOWN_CHANNEL


@dataclass(frozen=True)
class Queued:
    """A state of the table waiting to be shown: its screen, drawn from the game as it was
    (the picture is made only if the state is sent), and how it is to be sent."""

    screen: Screen | None
    version: int
    message_id: int
    level: Priority
    paced: bool
    """A bot's move: shown at the table's pace."""
    click: discord.Interaction[Any] | None = None
    """The click that made it, answered while an earlier state was on its way: its webhook
    shows the state."""
    message: Message | None = None
    """A message to show as it is, in place of a screen (a game's last word)."""
    drawn: asyncio.Future[Message] | None = None
    """The screen's message, being drawn already."""


@dataclass(frozen=True)
class Shown:
    """What the public message was last given: its appearance, and its attachments' ids
    (None: not known)."""

    message_id: int
    look: posting.Appearance
    attachments: tuple[int, ...] | None


class ShownGame(Protocol):
    """What a display reads of the game it shows, and the bookkeeping it leaves to it."""

    context: SessionContext
    record: GameRecord
    adapter: GameAdapter
    mode: str

    @property
    def engine(self) -> Engine: ...

    @property
    def words(self) -> Words: ...

    @property
    def settings(self) -> BaseModel: ...

    def log_lines(self, words: Words) -> list[str]: ...

    def last_turn(self) -> tuple[Any, ...]: ...

    def reopenable(self) -> bool: ...

    def bots_to_move(self) -> bool: ...

    def unshown_events(self) -> list[Any]: ...

    async def remember_message(self, message_id: int) -> None: ...

    async def remember_message_gone(self) -> None: ...

    async def abandon(self, note: str | None = None) -> None: ...

    def wake(self) -> None: ...


class Display:
    def __init__(self, session: ShownGame) -> None:
        self.session = session
        self.stale = False
        """The public message may not show the saved state: it is redrawn at the next chance."""
        self._shown: Shown | None = None
        """What the public message was last given: an edit to that very appearance is not
        sent, and its attachments are kept when the files are the same."""
        self.unchecked = False
        """The bot may have posted messages of the game it never noted (it stopped before it
        could): the next repair looks through the channel for them."""
        self.unreadable = False
        """The saved game is something its screens cannot draw: a plain table is shown."""
        self.shows_pictures = True
        """Whether the game's server showed pictures when last asked."""
        self._token: Webhook | None = None
        """The latest click on the public message answered by updating it: its webhook edits
        the message without counting toward Discord's global limit, while fresh."""
        self._sent_at = -TABLE_PACE
        """When the channel last took a message of the game (loop time): the next bot move
        shown on the table waits for `TABLE_PACE` after it."""
        self.refused: discord.Forbidden | None = None
        """Why Discord refused the last attempt to show the game (a permission taken away),
        until an attempt succeeds: the game then waits for its players to see it."""
        self.outbox: LatestWins[Queued] = LatestWins(
            self._send_queued,
            self._queued_delay,
            session.context.tasks.spawn,
            f"game-{session.record.id}-table",
        )
        """The table's edits that no one waits on: one at a time, the latest state wins."""

    # ----------------------------------------------------------------------- messages

    async def pictures(self) -> bool:
        """Whether the game's server shows pictures (an admin may choose text only)."""
        self.shows_pictures = not await self.session.context.guilds.text_only(
            self.session.record.guild_id
        )
        return self.shows_pictures

    async def prepared(self, screen: Screen, version: int | None = None) -> Message:
        """The message of `screen`, its controls marked with the game's `version` (by default
        the one in memory)."""
        record = self.session.record
        if screen.pictures and not await self.pictures():
            screen = replace(screen, pictures=())
        version = record.version if version is None else version
        return await prepare(screen, record.id, version, self.session.context.pictures)

    async def drawn(
        self, draw: Callable[[], Screen], way_out: Sequence[ButtonSpec] = ()
    ) -> Message:
        """The message of the screen `draw` makes; when the saved game is something the screen
        cannot draw, a plain table instead that says so and offers `way_out` (the game's ways
        to take the last change back) and Cancel, so that the channel is never stuck."""
        await self.pictures()
        try:
            message = await self.prepared(draw())
        except Exception:
            return await self.prepared(self._unreadable(way_out))
        self.unreadable = False
        return message

    def _unreadable(self, way_out: Sequence[ButtonSpec]) -> Screen:
        """The plain table shown in place of a screen that cannot be drawn (called while its
        exception is handled, which is logged once)."""
        if not self.unreadable:
            log.exception("Game %s: its screen cannot be drawn; showing a plain one", self._id)
        self.unreadable = True
        session = self.session
        return fallback_screen(session.adapter.title, session.record, session.words, way_out)

    async def current(self) -> Message:
        """What the public message shows in the game's present state."""
        session = self.session
        record = session.record
        if record.status == "lobby":
            return await self.drawn(
                lambda: lobby_screen(record, session.adapter, session.settings, session.words)
            )
        if record.status == "finished":
            return await self.final()
        return await self.table()

    async def table(self) -> Message:
        return await self.drawn(self._table_drawing(await self.pictures()), self.way_out())

    async def table_screen(self) -> Screen:
        """The table's screen in the game's present state; its picture is not drawn yet."""
        draw = self._table_drawing(await self.pictures())
        try:
            screen = draw()
        except Exception:
            return self._unreadable(self.way_out())
        self.unreadable = False
        return screen

    def _table_drawing(self, pictures: bool) -> Callable[[], Screen]:
        """The table's screen; while the bot is overloaded, as text when only bots are to
        move, and saying that bots play more slowly."""
        session = self.session
        words = session.words
        overloaded = session.context.strain.overloaded
        if overloaded and self._priority() == Priority.BOTS:
            pictures = False

        def draw() -> Screen:
            context = TableContext(
                words=words,
                mode=session.mode,
                log=session.log_lines(words),
                last_turn=session.last_turn(),
                pictures=pictures,
                avatars=session.context.avatars,
            )
            screen = session.adapter.table(session.record, session.engine, context)
            return with_busy_line(screen, words) if overloaded else screen

        return draw

    def way_out(self) -> list[ButtonSpec]:
        """The game's ways to take its last change back, when its engine can say them."""
        session = self.session
        try:
            return list(session.adapter.way_out(session.engine, session.words))
        except Exception:
            return []

    async def final(self) -> Message:
        session = self.session
        words = session.words

        record = session.record
        if not session.reopenable():
            record = record.model_copy(update={"deadline": None})

        daily = await daily_final(record, words, session.context.store.database)
        pages = await session.context.pages(record.guild_id)

        def draw() -> Screen:
            screen = session.adapter.final(record, session.engine, words, session.context.avatars)
            rematch = ButtonSpec(words("Rematch"), "rematch", style="primary", emoji="🔁")
            last = [rematch] if daily is None else [daily.share]
            if pages is not None:
                url = links.game_page(pages, record.id)
                last.append(ButtonSpec(words("Replay on the web"), "", emoji="🌐", url=url))
            content = screen.content if daily is None else daily.content
            rows = [*screen.rows[:4], last]
            return Screen(embed=screen.embed, rows=rows, content=content, pictures=screen.pictures)

        return await self.drawn(draw)

    # ------------------------------------------------------------------------ showing

    async def show(
        self,
        events: Sequence[Any],
        interaction: discord.Interaction[Any] | None = None,
        *,
        paced: bool = False,
    ) -> None:
        """Show what `events` did. `interaction`, a click on the public message, is answered
        by editing that message. A change that only edits the table is queued, to be sent
        without waiting (`paced`: a bot's move, shown at the table's pace); anything else is
        sent at once. Raises if Discord refuses both the edit and a fresh post."""
        session = self.session
        engine = session.engine
        await self._answer_if_busy(interaction)
        moments = await self.moments(events)
        if engine.is_over:
            if moments:
                await self._leave_behind(moments, interaction)
                await self.post(await self.final())
            else:
                await self.edit(await self.final(), interaction)
        elif moments:
            await self._leave_behind(moments, interaction)
            await self.post(await self.table())
        elif self.table_is_old():
            await self.move_below(interaction)
        elif interaction is not None and self._answers(interaction):
            if not await self._answer_with_table(interaction):
                self.stale = False
                return
        elif session.record.message_id is None:
            await self.edit(await self.table(), interaction)
        else:
            await self._queue(interaction, paced=paced)
            self.stale = False
            return
        self.stale = False
        self.refused = None

    async def _answer_with_table(self, interaction: discord.Interaction[Any]) -> bool:
        """Answer a click on the table with the table itself, when its picture is ready within
        the context's `answer_within` (Discord wants an answer within 3 s, players sooner);
        else answer at once without a message, and show the table through the click's webhook
        once drawn. True when the click was answered with the table."""
        record = self.session.record
        screen = await self.table_screen()
        drawing = asyncio.ensure_future(self.prepared(screen, record.version))
        drawing.add_done_callback(_seen)
        within = self.session.context.answer_within
        done, _ = await asyncio.wait({drawing}, timeout=within)
        if drawing in done:
            await self.edit(drawing.result(), interaction)
            return True
        click = interaction if await self._defer(interaction) else None
        self._put(screen, click=click, drawn=drawing)
        return False

    async def _defer(self, interaction: discord.Interaction[Any]) -> bool:
        """Answer a click on the table without a message; False when Discord no longer takes
        an answer (it came more than 3 s ago)."""
        try:
            if not interaction.response.is_done():
                await interaction.response.defer()
        except discord.HTTPException as error:
            if not expired(error):
                raise
            return False
        self.take_token(interaction)
        return True

    def _answers(self, interaction: discord.Interaction[Any] | None) -> bool:
        """Whether a click on the table is answered with the table itself: when nothing else
        is on its way to the table, which it could overtake."""
        return (
            interaction is not None
            and not interaction.response.is_done()
            and not self.outbox.busy
            and self._on_table(interaction)
        )

    def _on_table(self, interaction: discord.Interaction[Any]) -> bool:
        message = interaction.message
        return message is not None and message.id == self.session.record.message_id

    async def _answer_if_busy(self, interaction: discord.Interaction[Any] | None) -> None:
        """A click on the table while an earlier state is on its way there is answered at
        once, without a message; its webhook then shows the new state after the earlier one."""
        if (
            interaction is not None
            and self.outbox.busy
            and not interaction.response.is_done()
            and self._on_table(interaction)
        ):
            await self._defer(interaction)

    async def _queue(self, interaction: discord.Interaction[Any] | None, *, paced: bool) -> None:
        click = interaction if interaction is not None and self._on_table(interaction) else None
        self._put(await self.table_screen(), paced=paced, click=click)

    def _put(
        self,
        screen: Screen | None,
        *,
        paced: bool = False,
        click: discord.Interaction[Any] | None = None,
        drawn: asyncio.Future[Message] | None = None,
        message: Message | None = None,
    ) -> None:
        """Queue the game's present state for the public message (which must exist)."""
        record = self.session.record
        assert record.message_id is not None
        level = Priority.PLAYER if message is not None else self._priority()
        self.outbox.put(
            Queued(screen, record.version, record.message_id, level, paced, click, message, drawn)
        )

    def _queued_delay(self, queued: Queued) -> float:
        if not queued.paced or queued.level == Priority.PLAYER:
            return 0.0
        return self.until_due()

    async def _send_queued(self, queued: Queued) -> None:
        """Show a queued state on the table, unless the table moved meanwhile (whoever moved
        it showed the game). A failure leaves the display stale, to be redrawn."""
        record = self.session.record
        if queued.message_id != record.message_id:
            return
        try:
            message = queued.message
            if message is None and queued.drawn is not None:
                message = await queued.drawn
            if message is None:
                assert queued.screen is not None
                message = await self.prepared(queued.screen, queued.version)
            look = posting.appearance(message)
            shown = self._shown
            if shown is not None and (shown.message_id, shown.look) == (queued.message_id, look):
                return
            kept = self._kept(queued.message_id, look)
            self._shown = None
            self._sent_at = _now()
            if not await self._edit_through_token(message, kept, look, queued.click):
                with priority(queued.level):
                    posted = await self._edit_by_channel(queued.message_id, message, kept)
                self._shown = Shown(posted.id, look, posted.attachments)
            self.refused = None
        except Exception as error:
            log.info("Game %s: a state of its table was not shown (%s)", self._id, error)
            if isinstance(error, discord.Forbidden):
                self.refused = error
            self.stale = True
            self.session.wake()

    async def _edit_by_channel(
        self, message_id: int, message: Message, kept: Sequence[int]
    ) -> posting.Posted:
        """Edit through the channel's route; an archived thread is reopened first."""
        client = self.session.context.client
        channel_id = self.session.record.channel_id
        try:
            return await posting.edit(client, channel_id, message_id, message, kept)
        except discord.HTTPException as error:
            if not threads.archived(error):
                raise
        log.info("Game %s: its thread was archived; it is reopened", self._id)
        await threads.reopen(client, channel_id)
        return await posting.edit(client, channel_id, message_id, message, kept)

    def until_due(self) -> float:
        """Seconds until the table may take the next bot move: `TABLE_PACE` after the last
        showing, twice that while the bot is overloaded (the bots' own pauses are stretched
        meanwhile, so that fewer moves come to be shown)."""
        overloaded = self.session.context.strain.overloaded
        pace = TABLE_PACE * (OVERLOADED_PACE if overloaded else 1.0)
        return max(0.0, self._sent_at + pace - _now())

    async def moments(self, events: Sequence[Any]) -> list[Message]:
        """The messages of their own that `events` call for; none when they cannot be drawn
        (the table that follows says what the game is)."""
        session = self.session
        try:
            pictures = await self.pictures()
            screens = session.adapter.moments(
                session.record,
                session.engine,
                events,
                session.words,
                pictures=pictures,
                avatars=session.context.avatars,
            )
            return [await self.prepared(screen) for screen in screens]
        except Exception:
            log.exception("Game %s: its moments cannot be drawn; going on without", self._id)
            return []

    async def show_safely(
        self,
        events: Sequence[Any],
        interaction: discord.Interaction[Any] | None = None,
        *,
        paced: bool = False,
    ) -> Exception | None:
        """`show`, for a change already committed: a failure is logged and returned, never
        raised."""
        try:
            await self.show(events, interaction, paced=paced)
            return None
        except Exception as error:
            await self._failed(error, "could not show its table")
            return error

    async def show_final_safely(self, interaction: discord.Interaction[Any] | None = None) -> None:
        """The final standings of a game that ended without its engine's end (a daily deal
        left early), through `interaction` when it is a click on the table; a failure is
        logged, never raised."""
        click = interaction if interaction is not None and self._on_table(interaction) else None
        try:
            await self.edit(await self.final(), click)
        except Exception as error:
            await self._failed(error, "could not show its final standings")

    def refusal(self, words: Words) -> str | None:
        """While Discord refuses to show the game: what players are told, the permissions the
        bot lacks in the channel when it knows them."""
        if self.refused is None:
            return None
        channel = self.session.context.client.get_channel(self.session.record.channel_id)
        if isinstance(channel, discord.abc.GuildChannel):
            missing = replies.missing_permissions(
                channel.permissions_for(channel.guild.me),
                pictures=self.shows_pictures,
                in_thread=isinstance(channel, discord.Thread),
            )
            if missing:
                return replies.missing_text(missing, words)
        return replies.forbidden(self.refused, words)

    async def _failed(self, error: Exception, what: str) -> None:
        """After a failure to show the game: a channel that is gone abandons the game; a
        refusal is remembered; anything else is logged in full. The display is stale."""
        self.stale = True
        if channel_gone(error):
            log.info("Game %s: its channel is gone; the game is abandoned", self._id)
            await self.session.abandon()
        elif isinstance(error, threads.ThreadLocked):
            log.info("Game %s: its thread is locked; the game is abandoned", self._id)
            await self.session.abandon(LOCKED)
        elif isinstance(error, discord.Forbidden):
            log.warning("Game %s: %s: %s", self._id, what, error)
            self.refused = error
        else:
            log.exception("Game %s: %s", self._id, what)

    @property
    def due_repair(self) -> bool:
        """Whether the public message is to be redrawn, or the channel is still to be looked
        through after a restart (a click may have shown the game before the first repair)."""
        return self.stale or self.unreadable or self.unchecked

    async def repair(self) -> None:
        """Make the public message show the saved state (after a restart or a failed edit);
        a failure is logged and leaves the display stale, to be tried again later."""
        record = self.session.record
        try:
            client = self.session.context.client
            if self.unchecked and record.parent_id is not None:
                await threads.check(client, record, self._thread_name())
            if record.unshown is not None and record.state is not None:
                await self.show(self.session.unshown_events())
            elif await self.under_another_game():
                log.info("Game %s: its message moves below that of the game before", self._id)
                await self.move_below()
            else:
                await self.edit(await self.current())
        except Exception as error:
            await self._failed(error, "could not redraw its table")
            return
        self.stale = False
        self.refused = None
        if self.unchecked:
            await self.sweep()

    async def under_another_game(self) -> bool:
        """Whether another game's message came after the public message in the channel: the
        end of the game before, shown as this one opened (see `SessionRegistry.create`)."""
        record = self.session.record
        if record.message_id is None:
            return False
        store = self.session.context.store
        newest = await store.newest_message_besides(record.channel_id, record.id)
        return newest is not None and newest > record.message_id

    async def move_below(self, interaction: discord.Interaction[Any] | None = None) -> None:
        """Post the public message again at the bottom of the channel; the old one says so
        (through `interaction`, a click on it, if given)."""
        moved = notice(self.session.words("The table moved below."))
        await self._leave_behind([moved], interaction)
        await self.post(await self.current())

    async def sweep(self) -> None:
        """Delete the game's messages that still offer its controls but are not its public
        message: posts Discord took as the bot stopped, before it could note them (the answer
        that opened the game, a table shown again). Looked for once; a failure is logged."""
        self.unchecked = False
        record = self.session.record
        client = self.session.context.client
        try:
            with priority(Priority.BOOKKEEPING):
                found = await posting.strays(
                    client, record.channel_id, record.id, record.message_id
                )
        except discord.HTTPException as error:
            log.info("Game %s: the channel could not be looked through (%s)", self._id, error)
            return
        for message_id in found:
            log.info("Game %s: message %s was never noted; it is deleted", self._id, message_id)
            try:
                await posting.delete(client, record.channel_id, message_id)
            except discord.HTTPException as error:
                log.info("Game %s: message %s not deleted (%s)", self._id, message_id, error)

    async def _leave_behind(
        self, messages: Sequence[Message], interaction: discord.Interaction[Any] | None
    ) -> None:
        """Turn the public message into the first of `messages`, post the others after it;
        the game then has no public message until the next one is posted."""
        first, *rest = messages
        await self.outbox.settle()
        if self.session.record.message_id is not None:
            try:
                await self._edit_in_place(first, interaction)
            except discord.HTTPException as error:
                log.info("Game %s: the table could not become a summary (%s)", self._id, error)
                await self._send(first, "moment", 0)
        else:
            await self._send(first, "moment", 0)
        for number, message in enumerate(rest, start=1):
            await self._send(message, "moment", number)
        await self.session.remember_message_gone()

    async def post(self, message: Message) -> None:
        """Post `message` at the bottom of the channel; it becomes the public message."""
        await self.outbox.settle()
        sent = await self._send(message, "table", self.session.record.message_id)
        self._shown = Shown(sent.id, posting.appearance(message), sent.attachments)
        await self.session.remember_message(sent.id)

    async def _send(self, message: Message, *purpose: object) -> posting.Posted:
        """Post in the game's channel. The post carries a nonce made of the
        game's saved state and `purpose`, so that when the bot stops after Discord took a post
        but before noting it down, the same post made again after the restart returns that
        message instead of leaving a second one behind (Discord keeps nonces a few minutes).
        Discord refuses a nonce whose message was deleted since (a moderator deleted the
        table): the post is then made with the next nonce, up to `REPOSTS` times."""
        record = self.session.record
        client = self.session.context.client
        self._sent_at = _now()
        *first, last = [
            nonce(record.id, record.version, *purpose, *([again] if again else []))
            for again in range(REPOSTS + 1)
        ]
        for once in first:
            try:
                with priority(self._priority()):
                    return await posting.send(client, record.channel_id, message, nonce=once)
            except discord.NotFound as error:
                if error.code != UNKNOWN_MESSAGE:
                    raise
                log.info("Game %s: the message posted with this nonce was deleted", self._id)
        with priority(self._priority()):
            return await posting.send(client, record.channel_id, message, nonce=last)

    async def edit(
        self, message: Message, interaction: discord.Interaction[Any] | None = None
    ) -> None:
        """Edit the public message; if that fails (gone, too old), post it afresh. A refusal
        (the bot lost a permission) is raised: a post would need more."""
        await self._answer_if_busy(interaction)
        await self.outbox.settle()
        if self.session.record.message_id is None:
            await self.post(message)
            return
        try:
            await self._edit_in_place(message, interaction)
        except discord.HTTPException as error:
            if threads.archived(error):
                log.info("Game %s: its thread was archived; it is reopened", self._id)
                await threads.reopen(self.session.context.client, self.session.record.channel_id)
                try:
                    await self._edit_in_place(message, None)
                    return
                except discord.HTTPException as again:
                    error = again
            if isinstance(error, discord.Forbidden):
                raise error
            log.info("Game %s: table not edited (%s); posting it anew", self._id, error)
            await self.post(message)

    async def _edit_in_place(
        self, message: Message, interaction: discord.Interaction[Any] | None
    ) -> None:
        record = self.session.record
        assert record.message_id is not None
        look = posting.appearance(message)
        shown = self._shown
        if shown is not None and (shown.message_id, shown.look) == (record.message_id, look):
            return
        kept = self._kept(record.message_id, look)
        self._shown = None
        if (
            interaction is not None
            and not interaction.response.is_done()
            and interaction.message is not None
            and interaction.message.id == record.message_id
        ):
            try:
                answer = await interaction.response.edit_message(**message.edit_kwargs(kept))
                edited = answer.resource if answer is not None else None
                attachments = (
                    tuple(a.id for a in edited.attachments)
                    if isinstance(edited, discord.Message)
                    else None
                )
                self._shown = Shown(record.message_id, look, attachments)
                return
            except discord.HTTPException as error:
                if too_old(error):
                    await interaction.response.defer()
                elif not expired(error):
                    raise
        self._sent_at = _now()
        if await self._edit_through_token(message, kept, look):
            return
        client = self.session.context.client
        with priority(self._priority()):
            posted = await posting.edit(client, record.channel_id, record.message_id, message, kept)
        self._shown = Shown(posted.id, look, posted.attachments)

    def take_token(self, interaction: discord.Interaction[Any]) -> None:
        """Keep a click answered by updating the public message: the table's next edits go
        through its webhook while it is fresh."""
        message = interaction.message
        if (
            interaction.type == discord.InteractionType.component
            and message is not None
            and message.id == self.session.record.message_id
            and interaction.response.type in UPDATES
        ):
            self._token = Webhook.taken(interaction, self.session.context.clock.now())

    def fresh_token(self) -> Webhook | None:
        """The latest click that updated the public message, while its webhook may be used
        (under `TOKEN_LIFETIME`, on the message the game still shows)."""
        token = self._token
        if token is None:
            return None
        clicked = token.interaction.message
        usable = token.usable(self.session.context.clock.now())
        if clicked is None or clicked.id != self.session.record.message_id or not usable:
            self._token = None
            return None
        return token

    async def _edit_through_token(
        self,
        message: Message,
        kept: Sequence[int],
        look: posting.Appearance,
        click: discord.Interaction[Any] | None = None,
    ) -> bool:
        """Edit the public message through the webhook of `click`, or else of the latest click
        on it, while fresh; False when there is none, or Discord refused (the channel's route
        is then used)."""
        fresh = self.fresh_token()
        token = click or (fresh.interaction if fresh is not None else None)
        if token is None:
            return False
        try:
            edited = await token.edit_original_response(**message.edit_kwargs(kept))
        except discord.HTTPException as error:
            log.info("Game %s: the click's webhook did not take the table (%s)", self._id, error)
            self._token = None
            return False
        attachments = tuple(attachment.id for attachment in edited.attachments)
        self._shown = Shown(edited.id, look, attachments)
        return True

    def _kept(self, message_id: int, look: posting.Appearance) -> tuple[int, ...]:
        """The attachments of the public message to keep, when it already holds the very files
        of `look` (a move that changed nothing in the picture): nothing is uploaded."""
        shown = self._shown
        if shown is None or shown.attachments is None or not look.files:
            return ()
        if (
            shown.message_id != message_id
            or shown.look.files != look.files
            or len(shown.attachments) != len(look.files)
        ):
            return ()
        return shown.attachments

    def replace_safely(self, embed: discord.Embed) -> None:
        """Show `embed` alone, without controls, in place of the public message: queued, in
        place of any state waiting, so that no one waits for it."""
        record = self.session.record
        if record.message_id is None:
            self.outbox.drop()
            return
        self._put(None, message=Message(embed))

    def table_is_old(self) -> bool:
        """Discord limits edits of messages older than an hour: move on before that."""
        message_id = self.session.record.message_id
        if message_id is None:
            return False
        age = discord.utils.utcnow() - discord.utils.snowflake_time(message_id)
        return age > TABLE_LIFETIME

    def _priority(self) -> Priority:
        """A table a member is to play on goes before one where only bots are to move."""
        return Priority.BOTS if self.session.bots_to_move() else Priority.PLAYER

    def _thread_name(self) -> str:
        host = self.session.record.host_name
        return thread_name(self.session.adapter.title, host, self.session.words)

    @property
    def _id(self) -> int:
        return self.session.record.id
