"""Where every click and game command arrives: checked (which game, which version), passed to
the lobby or the table under the game's lock, and answered truthfully when something fails."""

from __future__ import annotations

import contextlib
import logging
import random
from collections.abc import Callable
from typing import Any

import discord

from bot.catalog import Catalog
from bot.i18n import N_
from bot.sessions.autoplay import GAME_OVER
from bot.sessions.brains import BotBrains
from bot.sessions.clock import Clock, SystemClock
from bot.sessions.context import SessionContext, Tasks
from bot.sessions.daily import DailyFlow
from bot.sessions.display import expired
from bot.sessions.lobby import FORM_VERBS as LOBBY_FORM_VERBS
from bot.sessions.lobby import LOBBY_VERBS, LobbyFlow
from bot.sessions.lobby import SAFE_VERBS as LOBBY_SAFE_VERBS
from bot.sessions.patience import held_for
from bot.sessions.play import TableFlow, on_own_screen
from bot.sessions.registry import SessionRegistry
from bot.sessions.session import GameSession
from bot.shards import EVERY, Shards
from bot.storage import StaleGame, StorageUnavailable
from bot.storage.daily import DailyRepository
from bot.storage.games import GameRepository, GuildRepository
from bot.ui import replies
from bot.ui.avatars import AvatarCache
from bot.ui.card import LOCKED
from bot.ui.components import Click
from bot.ui.rendering import PictureCache
from bot.ui.replies import say, words_for
from games.core.errors import GameError, IllegalAction

log = logging.getLogger(__name__)

LOCKED_NOTICE = N_("A moderator locked this thread: the game ends here, without a result.")
CHANGED_MEANWHILE = IllegalAction(
    "This table changed a moment ago: look at it again, then press once more."
)
ALREADY_STARTED = IllegalAction("The game has already started.")


class Sessions:
    def __init__(
        self,
        client: discord.Client,
        store: GameRepository,
        guilds: GuildRepository,
        catalog: Catalog,
        *,
        bot_delay: float = 1.0,
        clock: Clock | None = None,
        seeds: random.Random | None = None,
        picture_processes: int = 0,
        bot_move_processes: int = 0,
        shards: Shards = EVERY,
        avatars: AvatarCache | None = None,
    ) -> None:
        self.context = SessionContext(
            store=store,
            guilds=guilds,
            client=client,
            clock=clock or SystemClock(),
            tasks=Tasks(),
            pictures=PictureCache(processes=picture_processes),
            brains=BotBrains(catalog, processes=bot_move_processes),
            bot_delay=bot_delay,
            shards=shards,
            avatars=avatars or AvatarCache(None),
        )
        self.store = store
        self.guilds = guilds
        self.registry = SessionRegistry(self.context, catalog)
        self.lobby = LobbyFlow(self.registry, guilds, seeds or random.SystemRandom())
        self.table = TableFlow(self.registry, self.lobby)
        self.daily = DailyFlow(self.registry, self.lobby, DailyRepository(store.database))

    async def restore(self) -> int:
        return await self.registry.restore()

    async def close(self) -> None:
        await self.registry.close()
        await self.context.strain.stop()
        self.context.pictures.close()
        self.context.brains.close()
        await self.context.avatars.close()

    @property
    def running(self) -> list[GameSession]:
        return self.registry.running

    async def in_channel(self, channel_id: int) -> GameSession | None:
        return await self.registry.in_channel(channel_id)

    # ------------------------------------------------------------- what went away

    async def channel_gone(self, channel_id: int) -> None:
        """The channel (or thread) was deleted: its game ends, recorded as abandoned."""
        await _abandon(self.registry.open_in(channel_id), "its channel was deleted")

    async def guild_gone(self, guild_id: int) -> None:
        """The bot left the server, or was removed from it: its games end as abandoned."""
        await self.guilds_left(lambda guild: guild != guild_id)

    async def guilds_left(self, present: Callable[[int], bool]) -> None:
        """The games of servers the bot is no longer in (`present` says which it is in) end
        as abandoned; on connecting, those of servers that removed it while it was away."""
        gone = [
            session
            for session in self.registry.open
            if session.record.guild_id is not None and not present(session.record.guild_id)
        ]
        await _abandon(gone, "the bot is no longer in its server")

    async def thread_locked(self, thread_id: int) -> None:
        """A moderator locked a game's thread: its game ends, and its card says why."""
        for session in self.registry.open_in(thread_id):
            async with session.lock:
                if not session.record.is_open:
                    continue
                log.info("Game %s: its thread was locked; the game ends", session.record.id)
                session.card.note = LOCKED
                session.record.abandoned = True
                await session.end(GAME_OVER, LOCKED_NOTICE)

    async def messages_gone(self, channel_id: int, message_ids: set[int]) -> None:
        """Messages were deleted (by a moderator, say): a game whose public message, or
        card, was one of them posts it again; a deleted turn alert is forgotten."""
        for session in self.registry.open_in_threads_of(channel_id):
            if session.record.card_id in message_ids:
                await session.card.repost()
        for session in self.registry.open_in(channel_id):
            async with session.lock:
                record = session.record
                if record.alert_id in message_ids:
                    record.alert_id = None
                    await session.keep()
                if record.message_id in message_ids:
                    log.info("Game %s: its message was deleted; posting it again", record.id)
                    record.message_id = None
                    await session.keep()
                    await session.display.repair()

    # ------------------------------------------------------------------------ clicks

    async def click(self, interaction: discord.Interaction[Any], click: Click) -> None:
        session = await self.registry.get(click.game_id)
        saved = session.saved_version if session is not None else None
        try:
            if session is None:
                raise IllegalAction("This game no longer exists.")
            if session.record.channel_id != interaction.channel_id:
                session = None
                raise IllegalAction("That button is not part of this game.")
            async with held_for(session.lock, interaction, at_once=self._hurried(session, click)):
                await self._route(session, interaction, click)
            if not interaction.response.is_done():
                await replies.acknowledge(interaction)
            session.display.take_token(interaction)
            await _tell_refused(interaction, session)
        except GameError as error:
            await _say_quietly(interaction, words_for(interaction).error(error))
            await _tell_refused(interaction, session)
        except discord.Forbidden as error:
            await _say_quietly(interaction, replies.forbidden(error, words_for(interaction)))
        except StaleGame:
            assert session is not None
            log.info("Click %s: the game was saved meanwhile by another writer", click)
            session.display.stale = True
            await _say_quietly(interaction, words_for(interaction).error(CHANGED_MEANWHILE))
        except Exception as error:
            assert session is not None
            if expired(error):
                log.info("Click %s was answered too late for Discord", click)
            elif isinstance(error, StorageUnavailable):
                log.warning("Click %s: storage refused a write (%s)", click, error)
            else:
                log.exception("Click %s failed", click)
            words = words_for(interaction)
            if session.saved_version != saved:
                session.display.stale = True
                show = words.command("table", "show")
                told = words(replies.APOLOGY_SAVED, command=show)
            else:
                async with session.lock:
                    await session.restore_saved()
                storage = isinstance(error, StorageUnavailable)
                told = words(replies.NOT_SAVED if storage else replies.APOLOGY)
            if not expired(error):
                await _say_quietly(interaction, told)
        finally:
            if session is not None:
                session.wake()

    def _hurried(self, session: GameSession, click: Click) -> bool:
        """While the bot has more to do than it can, a click is acknowledged as it arrives,
        unless its answer is a form (which must be the first answer)."""
        lobby = session.record.status == "lobby"
        forms = LOBBY_FORM_VERBS if lobby else session.adapter.form_verbs
        return self.context.strain.hurried and click.verb not in forms

    async def _route(
        self, session: GameSession, interaction: discord.Interaction[Any], click: Click
    ) -> None:
        record = session.record
        verb = click.verb
        if not record.is_open:
            if verb == "share" and record.daily is not None and record.status == "finished":
                await self.daily.share(session, interaction)
                return
            if verb == "rematch" and record.status == "finished":
                await self.lobby.rematch(session, interaction)
                return
            if verb in session.adapter.reopen_verbs and record.status == "finished":
                if click.version != record.version:
                    raise self._outdated(session, interaction)
                await self.table.reopen(session, interaction, click)
                return
            raise IllegalAction("This game has ended.")
        if _left_behind(session, interaction):
            raise self._outdated(session, interaction)
        if verb == "cancel":
            await self.table.cancel(interaction, session)
            return
        in_lobby = record.status == "lobby"
        outdated = click.version != record.version
        if outdated and not in_lobby and verb in LOBBY_VERBS:
            raise ALREADY_STARTED
        safe = LOBBY_SAFE_VERBS if in_lobby else session.adapter.safe_verbs
        own_screen = not in_lobby and on_own_screen(interaction)
        if outdated and verb not in safe and not own_screen:
            words = words_for(interaction)
            done = self.table.already_done(session, click, words)
            raise done or self._outdated(session, interaction)
        if in_lobby:
            await self.lobby.click(session, interaction, click)
        else:
            await self.table.click(session, interaction, click)

    def _outdated(
        self, session: GameSession, interaction: discord.Interaction[Any]
    ) -> IllegalAction:
        """Why an outdated click is refused, and where the current table is — never a link
        to the very message that was clicked."""
        message_id = session.record.message_id
        if interaction.message is not None and interaction.message.id == message_id:
            session.display.stale = True
            return CHANGED_MEANWHILE
        if message_id is None:
            session.display.stale = True
            return IllegalAction(
                "That table is out of date; the current one is being posted below."
            )
        return IllegalAction(
            "That table is out of date. The current one: {link}", link=session.link()
        )


async def _abandon(sessions: list[GameSession], why: str) -> None:
    for session in sessions:
        async with session.lock:
            log.info("Game %s: %s", session.record.id, why)
            await session.abandon()


def _left_behind(session: GameSession, interaction: discord.Interaction[Any]) -> bool:
    """The click came from a public message of the game that is not its current one (a
    message Discord took just as the bot stopped, before the bot could note it down, or one
    a slow client still shows as it was): it is refused, whatever version it shows."""
    message = interaction.message
    return (
        message is not None
        and not message.flags.ephemeral
        and message.id != session.record.message_id
    )


async def _tell_refused(interaction: discord.Interaction[Any], session: GameSession | None) -> None:
    """While Discord refuses to show the game in its channel, each player who clicks is told
    why (the game waits meanwhile)."""
    if session is None or session.display.refused is None:
        return
    told = session.display.refusal(words_for(interaction))
    if told is not None:
        await _say_quietly(interaction, told)


async def _say_quietly(interaction: discord.Interaction[Any], text: str) -> None:
    with contextlib.suppress(discord.HTTPException):
        await say(interaction, text)
