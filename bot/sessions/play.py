"""A running game: its players' clicks, and the commands every game shares (show the table
again, leave, cancel, reminders)."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any
from weakref import WeakKeyDictionary

import discord

from bot.adapters import specs
from bot.i18n import N_, Words
from bot.sessions.autoplay import GAME_OVER, NOBODY_LEFT
from bot.sessions.lobby import CANCELLED, LobbyFlow
from bot.sessions.patience import in_time
from bot.sessions.registry import SessionRegistry
from bot.sessions.session import GameSession
from bot.storage.games import ChannelBusy
from bot.storage.records import SeatRecord
from bot.ui import replies
from bot.ui.card import games_listing
from bot.ui.components import Click, GameForm
from bot.ui.names import shown
from bot.ui.replies import tell, words_for
from games.core.errors import IllegalAction

log = logging.getLogger(__name__)

CANCELLED_BY = N_("Cancelled by {who}.")
ALREADY_DONE = N_("Already done: {what}")
CARDS_OUT_OF_DATE = N_("These cards were out of date: here they are as they are now.")


Mine = Callable[[GameSession, discord.Interaction[Any]], bool]
"""Whether a game is the caller's own, for a command that acts on it."""


def seated(session: GameSession, interaction: discord.Interaction[Any]) -> bool:
    return session.record.seat_of(interaction.user.id) is not None


def hosted(session: GameSession, interaction: discord.Interaction[Any]) -> bool:
    return session.record.host_id == interaction.user.id


@dataclass(frozen=True)
class Done:
    """A click that changed the game: its verb, the version it was made at, what it did."""

    verb: str
    version: int
    events: tuple[Any, ...]


def steers(session: GameSession, interaction: discord.Interaction[Any]) -> bool:
    """Whether the user may take the game's irreversible steps: its host, or a manager of
    the server."""
    user = interaction.user
    manager = (
        isinstance(user, discord.Member) and user.guild_permissions.manage_guild
    ) or interaction.permissions.manage_guild
    return user.id == session.record.host_id or manager


class TableFlow:
    def __init__(self, registry: SessionRegistry, lobby: LobbyFlow) -> None:
        self.registry = registry
        self.lobby = lobby
        self._done: WeakKeyDictionary[GameSession, Done] = WeakKeyDictionary()
        """Each game's last click that changed it, to tell a second press of the same
        control (a double click, two players at once) what the first one did."""

    async def channel_session(
        self, interaction: discord.Interaction[Any], mine: Mine | None = None
    ) -> GameSession:
        """The game of the channel (or thread) the command was used in. In a channel whose
        games are played in threads, the caller's own game there (`mine` says which are)
        when there is exactly one; otherwise the caller is told which threads to use."""
        assert interaction.channel_id is not None
        session = await self.registry.in_channel(interaction.channel_id)
        if session is not None:
            return session
        threaded = await self.registry.in_threads_of(interaction.channel_id)
        words = words_for(interaction)
        if not threaded:
            starts = words.listing(
                [words.command(game.adapter.command, "start") for game in self.registry.catalog]
            )
            raise IllegalAction(
                "There is no game in this channel. Start one with {commands}.", commands=starts
            )
        own = [s for s in threaded if mine is not None and mine(s, interaction)]
        if len(own) == 1:
            return own[0]
        links = words.listing([f"<#{s.record.channel_id}>" for s in (own or threaded)])
        if not own and mine is seated:
            raise IllegalAction(
                "You are not playing in any of this channel's games. They are played in their "
                "threads: {links}.",
                links=links,
            )
        raise IllegalAction(
            "This channel's games are played in their threads: use the command in the game's "
            "thread ({links}).",
            links=links,
        )

    # -------------------------------------------------------------------------- clicks

    async def click(
        self, session: GameSession, interaction: discord.Interaction[Any], click: Click
    ) -> None:
        record = session.record
        adapter = session.adapter
        engine = session.engine
        seats = record.seats_played_by(interaction.user.id)
        if click.verb in adapter.host_verbs:
            if not steers(session, interaction):
                raise IllegalAction("Only the host, or someone with Manage Server, can do that.")
            seats = seats or [0]
        if not seats:
            raise IllegalAction("You are not playing in this game.")
        seat = next((s for s in seats if s in engine.to_move), seats[0])
        words = words_for(interaction)
        if on_own_screen(interaction) and await self._screen_outdated(
            session, interaction, click, seat, words
        ):
            return
        outcome = adapter.interpret(engine, seat, click.command, words)
        from_table = interaction.message is not None and interaction.message.id == record.message_id
        if isinstance(outcome, specs.Personal):
            screen = own_screen(session, seat, words)
            message = await session.display.prepared(screen)
            await replies.send(interaction, **message.send_kwargs(), ephemeral=True)
            return
        if isinstance(outcome, specs.Reply):
            await replies.say(interaction, outcome.text)
            return
        if isinstance(outcome, specs.Hint):
            advice = await in_time(coached(session, seat, outcome), interaction)
            await replies.say(interaction, advice)
            return
        if isinstance(outcome, specs.AskText):
            await replies.form(interaction, GameForm(outcome.form, record.id, record.version))
            return
        if isinstance(outcome, specs.Redraw):
            session.mode = outcome.mode
            await session.display.edit(await session.display.table(), interaction)
            return
        version = record.version
        events = await session.apply(seat, outcome.action, by_player=True)
        self._done[session] = Done(click.verb, version, tuple(events))
        if not from_table and interaction.message is not None:
            personal = await session.display.prepared(own_screen(session, seat, words))
            await replies.update(interaction, **personal.edit_kwargs())
        failure = await session.display.show_safely(events, interaction if from_table else None)
        await session.remind()
        await _saved_not_shown(interaction, failure)

    def already_done(
        self, session: GameSession, click: Click, words: Words
    ) -> IllegalAction | None:
        """When `click` (outdated) presses the control that the game's last click pressed,
        on the same version: what that first press did, in the game's words."""
        done = self._done.get(session)
        if done is None or (done.verb, done.version) != (click.verb, click.version):
            return None
        what = " ".join(session.adapter.describe(session.engine, done.events, words))
        return IllegalAction(ALREADY_DONE, what=what) if what else None

    async def _screen_outdated(
        self,
        session: GameSession,
        interaction: discord.Interaction[Any],
        click: Click,
        seat: int,
        words: Words,
    ) -> bool:
        """A click on a player's own screen ("Your cards") that no longer offers it, or
        offers it at an outdated version: that screen is shown as it is now, saying so."""
        record = session.record
        screen = own_screen(session, seat, words)
        current = click.version == record.version or click.verb in session.adapter.safe_verbs
        if current and _offers(screen.rows, click.command):
            return False
        message = await session.display.prepared(screen)
        message = replace(message, content=words(CARDS_OUT_OF_DATE))
        await replies.update(interaction, **message.edit_kwargs())
        return True

    # ------------------------------------------------------------------ slash commands

    async def show_table(self, interaction: discord.Interaction[Any]) -> None:
        """Post the game's message again at the bottom of the channel; the old one points to
        it. Anything the game was waiting on (a bot, a redraw) is woken. In a channel whose
        games are played in threads, the caller is shown those games privately."""
        assert interaction.channel_id is not None
        if await self.registry.in_channel(interaction.channel_id) is None:
            threaded = await self.registry.in_threads_of(interaction.channel_id)
            if threaded:
                words = words_for(interaction)
                listing = games_listing([s.card.facts() for s in threaded], words)
                await interaction.response.send_message(embed=listing, ephemeral=True)
                return
        session = await self.channel_session(interaction)
        old: int | None = None
        try:
            async with session.lock:
                record = session.record
                old = record.message_id
                message = await session.display.current()
                response = await interaction.response.send_message(**message.send_kwargs())
                assert response.message_id is not None
                await session.remember_message(response.message_id)
                session.display.stale = False
                moved = discord.Embed(
                    description=session.words("The table moved: {link}", link=session.link())
                )
                told = session.display.refusal(words_for(interaction))
                if told is not None:
                    await replies.say(interaction, told)
        finally:
            session.wake()
        if old is not None:
            # Outside the game's lock: the old message's edit may wait for the bot's budget,
            # and the game's next click must not wait with it.
            with contextlib.suppress(discord.HTTPException):
                await session.channel.get_partial_message(old).edit(
                    embed=moved, view=None, content=None, attachments=[]
                )

    async def leave(self, interaction: discord.Interaction[Any]) -> None:
        session = await self.channel_session(interaction, seated)
        async with session.lock:
            if session.record.status == "lobby":
                await self.lobby.leave(session, interaction)
                await tell(interaction, "You left the game.")
                return
            await self._leave_running(session, interaction)
        session.wake()

    async def _leave_running(
        self, session: GameSession, interaction: discord.Interaction[Any]
    ) -> None:
        record = session.record
        adapter = session.adapter
        user = interaction.user
        seat = record.seat_of(user.id)
        if seat is None:
            raise IllegalAction("You are not in this game.")
        name = record.seats[seat].name
        if adapter.takeover_level is not None:
            record.seats[seat] = SeatRecord(
                name=name, bot_level=adapter.takeover_level, left_by=user.id
            )
            session.note("🤖 {name} left: a bot takes the seat.", name=shown(name))
            said = N_("You left the game; a bot plays your seat.")
        else:
            record.seats[seat] = SeatRecord(name=name, guest=True, left_by=user.id)
            session.note("{name} left: the host plays their seat.", name=shown(name))
            said = N_("You left the game; the host plays your seat.")
        members = record.members
        if not members:
            await session.end(GAME_OVER, NOBODY_LEFT)
            if record.daily is not None:
                await tell(interaction, "You left today's deal: your scores as they stand count.")
            else:
                await tell(interaction, "You left; with no player left, the game ends.")
            return
        if user.id == record.host_id:
            assert members[0].user_id is not None
            record.host_id = members[0].user_id
        await session.commit()
        await session.display.show_safely([])
        await tell(interaction, said)

    async def reopen(
        self, session: GameSession, interaction: discord.Interaction[Any], click: Click
    ) -> None:
        """Reopen a finished game from its standings (to correct it), which takes its results
        back: the host's, or a manager's, while the game allows it."""
        if not steers(session, interaction):
            raise IllegalAction(
                "Only the host, or someone with Manage Server, can reopen a finished game."
            )
        if not session.reopenable():
            with contextlib.suppress(discord.HTTPException):
                await session.display.edit(await session.display.final())
            raise IllegalAction("The time to correct this game is over.")
        record = session.record
        seat = record.seat_of(interaction.user.id)
        seat = 0 if seat is None else seat
        words = words_for(interaction)
        outcome = session.adapter.interpret(session.engine, seat, click.command, words)
        if not isinstance(outcome, specs.Play):
            raise IllegalAction("That button is not part of this game.")
        try:
            events = await session.apply(seat, outcome.action, by_player=True)
        except ChannelBusy:
            raise IllegalAction(
                "Another game is open in this channel now: this one can no longer be reopened."
            ) from None
        await _saved_not_shown(interaction, await session.display.show_safely(events, interaction))

    async def cancel(
        self,
        interaction: discord.Interaction[Any],
        session: GameSession | None = None,
    ) -> None:
        """Cancel the channel's game (or `session`, clicked on its message)."""
        via_message = session is not None
        session = session or await self.channel_session(interaction, hosted)
        user = interaction.user
        if not steers(session, interaction):
            raise IllegalAction("Only the host, or someone with Manage Server, can cancel a game.")
        if via_message:
            await session.end(CANCELLED, CANCELLED_BY, interaction, who=user.mention)
        else:
            async with session.lock:
                await session.end(CANCELLED, CANCELLED_BY, who=user.mention)
            if session.record.status == "finished":
                await tell(interaction, "Today's deal ends here: the scores as they stand count.")
            else:
                await tell(interaction, "The game is cancelled.")
        if session.display.unchecked:
            await session.display.sweep()

    async def toggle_reminders(self, interaction: discord.Interaction[Any]) -> None:
        session = await self.channel_session(interaction, seated)
        async with session.lock:
            seat = session.record.seat_of(interaction.user.id)
            if seat is None:
                raise IllegalAction("You are not playing in this channel's game.")
            record = session.record.seats[seat]
            record.reminders = not record.reminders
            await session.keep()
            if record.reminders:
                await tell(
                    interaction, "Turn reminders are on: I will DM you when it is your turn."
                )
            else:
                await tell(interaction, "Turn reminders are off.")


async def _saved_not_shown(
    interaction: discord.Interaction[Any], failure: Exception | None
) -> None:
    """After a move saved but not shown (`failure`), tell its player it counts, blaming Discord
    only when Discord refused."""
    if failure is None or interaction.response.is_done():
        return
    told = (
        replies.SAVED_NOT_SHOWN
        if isinstance(failure, discord.HTTPException)
        else replies.APOLOGY_SAVED
    )
    await tell(interaction, told, command=words_for(interaction).command("table", "show"))


async def coached(session: GameSession, seat: int, hint: specs.Hint) -> str:
    """The coach's advice to `seat`: the move of the bot of the level the server chose, chosen
    off the event loop (an expert's move costs tens of milliseconds), and why."""
    adapter = session.adapter
    chosen = await session.context.guilds.coach(session.record.guild_id)
    level = adapter.coach_level(chosen)
    action = await session.context.brains.choose(adapter, session.engine, seat, level, hint.seed)
    return hint.explain(action)


def own_screen(session: GameSession, seat: int, words: Words) -> specs.Screen:
    """The seat's own screen, its pictures drawing the members' avatars as the table's do."""
    adapter = session.adapter
    return adapter.personal(session.record, session.engine, seat, words, session.context.avatars)


def on_own_screen(interaction: discord.Interaction[Any]) -> bool:
    """The click came from a message only the clicking user sees (their own cards)."""
    message = interaction.message
    return message is not None and message.flags.ephemeral


def _offers(rows: Sequence[specs.Row], command: specs.Command) -> bool:
    """Whether these rows hold an enabled control for `command`."""
    for row in rows:
        controls = [row] if isinstance(row, specs.SelectSpec) else row
        for control in controls:
            if (control.verb, control.arg) == (command.verb, command.arg) and not control.disabled:
                return True
    return False
