"""One game's session: its record, its engine and its lock, and the one way to commit a change.

Every change follows the same path under the game's lock: change the record or the engine,
`commit()` it to storage (the version goes up by one), then show it. A failed commit restores
the state last saved.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Awaitable, Callable, Hashable, Sequence
from typing import Any

import discord
from pydantic import BaseModel

from bot.adapters.base import GameAdapter
from bot.i18n import Words
from bot.replay import played
from bot.sessions.alerts import TurnAlerts
from bot.sessions.autoplay import Autoplay
from bot.sessions.brains import choose
from bot.sessions.cards import GameCard
from bot.sessions.context import SessionContext
from bot.sessions.daily_result import daily_end
from bot.sessions.display import Display
from bot.sessions.game_log import GameLog
from bot.standings import rank
from bot.storage.games import Move
from bot.storage.records import GameRecord
from games.core.engine import Engine
from games.core.seats import Seat

log = logging.getLogger(__name__)


class GameSession:
    def __init__(
        self,
        context: SessionContext,
        record: GameRecord,
        adapter: GameAdapter,
        *,
        ended: Callable[[GameSession], None],
        reopened: Callable[[GameSession], None],
    ) -> None:
        self.context = context
        self.record = record
        self.adapter = adapter
        self.lock = asyncio.Lock()
        self.mode = ""
        self.log = GameLog()
        self.saved_version = record.version
        self.display = Display(self)
        self.autoplay = Autoplay(self)
        self.alerts = TurnAlerts(self)
        self.card = GameCard(self)
        self._engine: Engine | None = None
        self._settings: tuple[dict[str, Any], BaseModel] | None = None
        self._token: Hashable = None
        self._movers: frozenset[int] = frozenset()
        self.to_remind: list[int] = []
        self._move: Move | None = None
        """The move being committed, recorded with it."""
        self._ended = ended
        """Called once the game has finished or been cancelled."""
        self._reopened = reopened
        """Called once the finished game is opened again."""

    # --------------------------------------------------------------------------- state

    @property
    def engine(self) -> Engine:
        if self._engine is None:
            if self.record.state is None:
                raise RuntimeError(f"game {self.record.id} has no saved state")
            self._engine = self.adapter.load(self.record.state)
            self._token = self.adapter.turn_token(self._engine)
            self._movers = frozenset(self._engine.to_move)
        return self._engine

    @property
    def words(self) -> Words:
        """The language of the game's public messages."""
        return Words(self.record.language)

    def log_lines(self, words: Words) -> list[str]:
        """What happened since the player to move last played, one line per turn."""
        engine = self.engine
        return self.log.lines(
            lambda events, words: self.adapter.describe(engine, events, words),
            words,
            engine.to_move,
            self.adapter.turn_token(engine),
        )

    def last_turn(self) -> tuple[Any, ...]:
        """The events of the last turn played, to mark on the table what it changed."""
        engine = self.engine
        return self.log.last_turn(engine.to_move, self.adapter.turn_token(engine))

    def note(self, message: str, /, **values: Any) -> None:
        self.log.note(message, **values)

    @property
    def settings(self) -> BaseModel:
        """The game's settings, validated once for each set of values."""
        values = self.record.settings
        if self._settings is None or self._settings[0] != values:
            self._settings = (dict(values), self.adapter.build_settings(values))
        return self._settings[1]

    def link(self) -> str:
        """The current public message, or the channel while there is none."""
        record = self.record
        guild = record.guild_id if record.guild_id is not None else "@me"
        base = f"https://discord.com/channels/{guild}/{record.channel_id}"
        return base if record.message_id is None else f"{base}/{record.message_id}"

    @property
    def channel(self) -> discord.PartialMessageable:
        return self.context.client.get_partial_messageable(
            self.record.channel_id, guild_id=self.record.guild_id
        )

    async def restore_saved(self) -> None:
        """Forget unsaved changes: reload the record and the engine from storage."""
        saved = await self.context.store.get(self.record.id)
        if saved is not None:
            self.record = saved
            self.saved_version = saved.version
        self._engine = None
        self.mode = ""
        self.log.forget_unsaved()

    async def commit(self, *, reopened: bool = False) -> None:
        """Save every change made since the last commit, as the game's next version. A game
        that has just finished is saved with its results; one `reopened` loses them. On
        failure nothing is saved, the session returns to the state last saved, and the error
        is raised."""
        record = self.record
        record.version += 1
        if self._engine is not None:
            record.state = self.adapter.dump(self._engine)
        self.card.plan_archive()
        try:
            move, self._move = self._move, None
            if record.status == "finished":
                results = await self._with_feats(self.results(), move)
                daily = None
                if record.daily is not None:
                    daily = daily_end(record, self.adapter, self.engine, results, self.words)
                await self.context.store.finish(
                    record, results, move, over=self.saved_version, daily=daily
                )
            else:
                await self.context.store.save(
                    record, move, over=self.saved_version, reopened=reopened
                )
        except BaseException:
            await self.restore_saved()
            raise
        self.saved_version = record.version
        self.log.saved()
        self.card.refresh()
        if not record.is_open:
            self._ended(self)
            self._close_corrections_later()
            self.card.archive_later()
        elif reopened:
            self._reopened(self)

    async def keep(self) -> None:
        """Save bookkeeping that changes nothing any message shows (which message is the
        public one, a player's preferences), without a new version. Only between commits.
        On failure the session returns to the state last saved, and the error is raised."""
        try:
            await self.context.store.save(self.record, over=self.saved_version)
        except BaseException:
            await self.restore_saved()
            raise

    async def remember_message(self, message_id: int) -> None:
        self.record.message_id = message_id
        await self.keep()

    async def remember_message_gone(self) -> None:
        """The public message now shows the moments (a summary): the next one is posted."""
        self.record.message_id = None
        self.record.unshown = None
        await self.keep()

    async def _with_feats(self, results: list[Any], last: Move | None) -> list[Any]:
        """The results with each seat's feats, counted over the whole game replayed from its
        recorded moves; none when the record does not replay to this very game (a game begun
        before moves were recorded)."""
        moves = [*await self.context.store.moves(self.record.id), *([last] if last else [])]
        try:
            replayed, events = played(self.adapter, self.record, moves)
        except Exception:
            log.warning("Game %s: its moves do not replay; no feats", self.record.id)
            return results
        if self.adapter.dump(replayed) != self.adapter.dump(self.engine):
            return results
        feats = self.adapter.feats(self.engine, events)
        return [result.model_copy(update={"feats": feats[result.seat]}) for result in results]

    def results(self) -> list[Any]:
        scores = self.adapter.standings(self.engine)
        ranked = rank(scores, self.record.seats, high_score_wins=self.adapter.high_score_wins)
        if self.adapter.decided(self.engine) and self.engine.is_over:
            return ranked
        return [result.model_copy(update={"won": False}) for result in ranked]

    # ---------------------------------------------------------------------------- play

    async def start(self) -> None:
        """Deal the game from the lobby's seats and settings, and commit it."""
        seats = [Seat(name=seat.name, bot=seat.is_bot) for seat in self.record.seats]
        engine, events = self.adapter.new_engine(self.settings, seats, self.record.seed)
        self._engine = engine
        self._token = None
        self._movers = frozenset()
        self.record.status = "running"
        self.mode = ""
        self.log.clear()
        self.log.moves(-1, None, events)
        self._set_deadline()
        await self.commit()

    async def apply(self, seat: int, action: Any, *, by_player: bool = False) -> list[Any]:
        """Apply one action and commit it; return the events. Raises and changes nothing if
        the engine refuses the action or the commit fails. `by_player`: the seat's own player
        chose it, which ends a run of missed turns."""
        engine = self.engine
        token = self.adapter.turn_token(engine)
        try:
            events = list(engine.apply(seat, action))
        except Exception:
            self._engine = None
            raise
        record = self.record
        if by_player:
            record.seats[seat].timeouts = 0
        self.mode = ""
        self.log.moves(seat, token, events, self.adapter.log_apart)
        self._move = Move(seat, self.adapter.encode_action(action))
        if self.adapter.moments(record, engine, events, self.words):
            record.unshown = self._save_events(events)
        reopened = record.status == "finished"
        if reopened:
            record.status = "running"
            record.ended_at = None
        if engine.is_over:
            record.status = "finished"
            seconds = self.adapter.reopen_seconds
            record.deadline = self.context.clock.now() + seconds if seconds else None
            self.to_remind = []
        else:
            self._set_deadline()
        await self.commit(reopened=reopened)
        return events

    def _close_corrections_later(self) -> None:
        """Once the time to reopen the finished game is over, its standings lose the buttons
        that reopen it (a click on one after a restart is refused, and removes them)."""
        deadline = self.record.deadline
        if self.record.status == "finished" and deadline is not None:
            self.context.tasks.spawn(
                self._close_corrections(deadline, self.record.version),
                name=f"game-{self.record.id}-corrections",
            )

    async def _close_corrections(self, deadline: float, version: int) -> None:
        await self.context.clock.sleep_until(deadline)
        async with self.lock:
            saved = await self.context.store.get(self.record.id)
            if saved is None or saved.version != version or self.record.version != version:
                return
            try:
                await self.display.edit(await self.display.final())
            except discord.HTTPException as error:
                log.info("Game %s: its standings keep their buttons (%s)", self.record.id, error)

    def bots_to_move(self) -> bool:
        """Whether only bots are to move in the running game, as far as the engine in memory
        tells (never loaded for this: loading it resets the turn being tracked)."""
        engine = self._engine
        if self.record.status != "running" or engine is None:
            return False
        seats = self.record.seats
        return not any(seats[seat].is_member for seat in engine.to_move)

    def reopenable(self) -> bool:
        """Whether the finished game can still be reopened, to correct it."""
        deadline = self.record.deadline
        return (
            self.record.status == "finished"
            and deadline is not None
            and self.context.clock.now() < deadline
        )

    def _save_events(self, events: Sequence[Any]) -> str:
        codec = self.adapter.events
        assert codec is not None, f"{self.adapter.title} has moments but no event codec"
        return json.dumps([codec.to_dict(event) for event in events])

    def unshown_events(self) -> list[Any]:
        """The events of the last commit whose moments have not been shown yet."""
        codec = self.adapter.events
        if self.record.unshown is None or codec is None:
            return []
        return [codec.from_dict(data) for data in json.loads(self.record.unshown)]

    def _set_deadline(self) -> None:
        """A new deadline when a new decision opens for members; they get a reminder."""
        record = self.record
        engine = self.engine
        token = self.adapter.turn_token(engine)
        movers = engine.to_move
        members = [s for s in movers if record.seats[s].is_member]
        new_turn = token != self._token
        announced = self.adapter.announces_turns
        self.to_remind = [s for s in members if announced and (new_turn or s not in self._movers)]
        self._token, self._movers = token, frozenset(movers)
        seconds = self.decision_seconds(members[0]) if members else None
        if not seconds:
            record.deadline = None
        elif new_turn or record.deadline is None:
            record.deadline = self.context.clock.now() + seconds

    def decision_seconds(self, seat: int) -> int | None:
        off_turn = self.adapter.off_turn(self.engine, seat)
        if off_turn is not None:
            return off_turn.seconds
        return self.adapter.turn_seconds(self.settings)

    def bot_action(self, seat: int, level: str | None = None) -> Any:
        """The move of the seat's bot (or the bot of `level`) now, chosen on the event loop."""
        return choose(self.adapter, self.engine, seat, *self._bot_mind(seat, level))

    async def choose_bot_action(self, seat: int, level: str | None = None) -> Any:
        """The move `bot_action` returns, chosen off the event loop. Only under the game's
        lock: the engine must not change meanwhile."""
        chosen, seed = self._bot_mind(seat, level)
        return await self.context.brains.choose(self.adapter, self.engine, seat, chosen, seed)

    def bot_thinking(self, seat: int) -> Awaitable[Any]:
        """The seat's bot's move in the game as it is now, chosen off the event loop; it may
        be awaited without the game's lock."""
        chosen, seed = self._bot_mind(seat, None)
        return self.context.brains.thinking(self.adapter, self.engine, seat, chosen, seed)

    def _bot_mind(self, seat: int, level: str | None) -> tuple[str, str]:
        """The level of the bot that moves for `seat`, and the seed of its choice."""
        record = self.record
        chosen = level or record.seats[seat].bot_level or self.adapter.takeover_level
        assert chosen is not None, f"{self.adapter.title} has no bots"
        return chosen, f"{record.seed}:{record.version}:{seat}"

    async def remind(self) -> None:
        """Tell the members whose turn has just begun; remove an alert whose turn is over."""
        seats, self.to_remind = self.to_remind, []
        await self.alerts.update(seats)

    async def end(
        self,
        heading: str,
        notice: str,
        interaction: discord.Interaction[Any] | None = None,
        **values: Any,
    ) -> None:
        """End the game without a result (cancelled or abandoned), and say so on its public
        message (`heading` and `notice`, catalog messages, with `values`): through
        `interaction` when it is a click on that message. An attempt at the daily deal
        finishes instead, with the scores as they stand."""
        record = self.record
        if record.daily is not None and record.status == "running":
            await self.finish_daily_early(interaction)
            return
        message_id = record.message_id
        record.status = "cancelled"
        record.deadline = None
        await self.commit()
        self.autoplay.stop()
        await self.alerts.remove()
        words = self.words
        embed = discord.Embed(
            title=f"{self.adapter.title} · {words(heading)}", description=words(notice, **values)
        )
        if (
            interaction is not None
            and interaction.message is not None
            and interaction.message.id == message_id
            and not interaction.response.is_done()
            and not self.display.outbox.busy
        ):
            await interaction.response.edit_message(
                embed=embed, view=None, content=None, attachments=[]
            )
        else:
            self.display.replace_safely(embed)

    async def abandon(self, note: str | None = None) -> None:
        """End the game because its channel, or the bot's place in its server, is gone (or
        its thread was locked: `note` on its card says so): it is recorded as abandoned,
        without a result, and nothing is shown in its channel."""
        record = self.record
        if not record.is_open:
            return
        self.card.note = note
        if record.daily is not None and record.status == "running" and record.message_id:
            # A daily shown, then lost, counts as played; one never shown (its thread could
            # not be opened) is called off below, and its member may try again.
            await self.finish_daily_early(show=False)
            return
        record.status = "cancelled"
        record.abandoned = True
        record.deadline = None
        record.alert_id = None
        self.to_remind = []
        await self.commit()
        self.autoplay.stop()

    async def finish_daily_early(
        self, interaction: discord.Interaction[Any] | None = None, *, show: bool = True
    ) -> None:
        """An attempt at the daily deal left before its end (its member left, missed turns,
        called it off, or its channel went away): it finishes with the scores as they stand,
        the member's result their own even where a bot took the seat."""
        record = self.record
        seat = record.seats[0]
        if seat.user_id is None and seat.left_by is None:
            record.seats[0] = seat.model_copy(update={"left_by": record.host_id})
        record.status = "finished"
        record.deadline = None
        self.to_remind = []
        await self.commit()
        self.autoplay.stop()
        if not show:
            return
        await self.alerts.remove()
        await self.display.show_final_safely(interaction)

    def wake(self) -> None:
        """Catch up with anything pending: a table to redraw, bots to move, a timer to arm."""
        self.autoplay.wake()

    def permissions_changed(self) -> None:
        """The bot's permissions in the game's channel changed: what the channel refused (the
        card, turn alerts, the table) is tried again."""
        self.alerts.refused.lift()
        self.card.regained()
        self.display.refused = None
        self.autoplay.regained()
