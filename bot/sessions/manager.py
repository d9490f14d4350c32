"""All sessions of the bot: found by game id, one lock each, restored after a restart.

Slash commands and component clicks arrive here; each is checked (who, which game, which
version), applied under the game's lock, committed, and only then answered.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
from collections.abc import Coroutine
from typing import Any

import discord

from bot.adapters.base import GameAdapter, Personal, Play, Redraw, adapter_for
from bot.sessions.clock import Clock, SystemClock
from bot.sessions.session import GameSession
from bot.storage.games import ChannelBusy, GameRepository
from bot.storage.records import SeatRecord
from bot.ui import replies
from bot.ui.components import Click, screen_kwargs
from bot.ui.lobby_screens import CHOICES_PER_PAGE, lobby_screen, settings_panel
from games.core.errors import GameError, IllegalAction

log = logging.getLogger(__name__)

LOBBY_VERBS = frozenset(
    {"join", "leave", "addbot", "removebot", "settings", "set", "start", "cancel"}
)
HOST_VERBS = frozenset({"addbot", "removebot", "settings", "set", "start"})


async def tell(interaction: discord.Interaction[Any], text: str) -> None:
    """A short reply only the clicking user sees."""
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True)


class Sessions:
    def __init__(
        self,
        client: discord.Client,
        games: GameRepository,
        *,
        bot_delay: float = 1.0,
        clock: Clock | None = None,
        seeds: random.Random | None = None,
    ) -> None:
        self.client = client
        self.games = games
        self.bot_delay = bot_delay
        self._pauses = random.Random()
        self.clock: Clock = clock or SystemClock()
        self._seeds = seeds or random.SystemRandom()
        self._sessions: dict[int, GameSession] = {}
        self._tasks: set[asyncio.Task[None]] = set()

    # ------------------------------------------------------------------------ lifetime

    def bot_pause(self) -> float:
        """How long a bot waits before its move: about `bot_delay`, varied so that bots of
        many games do not all move in the same instant."""
        return self.bot_delay * self._pauses.uniform(0.7, 1.3)

    def spawn(self, coroutine: Coroutine[Any, Any, None], name: str) -> asyncio.Task[None]:
        task = asyncio.get_running_loop().create_task(coroutine, name=name)
        self._tasks.add(task)
        task.add_done_callback(self._finished)
        return task

    def _finished(self, task: asyncio.Task[None]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("Background task %s failed", task.get_name(), exc_info=task.exception())

    async def restore(self) -> int:
        """Resume every open game: bots to move play on, turn timers are armed again."""
        games = await self.games.open_games()
        for record in games:
            self._sessions[record.id] = GameSession(self, record)
            if record.status == "running":
                self._sessions[record.id].wake()
        return len(games)

    async def close(self) -> None:
        for session in self._sessions.values():
            session.stop()
        tasks = list(self._tasks)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    async def session(self, game_id: int) -> GameSession | None:
        session = self._sessions.get(game_id)
        if session is None:
            record = await self.games.get(game_id)
            if record is None:
                return None
            session = self._sessions[game_id] = GameSession(self, record)
        return session

    async def in_channel(self, channel_id: int) -> GameSession | None:
        record = await self.games.open_in_channel(channel_id)
        return None if record is None else await self.session(record.id)

    @property
    def running(self) -> list[GameSession]:
        return [s for s in self._sessions.values() if s.record.status == "running"]

    # ------------------------------------------------------------------ slash commands

    async def open_lobby(
        self,
        interaction: discord.Interaction[Any],
        adapter: GameAdapter,
        values: dict[str, Any],
        bots: list[str] | None = None,
    ) -> None:
        """A lobby in this channel; with `bots`, a solo game that starts at once."""
        settings = adapter.build_settings(values)
        user = interaction.user
        seats = [SeatRecord(name=user.display_name, user_id=user.id)]
        for number, level in enumerate(bots or [], start=1):
            seats.append(SeatRecord(name=f"Bot {number}", bot_level=level))
        if bots is not None:
            adapter.check_table(settings, len(seats))
        channel_id = interaction.channel_id
        assert channel_id is not None
        try:
            record = await self.games.create(
                guild_id=interaction.guild_id,
                channel_id=channel_id,
                kind=adapter.kind,
                host_id=user.id,
                seed=self._seeds.getrandbits(62),
                seats=seats,
                settings=settings.model_dump(mode="json"),
            )
        except ChannelBusy as busy:
            running = await self.session(busy.game.id)
            where = running.link() if running else "this channel"
            raise IllegalAction(f"A game is already open in this channel: {where}") from None
        session = self._sessions[record.id] = GameSession(self, record)
        async with session.lock:
            if bots is None:
                screen = lobby_screen(record, adapter, settings)
                kwargs = screen_kwargs(screen, record.id, record.version)
            else:
                session.start_engine()
                kwargs = session.table_kwargs()
            response = await interaction.response.send_message(**kwargs)
            record.message_id = response.message_id
            await session.save()
        session.wake()

    async def show_table(self, interaction: discord.Interaction[Any]) -> None:
        """Post the table again at the bottom of the channel; the old message points to it."""
        session = await self._channel_session(interaction)
        async with session.lock:
            record = session.record
            if record.status == "lobby":
                await tell(interaction, f"The game has not started yet: {session.link()}")
                return
            old = record.message_id
            response = await interaction.response.send_message(**session.table_kwargs())
            record.message_id = response.message_id
            await session.save()
            if old is not None:
                moved = discord.Embed(description=f"The table moved: {session.link()}")
                with contextlib.suppress(discord.NotFound):
                    await session.channel.get_partial_message(old).edit(
                        embed=moved, view=None, content=None
                    )

    async def leave(self, interaction: discord.Interaction[Any]) -> None:
        session = await self._channel_session(interaction)
        async with session.lock:
            await self._leave(session, interaction, from_lobby_message=False)
        session.wake()

    async def cancel(self, interaction: discord.Interaction[Any]) -> None:
        session = await self._channel_session(interaction)
        async with session.lock:
            await self._cancel(session, interaction, from_lobby_message=False)

    async def toggle_reminders(self, interaction: discord.Interaction[Any]) -> None:
        session = await self._channel_session(interaction)
        async with session.lock:
            seat = session.record.seat_of(interaction.user.id)
            if seat is None:
                raise IllegalAction("You are not playing in this channel's game.")
            record = session.record.seats[seat]
            record.reminders = not record.reminders
            await session.save()
            state = "on: I will DM you when it is your turn" if record.reminders else "off"
            await tell(interaction, f"Turn reminders are {state}.")

    async def _channel_session(self, interaction: discord.Interaction[Any]) -> GameSession:
        assert interaction.channel_id is not None
        session = await self.in_channel(interaction.channel_id)
        if session is None:
            raise IllegalAction("There is no game in this channel. Start one with /skyjo start.")
        return session

    # ---------------------------------------------------------------------- components

    async def click(self, interaction: discord.Interaction[Any], click: Click) -> None:
        session = await self.session(click.game_id)
        try:
            if session is None:
                raise IllegalAction("This game no longer exists.")
            async with session.lock:
                await self._click(session, interaction, click)
            session.wake()
        except GameError as error:
            await tell(interaction, error.message)
        except discord.Forbidden as error:
            await tell(interaction, replies.forbidden(error))
        except Exception:
            log.exception("Click %s failed", click)
            if session is not None:
                async with session.lock:
                    await session.restore_saved()
            await tell(interaction, replies.APOLOGY)

    async def _click(
        self, session: GameSession, interaction: discord.Interaction[Any], click: Click
    ) -> None:
        record = session.record
        if record.status in ("finished", "cancelled"):
            if click.verb == "rematch" and record.status == "finished":
                await self._rematch(session, interaction)
                return
            raise IllegalAction("This game has ended.")
        if record.status == "lobby":
            await self._lobby_click(session, interaction, click)
            return
        await self._play_click(session, interaction, click)

    # ---------------------------------------------------------------------------- lobby

    async def _lobby_click(
        self, session: GameSession, interaction: discord.Interaction[Any], click: Click
    ) -> None:
        record = session.record
        adapter = session.adapter
        user = interaction.user
        verb = click.verb
        if verb not in LOBBY_VERBS:
            raise IllegalAction("The game has not started yet.")
        if verb in HOST_VERBS and user.id != record.host_id:
            raise IllegalAction("Only the host can do that.")
        if verb == "cancel":
            await self._cancel(session, interaction, from_lobby_message=True)
            return
        if verb == "leave":
            await self._leave(session, interaction, from_lobby_message=True)
            return
        if verb == "settings":
            panel = settings_panel(record, adapter, session.settings, _page(click.arg))
            kwargs = screen_kwargs(panel, record.id, record.version)
            if interaction.message is not None and interaction.message.id == record.message_id:
                await interaction.response.send_message(**kwargs, ephemeral=True)
            else:
                await interaction.response.edit_message(**kwargs)
            return
        if verb == "set":
            await self._set(session, interaction, click)
            return
        if verb == "start":
            await self._start(session, interaction)
            return
        if verb == "join":
            if record.seat_of(user.id) is not None:
                raise IllegalAction("You are already in this game.")
            if len(record.seats) >= adapter.max_seats:
                raise IllegalAction(f"The table is full ({adapter.max_seats} players).")
            record.seats.append(SeatRecord(name=user.display_name, user_id=user.id))
        elif verb == "addbot":
            level = click.value or ""
            if level not in adapter.bot_levels:
                raise IllegalAction("Choose a bot level from the list.")
            if len(record.seats) >= adapter.max_seats:
                raise IllegalAction(f"The table is full ({adapter.max_seats} players).")
            number = sum(seat.is_bot for seat in record.seats) + 1
            names = {seat.name for seat in record.seats}
            while f"Bot {number}" in names:
                number += 1
            record.seats.append(SeatRecord(name=f"Bot {number}", bot_level=level))
        elif verb == "removebot":
            index = _page(click.value or "")
            if not (0 <= index < len(record.seats) and record.seats[index].is_bot):
                raise IllegalAction("That bot has already left.")
            del record.seats[index]
        record.version += 1
        await session.save()
        lobby = lobby_screen(record, adapter, session.settings)
        await interaction.response.edit_message(**screen_kwargs(lobby, record.id, record.version))

    async def _set(
        self, session: GameSession, interaction: discord.Interaction[Any], click: Click
    ) -> None:
        record = session.record
        adapter = session.adapter
        if click.value is None:
            raise IllegalAction("Choose a value from the list.")
        values = adapter.choose(record.settings, click.arg, click.value)
        settings = adapter.build_settings(values)
        if len(record.seats) >= adapter.min_seats:
            adapter.check_table(settings, len(record.seats))
        record.settings = settings.model_dump(mode="json")
        record.version += 1
        await session.save()
        page = next(
            (
                i // CHOICES_PER_PAGE
                for i, choice in enumerate(adapter.setting_choices())
                if choice.key == click.arg
            ),
            0,
        )
        panel = settings_panel(record, adapter, settings, page)
        await interaction.response.edit_message(**screen_kwargs(panel, record.id, record.version))
        lobby = lobby_screen(record, adapter, settings)
        await session.edit_message(screen_kwargs(lobby, record.id, record.version))

    async def _start(self, session: GameSession, interaction: discord.Interaction[Any]) -> None:
        record = session.record
        adapter = session.adapter
        count = len(record.seats)
        if not adapter.min_seats <= count <= adapter.max_seats:
            raise IllegalAction(
                f"{adapter.title} needs {adapter.min_seats} to {adapter.max_seats} players; "
                f"there {'is' if count == 1 else 'are'} {count}. Add a bot or wait for players."
            )
        adapter.check_table(session.settings, count)
        session.start_engine()
        try:
            await session.save()
        except Exception:
            await session.restore_saved()
            raise
        await interaction.response.edit_message(**session.table_kwargs())
        await session.remind()

    async def _leave(
        self,
        session: GameSession,
        interaction: discord.Interaction[Any],
        *,
        from_lobby_message: bool,
    ) -> None:
        record = session.record
        user = interaction.user
        seat = record.seat_of(user.id)
        if seat is None:
            raise IllegalAction("You are not in this game.")
        name = record.seats[seat].name
        if record.status == "lobby":
            del record.seats[seat]
            if user.id == record.host_id:
                humans = record.humans
                if not humans:
                    await self._cancel(session, interaction, from_lobby_message=from_lobby_message)
                    return
                assert humans[0].user_id is not None
                record.host_id = humans[0].user_id
            record.version += 1
            await session.save()
            lobby = screen_kwargs(
                lobby_screen(record, session.adapter, session.settings), record.id, record.version
            )
            if from_lobby_message:
                await interaction.response.edit_message(**lobby)
            else:
                await session.edit_message(lobby)
                await tell(interaction, "You left the game.")
            return
        record.seats[seat] = SeatRecord(name=name, bot_level="normal")
        session.log.append(f"🤖 {name} left: a bot takes the seat.")
        if not record.humans:
            await session.abandon()
            await tell(interaction, "You left; with no human player left, the game ends.")
            return
        record.version += 1
        await session.save()
        await session.edit_message(session.table_kwargs())
        await tell(interaction, "You left the game; a bot plays your seat.")

    async def _cancel(
        self,
        session: GameSession,
        interaction: discord.Interaction[Any],
        *,
        from_lobby_message: bool,
    ) -> None:
        record = session.record
        user = interaction.user
        manager = isinstance(user, discord.Member) and user.guild_permissions.manage_guild
        permissions = interaction.permissions
        if user.id != record.host_id and not manager and not permissions.manage_guild:
            raise IllegalAction("Only the host, or someone with Manage Server, can cancel a game.")
        record.status = "cancelled"
        record.deadline = None
        record.version += 1
        await session.save()
        session.stop()
        embed = discord.Embed(
            title=f"{session.adapter.title} · cancelled",
            description=f"Cancelled by {user.mention}.",
        )
        kwargs: dict[str, Any] = {"embed": embed, "view": None, "content": None}
        if from_lobby_message:
            await interaction.response.edit_message(**kwargs)
        else:
            await session.edit_message(kwargs)
            await tell(interaction, "The game is cancelled.")

    # ----------------------------------------------------------------------------- play

    async def _play_click(
        self, session: GameSession, interaction: discord.Interaction[Any], click: Click
    ) -> None:
        record = session.record
        adapter = session.adapter
        seat = record.seat_of(interaction.user.id)
        if seat is None:
            raise IllegalAction("You are not playing in this game.")
        if click.verb in adapter.strict_verbs and click.version != record.version:
            raise IllegalAction(f"That table is out of date. The current one: {session.link()}")
        outcome = adapter.interpret(session.engine, seat, click.verb, click.arg)
        if isinstance(outcome, Personal):
            screen = adapter.personal(record, session.engine, seat)
            kwargs = screen_kwargs(screen, record.id, record.version)
            await interaction.response.send_message(**kwargs, ephemeral=True)
            return
        if isinstance(outcome, Redraw):
            session.mode = outcome.mode
            await interaction.response.edit_message(**session.table_kwargs())
            return
        assert isinstance(outcome, Play)
        events = await session.apply(seat, outcome.action)
        if record.seats[seat].timeouts:
            record.seats[seat].timeouts = 0
            await session.save()
        from_table = interaction.message is not None and interaction.message.id == record.message_id
        if not from_table:
            personal = adapter.personal(record, session.engine, seat)
            await interaction.response.edit_message(
                **screen_kwargs(personal, record.id, record.version)
            )
        await session.show(events, interaction if from_table else None)
        await session.remind()

    async def _rematch(self, old: GameSession, interaction: discord.Interaction[Any]) -> None:
        previous = old.record
        if previous.seat_of(interaction.user.id) is None:
            raise IllegalAction("Only the players of this game can start a rematch.")
        adapter: GameAdapter = adapter_for(previous.kind)
        seats = [seat.model_copy(update={"timeouts": 0}) for seat in previous.seats]
        try:
            record = await self.games.create(
                guild_id=previous.guild_id,
                channel_id=previous.channel_id,
                kind=previous.kind,
                host_id=interaction.user.id,
                seed=self._seeds.getrandbits(62),
                seats=seats,
                settings=previous.settings,
            )
        except ChannelBusy as busy:
            running = await self.session(busy.game.id)
            where = running.link() if running else "this channel"
            raise IllegalAction(f"A game is already open in this channel: {where}") from None
        session = self._sessions[record.id] = GameSession(self, record)
        async with session.lock:
            adapter.check_table(session.settings, len(record.seats))
            session.start_engine()
            response = await interaction.response.send_message(**session.table_kwargs())
            record.message_id = response.message_id
            await session.save()
        session.wake()


def _page(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        return -1
