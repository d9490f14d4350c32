"""Opening a game: the lobby's seats and settings, solo games, starting, and rematches.

A game is saved before anything about it is sent, so a restart in between finds it and posts
its message.
"""

from __future__ import annotations

import contextlib
import random
import unicodedata
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import discord

from bot.adapters.base import GameAdapter
from bot.adapters.specs import Form, TextField
from bot.i18n import N_, Words, language_of
from bot.sessions.places import ARCHIVE_MINUTES, place_for
from bot.sessions.registry import SessionRegistry
from bot.sessions.session import GameSession
from bot.storage.games import GuildRepository
from bot.storage.records import SeatRecord
from bot.ui import replies
from bot.ui.card import NOT_OPENED, CardFacts, card_embed, thread_name
from bot.ui.components import Click, GameForm
from bot.ui.lobby_screens import CHOICES_PER_PAGE, settings_panel
from bot.ui.rendering import prepare
from bot.ui.replies import acknowledge, words_for
from games.core.errors import IllegalAction, part

LOBBY_VERBS = frozenset(
    {"join", "leave", "addbot", "removebot", "guest", "seatguest", "settings", "set", "start"}
)
HOST_VERBS = frozenset({"addbot", "removebot", "guest", "seatguest", "settings", "set", "start"})
FORM_VERBS = frozenset({"guest"})
"""Lobby verbs answered with a form."""
SAFE_VERBS = frozenset({"join", "leave", "settings", "set", "guest", "seatguest"})
"""Lobby verbs whose meaning does not depend on what the clicked message showed."""
GUEST_NAME_LIMIT = 32


def bot_seats(adapter: GameAdapter, levels: list[str], taken: set[str]) -> list[SeatRecord]:
    """Bot seats at these levels, named Bot 1, Bot 2… around the names already taken."""
    seats = []
    number = 1
    for level in levels:
        if level not in adapter.bot_levels:
            raise IllegalAction(
                "There is no bot level “{level}”. The levels are: {levels}.",
                level=level,
                levels=", ".join(adapter.bot_levels),
            )
        while f"Bot {number}" in taken:
            number += 1
        taken.add(f"Bot {number}")
        seats.append(SeatRecord(name=f"Bot {number}", bot_level=level))
    return seats


@dataclass(frozen=True)
class Opening:
    """A game about to be opened, before it has a channel."""

    kind: str
    guild_id: int | None
    host_id: int
    seed: int
    seats: list[SeatRecord]
    settings: dict[str, Any]
    language: str
    daily: str | None = None

    async def create(
        self,
        registry: SessionRegistry,
        *,
        channel_id: int,
        parent_id: int | None = None,
        card_id: int | None = None,
    ) -> GameSession:
        return await registry.create(
            kind=self.kind,
            guild_id=self.guild_id,
            channel_id=channel_id,
            host_id=self.host_id,
            seed=self.seed,
            seats=self.seats,
            settings=self.settings,
            language=self.language,
            parent_id=parent_id,
            card_id=card_id,
            daily=self.daily,
        )


class LobbyFlow:
    def __init__(
        self, registry: SessionRegistry, guilds: GuildRepository, seeds: random.Random
    ) -> None:
        self.registry = registry
        self.guilds = guilds
        self.seeds = seeds

    async def language(self, interaction: discord.Interaction[Any]) -> str:
        """The language of a new game's public messages: the server's choice for the bot,
        else the server's Discord language (in a DM, the user's)."""
        if interaction.guild_id is not None:
            chosen = await self.guilds.language(interaction.guild_id)
            if chosen is not None:
                return chosen
            return language_of(str(interaction.guild_locale or ""))
        return language_of(str(interaction.locale))

    async def open(
        self,
        interaction: discord.Interaction[Any],
        adapter: GameAdapter,
        values: dict[str, Any],
        bots: list[str] | None = None,
        *,
        seed: int | None = None,
        daily: str | None = None,
    ) -> GameSession:
        """A lobby (with `bots`, a solo game that starts at once): in a thread of its own
        started from its card in the channel, or else in the channel itself. A `daily` game
        is the member's attempt at that day's deal, dealt from `seed`."""
        settings = adapter.build_settings(values)
        user = interaction.user
        seats = [_member_seat(interaction)]
        if bots is not None:
            if not adapter.has_bots:
                raise IllegalAction("{game} has no bots to play against.", game=adapter.title)
            seats += bot_seats(adapter, bots, {user.display_name})
            adapter.check_table(settings, len(seats))
        assert interaction.channel_id is not None
        place = await place_for(interaction, self.guilds)
        opening = Opening(
            kind=adapter.kind,
            guild_id=interaction.guild_id,
            host_id=user.id,
            seed=self.seeds.getrandbits(62) if seed is None else seed,
            seats=seats,
            settings=settings.model_dump(mode="json"),
            language=await self.language(interaction),
            daily=daily,
        )
        if place.own_thread:
            return await self._open_in_thread(interaction, adapter, opening, solo=bots is not None)
        session = await opening.create(
            self.registry, channel_id=interaction.channel_id, parent_id=place.parent_id
        )
        async with session.lock:
            if bots is not None:
                await session.start()
            await self._send(session, interaction)
        session.wake()
        told = place.told(words_for(interaction))
        if told is not None:
            with contextlib.suppress(discord.HTTPException):
                await interaction.followup.send(told, ephemeral=True)
        return session

    async def _open_in_thread(
        self,
        interaction: discord.Interaction[Any],
        adapter: GameAdapter,
        opening: Opening,
        *,
        solo: bool,
    ) -> GameSession:
        """The game's card answers the command; the game is saved in the thread about to be
        started from the card, the thread is started, and the game shown in it."""
        words = Words(opening.language)
        host = opening.seats[0].name
        facts = CardFacts(
            title=adapter.title,
            host=host,
            status="running" if solo else "lobby",
            players=tuple(seat.name for seat in opening.seats),
            most=adapter.max_seats,
            link=None,
        )
        response = await interaction.response.send_message(embed=card_embed(facts, words))
        card_id = response.message_id
        assert card_id is not None and interaction.channel_id is not None
        name = thread_name(adapter.title, host, words)

        async def shown(session: GameSession) -> CardFacts:
            facts = session.card.facts()
            await interaction.edit_original_response(embed=card_embed(facts, words))
            return facts

        session = await self.in_thread(
            opening, interaction.channel_id, card_id, name, start=solo, shown=shown
        )
        with contextlib.suppress(discord.HTTPException):
            await self.registry.context.client.http.add_user_to_thread(
                session.record.channel_id, opening.host_id
            )
        return session

    async def in_thread(
        self,
        opening: Opening,
        channel_id: int,
        card_id: int,
        name: str,
        *,
        start: bool,
        shown: Callable[[GameSession], Awaitable[CardFacts]] | None = None,
    ) -> GameSession:
        """The game, saved in the thread about to be started from its card `card_id` in
        `channel_id` (a thread started from a message takes the message's id, so that a
        restart in between finds it), started when `start`, then the thread named `name`
        started and the game shown in it. `shown` shows the card as the game then stands (else
        the card is brought up to date in the background)."""
        client = self.registry.context.client
        session = await opening.create(
            self.registry, channel_id=card_id, parent_id=channel_id, card_id=card_id
        )
        card = session.card
        card.opening = True
        facts: CardFacts | None = None
        try:
            if start:
                async with session.lock:
                    await session.start()
            try:
                await client.http.start_thread_with_message(
                    channel_id, card_id, name=name, auto_archive_duration=ARCHIVE_MINUTES
                )
            except discord.HTTPException:
                async with session.lock:
                    await session.abandon(NOT_OPENED)
                raise
            async with session.lock:
                try:
                    await session.display.post(await session.display.current())
                except discord.HTTPException:
                    await session.end(CANCELLED, N_("The game could not be shown here."))
                    raise
            session.wake()
            if shown is not None:
                with contextlib.suppress(discord.HTTPException):
                    facts = await shown(session)
        finally:
            card.opened(facts)
        return session

    async def _send(self, session: GameSession, interaction: discord.Interaction[Any]) -> None:
        """Answer with the game's message; if Discord refuses it, the game is called off so
        that it does not block the channel. One that was not sent for another reason (the bot
        stopping under it, the connection lost) stays saved: it is posted once the bot can."""
        try:
            message = await session.display.current()
            message_id = await replies.send(interaction, **message.send_kwargs())
        except discord.HTTPException:
            await session.end(CANCELLED, N_("The game could not be shown here."))
            raise
        await session.remember_message(message_id)

    # -------------------------------------------------------------------------- clicks

    async def click(
        self, session: GameSession, interaction: discord.Interaction[Any], click: Click
    ) -> None:
        record = session.record
        adapter = session.adapter
        user = interaction.user
        command = click.command
        verb = command.verb
        if verb not in LOBBY_VERBS:
            raise IllegalAction("The game has not started yet.")
        if verb in HOST_VERBS and user.id != record.host_id:
            raise IllegalAction("Only the host can do that.")
        if verb == "settings":
            await self._settings_panel(session, interaction, _number(command.arg))
            return
        if verb == "guest":
            form = guest_form(words_for(interaction))
            await replies.form(interaction, GameForm(form, record.id, record.version))
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
            self._check_room(session)
            record.seats.append(_member_seat(interaction))
        elif verb == "leave":
            self._leave(session, user.id)
        elif verb == "addbot":
            self._check_room(session)
            taken = {seat.name for seat in record.seats}
            record.seats += bot_seats(adapter, [command.value or ""], taken)
        elif verb == "removebot":
            index = _number(command.value or "")
            if not (0 <= index < len(record.seats) and not record.seats[index].is_member):
                raise IllegalAction("That seat is already free.")
            del record.seats[index]
        elif verb == "seatguest":
            self._seat_guest(session, command.fields.get("name", ""))
        if record.seats:
            await session.commit()
        else:
            await session.end(CANCELLED, EVERYONE_LEFT)
        await self._answer_on_lobby(session, interaction)

    def _check_room(self, session: GameSession) -> None:
        if len(session.record.seats) >= session.adapter.max_seats:
            raise IllegalAction(
                "The table is full ({most} players).", most=session.adapter.max_seats
            )

    def _leave(self, session: GameSession, user_id: int) -> None:
        record = session.record
        seat = record.seat_of(user_id)
        if seat is None:
            raise IllegalAction("You are not in this game.")
        del record.seats[seat]
        members = record.members
        if user_id == record.host_id:
            if not members:
                record.seats.clear()
                return
            assert members[0].user_id is not None
            record.host_id = members[0].user_id

    def _seat_guest(self, session: GameSession, name: str) -> None:
        self._check_room(session)
        session.record.seats.append(guest_seat(session.adapter, session.record.seats, name))

    async def leave(self, session: GameSession, interaction: discord.Interaction[Any]) -> None:
        """`/table leave` while the game is in its lobby."""
        self._leave(session, interaction.user.id)
        if not session.record.seats:
            await session.end(CANCELLED, EVERYONE_LEFT)
        else:
            await session.commit()
            await session.display.edit(await session.display.current())

    async def _answer_on_lobby(
        self, session: GameSession, interaction: discord.Interaction[Any]
    ) -> None:
        """Show the lobby through the click: in place when it came from the lobby message,
        else (a form, a panel) by editing the lobby and acknowledging quietly."""
        if not session.record.is_open:
            await acknowledge(interaction)
            return
        message = await session.display.current()
        on_lobby = (
            interaction.message is not None and interaction.message.id == session.record.message_id
        )
        if on_lobby:
            await replies.update(interaction, **message.edit_kwargs())
            return
        await session.display.edit(message)
        if not interaction.response.is_done():
            await acknowledge(interaction)

    async def _settings_panel(
        self, session: GameSession, interaction: discord.Interaction[Any], page: int
    ) -> None:
        record = session.record
        words = words_for(interaction)
        panel = settings_panel(record, session.adapter, session.settings, page, words)
        message = await prepare(panel, record.id, record.version, session.context.pictures)
        if interaction.message is not None and interaction.message.id == record.message_id:
            await replies.send(interaction, **message.send_kwargs(), ephemeral=True)
        else:
            await replies.update(interaction, **message.edit_kwargs())

    async def _set(
        self, session: GameSession, interaction: discord.Interaction[Any], click: Click
    ) -> None:
        record = session.record
        adapter = session.adapter
        key, value = click.command.arg, click.command.value
        if value is None:
            raise IllegalAction("Choose a value from the list.")
        settings = adapter.build_settings(adapter.choose(record.settings, key, value))
        if len(record.seats) >= adapter.min_seats:
            adapter.check_table(settings, len(record.seats))
        record.settings = settings.model_dump(mode="json")
        await session.commit()
        words = words_for(interaction)
        keys = [choice.key for choice in adapter.setting_choices(words)]
        page = keys.index(key) // CHOICES_PER_PAGE if key in keys else 0
        panel = settings_panel(record, adapter, settings, page, words)
        message = await prepare(panel, record.id, record.version, session.context.pictures)
        await replies.update(interaction, **message.edit_kwargs())
        await session.display.edit(await session.display.current())

    async def _start(self, session: GameSession, interaction: discord.Interaction[Any]) -> None:
        record = session.record
        adapter = session.adapter
        count = len(record.seats)
        if not adapter.min_seats <= count <= adapter.max_seats:
            fill = (
                N_("Add a bot or wait for players.")
                if adapter.has_bots
                else N_("Wait for players.")
            )
            needs = part(
                "{game} needs {least} to {most} players; seated: {count}.",
                game=adapter.title,
                least=adapter.min_seats,
                most=adapter.max_seats,
                count=count,
            )
            raise IllegalAction.of([needs, part(fill)])
        adapter.check_table(session.settings, count)
        await session.start()
        message = await session.display.table()
        await session.display.edit(message, interaction)
        await session.remind()

    # ------------------------------------------------------------------------- rematch

    async def rematch(self, old: GameSession, interaction: discord.Interaction[Any]) -> None:
        previous = old.record
        if previous.seat_of(interaction.user.id) is None:
            raise IllegalAction("Only the players of this game can start a rematch.")
        seats = [seat.model_copy(update={"timeouts": 0}) for seat in previous.seats]
        old.adapter.check_table(old.settings, len(seats))
        session = await self.registry.create(
            kind=previous.kind,
            guild_id=previous.guild_id,
            channel_id=previous.channel_id,
            host_id=interaction.user.id,
            seed=self.seeds.getrandbits(62),
            seats=seats,
            settings=previous.settings,
            language=previous.language,
            parent_id=previous.parent_id,
            card_id=previous.card_id,
        )
        async with session.lock:
            await session.start()
            await self._send(session, interaction)
        session.wake()


CANCELLED = N_("cancelled")
EVERYONE_LEFT = N_("Everyone left the lobby.")


def guest_form(words: Words) -> Form:
    return Form(
        title=words("Seat a guest"),
        verb="seatguest",
        fields=[
            TextField(
                key="name",
                label=words("Their name"),
                placeholder=words("Someone at your table who is not on Discord"),
                max_length=GUEST_NAME_LIMIT,
            )
        ],
    )


def guest_seat(adapter: GameAdapter, seats: list[SeatRecord], typed: str) -> SeatRecord:
    """The seat of a guest whose name the host typed; raises `IllegalAction` saying why a
    name cannot be taken."""
    if not adapter.allows_guests:
        raise IllegalAction("{game} has no guest seats.", game=adapter.title)
    name = " ".join(typed.split())
    if not 1 <= len(name) <= GUEST_NAME_LIMIT or not visible(name):
        raise IllegalAction("A guest's name has 1 to {most} characters.", most=GUEST_NAME_LIMIT)
    if name.casefold() in {seat.name.casefold() for seat in seats}:
        raise IllegalAction("Someone at this table is already called {name}.", name=name)
    return SeatRecord(name=name, guest=True)


def _member_seat(interaction: discord.Interaction[Any]) -> SeatRecord:
    user = interaction.user
    return SeatRecord(
        name=user.display_name,
        user_id=user.id,
        language=language_of(str(interaction.locale)),
        avatar=user.avatar.key if user.avatar is not None else None,
    )


def _number(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        return -1


def visible(name: str) -> bool:
    """Whether a name shows anything: a letter, digit, symbol or punctuation mark, not only
    marks, spaces and invisible format characters."""
    return any(unicodedata.category(char)[0] not in "CZM" for char in name)
