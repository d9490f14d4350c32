"""The Discord client: storage, sessions, extensions and persistent components at start-up."""

from __future__ import annotations

import asyncio
import logging
import random
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import budget
from bot.catalog import Catalog, installed
from bot.config import BotSettings
from bot.departures import Departures
from bot.i18n.commands import CatalogTranslator
from bot.sessions import Sessions
from bot.sessions.clock import Clock
from bot.sessions.display import expired
from bot.sessions.router import CHANGED_MEANWHILE
from bot.storage import Database, GameRepository, StaleGame, StorageUnavailable, open_database
from bot.storage.games import GuildRepository
from bot.storage.records import GameRecord
from bot.storage.stats import StatsRepository
from bot.storage.tournaments import TournamentRepository
from bot.storage.web import WebRepository
from bot.tournaments.flow import TournamentFlow
from bot.ui import replies
from bot.ui.avatars import AvatarCache
from bot.ui.components import handled_here, route_component, submitted_form
from bot.web import links
from bot.web.app import Served, serve
from bot.web.pages import Sources
from games.core.errors import GameError

log = logging.getLogger(__name__)

ANSWERING = ("discord.py: on_interaction", "CommandTree-invoker")
"""discord.py's names for the tasks answering an interaction: a click or form, a command."""
ANSWERS_FINISH_WITHIN = 3.0
"""Seconds a closing bot waits for the answers under way."""


class SkyTableBot(commands.Bot):
    database: Database
    sessions: Sessions
    tournaments: TournamentFlow

    def __init__(
        self,
        settings: BotSettings,
        *,
        bot_delay: float = 1.0,
        clock: Clock | None = None,
        seeds: random.Random | None = None,
        catalog: Catalog | None = None,
    ) -> None:
        """`catalog` defaults to the installed games; `bot_delay`, `clock` and `seeds` (where
        new games' seeds come from) are for tests."""
        _without_voice()
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents(guilds=True, guild_messages=True),
            max_messages=None,
            **self.sharding(settings),
        )
        self.settings = settings
        self.bot_delay = bot_delay
        self.clock = clock
        self.seeds = seeds
        self.catalog = catalog or installed()
        self.tree.error(self.on_app_command_error)
        self.pages: Served | None = None
        """The web pages, while this process serves them."""
        self.budget = budget.Budget(budget.share(settings.shards, settings.requests_per_second))
        budget.install(self.http, self.budget)

    @staticmethod
    def sharding(settings: BotSettings) -> dict[str, Any]:
        """The client's shard options: none, for a client of every server."""
        return {}

    async def setup_hook(self) -> None:
        self.database = await open_database(self.settings.store)
        self.stats = StatsRepository(self.database)
        self.web = WebRepository(self.database)
        self.sessions = Sessions(
            self,
            GameRepository(self.database, self.catalog.bot_ratings),
            GuildRepository(self.database),
            self.catalog,
            bot_delay=self.bot_delay,
            clock=self.clock,
            seeds=self.seeds,
            picture_processes=self.settings.picture_processes,
            bot_move_processes=self.settings.bot_move_workers,
            shards=self.settings.shards,
            avatars=AvatarCache(self.settings.avatar_cdn),
        )
        self.sessions.context.strain.backlog = self.budget.backlog
        self.sessions.context.pages = self.pages_of
        self.sessions.context.endings.append(self._page_ahead)
        self.tournaments = TournamentFlow(
            self.sessions, TournamentRepository(self.database), self.catalog, self.seeds
        )
        self.departures = Departures(self, self.web, self.sessions.context.clock)
        self.sessions.context.tasks.spawn(self.departures.run(), "departures")
        self.pages = await serve(
            self.settings,
            Sources(
                self.database,
                self.catalog,
                self.sessions.context.pictures,
                self.sessions.context.avatars,
                busy=self._busy,
            ),
        )
        for extension in self.catalog.extensions:
            await self.load_extension(extension)
        for event in ("MESSAGE_CREATE", "MESSAGE_UPDATE"):
            self._connection.parsers[event] = _ignored
        await self.tree.set_translator(CatalogTranslator())
        restored = await self.sessions.restore()
        log.info(
            "Restored %d open game(s) of %s from %s",
            restored,
            self.settings.shards.describe(),
            self.database.describe(),
        )
        tournaments = await self.tournaments.restore()
        if tournaments:
            log.info("Restored %d tournament(s)", tournaments)
        if self.settings.dev_guild_id is not None:
            guild = discord.Object(id=self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()

    def _page_ahead(self, record: GameRecord) -> None:
        """A finished game's web page, made in the pages' process while nobody waits on it."""
        if self.pages is None or record.status != "finished":
            return
        self.sessions.context.tasks.spawn(self._make_page(record), f"page-{record.id}")

    async def _make_page(self, record: GameRecord) -> None:
        assert self.pages is not None
        try:
            await self.pages.sources.made_ahead(record)
        except Exception:
            log.warning("Game %s: its web page was not made ahead", record.id, exc_info=True)

    def _busy(self) -> bool:
        """Behind with the games: the web pages wait."""
        strain = self.sessions.context.strain
        return strain.hurried or strain.overloaded

    @property
    def pages_base(self) -> str | None:
        """The public address of the web pages, when there are any (served here, or by
        `python -m bot.web` at WEB_URL)."""
        if self.settings.web_url is not None:
            return self.settings.web_url
        return self.pages.url if self.pages is not None else None

    async def pages_of(self, guild_id: int | None) -> str | None:
        """The address of a server's pages (its token's), while they are on."""
        base = self.pages_base
        if base is None or guild_id is None:
            return None
        token = await self.web.token(guild_id)
        return None if token is None else links.root(base, token)

    async def close(self) -> None:
        await self._finish_answers()
        if self.pages is not None:
            await self.pages.close()
        if hasattr(self, "sessions"):
            await self.sessions.close()
        await super().close()
        if hasattr(self, "database"):
            await self.database.close()

    async def _finish_answers(self) -> None:
        """Lets the clicks and commands being answered finish (within Discord's time to
        answer), so that none is cut off by the connection closing under it."""
        current = asyncio.current_task()
        answering = [
            task
            for task in asyncio.all_tasks()
            if task is not current and not task.done() and task.get_name() in ANSWERING
        ]
        if answering:
            await asyncio.wait(answering, timeout=ANSWERS_FINISH_WITHIN)

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        """Presses and form submissions are routed here, by custom id, so they survive a
        restart."""
        try:
            click = submitted_form(interaction)
            if click is not None:
                await self.sessions.click(interaction, click)
            elif self.tournaments.handles(interaction):
                await self.tournaments.click(interaction)
            else:
                await route_component(interaction, self.sessions)
        finally:
            if handled_here(interaction):
                _let_go(interaction)

    async def on_ready(self) -> None:
        log.info("Connected as %s to %d server(s)", self.user, len(self.guilds))
        present = {guild.id for guild in self.guilds}
        await self.sessions.guilds_left(present.__contains__)

    async def on_raw_message_delete(self, payload: discord.RawMessageDeleteEvent) -> None:
        await self.sessions.messages_gone(payload.channel_id, {payload.message_id})

    async def on_raw_bulk_message_delete(self, payload: discord.RawBulkMessageDeleteEvent) -> None:
        await self.sessions.messages_gone(payload.channel_id, set(payload.message_ids))

    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        await self.sessions.channel_gone(channel.id)

    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        await self.sessions.channel_gone(payload.thread_id)

    async def on_raw_thread_update(self, payload: discord.RawThreadUpdateEvent) -> None:
        metadata = payload.data.get("thread_metadata") or {}
        if metadata.get("locked"):
            await self.sessions.thread_locked(payload.thread_id)

    async def on_guild_channel_update(
        self, before: discord.abc.GuildChannel, after: discord.abc.GuildChannel
    ) -> None:
        """When the bot's permissions in a channel change, what the channel (or its threads)
        refused the games there is tried again."""
        me = after.guild.me
        if before.permissions_for(me) == after.permissions_for(me):
            return
        for session in self.sessions.registry.open:
            if after.id in (session.record.channel_id, session.record.parent_id):
                session.permissions_changed()

    async def on_guild_remove(self, guild: discord.Guild) -> None:
        await self.sessions.guild_gone(guild.id)
        if await self.web.turn_off(guild.id):
            log.info("Server %s removed the bot: its web pages are off", guild.id)

    async def on_app_command_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError
    ) -> None:
        cause = error.original if isinstance(error, app_commands.CommandInvokeError) else error
        if expired(cause):
            log.info("Command %s was answered too late for Discord", interaction.command)
            return
        try:
            await replies.say(interaction, self._refusal(interaction, cause))
        except discord.HTTPException as failed:
            level = logging.INFO if expired(failed) else logging.WARNING
            log.log(
                level, "Command %s: its refusal was not delivered (%s)", interaction.command, failed
            )

    def _refusal(self, interaction: discord.Interaction[Any], cause: BaseException) -> str:
        """What the user is told when their command failed (logged when it is the bot's fault)."""
        words = replies.words_for(interaction)
        if isinstance(cause, GameError):
            return words.error(cause)
        if isinstance(cause, discord.Forbidden):
            return replies.forbidden(cause, words)
        if isinstance(cause, app_commands.CheckFailure):
            return str(cause)
        if isinstance(cause, StorageUnavailable):
            log.warning("Command %s: storage refused a write (%s)", interaction.command, cause)
            return words(replies.NOT_SAVED)
        if isinstance(cause, StaleGame):
            log.info(
                "Command %s: the game was saved meanwhile by another writer", interaction.command
            )
            return words.error(CHANGED_MEANWHILE)
        log.error("Command %s failed", interaction.command, exc_info=cause)
        return words(replies.APOLOGY)


class ShardedSkyTableBot(SkyTableBot, commands.AutoShardedBot):
    """Sky Table as an auto-sharded client: one gateway connection for each shard it owns
    (`SHARD_IDS`, or every one of `SHARD_COUNT`), and only their servers' games."""

    @staticmethod
    def sharding(settings: BotSettings) -> dict[str, Any]:
        return {"shard_count": settings.shard_count, "shard_ids": settings.owned_shards}


def _without_voice() -> None:
    """The bot never joins a voice channel: discord.py's warnings, when a client is built,
    that the voice libraries are missing do not concern it."""
    discord.VoiceClient.warn_nacl = False
    discord.VoiceClient.warn_dave = False


def make_bot(settings: BotSettings, **options: Any) -> SkyTableBot:
    """The bot its settings ask for: sharded when `SHARD_COUNT` is set."""
    if settings.shard_count is None:
        return SkyTableBot(settings, **options)
    return ShardedSkyTableBot(settings, **options)


def _let_go(interaction: discord.Interaction[Any]) -> None:
    """discord.py's interaction and its `response` refer to each other, so that only a full
    pass of the garbage collector frees them: every click answered would stay in memory until
    then, its whole message with it, hundreds of them in a busy bot. Once the click is handled
    nothing reads its response (a table shown later through its webhook needs none): the
    response is dropped, and the click freed as soon as nothing else holds it."""
    if hasattr(interaction, "_cs_response"):
        delattr(interaction, "_cs_response")


def _ignored(data: Any) -> None:
    """The message intent is there for deletions (a moderator deleting a game's message): the
    bot reads no message, so messages created or edited are not even parsed."""
