"""The scripted users of `bench.crash`: in each channel, the members who play its game through
the stand-in as people would, and open a new one when it ends.

Each channel's members act one at a time: they look at the latest message with controls where
the game is played (the channel, or the thread the game's card in the channel was started
from, when the server opens each game in a thread of its own), and the member whose decision
it is (read from the saved game, as a person reads it on the table) presses one of them, chosen
at random among those that move the game on. A game is opened by a command in the channel; a
rematch is played where the game ended. A click the bot never answered because it died is
pressed again after the restart, if its button is still on the member's screen, as a person
presses again a button that did nothing.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable
from dataclasses import dataclass, field
from typing import Any

from bench.crash_checks import CUSTOM_ID, game_versions
from bot.catalog import Catalog
from bot.storage.records import GameRecord
from games.core.engine import Engine
from games.skyjo_sheet import ScoreSheet
from tests.standin import (
    Channel,
    DiscordStandIn,
    InteractionResult,
    StandInError,
    StoredMessage,
    User,
)

COMMANDS = {
    "skyjo": "skyjo",
    "junior": "skyjo-junior",
    "skyfive": "skyfive",
    "skyjo-sheet": "skyjo-sheet",
}
"""Each kind of game's command group."""
KINDS = tuple(COMMANDS)
"""Every kind of game, in the order channels are given them."""
NEVER = frozenset({"cancel", "leave", "hint", "settings", "removebot", "guest", "seatguest"})
"""Verbs the users do not press: they keep their games going."""
RARE = frozenset({"end", "undo", "discard", "edit", "mine"})
REDRAW = frozenset({"mode"})
LONG_TURNS = 3600
"""Seconds per turn at tables opened with `start`: nobody runs out of time while the bot is
down (a solo game keeps the default)."""
IDLE = 0.05
"""Seconds a member waits before looking again when there is nothing for them to do."""
GUEST = "Grandma"


@dataclass
class Tally:
    """What the users did, over the whole run."""

    clicks: int = 0
    commands: int = 0
    refused: int = 0
    """Answered with a private message: refused, or a private screen."""
    failed: int = 0
    """Not delivered, or never answered while the bot was up."""
    unanswered_at_kill: int = 0
    answered_after_all: int = 0
    """Pending at a kill, yet answered before the bot died."""
    resent: int = 0
    replayed: int = 0
    """Sent again after a restart, and taken as a move by the restarted bot."""
    duplicates_refused: int = 0
    """Sent again after a restart, and refused: the first one had been saved after all."""
    abandoned: int = 0
    """Not sent again: the control was no longer on the member's screen after the restart."""
    opened: int = 0
    failures: list[str] = field(default_factory=list)


@dataclass
class Pending:
    """An interaction a member sent and has not seen answered yet."""

    user: User
    kind: str
    """"click", "select", "form" (a form submitted) or "command"."""
    channel: Channel
    """Where it is made: the channel, or the thread of a game played in one."""
    before: int
    """The id of the last interaction sent before this one."""
    message_id: int | None = None
    custom_id: str = ""
    value: str | None = None
    command: str = ""
    options: dict[str, Any] = field(default_factory=dict)
    form_values: dict[str, str] = field(default_factory=dict)

    @property
    def game(self) -> tuple[int, int] | None:
        """(game, version) the interaction was made on."""
        match = CUSTOM_ID.match(self.custom_id)
        return None if match is None else (int(match[1]), int(match[2]))


class ChannelMessages:
    """Each channel's public messages in order, kept up to date from the stand-in's world."""

    def __init__(self, dc: DiscordStandIn) -> None:
        self.dc = dc
        self._count = 0
        self._by_channel: dict[int, list[int]] = {}

    def refresh(self) -> None:
        messages = self.dc.world.messages
        if len(messages) == self._count:
            return
        fresh = list(messages)[self._count :]
        self._count = len(messages)
        for message_id in fresh:
            message = messages[message_id]
            if message.ephemeral_for is None:
                self._by_channel.setdefault(message.channel_id, []).append(message_id)

    def public(self, channel_id: int) -> list[StoredMessage]:
        self.refresh()
        found = []
        for message_id in self._by_channel.get(channel_id, []):
            message = self.dc.world.message(message_id)
            if message is not None:
                found.append(message)
        return found

    def table(self, channel_id: int) -> StoredMessage | None:
        """The latest message of the channel with a control that can be pressed."""
        self.refresh()
        for message_id in reversed(self._by_channel.get(channel_id, [])):
            message = self.dc.world.message(message_id)
            if message is not None and enabled(message):
                return message
        return None


def enabled(message: StoredMessage) -> list[dict[str, Any]]:
    """The message's buttons and selects of a game that can be pressed."""
    return [
        c
        for c in message.walk_components()
        if c.get("type") in (2, 3)
        and isinstance(c.get("custom_id"), str)
        and CUSTOM_ID.match(c["custom_id"]) is not None
        and not c.get("disabled", False)
    ]


def verb_of(component: dict[str, Any]) -> str:
    return str(component["custom_id"]).split(":")[3]


def form_inputs(modal: dict[str, Any]) -> list[str]:
    """The custom ids of a form's text inputs."""
    found: list[str] = []

    def walk(components: Any) -> None:
        for component in components if isinstance(components, list) else []:
            if not isinstance(component, dict):
                continue
            if component.get("type") == 4 and "custom_id" in component:
                found.append(str(component["custom_id"]))
            walk(component.get("components"))
            inner = component.get("component")
            if isinstance(inner, dict):
                walk([inner])

    walk(modal.get("components"))
    return found


class Sight:
    """What the members see of the saved games: each channel's latest game, as last read, and
    when that read began. Members act only on a read begun after their last answer came, as a
    person waits for the screen to show what their click did."""

    def __init__(self) -> None:
        self.latest: dict[int, GameRecord] = {}
        self.read_at = float("-inf")

    def update(self, latest: dict[int, GameRecord], began: float) -> None:
        self.latest = dict(latest)
        self.read_at = began


class ChannelPlayers:
    """The members who play the game of one channel."""

    def __init__(
        self,
        dc: DiscordStandIn,
        catalog: Catalog,
        messages: ChannelMessages,
        sight: Sight,
        channel: Channel,
        kind: str,
        members: list[User],
        rng: random.Random,
        tally: Tally,
        think: tuple[float, float],
    ) -> None:
        self.dc = dc
        self.catalog = catalog
        self.messages = messages
        self.sight = sight
        self.channel = channel
        self.kind = kind
        self.members = members
        self.by_id = {user.id: user for user in members}
        self.rng = rng
        self.tally = tally
        self.think = think
        self.pending: Pending | None = None
        self.answered_at = float("-inf")
        """When the members' last interaction was answered (the event loop's clock)."""
        self.stopped = False
        """Set when the bot is killed: the members stop at once. (A cancellation alone may be
        lost in `asyncio.wait_for` on Python 3.11 when the awaited answer arrives with it.)"""
        self.private: dict[int, tuple[int, int]] = {}
        """Each member's private screen with controls: (game, message)."""
        self.card: int | None = None
        """The message the members' last command was answered with: a game's card, whose
        thread they follow when the game is played in a thread of its own."""
        self.plan: tuple[bool, list[User], bool] = (True, members[:1], False)
        """How the channel's latest game was opened: solo, its members, with a guest."""
        self._engine: tuple[tuple[int, int], Engine] | None = None

    # ------------------------------------------------------------------------ the loop

    async def play(self) -> None:
        """Act until stopped (the bot is killed); first press again what went unanswered."""
        await self.resume()
        while not self.stopped:
            acted = await self.step()
            low, high = self.think if acted else (IDLE, IDLE)
            await asyncio.sleep(self.rng.uniform(low, high))

    def engine(self, record: GameRecord) -> Engine:
        key = (record.id, record.version)
        if self._engine is None or self._engine[0] != key:
            adapter = self.catalog.require(record.kind)
            assert record.state is not None
            self._engine = (key, adapter.load(record.state))
        return self._engine[1]

    async def step(self) -> bool:
        """One decision of one member, if someone has one to make; True if they acted."""
        if self.sight.read_at < self.answered_at:
            return False  # the saved games were read before the last answer came
        record = self.sight.latest.get(self.channel.id)
        if record is None or not record.is_open:
            return await self.next_game(record)
        if record.status == "lobby":
            return await self.lobby(record)
        try:
            engine = self.engine(record)
        except Exception:
            return False  # a state that does not load is for the checks to report
        users = self.deciders(record, engine)
        if not users:
            return False
        user = self.rng.choice(users)
        private = self.private_screen(user, record)
        if private is not None:
            return await self.press(user, private, self.choose(enabled(private)))
        table = self.table(record)
        if table is None or not game_versions(table, record.id):
            return False
        if isinstance(engine, ScoreSheet):
            return await self.sheet(user, record, engine, table)
        return await self.press(user, table, self.choose(enabled(table)))

    def where(self, record: GameRecord) -> int | None:
        """Where the members look for the game's messages: its channel, or for a game in a
        thread of its own the thread started from the card their command was answered with
        (None: that card has no thread)."""
        if record.parent_id is None or record.card_id is None:
            return record.channel_id
        card = self.dc.world.message(self.card) if self.card is not None else None
        thread = card.payload.get("thread") if card is not None else None
        return int(thread["id"]) if isinstance(thread, dict) else None

    def table(self, record: GameRecord) -> StoredMessage | None:
        """The latest message with controls where the members look for the game."""
        where = self.where(record)
        return None if where is None else self.messages.table(where)

    def deciders(self, record: GameRecord, engine: Engine) -> list[User]:
        """The members whose decision it is (the host decides for guests)."""
        found = []
        for seat in engine.to_move:
            taken = record.seats[seat]
            user_id = record.host_id if taken.guest else taken.user_id
            user = self.by_id.get(user_id) if user_id is not None else None
            if user is not None and user not in found:
                found.append(user)
        return found

    def private_screen(self, user: User, record: GameRecord) -> StoredMessage | None:
        shown = self.private.get(user.id)
        if shown is None or shown[0] != record.id:
            return None
        message = self.dc.world.message(shown[1])
        if message is None or not enabled(message):
            del self.private[user.id]
            return None
        return message

    def choose(self, controls: list[dict[str, Any]]) -> dict[str, Any] | None:
        """A control that moves the game on, picked at random (rarely one that goes back)."""
        weighted = []
        for control in controls:
            verb = verb_of(control)
            if verb in NEVER:
                continue
            weight = 0.05 if verb in RARE else 0.3 if verb in REDRAW else 1.0
            weighted.append((control, weight))
        if not weighted:
            return None
        return self.rng.choices([c for c, _ in weighted], [w for _, w in weighted])[0]

    # --------------------------------------------------------------------- what to do

    async def press(
        self, user: User, message: StoredMessage, control: dict[str, Any] | None
    ) -> bool:
        if control is None:
            return False
        custom_id = str(control["custom_id"])
        if control.get("type") == 3:
            value = self.rng.choice([str(o["value"]) for o in control.get("options", [])])
            pending = self._pending(user, "select", message, custom_id, value=value)
        else:
            pending = self._pending(user, "click", message, custom_id)
        await self.send(pending)
        return True

    async def lobby(self, record: GameRecord) -> bool:
        table = self.table(record)
        if table is None or not game_versions(table, record.id):
            return False
        adapter = self.catalog.require(record.kind)
        seated = {seat.user_id for seat in record.seats}
        solo, planned, guest = self.plan
        host = self.by_id.get(record.host_id)
        waiting = [u for u in planned if u.id not in seated] if not solo else []
        full = len(record.seats) >= adapter.max_seats
        if guest and host is not None and not any(s.guest for s in record.seats) and not full:
            return await self.seat_guest(host, table)
        if waiting and not full:
            return await self.press_verb(self.rng.choice(waiting), table, "join")
        if host is not None and len(record.seats) >= adapter.min_seats:
            return await self.press_verb(host, table, "start")
        outside = [u for u in self.members if u.id not in seated]
        if outside and not full:
            return await self.press_verb(self.rng.choice(outside), table, "join")
        return False

    async def press_verb(self, user: User, message: StoredMessage, verb: str) -> bool:
        found = [c for c in enabled(message) if verb_of(c) == verb]
        return await self.press(user, message, found[0] if found else None)

    async def seat_guest(self, host: User, table: StoredMessage) -> bool:
        found = [c for c in enabled(table) if verb_of(c) == "guest"]
        if not found:
            return False
        await self.fill_form(host, table, str(found[0]["custom_id"]), {})
        return True

    async def sheet(
        self, user: User, record: GameRecord, sheet: ScoreSheet, table: StoredMessage
    ) -> bool:
        """A score sheet: who ended the round, everyone's totals, then Confirm."""
        controls = {verb_of(c): c for c in reversed(enabled(table))}
        if "keep" in controls:
            # The host asked to end the game early: as a host would, they confirm or go back.
            host = self.by_id.get(record.host_id, user)
            verb = "endnow" if self.rng.random() < 0.2 else "keep"
            return await self.press(host, table, controls.get(verb))
        rare = [c for v, c in controls.items() if v in RARE]
        if rare and self.rng.random() < 0.03:
            return await self.press(user, table, self.rng.choice(rare))
        draft = sheet.draft
        if draft is None or draft.finisher is None:
            return await self.press(user, table, controls.get("finisher"))
        missing = [i for i, entry in enumerate(draft.entries) if entry is None]
        if missing:
            first = missing[0] - missing[0] % 5
            totals = [
                c
                for c in enabled(table)
                if verb_of(c) == "totals" and str(c["custom_id"]).endswith(f":{first}")
            ]
            if not totals:
                return False
            await self.fill_form(user, table, str(totals[0]["custom_id"]), {})
            return True
        return await self.press(user, table, controls.get("confirm"))

    async def fill_form(
        self, user: User, message: StoredMessage, button: str, values: dict[str, str]
    ) -> None:
        """Press the button that opens a form, and submit it filled in (with `values`, or
        made up: a guest's name, or card totals)."""
        opened = await self.send(self._pending(user, "click", message, button))
        if opened is None or opened.modal is None:
            return
        modal = opened.modal
        inputs = form_inputs(modal)
        if not values:
            if inputs == ["name"]:
                values = {"name": GUEST}
            else:
                values = {key: str(self.rng.randint(-2, 35)) for key in inputs}
        pending = self._pending(user, "form", message, str(modal["custom_id"]))
        pending.form_values = values
        pending.options = {"button": button}
        await self.send(pending)

    async def next_game(self, record: GameRecord | None) -> bool:
        """The channel's game has ended: a rematch where it was played, or a new game by a
        command in the channel."""
        table = self.table(record) if record is not None else None
        if record is not None and record.status == "finished" and table is not None:
            players = [self.by_id[s.user_id] for s in record.seats if s.user_id in self.by_id]
            rematch = [
                c
                for c in enabled(table)
                if verb_of(c) == "rematch" and game_versions(table, record.id)
            ]
            if players and rematch and self.rng.random() < 0.7:
                await self.press(self.rng.choice(players), table, rematch[0])
                return True
        await self.open_game()
        return True

    async def open_game(self) -> None:
        rng = self.rng
        solo = self.kind != "skyjo-sheet" and rng.random() < 0.5
        members = rng.sample(self.members, 1 if solo else rng.randint(2, len(self.members)))
        guest = self.kind == "skyjo-sheet" and rng.random() < 0.3
        self.plan = (solo, members, guest)
        options: dict[str, Any] = {}
        if solo:
            options["bots"] = rng.randint(1, 2)
        elif self.kind != "skyjo-sheet":
            options["turn_seconds"] = LONG_TURNS
        if self.kind in ("skyjo", "skyjo-sheet"):
            options["target_score"] = rng.choice([30, 50, 70])
        if self.kind == "junior" and not solo:
            options["copies_per_value"] = rng.choice([4, 6, 10])
        command = f"{COMMANDS[self.kind]} {'solo' if solo else 'start'}"
        pending = Pending(
            members[0], "command", self.channel, self._last_id(), command=command, options=options
        )
        await self.send(pending)

    # ----------------------------------------------------------------------- sending

    def _last_id(self) -> int:
        return next(reversed(self.dc.interactions.by_id), 0)

    def _pending(
        self,
        user: User,
        kind: str,
        message: StoredMessage,
        custom_id: str,
        value: str | None = None,
    ) -> Pending:
        channel = self.dc.world.channel(message.channel_id) or self.channel
        return Pending(
            user,
            kind,
            channel,
            self._last_id(),
            message_id=message.id,
            custom_id=custom_id,
            value=value,
        )

    def _deliver(self, pending: Pending) -> Awaitable[InteractionResult]:
        dc, user = self.dc, pending.user
        if pending.kind == "command":
            return dc.slash(user, self.channel, pending.command, **pending.options)
        if pending.kind == "form":
            return dc.submit_modal(user, pending.channel, pending.custom_id, pending.form_values)
        assert pending.message_id is not None
        if pending.kind == "select":
            assert pending.value is not None
            return dc.select(user, pending.message_id, pending.custom_id, [pending.value])
        return dc.click(user, pending.message_id, pending.custom_id)

    async def send(self, pending: Pending) -> InteractionResult | None:
        """Send the interaction and wait for its answer. If the bot is killed meanwhile, the
        task is cancelled with the interaction left pending, to be sent again."""
        if self.stopped:
            raise asyncio.CancelledError
        self.pending = pending
        if pending.kind == "command":
            self.tally.commands += 1
        else:
            self.tally.clicks += 1
        try:
            result = await self._deliver(pending)
        except StandInError as error:
            self.pending = None
            self.tally.failed += 1
            if len(self.tally.failures) < 20:
                self.tally.failures.append(f"#{self.channel.name}: {error}")
            return None
        self.pending = None
        self.answered_at = asyncio.get_running_loop().time()
        self._answered(pending, result)
        return result

    def _answered(self, pending: Pending, result: InteractionResult) -> None:
        if pending.kind == "command" and result.type == 4 and not result.ephemeral:
            self.tally.opened += 1
            self._note_card(result)
        if result.ephemeral or result.errors:
            self.tally.refused += 1
        shown = self.private.get(pending.user.id)
        refused = result.errors or (result.type == 4 and result.ephemeral)
        if shown is not None and shown[1] == pending.message_id and refused:
            del self.private[pending.user.id]  # an outdated screen: look at the table instead
        message = result.message
        made_on = pending.game
        if (
            result.ephemeral
            and message is not None
            and made_on is not None
            and not result.errors
            and enabled(message)
        ):
            self.private[pending.user.id] = (made_on[0], message.id)

    def _note_card(self, answer: InteractionResult) -> None:
        message = answer.message
        if message is not None and not message.ephemeral:
            self.card = message.id

    def taken(self, pending: Pending, result: InteractionResult | None) -> bool:
        """Whether the answer shows the interaction was taken as a move (or opened a game)."""
        if result is None or result.errors or result.ephemeral or result.type is None:
            return False
        if pending.kind == "command":
            return result.type == 4
        made_on = pending.game
        message = result.message
        if made_on is None or message is None:
            return False
        game, version = made_on
        shown = game_versions(message, game)
        return not shown or max(shown) > version

    def _sent_before(self, pending: Pending) -> InteractionResult | None:
        """The interaction as the stand-in recorded it, if it was sent at all."""
        for interaction_id in reversed(self.dc.interactions.by_id):
            if interaction_id <= pending.before:
                break
            result = self.dc.interactions.by_id[interaction_id]
            if result.user.id != pending.user.id or result.channel.id != pending.channel.id:
                continue
            data = result.payload.get("data") or {}
            if pending.kind == "command" or data.get("custom_id") == pending.custom_id:
                return result
        return None

    async def resume(self) -> None:
        """After a restart: press again what the bot never answered, if it is still there."""
        pending, self.pending = self.pending, None
        if pending is None:
            return
        sent = self._sent_before(pending)
        if sent is not None and sent.type is not None:
            self.tally.answered_after_all += 1
            self.answered_at = asyncio.get_running_loop().time()
            if pending.kind == "command":
                self._note_card(sent)
            return
        self.tally.unanswered_at_kill += 1
        if pending.kind == "form":
            result = await self._submit_again(pending)
        elif pending.kind == "command":
            result = await self.send(pending)
        else:
            assert pending.message_id is not None
            message = self.dc.world.message(pending.message_id)
            if message is None or not any(
                c["custom_id"] == pending.custom_id for c in enabled(message)
            ):
                self.tally.abandoned += 1
                return
            pending.before = self._last_id()
            result = await self.send(pending)
        if result is None:
            return
        self.tally.resent += 1
        if self.taken(pending, result):
            self.tally.replayed += 1
        elif result.ephemeral and (result.message is None or not enabled(result.message)):
            self.tally.duplicates_refused += 1

    async def _submit_again(self, pending: Pending) -> InteractionResult | None:
        """A form whose submission went unanswered: open it again and submit the same."""
        button = str(pending.options.get("button", ""))
        message = self.dc.world.message(pending.message_id or 0)
        if message is None or not any(c["custom_id"] == button for c in enabled(message)):
            self.tally.abandoned += 1
            return None
        opened = await self.send(self._pending(pending.user, "click", message, button))
        if opened is None or opened.modal is None:
            self.tally.abandoned += 1
            return None
        again = self._pending(pending.user, "form", message, str(opened.modal["custom_id"]))
        again.form_values = pending.form_values
        again.options = pending.options
        return await self.send(again)
