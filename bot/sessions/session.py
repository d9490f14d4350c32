"""One game's session: its record, its engine, its lock, its bots and its turn timer.

Every change follows the same path under the game's lock: apply to the engine, commit to
SQLite, then show it. A failure before the commit restores the state last saved.
"""

from __future__ import annotations

import asyncio
import datetime
import logging
import random
from collections import deque
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord
from pydantic import BaseModel

from bot.adapters.base import ButtonSpec, GameAdapter, Screen, adapter_for
from bot.sessions.clock import Clock
from bot.storage.records import GameRecord, ResultRecord, SeatRecord
from bot.ui.components import screen_kwargs
from games.core.engine import Engine
from games.core.seats import Seat

if TYPE_CHECKING:
    from bot.sessions.manager import Sessions

log = logging.getLogger(__name__)

TIMEOUTS_BEFORE_HANDOVER = 3
TIMEOUT_LEVEL = "normal"
LOG_LENGTH = 6
TABLE_LIFETIME = datetime.timedelta(minutes=50)
TOO_OLD_TO_EDIT = 30046


class GameSession:
    def __init__(self, sessions: Sessions, record: GameRecord) -> None:
        self.sessions = sessions
        self.record = record
        self.adapter: GameAdapter = adapter_for(record.kind)
        self.lock = asyncio.Lock()
        self.mode = ""
        self.log: deque[str] = deque(maxlen=LOG_LENGTH)
        self._engine: Engine | None = None
        self._bots: asyncio.Task[None] | None = None
        self._timer: asyncio.Task[None] | None = None
        self._to_remind: list[int] = []

    # --------------------------------------------------------------------------- state

    @property
    def engine(self) -> Engine:
        if self._engine is None:
            if self.record.state is None:
                raise RuntimeError(f"game {self.record.id} has no saved state")
            self._engine = self.adapter.load(self.record.state)
        return self._engine

    @property
    def settings(self) -> BaseModel:
        return self.adapter.build_settings(self.record.settings)

    @property
    def clock(self) -> Clock:
        return self.sessions.clock

    def link(self) -> str:
        record = self.record
        guild = record.guild_id if record.guild_id is not None else "@me"
        return f"https://discord.com/channels/{guild}/{record.channel_id}/{record.message_id}"

    @property
    def channel(self) -> discord.PartialMessageable:
        return self.sessions.client.get_partial_messageable(
            self.record.channel_id, guild_id=self.record.guild_id
        )

    async def restore_saved(self) -> None:
        """Forget unsaved changes: reload the record and the engine from storage."""
        saved = await self.sessions.games.get(self.record.id)
        if saved is not None:
            self.record = saved
        self._engine = None
        self.mode = ""

    async def save(self) -> None:
        await self.sessions.games.save(self.record)

    # ---------------------------------------------------------------------------- play

    def start_engine(self) -> None:
        """Deal the game from the lobby's seats and settings (not yet saved)."""
        seats = [Seat(name=seat.name, bot=seat.is_bot) for seat in self.record.seats]
        engine = self.adapter.new_engine(self.settings, seats, self.record.seed)
        self._engine = engine
        self.record.status = "running"
        self.record.state = self.adapter.dump(engine)
        self.record.version += 1
        self.mode = ""
        self.log.clear()
        self._set_deadline(())

    async def apply(self, seat: int, action: Any) -> list[Any]:
        """Apply one action, commit it, and return the events. Raises and changes nothing if
        the engine refuses the action or the commit fails."""
        engine = self.engine
        before = engine.to_move
        try:
            events = list(engine.apply(seat, action))
        except Exception:
            self._engine = None
            raise
        record = self.record
        record.version += 1
        record.state = self.adapter.dump(engine)
        self.mode = ""
        self.log.extend(self.adapter.describe(engine, events))
        if engine.is_over:
            record.status = "finished"
            record.deadline = None
        else:
            self._set_deadline(before)
        try:
            if engine.is_over:
                await self.sessions.games.finish(record, self._results())
            else:
                await self.save()
        except Exception:
            await self.restore_saved()
            raise
        return events

    def _results(self) -> list[ResultRecord]:
        results = self.adapter.results(self.engine)
        for result in results:
            result.user_id = self.record.seats[result.seat].user_id
        return results

    def _set_deadline(self, before: Sequence[int]) -> None:
        """A new deadline when new seats are to move; those that are human get a reminder."""
        record = self.record
        movers = self.engine.to_move
        humans = [s for s in movers if not record.seats[s].is_bot]
        seconds = self.adapter.turn_seconds(self.settings)
        new_turn = not set(movers) <= set(before)
        self._to_remind = [s for s in humans if s not in before] if new_turn else []
        if not humans or not seconds:
            record.deadline = None
        elif new_turn or record.deadline is None:
            record.deadline = self.clock.now() + seconds

    async def remind(self) -> None:
        """DM the players who opted in that their turn has come; a refused DM changes nothing."""
        seats, self._to_remind = self._to_remind, []
        if self.record.status != "running":
            return
        client = self.sessions.client
        for seat in seats:
            info = self.record.seats[seat]
            if info.is_bot or not info.reminders or info.user_id is None:
                continue
            try:
                user = client.get_user(info.user_id) or await client.fetch_user(info.user_id)
                await user.send(f"Your turn in {self.adapter.title}: {self.link()}")
            except discord.HTTPException as error:
                log.info("Turn reminder to %s not delivered: %s", info.user_id, error)

    def bot_action(self, seat: int, level: str | None = None) -> Any:
        engine = self.engine
        record = self.record
        rng = random.Random(f"{record.seed}:{record.version}:{seat}")
        chosen = level or record.seats[seat].bot_level or TIMEOUT_LEVEL
        policy = self.adapter.bot_policy(chosen, rng)
        return policy.choose(engine.legal_actions(seat), lambda: engine.view(seat))

    # ------------------------------------------------------------------------- showing

    def table_screen(self) -> Screen:
        return self.adapter.table(self.record, self.engine, self.mode, list(self.log))

    def table_kwargs(self) -> dict[str, Any]:
        return screen_kwargs(self.table_screen(), self.record.id, self.record.version)

    def final_kwargs(self) -> dict[str, Any]:
        screen = self.adapter.final(self.record, self.engine)
        rows = [[ButtonSpec("Rematch", "rematch", style="primary", emoji="🔁")]]
        return screen_kwargs(
            Screen(embed=screen.embed, rows=rows, content=screen.content),
            self.record.id,
            self.record.version,
        )

    async def show(
        self, events: Sequence[Any], interaction: discord.Interaction[Any] | None = None
    ) -> None:
        """Show the result of `events` on the table message: answered through `interaction`
        when the click came from the table, else by editing the message. A round's end, or a
        table message too old to edit, moves the table to a fresh message."""
        engine = self.engine
        if engine.is_over:
            await self._edit_table(self.final_kwargs(), interaction)
            return
        summary = self.adapter.round_summary(self.record, engine, events)
        if summary is not None:
            kwargs = screen_kwargs(summary, self.record.id, self.record.version)
            await self._edit_table(kwargs, interaction)
            await self.post_table()
        elif self.table_is_old():
            moved = {"embed": discord.Embed(description="The table moved below."), "view": None}
            await self._edit_table({**moved, "content": None}, interaction)
            await self.post_table()
        else:
            await self._edit_table(self.table_kwargs(), interaction)

    def table_is_old(self) -> bool:
        """Discord limits edits of messages older than an hour: move on before that."""
        message_id = self.record.message_id
        if message_id is None:
            return False
        age = discord.utils.utcnow() - discord.utils.snowflake_time(message_id)
        return age > TABLE_LIFETIME

    async def post_table(self) -> None:
        """Post the table as a fresh message, which becomes the current one."""
        message = await self.channel.send(**self.table_kwargs())
        self.record.message_id = message.id
        await self.save()

    async def _edit_table(
        self, kwargs: dict[str, Any], interaction: discord.Interaction[Any] | None
    ) -> None:
        if (
            interaction is not None
            and not interaction.response.is_done()
            and interaction.message is not None
            and interaction.message.id == self.record.message_id
        ):
            try:
                await interaction.response.edit_message(**kwargs)
                return
            except discord.HTTPException as error:
                if error.code != TOO_OLD_TO_EDIT:
                    raise
                await interaction.response.defer()
        await self.edit_message(kwargs)

    async def edit_message(self, kwargs: dict[str, Any]) -> None:
        """Edit the current table message; if it is gone or too old, post the table afresh."""
        if self.record.message_id is None:
            return
        try:
            await self.channel.get_partial_message(self.record.message_id).edit(**kwargs)
        except discord.HTTPException as error:
            if not isinstance(error, discord.NotFound) and error.code != TOO_OLD_TO_EDIT:
                raise
            log.info(
                "Table of game %s cannot be edited (%s); posting it anew", self.record.id, error
            )
            if self.record.status == "running":
                await self.post_table()

    # --------------------------------------------------------------------------- bots

    def wake(self) -> None:
        """Let bots play if one is to move, and arm the turn timer for humans."""
        if self.record.status != "running":
            self.stop()
            return
        if self._bots is None or self._bots.done():
            self._bots = self.sessions.spawn(self._run_bots(), f"bots-{self.record.id}")
        self._arm_timer()

    def stop(self) -> None:
        for task in (self._bots, self._timer):
            if task is not None and task is not asyncio.current_task():
                task.cancel()
        self._bots = None
        self._timer = None

    async def _run_bots(self) -> None:
        while True:
            await asyncio.sleep(self.sessions.bot_pause())
            async with self.lock:
                if self.record.status != "running":
                    return
                movers = [s for s in self.engine.to_move if self.record.seats[s].is_bot]
                if not movers:
                    return
                seat = movers[0]
                events = await self.apply(seat, self.bot_action(seat))
                await self.show(events)
                await self.remind()
                self._arm_timer()

    # --------------------------------------------------------------------------- timer

    def _arm_timer(self) -> None:
        if self._timer is not None and self._timer is not asyncio.current_task():
            self._timer.cancel()
        self._timer = None
        deadline = self.record.deadline
        if deadline is not None and self.record.status == "running":
            self._timer = self.sessions.spawn(self._expire(deadline), f"timer-{self.record.id}")

    async def _expire(self, deadline: float) -> None:
        await self.clock.sleep_until(deadline)
        async with self.lock:
            record = self.record
            if record.status != "running" or record.deadline != deadline:
                return
            if self.clock.now() < deadline:
                self._arm_timer()
                return
            late = [s for s in self.engine.to_move if not record.seats[s].is_bot]
            for seat in late:
                await self._play_for(seat)
                if record.status != "running":
                    return
            if not record.humans:
                await self.abandon()
                return
        self.wake()

    async def _play_for(self, seat: int) -> None:
        """A bot plays the rest of a late player's turn; three in a row hand the seat over."""
        record = self.record
        name = record.seats[seat].name
        record.seats[seat].timeouts += 1
        events: list[Any] = []
        while record.status == "running" and seat in self.engine.to_move:
            events = await self.apply(seat, self.bot_action(seat, TIMEOUT_LEVEL))
            if self.adapter.round_summary(record, self.engine, events) is not None:
                break
        self.log.append(f"⏰ {name} ran out of time: a bot played for them.")
        if record.seats[seat].timeouts >= TIMEOUTS_BEFORE_HANDOVER:
            record.seats[seat] = SeatRecord(name=name, bot_level=TIMEOUT_LEVEL)
            self.log.append(
                f"🤖 {name} missed {TIMEOUTS_BEFORE_HANDOVER} turns in a row: a bot takes the seat."
            )
        await self.save()
        await self.show(events)

    async def abandon(self) -> None:
        self.record.status = "cancelled"
        self.record.deadline = None
        await self.save()
        embed = discord.Embed(
            title=f"{self.adapter.title} · game over",
            description="No human player is left at the table, so the game ends here.",
        )
        await self.edit_message({"embed": embed, "view": None, "content": None})
        self.stop()
