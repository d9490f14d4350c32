"""What moves a game along without a click: bots, turn timers, and catching up the display.

One background task per game plays the bots' moves (and redraws a stale table first); one
timer per game waits for the deadline of the decision open to its members. A failure in
either is logged and retried a few times; it never leaves the game waiting on a bot's seat,
and any later click or `/table show` wakes them again.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable
from typing import Any, Protocol

from bot.adapters.base import GameAdapter
from bot.i18n import N_
from bot.sessions.context import SessionContext
from bot.sessions.display import Display
from bot.storage import StaleGame, StorageUnavailable
from bot.storage.records import GameRecord, SeatRecord
from bot.ui.names import shown
from games.core.engine import Engine

log = logging.getLogger(__name__)

TIMEOUTS_BEFORE_HANDOVER = 3
GAME_OVER = N_("game over")
NOBODY_LEFT = N_("No human player is left at the table, so the game ends here.")
ATTEMPTS = 3
RETRY_PAUSE = 2.0
STORAGE_PAUSES = (5.0, 15.0, 60.0)
"""Pauses before trying again while storage refuses writes; the last one repeats."""
REFUSED_PAUSES = (60.0, 300.0, 900.0, 1800.0)
"""Pauses before showing the table again while Discord refuses it (a permission taken away):
bots wait meanwhile, and refused requests stay few (Discord limits invalid ones)."""


def storage_pause(attempt: int) -> float:
    return STORAGE_PAUSES[min(attempt, len(STORAGE_PAUSES) - 1)]


def refused_pause(attempt: int) -> float:
    return REFUSED_PAUSES[min(attempt, len(REFUSED_PAUSES) - 1)]


class TableRefused(Exception):
    """The table cannot be shown, so the bots wait for it."""


class PlayedGame(Protocol):
    """What autoplay reads of the game it moves along, and the moves it makes there."""

    context: SessionContext
    record: GameRecord
    adapter: GameAdapter
    lock: asyncio.Lock
    display: Display

    @property
    def engine(self) -> Engine: ...

    async def choose_bot_action(self, seat: int, level: str | None = None) -> Any: ...

    def bot_thinking(self, seat: int) -> Awaitable[Any]: ...

    def decision_seconds(self, seat: int) -> int | None: ...

    def note(self, message: str, /, **values: Any) -> None: ...

    async def apply(self, seat: int, action: Any) -> list[Any]: ...

    async def commit(self) -> None: ...

    async def remind(self) -> None: ...

    async def end(self, heading: str, notice: str) -> None: ...


class Autoplay:
    def __init__(self, session: PlayedGame) -> None:
        self.session = session
        self._bots: asyncio.Task[None] | None = None
        self._timer: asyncio.Task[None] | None = None
        self._waited_out: Exception | None = None
        """The refusal of the table the bots last waited out: the next step tries again."""
        self._regained = asyncio.Event()
        self.thinking = False
        """A bot is choosing its move, outside the game's lock."""

    def wake(self) -> None:
        """Let bots play if one is to move, redraw a stale display, arm the turn timer."""
        session = self.session
        if not session.record.is_open:
            self.stop()
            return
        if self._bots is None or self._bots.done():
            self._bots = session.context.tasks.spawn(self._run(), f"game-{session.record.id}")
        self.arm_timer()

    @property
    def idle(self) -> bool:
        """No bot is about to move (nothing to play, or the task gave up)."""
        return self._bots is None or self._bots.done()

    def stop(self) -> None:
        for task in (self._bots, self._timer):
            if task is not None and task is not asyncio.current_task():
                task.cancel()
        self._bots = None
        self._timer = None

    # --------------------------------------------------------------------------- bots

    async def _run(self) -> None:
        failures = 0
        refusals = 0
        while failures < ATTEMPTS:
            try:
                if not await self._step():
                    return
                failures = refusals = 0
            except (StorageUnavailable, StaleGame) as error:
                log.warning("Game %s: a bot's move waits for storage (%s)", self._id, error)
                await asyncio.sleep(storage_pause(refusals))
                refusals += 1
            except TableRefused:
                log.info("Game %s: bots wait until the table can be shown", self._id)
                await self._wait_for_permission(refused_pause(refusals))
                refusals += 1
            except Exception:
                failures += 1
                log.exception(
                    "Game %s: a bot's move failed (%d of %d)",
                    self.session.record.id,
                    failures,
                    ATTEMPTS,
                )
                await asyncio.sleep(RETRY_PAUSE * failures)

    async def _wait_for_permission(self, seconds: float) -> None:
        """Wait `seconds`, or less if the bot's permissions in the channel change."""
        self._regained.clear()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._regained.wait(), seconds)

    def regained(self) -> None:
        """The bot's permissions in the game's channel changed: bots waiting on a refused
        table try it again now."""
        self._regained.set()
        self.wake()

    def _bot_to_move(self) -> int | None:
        session = self.session
        if session.record.status != "running":
            return None
        seats = session.record.seats
        return next((s for s in session.engine.to_move if seats[s].is_bot), None)

    async def _step(self) -> bool:
        """Redraw a stale display once due, then play one bot move; False when there is
        nothing to do. The move's table is queued: bot moves made within `TABLE_PACE` of the
        table's last showing are shown together."""
        session = self.session
        async with session.lock:
            display = session.display
            if display.refused is not None and display.refused is not self._waited_out:
                self._waited_out = display.refused
                raise TableRefused
            redraw = display.due_repair and session.record.is_open
            if redraw and display.until_due() == 0:
                await display.repair()
                redraw = False
            bot = self._bot_to_move()
            if bot is None and not redraw:
                return False
            if display.refused is not None:
                self._waited_out = display.refused
                raise TableRefused
        if bot is None:
            await asyncio.sleep(display.until_due())
            return True
        await asyncio.sleep(session.context.bot_pause())
        async with session.lock:
            seat = self._bot_to_move()
            if seat is None:
                return True
            version = session.record.version
            thinking = session.bot_thinking(seat)
            self.thinking = True
        try:
            action = await thinking
            async with session.lock:
                if session.record.version != version or self._bot_to_move() != seat:
                    return True
                events = await session.apply(seat, action)
                await session.display.show_safely(events, paced=True)
                await session.remind()
                self.arm_timer()
        finally:
            self.thinking = False
        return True

    # -------------------------------------------------------------------------- timer

    def arm_timer(self) -> None:
        if self._timer is not None and self._timer is not asyncio.current_task():
            self._timer.cancel()
        self._timer = None
        session = self.session
        deadline = session.record.deadline
        if deadline is not None and session.record.status == "running":
            self._timer = session.context.tasks.spawn(
                self._expire(deadline), f"timer-{session.record.id}"
            )

    async def _expire(self, deadline: float) -> None:
        await self.session.context.clock.sleep_until(deadline)
        refusals = 0
        while True:
            try:
                await self._time_out(deadline)
                return
            except (StorageUnavailable, StaleGame) as error:
                log.warning("Game %s: a late turn waits for storage (%s)", self._id, error)
                await asyncio.sleep(storage_pause(refusals))
                refusals += 1

    async def _time_out(self, deadline: float) -> None:
        session = self.session
        clock = session.context.clock
        async with session.lock:
            record = session.record
            if record.status != "running" or record.deadline != deadline:
                return
            if clock.now() < deadline:
                self.arm_timer()
                return
            late = [s for s in session.engine.to_move if record.seats[s].is_member]
            if session.display.refused is not None and late:
                await self._postpone(late[0])
                return
            for seat in late:
                if record.status != "running" or seat not in session.engine.to_move:
                    continue
                await self._play_for(seat)
            if record.status == "running" and not record.members:
                await session.end(GAME_OVER, NOBODY_LEFT)
                return
        self.wake()

    async def _postpone(self, seat: int) -> None:
        """Nobody can see the table: the late player gets their whole time again."""
        session = self.session
        seconds = session.decision_seconds(seat)
        if not seconds:
            return
        session.record.deadline = session.context.clock.now() + seconds
        session.display.stale = True
        await session.commit()
        self.arm_timer()

    async def _play_for(self, seat: int) -> None:
        """Play a late member's decision: an off-turn decision takes its default; a turn is
        played by a bot, and three missed turns in a row hand the seat over to it."""
        session = self.session
        record = session.record
        adapter = session.adapter
        name = record.seats[seat].name
        off_turn = adapter.off_turn(session.engine, seat)
        if off_turn is not None:
            session.note("⏰ {name} did not decide in time.", name=shown(name))
            action = off_turn.default
            if action is None:
                action = await session.choose_bot_action(seat, adapter.takeover_level)
            await session.display.show_safely(await session.apply(seat, action))
            await session.remind()
            return
        level = adapter.takeover_level
        assert level is not None, "a game without bots has no turn timer"
        token = adapter.turn_token(session.engine)
        record.seats[seat].timeouts += 1
        events: list[Any] = []
        while (
            record.status == "running"
            and seat in session.engine.to_move
            and adapter.turn_token(session.engine) == token
        ):
            events += await session.apply(seat, await session.choose_bot_action(seat, level))
        session.note("⏰ {name} ran out of time: a bot played for them.", name=shown(name))
        if record.seats[seat].timeouts >= TIMEOUTS_BEFORE_HANDOVER:
            record.seats[seat] = SeatRecord(name=name, bot_level=level)
            session.note(
                "🤖 {name} missed {count} turns in a row: a bot takes the seat.",
                name=shown(name),
                count=TIMEOUTS_BEFORE_HANDOVER,
            )
        if record.status == "running":
            await session.commit()
        await session.display.show_safely(events)
        await session.remind()

    @property
    def _id(self) -> int:
        return self.session.record.id
