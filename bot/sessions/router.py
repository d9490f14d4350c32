"""Where every click and game command arrives: checked (which game, which version), passed to
the lobby or the table under the game's lock, and answered truthfully when something fails."""

from __future__ import annotations

import contextlib
import logging
import random
from typing import Any

import discord

from bot.catalog import Catalog
from bot.sessions.clock import Clock, SystemClock
from bot.sessions.context import SessionContext, Tasks
from bot.sessions.lobby import SAFE_VERBS as LOBBY_SAFE_VERBS
from bot.sessions.lobby import LobbyFlow
from bot.sessions.play import TableFlow
from bot.sessions.registry import SessionRegistry
from bot.sessions.session import GameSession
from bot.storage.games import GameRepository, GuildRepository
from bot.ui import replies
from bot.ui.components import Click
from bot.ui.rendering import PictureCache
from bot.ui.replies import say, words_for
from games.core.errors import GameError, IllegalAction

log = logging.getLogger(__name__)


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
    ) -> None:
        self.context = SessionContext(
            store=store,
            guilds=guilds,
            client=client,
            clock=clock or SystemClock(),
            tasks=Tasks(),
            pictures=PictureCache(),
            bot_delay=bot_delay,
        )
        self.store = store
        self.guilds = guilds
        self.registry = SessionRegistry(self.context, catalog)
        self.lobby = LobbyFlow(self.registry, guilds, seeds or random.SystemRandom())
        self.table = TableFlow(self.registry, self.lobby)

    async def restore(self) -> int:
        return await self.registry.restore()

    async def close(self) -> None:
        await self.registry.close()
        self.context.pictures.close()

    @property
    def running(self) -> list[GameSession]:
        return self.registry.running

    async def in_channel(self, channel_id: int) -> GameSession | None:
        return await self.registry.in_channel(channel_id)

    # ------------------------------------------------------------------------ clicks

    async def click(self, interaction: discord.Interaction[Any], click: Click) -> None:
        session = await self.registry.get(click.game_id)
        saved = session.saved_version if session is not None else None
        try:
            if session is None:
                raise IllegalAction("This game no longer exists.")
            async with session.lock:
                await self._route(session, interaction, click)
            if not interaction.response.is_done():
                await interaction.response.defer()
        except GameError as error:
            await _say_quietly(interaction, words_for(interaction).error(error))
        except discord.Forbidden as error:
            await _say_quietly(interaction, replies.forbidden(error, words_for(interaction)))
        except Exception:
            log.exception("Click %s failed", click)
            assert session is not None
            if session.saved_version != saved:
                session.display.stale = True
                words = words_for(interaction)
                show = words.command("table", "show")
                await _say_quietly(interaction, words(replies.APOLOGY_SAVED, command=show))
            else:
                async with session.lock:
                    await session.restore_saved()
                await _say_quietly(interaction, words_for(interaction)(replies.APOLOGY))
        finally:
            if session is not None:
                session.wake()

    async def _route(
        self, session: GameSession, interaction: discord.Interaction[Any], click: Click
    ) -> None:
        record = session.record
        verb = click.verb
        if not record.is_open:
            if verb == "rematch" and record.status == "finished":
                await self.lobby.rematch(session, interaction)
                return
            raise IllegalAction("This game has ended.")
        if verb == "cancel":
            await self.table.cancel(interaction, session)
            return
        in_lobby = record.status == "lobby"
        safe = LOBBY_SAFE_VERBS if in_lobby else session.adapter.safe_verbs
        if click.version != record.version and verb not in safe:
            raise self._outdated(session, interaction)
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
            return IllegalAction(
                "This table changed a moment ago: look at it again, then press once more."
            )
        if message_id is None:
            session.display.stale = True
            return IllegalAction(
                "That table is out of date; the current one is being posted below."
            )
        return IllegalAction(
            "That table is out of date. The current one: {link}", link=session.link()
        )


async def _say_quietly(interaction: discord.Interaction[Any], text: str) -> None:
    with contextlib.suppress(discord.HTTPException):
        await say(interaction, text)
