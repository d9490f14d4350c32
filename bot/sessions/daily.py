"""The daily deal: once a UTC day, every member everywhere gets the same deal of each game,
against the same hard bots, solo. One attempt a member, game and day across every server: a
second `daily` that day shows the result (or where the attempt is played); when it ends, the
member may post a spoiler-free line of it in the channel."""

from __future__ import annotations

import asyncio
from typing import Any

import discord

from bot.adapters.base import GameAdapter
from bot.i18n import N_
from bot.sessions.daily_result import DAILY_LEVEL, daily_seed, places
from bot.sessions.lobby import LobbyFlow
from bot.sessions.registry import SessionRegistry
from bot.sessions.session import GameSession
from bot.storage.daily import DailyRepository, DailyResult, day_of
from bot.ui.daily_screens import ALREADY_SHARED, NOT_YOURS, SHARED, result_text
from bot.ui.replies import acknowledge_privately, say, tell, words_for
from games.core.errors import IllegalAction

UNDER_WAY = N_("Your attempt at today's {game} deal is under way: {link}")
NOT_READY = N_("This result is not written yet: try again in a moment.")
NO_DAILY = N_("{game} has no daily deal.")


def message_link(guild_id: int | None, channel_id: int, message_id: int) -> str:
    guild = guild_id if guild_id is not None else "@me"
    return f"https://discord.com/channels/{guild}/{channel_id}/{message_id}"


class DailyFlow:
    def __init__(self, registry: SessionRegistry, lobby: LobbyFlow, daily: DailyRepository) -> None:
        self.registry = registry
        self.lobby = lobby
        self.daily = daily
        self._opening: dict[tuple[int, str], asyncio.Lock] = {}
        """A lock for each member's attempt being opened: a second command meanwhile waits,
        then finds the attempt opened."""

    def has_deal(self, adapter: GameAdapter) -> bool:
        return adapter.daily_bots > 0

    def today(self) -> str:
        """The UTC day of the bot's clock."""
        return day_of(self.registry.context.clock.now())

    async def shown_attempt(
        self, interaction: discord.Interaction[Any], adapter: GameAdapter
    ) -> bool:
        """When the member has already opened today's deal of this game (anywhere): tell them
        privately where it is played, or its result; True when told."""
        day, user_id = self.today(), interaction.user.id
        attempt = await self.daily.attempt(day, adapter.kind, user_id)
        if attempt is not None and not attempt.ended and attempt.game_id is None:
            attempt = await self._found_again(attempt, day, adapter.kind, user_id)
        if attempt is None or (not attempt.ended and attempt.game_id is None):
            return False
        if attempt.ended:
            await say(interaction, await self.result(attempt, interaction))
            return True
        assert attempt.game_id is not None
        session = await self.registry.get(attempt.game_id)
        link = session.link() if session is not None else ""
        await tell(interaction, UNDER_WAY, game=adapter.title, link=link)
        return True

    async def _found_again(
        self, attempt: DailyResult, day: str, kind: str, user_id: int
    ) -> DailyResult:
        """A claimed attempt whose game was opened but never linked to it (the process went in
        between), linked now; as it was when there is no such game."""
        game_id = await self.daily.first_game(day, kind, user_id)
        if game_id is None:
            return attempt
        await self.daily.attach(day, kind, user_id, game_id)
        return await self.daily.attempt(day, kind, user_id) or attempt

    async def result(self, attempt: DailyResult, interaction: discord.Interaction[Any]) -> str:
        """The member's result, place and share line, in their words."""
        here, everywhere = await places(self.daily, attempt)
        text = result_text(attempt, here, everywhere, words_for(interaction))
        return f"{text}\n\n{attempt.share}" if attempt.share else text

    async def open(self, interaction: discord.Interaction[Any], adapter: GameAdapter) -> None:
        """The member's attempt at today's deal of `adapter`'s game: claimed, then opened as
        any solo game (in a thread of its own where the server has threads on)."""
        if not self.has_deal(adapter):
            raise IllegalAction(NO_DAILY, game=adapter.title)
        key = (interaction.user.id, adapter.kind)
        lock = self._opening.setdefault(key, asyncio.Lock())
        try:
            async with lock:
                await self._open(interaction, adapter)
        finally:
            if not lock.locked() and self._opening.get(key) is lock:
                del self._opening[key]

    async def _open(self, interaction: discord.Interaction[Any], adapter: GameAdapter) -> None:
        day = self.today()
        user = interaction.user
        claimed = await self.daily.claim(day, adapter.kind, user.id, interaction.guild_id)
        if not claimed and await self.shown_attempt(interaction, adapter):
            return
        try:
            session = await self.lobby.open(
                interaction,
                adapter,
                {},
                bots=[DAILY_LEVEL] * adapter.daily_bots,
                seed=daily_seed(day, adapter.kind),
                daily=day,
            )
        except BaseException:
            await self.daily.release(day, adapter.kind, user.id)
            raise
        await self.daily.attach(day, adapter.kind, user.id, session.record.id)

    async def share(self, session: GameSession, interaction: discord.Interaction[Any]) -> None:
        """Post the attempt's share line in the channel holding the game (the thread's
        parent): only its member may, once."""
        record = session.record
        words = words_for(interaction)
        if interaction.user.id != record.host_id:
            command = words.command(session.adapter.command, "daily")
            name = record.seats[0].name if record.seats else "?"
            raise IllegalAction(NOT_YOURS, name=name, command=command)
        attempt = await self.daily.of_game(record.id)
        if attempt is None or not attempt.ended:
            raise IllegalAction(NOT_READY)
        channel_id = record.parent_id if record.parent_id is not None else record.channel_id
        if attempt.shared_id is not None:
            link = message_link(record.guild_id, channel_id, attempt.shared_id)
            raise IllegalAction(ALREADY_SHARED, link=link)
        # The post may wait for the channel's rate limit longer than a click may go unanswered.
        await acknowledge_privately(interaction)
        client = self.registry.context.client
        channel = client.get_partial_messageable(channel_id, guild_id=record.guild_id)
        posted = await channel.send(attempt.share, allowed_mentions=discord.AllowedMentions.none())
        await self.daily.mark_shared(record.id, posted.id)
        mention = "<#" + str(channel_id) + ">"
        await tell(interaction, SHARED, channel=mention)
