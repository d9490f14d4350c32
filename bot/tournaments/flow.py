"""A server's tournament, from sign-up to its champion: the card's buttons, the rounds drawn
(Swiss, `games.swiss`) and opened as games in threads of their own, each round's end found from
its games' ends, the time limit, and a restart in the middle of any of it.

Everything is read from storage under the tournament's lock and written back before anything is
shown: a round is drawn in the transaction that moves the tournament to it, over the version
read, so that it is drawn once whoever tries (a click, a timer, a restart, a game's end).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import re
from collections import defaultdict
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import discord

from bot.adapters.base import GameAdapter
from bot.budget import Priority, priority
from bot.catalog import Catalog
from bot.i18n import N_, Words
from bot.sessions import posting
from bot.sessions.display import nonce
from bot.sessions.lobby import Opening, bot_seats
from bot.sessions.places import THREADED
from bot.sessions.router import Sessions
from bot.storage.records import SeatRecord
from bot.storage.tournaments import (
    AlreadyIn,
    DrawnTable,
    Entrant,
    StaleTournament,
    TournamentRecord,
    TournamentRepository,
)
from bot.tournaments import screens
from bot.tournaments.screens import Progress
from bot.ui import replies
from bot.ui.card import CardFacts, card_embed
from bot.ui.lobby_screens import level_name
from bot.ui.names import shown
from bot.ui.rendering import Message
from bot.ui.replies import say, words_for
from games.core.errors import GameError, IllegalAction
from games.swiss import RoundRecord, Standing, Table, TableResult, draw_round, standings

log = logging.getLogger(__name__)

CLICK = re.compile(r"skyt:(?P<id>[0-9]{1,18}):(?P<verb>[a-z]{1,16})")
MOST_TABLES = 16
"""The most tables a round opens: a tournament takes at most this many tables' players."""
MOST_ROUNDS = 9
MIN_PLAYERS = 2
TAKEN_OVER = N_("⏰ The round's time is up: bots finish the game for {names}.")

Verb = Callable[["TournamentFlow", discord.Interaction[Any], TournamentRecord], Awaitable[None]]
Said = tuple[str, dict[str, Any]]
"""What the organiser is told: a catalog message and its values."""
Action = Callable[["TournamentFlow", TournamentRecord, Any], Awaitable[Said]]


class TournamentFlow:
    def __init__(
        self,
        sessions: Sessions,
        repository: TournamentRepository,
        catalog: Catalog,
        seeds: random.Random | None = None,
    ) -> None:
        self.sessions = sessions
        self.context = sessions.context
        self.repository = repository
        self.catalog = catalog
        self.seeds = seeds or random.SystemRandom()
        self._locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
        self._timers: dict[int, asyncio.Task[None]] = {}
        self._card_stale: set[int] = set()
        self._card_tasks: dict[int, asyncio.Task[None]] = {}
        self._card_shown: dict[int, posting.Appearance] = {}
        self._opening: dict[int, int] = {}
        """Tables of the round under way opened so far, while its tables are being opened."""
        self.context.endings.append(self._game_ended)

    @property
    def busy(self) -> bool:
        """Opening a round's tables, or moving a tournament on (under its lock)."""
        return bool(self._opening) or any(lock.locked() for lock in self._locks.values())

    # ------------------------------------------------------------------ commands

    async def create(
        self,
        interaction: discord.Interaction[Any],
        adapter: GameAdapter,
        *,
        rounds: int,
        seats: int,
        level: str,
        minutes: int,
        starts_in: int | None,
        values: dict[str, Any],
    ) -> None:
        guild_id, channel_id = interaction.guild_id, interaction.channel_id
        if guild_id is None or channel_id is None:
            raise IllegalAction("Tournaments are played in a server's channel.")
        if getattr(interaction.channel, "type", None) not in THREADED:
            raise IllegalAction(
                "Tournaments are played in a text channel, each table in a thread of its own."
            )
        await self._check_organiser(interaction, guild_id)
        if not await self.sessions.guilds.threads(guild_id):
            raise IllegalAction(
                "This server plays its games in their channels ({command}): a tournament "
                "needs a thread for each table.",
                command=words_for(interaction).command("table", "threads"),
            )
        if not 1 <= rounds <= MOST_ROUNDS:
            raise IllegalAction("A tournament has 1 to {most} rounds.", most=MOST_ROUNDS)
        least, most = max(2, adapter.min_seats), min(8, adapter.max_seats)
        if not least <= seats <= most:
            raise IllegalAction(
                "{game} tables seat {least} to {most} players.",
                game=adapter.title,
                least=least,
                most=most,
            )
        if level not in adapter.bot_levels:
            raise IllegalAction(
                "There is no bot level “{level}”. The levels are: {levels}.",
                level=level,
                levels=", ".join(adapter.bot_levels),
            )
        settings = adapter.build_settings({k: v for k, v in values.items() if v is not None})
        adapter.check_table(settings, seats)
        if await self.repository.live_in_channel(channel_id) is not None:
            raise IllegalAction("A tournament is already under way in this channel.")
        starts_at = self.context.clock.now() + starts_in * 60 if starts_in else None
        tournament = await self.repository.create(
            guild_id=guild_id,
            channel_id=channel_id,
            organiser_id=interaction.user.id,
            kind=adapter.kind,
            settings=settings.model_dump(mode="json"),
            rounds=rounds,
            seats=seats,
            bot_level=level,
            round_minutes=minutes,
            starts_at=starts_at,
            language=await self.sessions.lobby.language(interaction),
        )
        message = await self._card(tournament)
        response = await interaction.response.send_message(**message.send_kwargs())
        tournament.card_id = response.message_id
        await self.repository.save(tournament, over=tournament.version)
        self._schedule(tournament)

    async def _check_organiser(self, interaction: discord.Interaction[Any], guild_id: int) -> None:
        permissions = interaction.permissions
        if permissions.manage_events or permissions.administrator:
            return
        role = await self.repository.role(guild_id)
        roles = getattr(interaction.user, "roles", ())
        if role is not None and any(held.id == role for held in roles):
            return
        raise IllegalAction(
            "Creating a tournament takes Manage Events, or the role the server names for it."
        )

    async def leave(self, interaction: discord.Interaction[Any]) -> None:
        """`/tournament leave`: the member leaves this channel's tournament."""
        tournament = await self._in_channel(interaction)
        async with self._locks[tournament.id]:
            tournament = await self._fresh(tournament.id)
            await self._leave(interaction, tournament)

    async def _in_channel(self, interaction: discord.Interaction[Any]) -> TournamentRecord:
        channel_id = interaction.channel_id
        found = None if channel_id is None else await self.repository.live_in_channel(channel_id)
        if found is None:
            raise IllegalAction("No tournament is under way in this channel.")
        return found

    async def _fresh(self, tournament_id: int) -> TournamentRecord:
        found = await self.repository.get(tournament_id)
        if found is None:
            raise IllegalAction("This tournament no longer exists.")
        return found

    # ------------------------------------------------------------------- clicks

    @staticmethod
    def handles(interaction: discord.Interaction[Any]) -> bool:
        data: Any = interaction.data or {}
        return interaction.type is discord.InteractionType.component and str(
            data.get("custom_id", "")
        ).startswith("skyt:")

    async def click(self, interaction: discord.Interaction[Any]) -> None:
        data: Any = interaction.data or {}
        match = CLICK.fullmatch(str(data.get("custom_id", "")))
        verb = None if match is None else VERBS.get(match["verb"])
        try:
            if match is None or verb is None:
                raise IllegalAction("That button is not part of this tournament.")
            tournament_id = int(match["id"])
            async with self._locks[tournament_id]:
                tournament = await self._fresh(tournament_id)
                if tournament.channel_id != interaction.channel_id:
                    raise IllegalAction("That button is not part of this tournament.")
                await verb(self, interaction, tournament)
        except GameError as error:
            with contextlib.suppress(discord.HTTPException):
                await say(interaction, words_for(interaction).error(error))
        except Exception:
            log.exception("Tournament click %s failed", data.get("custom_id"))
            with contextlib.suppress(discord.HTTPException):
                await say(interaction, words_for(interaction)(replies.APOLOGY))

    async def _join(self, interaction: discord.Interaction[Any], t: TournamentRecord) -> None:
        if t.status != "signup":
            raise IllegalAction("The tournament has started: ask the organiser to add you.")
        user = interaction.user
        entrants = await self.repository.entrants(t.id)
        if any(entrant.user_id == user.id for entrant in entrants):
            raise IllegalAction("You are already signed up.")
        if len(entrants) >= MOST_TABLES * t.seats:
            raise IllegalAction(
                "The tournament is full ({most} players).", most=MOST_TABLES * t.seats
            )
        if await self.repository.playing_elsewhere(user.id, t.id) is not None:
            raise IllegalAction("You are playing at a table of another tournament.")
        rating = await self.repository.rating(t.guild_id, t.kind, user.id)
        try:
            await self.repository.join(t.id, Entrant(user.id, user.display_name, rating))
        except AlreadyIn:
            raise IllegalAction("You are already signed up.") from None
        await self._show_card_through(interaction, t)

    async def _leave_click(
        self, interaction: discord.Interaction[Any], t: TournamentRecord
    ) -> None:
        await self._leave(interaction, t, on_card=True)

    async def _leave(
        self, interaction: discord.Interaction[Any], t: TournamentRecord, *, on_card: bool = False
    ) -> None:
        user_id = interaction.user.id
        if t.status == "signup":
            if not await self.repository.withdraw(t.id, user_id):
                raise IllegalAction("You are not signed up.")
        else:
            entrant = next(
                (e for e in await self.repository.entrants(t.id) if e.user_id == user_id), None
            )
            if entrant is None or entrant.left_after is not None:
                raise IllegalAction("You are not playing in this tournament.")
            if await self._seated_and_playing(t, user_id):
                raise IllegalAction("Finish your game first: players leave between rounds.")
            await self.repository.leave(t.id, user_id, t.round)
        if on_card:
            await self._show_card_through(interaction, t)
        else:
            await replies.tell(interaction, "You left the tournament.")
            self._card_later(t.id)

    async def _seated_and_playing(self, t: TournamentRecord, user_id: int) -> bool:
        for table in await self.repository.tables(t.id, t.round):
            if user_id in table.members and not table.over:
                return True
        return False

    async def _start(self, interaction: discord.Interaction[Any], t: TournamentRecord) -> None:
        if interaction.user.id != t.organiser_id:
            raise IllegalAction("Only the organiser can start the tournament.")
        if t.status != "signup":
            raise IllegalAction("The tournament has already started.")
        entrants = await self.repository.entrants(t.id)
        if len(entrants) < MIN_PLAYERS:
            raise IllegalAction(
                "A tournament needs at least {least} players; signed up: {count}.",
                least=MIN_PLAYERS,
                count=len(entrants),
            )
        await self._next_round(t, entrants)
        await self._show_card_through(interaction, t)

    # ------------------------------------------------------------------- rounds

    async def _next_round(self, t: TournamentRecord, entrants: Sequence[Entrant]) -> None:
        """Draw the next round and open its tables; under the tournament's lock."""
        adapter = self.catalog.require(t.kind)
        number = t.round + 1
        players = [e.user_id for e in entrants if e.plays_in(number)]
        history = await self._history(t.id)
        tables = draw_round(
            players,
            t.seats,
            ratings={e.user_id: e.rating for e in entrants},
            history=history,
            high_score_wins=adapter.high_score_wins,
        )
        t.status = "running"
        t.round = number
        t.starts_at = None
        t.round_ends_at = self.context.clock.now() + t.round_minutes * 60
        await self.repository.draw(
            t, [(table.members, table.bots) for table in tables], over=t.version
        )
        log.info("Tournament %s: round %d drawn, %d tables", t.id, number, len(tables))
        self._opening[t.id] = 0
        self.context.tasks.spawn(self._open_tables(t.id), name=f"tournament-{t.id}-tables")
        self._schedule(t)

    async def _history(self, tournament_id: int, before: int | None = None) -> list[RoundRecord]:
        """The rounds played (before round `before`), as the pairing reads them."""
        rounds: defaultdict[int, list[TableResult]] = defaultdict(list)
        for table in await self.repository.tables(tournament_id):
            if before is None or table.round < before:
                rounds[table.round].append(_result(table))
        return [RoundRecord(tuple(rounds[number])) for number in sorted(rounds)]

    async def _open_tables(self, tournament_id: int) -> None:
        """Open every table of the round under way that has no game yet, one after another
        (the channel takes a few messages a second: the first tables open at once, the card
        says how many are open)."""
        t = await self._fresh(tournament_id)
        tables = await self.repository.tables(t.id, t.round)
        for index, table in enumerate(tables):
            if table.game_id is None and t.status == "running":
                try:
                    await self._open_table(t, table)
                except Exception:
                    log.exception(
                        "Tournament %s: table %d of round %d did not open",
                        t.id,
                        table.number,
                        t.round,
                    )
            self._opening[t.id] = index + 1
            self._card_later(t.id)
        self._opening.pop(t.id, None)
        self._card_later(t.id)
        await self._check_round(t.id)

    async def _open_table(self, t: TournamentRecord, table: DrawnTable) -> None:
        adapter = self.catalog.require(t.kind)
        words = Words(t.language)
        names = {e.user_id: e.name for e in await self.repository.entrants(t.id)}
        members = [SeatRecord(name=names[m], user_id=m) for m in table.members]
        seats = members + bot_seats(
            adapter, [t.bot_level] * table.bots, {seat.name for seat in members}
        )
        message_id = table.message_id
        if message_id is None:
            facts = CardFacts(
                title=adapter.title,
                host=members[0].name,
                status="running",
                players=tuple(seat.name for seat in seats),
                most=adapter.max_seats,
                link=None,
            )
            call = screens.table_call(table.round, table.number, table.members, words)
            sent = await posting.send(
                self.context.client,
                t.channel_id,
                Message(card_embed(facts, words), content=call),
                nonce=nonce("table", t.id, table.round, table.number),
                mentions=discord.AllowedMentions(users=True),
            )
            message_id = sent.id
            await self.repository.table_message(t.id, table.round, table.number, message_id)
        existing = await self.context.store.latest_in_thread(t.channel_id, message_id)
        if existing is not None:
            await self.repository.table_game(t.id, table.round, table.number, existing.id)
            return
        opening = Opening(
            kind=t.kind,
            guild_id=t.guild_id,
            host_id=table.members[0],
            seed=self.seeds.getrandbits(62),
            seats=seats,
            settings=t.settings,
            language=t.language,
        )
        name = screens.thread_name(table.round, table.number, adapter.title, words)
        session = await self.sessions.lobby.in_thread(
            opening, t.channel_id, message_id, name, start=True
        )
        await self.repository.table_game(t.id, table.round, table.number, session.record.id)
        client = self.context.client
        for member in table.members:
            with contextlib.suppress(discord.HTTPException):
                await client.http.add_user_to_thread(session.record.channel_id, member)

    def _game_ended(self, record: Any) -> None:
        if record.parent_id is not None:
            self.context.tasks.spawn(
                self._table_over(record.id), name=f"game-{record.id}-tournament"
            )

    async def _table_over(self, game_id: int) -> None:
        found = await self.repository.table_of(game_id)
        if found is not None:
            await self._check_round(found[0])

    async def _check_round(self, tournament_id: int) -> None:
        """Once every table of the round under way has ended: the standings, then the next
        round, or the end."""
        async with self._locks[tournament_id]:
            t = await self._fresh(tournament_id)
            if t.status != "running" or tournament_id in self._opening:
                self._card_later(t.id)
                return
            tables = await self.repository.tables(t.id, t.round)
            if not tables or not all(table.over for table in tables):
                self._card_later(t.id)
                return
            try:
                await self._round_over(t)
            except StaleTournament:
                log.info("Tournament %s: round %d was moved on meanwhile", t.id, t.round)

    async def _round_over(self, t: TournamentRecord) -> None:
        entrants = await self.repository.entrants(t.id)
        going_on = [e for e in entrants if e.plays_in(t.round + 1)]
        final = t.round >= t.last_round or len(going_on) < MIN_PLAYERS
        table = await self._standings(t, entrants, t.round)
        await self._post_standings(t, entrants, table, final=final)
        if final:
            t.status = "finished"
            t.round_ends_at = None
            t.ended_at = self.context.clock.now()
            placings = [(s.player, s.place, float(s.points)) for s in table]
            await self.repository.finish(t, placings, over=t.version)
            log.info("Tournament %s: finished after round %d", t.id, t.round)
            self._schedule(t)
        else:
            await self._next_round(t, entrants)
        self._card_later(t.id)

    async def _post_standings(
        self,
        t: TournamentRecord,
        entrants: Sequence[Entrant],
        table: Sequence[Standing],
        *,
        final: bool,
    ) -> None:
        """The standings after the round just played, as text and as a picture (only text
        where the server shows no pictures)."""
        words = Words(t.language)
        adapter = self.catalog.require(t.kind)
        embed, drawn = screens.standings_message(
            t, adapter.title, t.round, table, entrants, words, final
        )
        files = []
        if not await self.sessions.guilds.text_only(t.guild_id):
            data = await self.context.pictures.get(drawn)
            files.append((drawn.name, data, drawn.description))
            embed.set_image(url=f"attachment://{drawn.name}")
        try:
            with priority(Priority.BOOKKEEPING):
                await posting.send(
                    self.context.client,
                    t.channel_id,
                    Message(embed, files=files),
                    nonce=nonce("standings", t.id, t.round),
                )
        except discord.HTTPException as error:
            log.info("Tournament %s: standings of round %d not posted (%s)", t.id, t.round, error)

    async def _standings(
        self, t: TournamentRecord, entrants: Sequence[Entrant], rounds: int
    ) -> tuple[Standing, ...]:
        history = await self._history(t.id, before=rounds + 1)
        adapter = self.catalog.require(t.kind)
        return standings(
            [e.user_id for e in entrants], history, high_score_wins=adapter.high_score_wins
        )

    # ------------------------------------------------------------------- timers

    def _schedule(self, t: TournamentRecord) -> None:
        """The tournament's next moment: its start, or the end of the round's time."""
        timer = self._timers.pop(t.id, None)
        if timer is not None and timer is not asyncio.current_task():
            timer.cancel()
        moment = t.starts_at if t.status == "signup" else None
        if t.status == "running":
            moment = t.round_ends_at
        if moment is None:
            return
        task = self.context.tasks.spawn(self._at(t.id, moment), name=f"tournament-{t.id}-timer")
        if task is not None:
            self._timers[t.id] = task

    async def _at(self, tournament_id: int, moment: float) -> None:
        await self.context.clock.sleep_until(moment)
        async with self._locks[tournament_id]:
            t = await self._fresh(tournament_id)
            if t.status == "signup" and t.starts_at == moment:
                entrants = await self.repository.entrants(t.id)
                if len(entrants) >= MIN_PLAYERS:
                    await self._next_round(t, entrants)
                else:
                    t.status = "cancelled"
                    t.ended_at = self.context.clock.now()
                    await self.repository.save(t, over=t.version)
                self._card_later(t.id)
            elif t.status == "running" and t.round_ends_at == moment:
                await self._time_up(t)

    async def _time_up(self, t: TournamentRecord) -> None:
        await self._bots_take(t)
        log.info("Tournament %s: round %d's time is up", t.id, t.round)

    async def _bots_take(self, t: TournamentRecord, only: int | None = None) -> None:
        """Bots play the members' seats (or member `only`'s) of every game of the round still
        playing, to its end: the results stay the members'."""
        for table in await self.repository.tables(t.id, t.round):
            if (
                table.game_id is None
                or table.over
                or (only is not None and only not in table.members)
            ):
                continue
            session = await self.sessions.registry.get(table.game_id)
            if session is None:
                continue
            async with session.lock:
                record = session.record
                if record.status != "running":
                    continue
                level = session.adapter.takeover_level or t.bot_level
                names = []
                for index, seat in enumerate(record.seats):
                    if seat.user_id is not None and only in (None, seat.user_id):
                        names.append(shown(seat.name))
                        record.seats[index] = SeatRecord(
                            name=seat.name, bot_level=level, left_by=seat.user_id
                        )
                if not names:
                    continue
                session.note(TAKEN_OVER, names=Words(record.language).listing(names))
                await session.commit()
                await session.display.show_safely([])
            session.wake()

    # ---------------------------------------------------------- organiser's tools

    async def organise(
        self,
        interaction: discord.Interaction[Any],
        action: str,
        member: discord.Member | discord.User | None = None,
    ) -> None:
        """One of the organiser's tools (`ACTIONS`), on this channel's tournament."""
        tournament = await self._in_channel(interaction)
        async with self._locks[tournament.id]:
            t = await self._fresh(tournament.id)
            if interaction.user.id != t.organiser_id and not interaction.permissions.manage_events:
                raise IllegalAction("Only the organiser can do that.")
            said, values = await ACTIONS[action](self, t, member)
        await replies.tell(interaction, said, **values)
        self._card_later(t.id)
        if t.status == "running":
            self.context.tasks.spawn(self._check_round(t.id), name=f"tournament-{t.id}-check")

    async def _pause(self, t: TournamentRecord, _: Any) -> Said:
        if t.status != "running":
            raise IllegalAction("The tournament is not running.")
        t.status = "paused"
        await self.repository.save(t, over=t.version)
        return N_(
            "Paused: the games under way play on, and no new round starts until you resume it."
        ), {}

    async def _resume(self, t: TournamentRecord, _: Any) -> Said:
        if t.status != "paused":
            raise IllegalAction("The tournament is not paused.")
        t.status = "running"
        await self.repository.save(t, over=t.version)
        self._schedule(t)
        return N_("Resumed: the next round starts once this one is over."), {}

    async def _cancel(self, t: TournamentRecord, _: Any) -> Said:
        t.status = "cancelled"
        t.round_ends_at = None
        t.ended_at = self.context.clock.now()
        await self.repository.save(t, over=t.version)
        self._schedule(t)
        return N_("The tournament is cancelled; games under way play on as ordinary games."), {}

    async def _end(self, t: TournamentRecord, _: Any) -> Said:
        if t.status == "signup":
            raise IllegalAction("The tournament has not started: cancel it instead.")
        t.last_round = t.round
        await self.repository.save(t, over=t.version)
        return N_("The tournament ends after round {round}."), {"round": t.round}

    async def _next(self, t: TournamentRecord, _: Any) -> Said:
        if t.status not in ("running", "paused"):
            raise IllegalAction("The tournament is not running.")
        await self._bots_take(t)
        return N_("Bots finish this round's games now; the next round follows."), {}

    async def _drop(self, t: TournamentRecord, member: Any) -> Said:
        assert member is not None
        name = shown(member.display_name)
        if t.status == "signup":
            if not await self.repository.withdraw(t.id, member.id):
                raise IllegalAction("{name} is not signed up.", name=name)
            return N_("{name} is no longer signed up."), {"name": name}
        if not await self.repository.leave(t.id, member.id, t.round):
            raise IllegalAction("{name} is not playing in this tournament.", name=name)
        await self._bots_take(t, only=member.id)
        return N_("{name} is dropped: a bot plays their seat to the end of this round."), {
            "name": name
        }

    async def _add(self, t: TournamentRecord, member: Any) -> Said:
        assert member is not None
        name = shown(member.display_name)
        entrants = await self.repository.entrants(t.id)
        if any(e.user_id == member.id for e in entrants):
            raise IllegalAction("{name} is already a player.", name=name)
        if len(entrants) >= MOST_TABLES * t.seats:
            raise IllegalAction(
                "The tournament is full ({most} players).", most=MOST_TABLES * t.seats
            )
        if await self.repository.playing_elsewhere(member.id, t.id) is not None:
            raise IllegalAction("{name} is playing at a table of another tournament.", name=name)
        first = 1 if t.status == "signup" else t.round + 1
        rating = await self.repository.rating(t.guild_id, t.kind, member.id)
        await self.repository.join(
            t.id, Entrant(member.id, member.display_name, rating, first_round=first)
        )
        return N_("{name} plays from round {round}."), {"name": name, "round": first}

    # ---------------------------------------------------------------- the card

    async def _card(self, t: TournamentRecord) -> Message:
        adapter = self.catalog.require(t.kind)
        words = Words(t.language)
        entrants = await self.repository.entrants(t.id)
        progress = Progress()
        if t.status in ("running", "paused"):
            tables = await self.repository.tables(t.id, t.round)
            opened = self._opening.get(t.id, len(tables))
            progress = Progress(len(tables), opened, sum(table.over for table in tables))
        played = screens.rounds_played(t, progress)
        table = await self._standings(t, entrants, played) if played > 0 else ()
        settings = adapter.settings_summary(adapter.build_settings(t.settings), words)
        embed = screens.card_embed(
            t,
            adapter.title,
            level_name(t.bot_level, words),
            entrants,
            table,
            progress,
            words,
            settings,
        )
        return Message(embed, view=screens.card_controls(t, words))

    async def _show_card_through(
        self, interaction: discord.Interaction[Any], t: TournamentRecord
    ) -> None:
        """The card as it now stands, shown through the click on it."""
        fresh = await self._fresh(t.id)
        message = await self._card(fresh)
        await replies.update(interaction, embed=message.embed, view=message.view)
        self._card_shown[t.id] = posting.appearance(message)

    def _card_later(self, tournament_id: int) -> None:
        """Bring the card up to date in the background: one edit at a time, only when what
        it shows has changed (the channel's tables share its edits)."""
        self._card_stale.add(tournament_id)
        task = self._card_tasks.get(tournament_id)
        if task is None or task.done():
            task = self.context.tasks.spawn(
                self._keep_card(tournament_id), name=f"tournament-{tournament_id}-card"
            )
            if task is not None:
                self._card_tasks[tournament_id] = task

    async def _keep_card(self, tournament_id: int) -> None:
        while tournament_id in self._card_stale:
            self._card_stale.discard(tournament_id)
            await self._show_card(tournament_id)

    async def _show_card(self, tournament_id: int) -> None:
        t = await self.repository.get(tournament_id)
        if t is None or t.card_id is None:
            return
        message = await self._card(t)
        shown_now = posting.appearance(message)
        if self._card_shown.get(tournament_id) == shown_now:
            return
        try:
            with priority(Priority.BOOKKEEPING):
                await posting.edit(self.context.client, t.channel_id, t.card_id, message)
        except discord.HTTPException as error:
            log.info("Tournament %s: its card was not updated (%s)", t.id, error)
            return
        self._card_shown[tournament_id] = shown_now

    # ------------------------------------------------------------------ restart

    async def restore(self) -> int:
        """Every live tournament of this process's servers goes on: its timer armed, the
        tables of its round opened, the round's end found if it came meanwhile."""
        restored = 0
        for t in await self.repository.live():
            if not self.context.shards.owns(t.guild_id):
                continue
            self._schedule(t)
            if t.status == "running":
                self.context.tasks.spawn(self._open_tables(t.id), name=f"tournament-{t.id}-tables")
            restored += 1
        return restored


def _result(table: DrawnTable) -> TableResult:
    seated = Table(table.members, table.bots)
    if not table.counts or len(table.results) != seated.seats:
        return TableResult(seated, abandoned=True)
    return TableResult(
        seated,
        tuple(result.place for result in table.results),
        tuple(result.score for result in table.results),
    )


VERBS: dict[str, Verb] = {
    "join": TournamentFlow._join,
    "leave": TournamentFlow._leave_click,
    "start": TournamentFlow._start,
}
"""What each of the card's buttons does."""

ACTIONS: dict[str, Action] = {
    "pause": TournamentFlow._pause,
    "resume": TournamentFlow._resume,
    "cancel": TournamentFlow._cancel,
    "end": TournamentFlow._end,
    "next": TournamentFlow._next,
    "drop": TournamentFlow._drop,
    "add": TournamentFlow._add,
}
"""The organiser's tools (`/tournament pause`…), each on the tournament under its lock."""
