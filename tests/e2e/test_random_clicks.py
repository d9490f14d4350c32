"""Random users do random things at random tables of every game, while Discord misbehaves now
and then, and after every step each game the bot keeps is sound.

Four members (two of them with French and German clients) click whatever they see in two
channels — the newest public messages (tables, lobbies, summaries, leaderboards), their own
private messages and their DMs — pick options in menus, fill in the forms they open (guest
names, card totals, sometimes nonsense, sometimes later than they opened them) and now and then
use a command with random options (open any game, play solo, leave, cancel, show, statistics…).
Bots play, and turn timers run out when the clock moves.

Hypothesis draws the scenario: the seed of the users' choices and when which fault strikes:
a 429 on a route, a 500 or 502 answered once or twice to a call (retried by discord.py, its
pauses shortened by `quick_retries`), a moderator deleting a game's public message, a restart
of the bot, the turn clock moving on, an interaction delivered about 3 s late. After every step,
once every game's lock is free and its bots idle:

1. every open game holds its engine's invariants (`tests/e2e/invariants.py`): every card is
   accounted for, nobody holds two cards of one colour in Sky Five, a score sheet's rounds are
   scored by its rules and add up to its totals; in a running game someone is to move, and
   each seat to move has a legal action;
2. the row saved in the database (version, state, status) equals the game in memory, and the
   games open in the database are the ones the bot keeps;
3. each game's public message exists and shows the saved version;
4. every interaction was answered in time and without an error from Discord (those the test
   delivered late may have come too late: 10062);
5. the bot logged no error.

A second test plays a server whose games open in threads of their own (the bot's default):
users act mostly in the threads (every thread of the guild) and use commands in the channels
and the threads, and moderators also delete, archive or lock a game's thread and delete its
card or its table. Each open game's public message is then in its thread, its card in the
channel describes it, and nothing of a game is posted in the channel but its card.

The bot's own tasks run in their own time, so a scenario does not replay exactly; the failure
message lists the last steps taken. Shrinking is off for the same reason. `make test` plays the
same scenarios in every clone (the explicit examples, then those Hypothesis draws from its
fixed seed); `make fuzz` draws new ones, and prints each failing scenario as the `@example` to
add here.

Longer runs: `SKYTABLE_RANDOM_CLICKS=2000` makes each scenario 2,000 steps long (300 by
default) and `SKYTABLE_RANDOM_CLICKS_RUNS=10` plays 10 scenarios (5 by default). The first
scenario Hypothesis plays is its simplest (seed 0, only 5xx faults), so a long run wants two at
least:

    SKYTABLE_RANDOM_CLICKS=2000 SKYTABLE_RANDOM_CLICKS_RUNS=2 \\
        .venv/bin/python -m pytest tests/e2e/test_random_clicks.py -s

With `-s`, each scenario prints what it did: steps by kind, faults, updates (answers that
redrew the clicked message), late deliveries, and the games it left by kind and status.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import random
import re
import sqlite3
import tempfile
from collections import Counter, deque
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, example, given, settings
from hypothesis import strategies as st

from bot.client import ANSWERING
from bot.sessions.session import GameSession
from bot.ui.card import card_embed
from tests.e2e.harness import Table, parse, table, until
from tests.e2e.invariants import check_saved, check_session
from tests.standin import Channel, InteractionResult, StoredMessage, User, quick_retries

STEPS = int(os.environ.get("SKYTABLE_RANDOM_CLICKS", "300"))
RUNS = int(os.environ.get("SKYTABLE_RANDOM_CLICKS_RUNS", "5"))
USERS = ("ana", "leo", "zoe", "max")
LOCALES = {"zoe": "fr", "max": "de"}
UPDATED, MODAL = 7, 9
UNKNOWN_INTERACTION = 10062
SETTLE = 10.0
"""Seconds a step waits for the bot to settle before it counts as stuck."""

PATHS = ("/callback", "/messages", "/webhooks/", "/channels/")
"""Parts of the REST paths a fault strikes: interaction answers, messages, follow-ups…"""
GUEST_NAMES = (
    "Grandma",
    "Tom",
    "Éva",
    "Ömer Yılmaz",
    "李华",
    "@everyone",
    "**Bold** _Ann_",
    "<@1>",
    "A" * 40,
)
ODD_TOTALS = ("abc", "150", "-25", "−3", " 12 ", "+5", "1e3", "٣", "--2", "")
GAME_CONTROL = re.compile(r"^skys?:(\d+):")
"""The custom id of a game's button or menu, with the game's id."""


# ------------------------------------------------------------------------------ faults


@dataclass(frozen=True)
class RateLimited:
    """The next request to a matching route is answered 429 with a small retry_after."""

    path: str


@dataclass(frozen=True)
class ServerError:
    """The next `times` matching requests are answered with a 5xx (discord.py retries)."""

    status: int
    times: int
    method: str | None
    path: str


@dataclass(frozen=True)
class MessageDeleted:
    """A moderator deletes the public message of the channel's game (or its newest message)."""

    channel: int


@dataclass(frozen=True)
class Restart:
    """The bot stops and starts again on the same database."""


@dataclass(frozen=True)
class ClockMoves:
    """The bot's clock moves on: turn timers may run out."""

    seconds: int


@dataclass(frozen=True)
class LateDelivery:
    """The next interaction reaches the bot `age` seconds after it was made."""

    age: float


@dataclass(frozen=True)
class ThreadModerated:
    """A moderator deletes, archives or locks (`what`) a game's thread: that of the `game`-th
    open game played in a thread (by id, cycling), else the guild's `game`-th thread."""

    what: str
    game: int


@dataclass(frozen=True)
class CardDeleted:
    """A moderator deletes the card of the `game`-th open game played in a thread (by id,
    cycling)."""

    game: int


@dataclass(frozen=True)
class TableDeleted:
    """A moderator deletes the public message of the `game`-th open game (by id, cycling),
    in its thread or its channel."""

    game: int


Fault = (
    RateLimited
    | ServerError
    | MessageDeleted
    | Restart
    | ClockMoves
    | LateDelivery
    | ThreadModerated
    | CardDeleted
    | TableDeleted
)

FAULTS: st.SearchStrategy[Fault] = st.one_of(
    st.builds(RateLimited, st.sampled_from(PATHS)),
    st.builds(
        ServerError,
        st.sampled_from([500, 502]),
        st.integers(1, 2),
        st.sampled_from([None, "POST", "PATCH"]),
        st.sampled_from(PATHS),
    ),
    st.builds(MessageDeleted, st.integers(0, 1)),
    st.just(Restart()),
    st.builds(ClockMoves, st.sampled_from([5, 30, 90, 600])),
    st.builds(LateDelivery, st.sampled_from([2.9, 3.0, 3.5])),
)
THREAD_FAULTS: st.SearchStrategy[Fault] = st.one_of(
    FAULTS,
    st.builds(ThreadModerated, st.sampled_from(["delete", "archive", "lock"]), st.integers(0, 9)),
    st.builds(CardDeleted, st.integers(0, 9)),
    st.builds(TableDeleted, st.integers(0, 9)),
)
"""The faults of a server whose games open in threads: moderators also delete, archive or lock
a game's thread, delete its card or its public message in the thread."""


@dataclass(frozen=True)
class Scenario:
    seed: int
    """Seeds the users' choices."""
    faults: tuple[tuple[int, Fault], ...]
    """Each fault with the step before which it strikes (one at most before each step)."""


@st.composite
def scenarios(
    draw: st.DrawFn, steps: int = STEPS, faults: st.SearchStrategy[Fault] = FAULTS
) -> Scenario:
    seed = draw(st.integers(0, 2**32 - 1))
    timed = st.tuples(st.integers(0, steps - 1), faults)
    drawn = draw(
        st.lists(
            timed,
            min_size=steps // 25,
            max_size=max(1, steps // 8),
            unique_by=lambda timed: timed[0],
        )
    )
    return Scenario(seed, tuple(sorted(drawn, key=lambda timed: timed[0])))


# ------------------------------------------------------------------------ what users see


def controls(message: StoredMessage) -> list[dict[str, Any]]:
    """The message's enabled buttons and string selects that send a custom id."""
    return [
        component
        for component in message.walk_components()
        if component.get("type") in (2, 3)
        and "custom_id" in component
        and not component.get("disabled", False)
    ]


def text_inputs(components: Any) -> Iterator[dict[str, Any]]:
    """The text inputs of a form, in action rows or labels."""
    for component in components if isinstance(components, list) else []:
        if not isinstance(component, dict):
            continue
        if component.get("type") == 4 and "custom_id" in component:
            yield component
        yield from text_inputs(component.get("components"))
        inner = component.get("component")
        if isinstance(inner, dict):
            yield from text_inputs([inner])


def typed(field: dict[str, Any], rng: random.Random) -> str:
    """What a user types in a form field: mostly something sensible, now and then not."""
    key = str(field["custom_id"])
    roll = rng.random()
    if roll < 0.15 and field.get("value"):
        text = str(field["value"])  # left as the form showed it
    elif key.isdigit():  # a card total
        if roll < 0.7:
            text = str(rng.randint(-24, 30))
        elif roll < 0.85:
            text = str(rng.randint(-24, 144))
        else:
            text = rng.choice(ODD_TOTALS)
    else:
        text = rng.choice(GUEST_NAMES)
    low = int(field.get("min_length") or 0)
    high = int(field.get("max_length") or 4000)
    text = text[:high]
    if field.get("required", True) and len(text) < max(low, 1):
        text = (text + "x" * max(low, 1))[:high]
    return text


def command_leaves(schemas: list[dict[str, Any]]) -> list[tuple[str, list[dict[str, Any]]]]:
    """Every command a user can type ("skyjo start", "history"…) with its options."""
    found: list[tuple[str, list[dict[str, Any]]]] = []

    def walk(name: str, options: list[dict[str, Any]]) -> None:
        subs = [o for o in options if o.get("type") in (1, 2)]
        if not subs:
            found.append((name, options))
        for sub in subs:
            walk(f"{name} {sub['name']}", sub.get("options", []))

    for schema in schemas:
        walk(schema["name"], schema.get("options", []))
    return found


def answering() -> bool:
    """Whether the bot is still answering an interaction: a command goes on after its answer
    (a game's card answers it before its thread is started and the game saved and shown)."""
    return any(not task.done() and task.get_name() in ANSWERING for task in asyncio.all_tasks())


def typable(place: Channel) -> Channel:
    """Where a user types a command when looking at `place`: a locked thread takes nothing
    from its members, who type in its channel instead."""
    state = place.thread
    return state.parent if state is not None and state.locked else place


def weight(command: str) -> int:
    """How often users pick a command: mostly to open games."""
    last = command.split()[-1]
    return {"start": 6, "solo": 5, "show": 2, "leave": 2, "cancel": 2}.get(last, 1)


def ending(custom_id: str) -> float:
    """How often users press a control: those that end a game or leave it less than others,
    so that games get far."""
    parts = custom_id.split(":")
    return 0.25 if len(parts) > 3 and parts[3] in ("cancel", "leave", "end") else 1.0


# --------------------------------------------------------------------------------- a run


@dataclass
class Run:
    t: Table
    rng: random.Random
    caplog: pytest.LogCaptureFixture
    channels: list[Channel]
    threaded: bool = False
    """The server's games open in threads: users also act in the guild's threads."""
    commands: list[tuple[str, list[dict[str, Any]]]] = field(default_factory=list)
    forms: dict[str, tuple[Channel, dict[str, Any]]] = field(default_factory=dict)
    """Forms a user opened and has not submitted yet."""
    steps: int = 0
    updates: int = 0
    late: int = 0
    late_answered: int = 0
    faults: Counter[str] = field(default_factory=Counter)
    sent: Counter[str] = field(default_factory=Counter)
    """Interactions sent, by kind: clicks, picks, forms, commands."""
    recent: deque[str] = field(default_factory=lambda: deque(maxlen=25))
    logged: int = 0
    late_age: float | None = None

    # ----------------------------------------------------------------------- faults

    async def inject(self, fault: Fault) -> None:
        t = self.t
        if isinstance(fault, RateLimited | ServerError):
            # Discord's hiccups are brief: one at a time, never more than discord.py retries
            t.dc.rest.rate_limits.clear()
            t.dc.rest.failures.clear()
        self.faults[type(fault).__name__] += 1
        self.recent.append(f"fault {fault}")
        if isinstance(fault, RateLimited):
            t.dc.rate_limit(0.05, times=1, path_contains=fault.path)
        elif isinstance(fault, ServerError):
            t.dc.fail(
                fault.status, times=fault.times, method=fault.method, path_contains=fault.path
            )
        elif isinstance(fault, MessageDeleted):
            await self.delete_message(self.channels[fault.channel])
        elif isinstance(fault, Restart):
            await t.stop()
            await t.start()
        elif isinstance(fault, ClockMoves):
            t.clock.advance(fault.seconds)
        elif isinstance(fault, LateDelivery):
            self.late_age = fault.age
        elif isinstance(fault, ThreadModerated):
            self.moderate(fault)
        elif isinstance(fault, CardDeleted):
            self.delete_card(fault.game)
        else:
            await self.delete_table(fault.game)

    async def delete_message(self, channel: Channel) -> None:
        """A moderator deletes the game's public message, which the bot posts again; without
        a game, the channel's newest message of the bot goes."""
        t = self.t
        sessions = t.running.sessions.registry.open_in(channel.id)
        shown = sessions[0].record.message_id if sessions else None
        message = t.dc.world.message(shown) if shown is not None else None
        if message is None:
            bots = [m for m in t.dc.messages(channel) if m.author_id == t.dc.bot_user.id]
            if bots:
                t.dc.delete_message(bots[-1])
            return
        await self.delete_shown(sessions[0], message)

    async def delete_table(self, game: int) -> None:
        """A moderator deletes an open game's public message, in its thread or its channel."""
        games = self.open_games()
        if not games:
            return
        session = games[game % len(games)]
        shown = session.record.message_id
        message = self.t.dc.world.message(shown) if shown is not None else None
        if message is not None:
            await self.delete_shown(session, message)

    async def delete_shown(self, session: GameSession, message: StoredMessage) -> None:
        """Delete the game's public message and wait for the bot to post it again."""
        t = self.t
        t.dc.delete_message(message)

        def posted_again() -> bool:
            now = session.record.message_id
            return not session.record.is_open or (
                now not in (None, message.id) and t.dc.world.message(now) is not None
            )

        await until(posted_again, f"game {session.record.id} to post its deleted table again")

    def open_games(self) -> list[GameSession]:
        return sorted(self.t.running.sessions.registry.open, key=lambda s: s.record.id)

    def threads(self) -> list[Channel]:
        """The guild's threads users see, archived or locked ones included (none unless the
        server's games open in threads)."""
        return [c for c in self.t.guild.threads if not c.deleted] if self.threaded else []

    def moderate(self, fault: ThreadModerated) -> None:
        """A moderator deletes, archives or locks a game's thread (else any thread)."""
        dc = self.t.dc
        games = [s for s in self.open_games() if s.record.parent_id is not None]
        if games:
            thread = dc.world.channels.get(games[fault.game % len(games)].record.channel_id)
        else:
            threads = self.threads()
            thread = threads[fault.game % len(threads)] if threads else None
        if thread is None or thread.deleted or thread.thread is None:
            return
        if fault.what == "delete":
            dc.delete_channel(thread)
        elif fault.what == "archive" and not thread.thread.archived:
            dc.archive(thread)
        elif fault.what == "lock" and not thread.thread.locked:
            dc.lock(thread)

    def delete_card(self, game: int) -> None:
        """A moderator deletes the card of a game played in a thread."""
        games = [s for s in self.open_games() if s.card.kept]
        if not games:
            return
        card_id = games[game % len(games)].record.card_id
        card = self.t.dc.world.message(card_id) if card_id is not None else None
        if card is not None:
            self.t.dc.delete_message(card)

    # ---------------------------------------------------------------------- acting

    def user_for(self, channel: Channel) -> str:
        """Mostly someone to move in the channel's game, if a member is."""
        user = self.rng.choice(USERS)
        sessions = self.t.running.sessions.registry.open_in(channel.id)
        if sessions and sessions[0].record.status == "running" and self.rng.random() < 0.6:
            session = sessions[0]
            members = {self.t.users[name].id: name for name in USERS}
            movers = [
                members[seat.user_id]
                for number, seat in enumerate(session.record.seats)
                if number in session.engine.to_move and seat.user_id in members
            ]
            user = self.rng.choice(movers) if movers else user
        return user

    def place(self) -> Channel:
        """Where the next user acts: a channel or, with games in threads, mostly a thread whose
        game is open (a channel shows only cards: a user there mostly opens a game)."""
        rng = self.rng
        threads = self.threads()
        if not threads or rng.random() < 0.1:
            return rng.choice(self.channels)
        registry = self.t.running.sessions.registry
        playing = [thread for thread in threads if registry.open_in(thread.id)]
        if playing and rng.random() < 0.85:
            return rng.choice(playing)
        return rng.choice(threads)

    def seen(self, channel: Channel, user: str) -> list[StoredMessage]:
        """What the user can click: the newest public messages, their private ones, a DM."""
        dc = self.t.dc
        member = self.t.users[user]
        public = [m for m in dc.messages(channel) if controls(m)][-3:]
        private = [m for m in dc.ephemerals(member) if controls(m) and self.there(m)][-2:]
        dms = [m for m in dc.dms(member) if controls(m)][-1:]
        return [*public, *private, *dms]

    def there(self, message: StoredMessage) -> bool:
        """Whether the message's channel still exists (a moderator may delete a thread)."""
        channel = self.t.dc.world.channels.get(message.channel_id)
        return channel is not None and not channel.deleted

    async def act(self) -> list[tuple[InteractionResult, bool]]:
        """One user does one thing; returns each interaction it sent, and whether it was
        delivered late on purpose."""
        rng = self.rng
        channel = self.place()
        user = self.user_for(channel)
        late, self.late_age = self.late_age, None
        results: list[tuple[InteractionResult, bool]] = []
        if user in self.forms and self.forms[user][0].deleted:
            del self.forms[user]  # the form's thread was deleted: the user's client closes it
        if user in self.forms and rng.random() < 0.3:
            results.append(await self.send(lambda: self.submit_form(user), late))
            return results
        seen = self.seen(channel, user)
        if not seen or rng.random() < 0.08:
            typed_in = typable(channel)
            result = await self.send(lambda: self.command(user, typed_in), late)
        else:
            message = rng.choice(seen)
            shown = controls(message)
            component = rng.choices(shown, [ending(c["custom_id"]) for c in shown])[0]
            result = await self.send(lambda: self.use(user, message, component), late)
        results.append(result)
        opened, _ = result
        if opened.type == MODAL and opened.modal is not None:
            self.forms[user] = (opened.channel, opened.modal)
            if rng.random() < 0.8:
                results.append(await self.send(lambda: self.submit_form(user), None))
        return results

    async def send(
        self, interaction: Callable[[], Awaitable[InteractionResult]], late: float | None
    ) -> tuple[InteractionResult, bool]:
        """Sends the interaction, `late` seconds after it was made if given."""
        if late is None:
            return await interaction(), False
        self.late += 1
        with self.t.dc.late_delivery(late):
            return await interaction(), True

    async def command(self, user: str, channel: Channel) -> InteractionResult:
        rng = self.rng
        names = [name for name, _ in self.commands]
        chosen = rng.choices(names, [weight(name) for name in names])[0]
        options = dict(self.commands)[chosen]
        values: dict[str, Any] = {}
        for option in options:
            if option.get("required") or rng.random() < 0.3:
                value = self.option_value(option)
                if value is not None:
                    values[option["name"]] = value
        self.recent.append(f"{user} in #{channel.name}: /{chosen} {values}")
        self.sent["commands"] += 1
        return await self.t.dc.slash(self.t.users[user], channel, chosen, **values)

    def option_value(self, option: dict[str, Any]) -> Any:
        rng = self.rng
        kind = option["type"]
        if option.get("choices"):
            return rng.choice(option["choices"])["value"]
        if kind in (4, 10):  # integer, number: small ones make short games
            low = option.get("min_value", 0)
            high = option.get("max_value", low + 100)
            roll = rng.random()
            if roll < 0.4:
                return low
            if roll < 0.5:
                return high
            return rng.randint(int(low), int(min(high, low * 3 + 5)))
        if kind == 5:
            return rng.random() < 0.5
        if kind == 6:
            user: User = self.t.users[rng.choice(USERS)]
            return user
        if kind == 3:
            return rng.choice(["en", "fr", "x"])
        return None

    async def use(
        self, user: str, message: StoredMessage, component: dict[str, Any]
    ) -> InteractionResult:
        custom_id = component["custom_id"]
        member = self.t.users[user]
        if component["type"] == 3:
            options = [option["value"] for option in component["options"]]
            low = int(component.get("min_values", 1))
            high = min(int(component.get("max_values", 1)), len(options))
            values = self.rng.sample(options, self.rng.randint(low, high))
            self.recent.append(f"{user} picks {values} in {custom_id}")
            self.sent["picks"] += 1
            return await self.t.dc.select(member, message, custom_id, values)
        self.recent.append(f"{user} clicks {custom_id}")
        self.sent["clicks"] += 1
        return await self.t.dc.click(member, message, custom_id)

    async def submit_form(self, user: str) -> InteractionResult:
        channel, form = self.forms.pop(user)
        values = {
            str(field["custom_id"]): typed(field, self.rng)
            for field in text_inputs(form.get("components"))
        }
        self.recent.append(f"{user} submits {form['custom_id']} {values}")
        self.sent["forms"] += 1
        return await self.t.dc.submit_modal(self.t.users[user], channel, form["custom_id"], values)

    # ---------------------------------------------------------------------- checks

    def check_answer(self, result: InteractionResult, late: bool) -> None:
        if late:
            refused = [error for error in result.errors if error.code != UNKNOWN_INTERACTION]
            assert not refused, f"{result}: Discord refused the answer"
            assert result.type is not None or result.errors, f"{result} was not answered"
            self.late_answered += result.type is not None
            return
        assert result.type is not None, f"{result} was not answered"
        assert not result.errors, f"{result}: Discord refused the answer"

    def check_log(self) -> None:
        records = self.caplog.records[self.logged :]
        self.logged = len(self.caplog.records)
        errors = [r for r in records if r.levelno >= logging.ERROR]
        assert not errors, [f"{r.name}: {r.getMessage()}\n{r.exc_text or ''}" for r in errors]

    async def settle(self) -> list[GameSession]:
        """Wait until no interaction is being answered, no tournament is opening tables or
        moving on, every open game's lock is free, its bots idle and Discord shows it as saved
        (see `wrong`); returns the open games."""
        registry = self.t.running.sessions.registry
        for _ in range(3):
            await asyncio.sleep(0)

        def calm() -> bool:
            return (
                not answering()
                and not self.t.running.tournaments.busy
                and all(
                    not s.lock.locked() and s.autoplay.idle and not s.display.outbox.busy
                    for s in registry.open
                )
            )

        await until(calm, "no interaction being answered, every game's lock free", SETTLE)

        def wrong() -> list[str]:
            return [problem for s in registry.open for problem in self.wrong(s)]

        try:
            await until(lambda: calm() and not wrong(), "every game shown as saved", SETTLE)
        except AssertionError as failure:
            raise AssertionError(f"{failure}: {wrong()}") from None
        return registry.open

    def wrong(self, session: GameSession) -> list[str]:
        """What Discord shows wrongly of the open game: its public message (it must exist in
        the game's channel or thread and show the saved version), its thread (neither deleted
        nor locked while the game is open) and its card (in the thread's parent, describing
        the game as it stands)."""
        record = session.record
        found = [] if self.shows_saved(session) else [f"game {record.id}'s public message"]
        if record.parent_id is None:
            return found
        thread = self.t.dc.world.channels.get(record.channel_id)
        state = thread.thread if thread is not None else None
        if thread is None or thread.deleted or state is None:
            found.append(f"game {record.id} is open in a deleted thread")
        elif state.locked:
            found.append(f"game {record.id} is open in a locked thread")
        if record.card_id is not None:
            found += self.card_wrong(session)
        return found

    def card_wrong(self, session: GameSession) -> list[str]:
        record = session.record
        assert record.card_id is not None
        card = self.t.dc.world.message(record.card_id)
        if card is None or card.channel_id != record.parent_id:
            return [f"game {record.id}'s card {record.card_id} is not in its channel"]
        expected = card_embed(session.card.facts(), session.words)
        shown = card.embeds[0] if card.embeds else {}
        if (shown.get("title"), shown.get("description")) != (
            expected.title,
            expected.description,
        ):
            return [f"game {record.id}'s card shows {shown.get('description')!r}"]
        return []

    def shows_saved(self, session: GameSession) -> bool:
        record = session.record
        if record.message_id is None or session.display.stale:
            return False
        message = self.t.dc.world.message(record.message_id)
        if message is None or message.channel_id != record.channel_id:
            return False
        versions = {parse(custom_id)[1] for custom_id in message.custom_ids}
        return versions in (set(), {record.version})

    async def check(self) -> None:
        sessions = await self.settle()
        for session in sessions:
            check_session(session)
        check_saved(sessions, self.t.database)
        self.check_places()
        self.check_log()

    def check_places(self) -> None:
        """Every message with a game's controls is in that game's channel or thread; with
        games in threads, none is played in a channel, and the bot posts nothing of its own
        in a channel but cards and the daily deal's share lines (what it says there answers a
        command used there)."""
        games = self.games()
        cards = {card for _, card in games.values() if card is not None} | self.shares()
        bot = self.t.dc.bot_user.id
        channels = {channel.id for channel in self.channels}
        for place in [*self.channels, *self.threads()]:
            for message in self.t.dc.messages(place):
                for game in {int(m[1]) for i in message.custom_ids if (m := GAME_CONTROL.match(i))}:
                    where = games.get(game, (None, None))[0]
                    assert where == place.id, (
                        f"message {message.id} in #{place.name} has the controls of game "
                        f"{game}, played in channel {where}"
                    )
                posted = message.author_id == bot and message.interaction_id is None
                if self.threaded and place.id in channels and posted:
                    assert message.id in cards, (
                        f"message {message.id} posted in #{place.name} is no game's card nor a"
                        " share line: "
                        f"{message.content!r} {message.embeds[:1]}"
                    )
        if self.threaded:
            inside = [game for game, (where, _) in games.items() if where in channels]
            assert not inside, f"games {inside} are played in a channel, not in a thread"

    def games(self) -> dict[int, tuple[int, int | None]]:
        """Every game's channel (or thread) and card, as saved."""
        uri = f"file:{self.t.database}?mode=ro"
        with contextlib.closing(sqlite3.connect(uri, uri=True)) as db:
            rows = db.execute("SELECT id, channel_id, card_id FROM games").fetchall()
        return {int(game): (int(channel), card) for game, channel, card in rows}

    def shares(self) -> set[int]:
        """The messages that posted a daily deal's share line, as saved."""
        uri = f"file:{self.t.database}?mode=ro"
        with contextlib.closing(sqlite3.connect(uri, uri=True)) as db:
            rows = db.execute(
                "SELECT shared_id FROM daily_results WHERE shared_id IS NOT NULL"
            ).fetchall()
        return {int(shared) for (shared,) in rows}

    async def step(self, faults: list[Fault]) -> None:
        for fault in faults:
            await self.inject(fault)
        for result, late in await self.act():
            self.check_answer(result, late)
            self.updates += result.type == UPDATED
        await self.check()
        self.steps += 1

    def summary(self) -> str:
        faults = ", ".join(f"{count} {name}" for name, count in sorted(self.faults.items()))
        uri = f"file:{self.t.database}?mode=ro"
        with contextlib.closing(sqlite3.connect(uri, uri=True)) as db:
            rows = db.execute("SELECT kind, status, COUNT(*) FROM games GROUP BY kind, status")
            games = ", ".join(f"{kind} {status} {count}" for kind, status, count in rows)
        sent = ", ".join(f"{count} {kind}" for kind, count in sorted(self.sent.items()))
        threads = f", {len(self.threads())} threads" if self.threaded else ""
        return (
            f"{self.steps} steps ({sent}), {sum(self.faults.values())} faults ({faults}), "
            f"{self.updates} updates, {self.late} delivered late "
            f"({self.late_answered} answered in time); games: {games}{threads}"
        )


RANDOM_CLICKS = settings(
    max_examples=RUNS,
    deadline=None,
    phases=(Phase.explicit, Phase.reuse, Phase.generate),
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    print_blob=True,
)


@pytest.mark.long(seconds=28)
@RANDOM_CLICKS
@given(scenario=scenarios())
# Leo opens a daily deal; Max, not seated, clicks on it; the bot restarts while restoring it,
# and Max's next click on it went unanswered (the game's lock was held by its restoring).
@example(scenario=Scenario(300409, ((156, Restart()),)))
async def test_random_clicks_keep_every_game_sound(
    caplog: pytest.LogCaptureFixture, scenario: Scenario
) -> None:
    await play(scenario, caplog, threaded=False)


@pytest.mark.long(seconds=30)
@RANDOM_CLICKS
@given(scenario=scenarios(faults=THREAD_FAULTS))
async def test_random_clicks_in_threads_keep_every_game_sound(
    caplog: pytest.LogCaptureFixture, scenario: Scenario
) -> None:
    """The server's games open in threads of their own (the bot's default): users click in the
    channels and in every thread, use commands in both, and moderators also delete, archive
    or lock a game's thread and delete its card. The server keeps playing in threads: nobody
    turns them off."""
    await play(scenario, caplog, threaded=True)


async def play(scenario: Scenario, caplog: pytest.LogCaptureFixture, *, threaded: bool) -> None:
    caplog.set_level(logging.WARNING)
    caplog.clear()
    faults: dict[int, list[Fault]] = {}
    for at, fault in scenario.faults:
        faults.setdefault(at, []).append(fault)
    with tempfile.TemporaryDirectory() as folder, quick_retries():
        async with table(Path(folder)) as t:
            # Users click with no pause and quick_retries cuts discord.py's waits for its buckets.
            t.dc.limits.enforce_rate_limits = False
            t.threads = threaded
            for name, locale in LOCALES.items():
                t.users[name].locale = locale
            second = t.guild.add_text_channel("skyjo-2")
            await t.start()
            run = Run(t, random.Random(scenario.seed), caplog, [t.channel, second], threaded)
            commands = command_leaves(t.dc.synced_commands())
            run.commands = [c for c in commands if not threaded or c[0] != "table threads"]
            for number in range(STEPS):
                try:
                    await run.step(faults.get(number, []))
                except AssertionError as failure:
                    steps = "\n".join(run.recent)
                    raise AssertionError(
                        f"step {number} of seed {scenario.seed}: {failure}\nlast steps:\n{steps}"
                    ) from failure
            print(f"\nrandom clicks, seed {scenario.seed}: {run.summary()}")
            assert run.updates > STEPS // 10, "the clicks moved games along"
