"""The bot process killed for real (SIGKILL) at each step between a click and the table's edit,
then restarted on the same database: the table shows what was saved, a click on the table as it
was seen before the crash is answered truthfully, and play goes on.

The stand-in runs in the test process and the bot in a child process (`tests.e2e.bot_process`).
A held request (`DiscordStandIn.hold`) marks the step at which the bot is killed. It is never
released: the client it belongs to is dead, so it never reached Discord; closing the stand-in
drops it unhandled. The game is read from the SQLite file, read-only, as the bot left it.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import re
import signal
import sqlite3
import subprocess
import sys
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import pytest

from bot.adapters.specs import SelectSpec
from bot.games.skyjo.screens import table_rows
from bot.i18n import Words
from games.skyjo import SkyjoGame
from tests.e2e.harness import Table, enabled, parse, shown, table
from tests.standin import (
    Channel,
    DiscordStandIn,
    Hold,
    InteractionResult,
    RecordedRequest,
    StandInError,
    StoredMessage,
)

ROOT = Path(__file__).resolve().parents[2]
READY_WITHIN = 20.0
"""Seconds the bot process has to start and connect."""
EXIT_WITHIN = 10.0
WAIT = 10.0
"""Seconds to wait for the bot to bring the game or the table to an expected state."""
POLL = 0.01
SEED = 7
"""Seeds the games the bot process deals, so that every run plays the same game."""
ANA = 0
"""Ana's seat; the bot sits at seat 1."""
LOGGED_ERROR = re.compile(r" (ERROR|CRITICAL) |Traceback")

T = TypeVar("T")


# ------------------------------------------------------------------------------ the process


class BotProcess:
    """Sky Table running in a child process against the stand-in, on one database file."""

    def __init__(
        self,
        dc: DiscordStandIn,
        database: Path | str,
        workdir: Path,
        env: dict[str, str] | None = None,
        options: tuple[str, ...] = (),
    ) -> None:
        """`database`: a SQLite file or a PostgreSQL URL; `env`: settings added to the
        environment (SHARD_COUNT, SHARD_IDS…); `options`: given to `tests.e2e.bot_process`
        after its arguments (`--threads`)."""
        self.dc = dc
        self.database = database
        self.env = env or {}
        self.options = options
        self.ready_file = workdir / "bot.ready"
        self.log_file = workdir / "bot.log"
        self.process: asyncio.subprocess.Process | None = None
        self.starts = 0

    @property
    def alive(self) -> bool:
        return self.process is not None and self.process.returncode is None

    async def start(self) -> None:
        """Start the process and wait until the bot is connected and ready."""
        assert not self.alive, "the bot process is already running"
        self.ready_file.unlink(missing_ok=True)
        self.starts += 1
        with self.log_file.open("a") as log:
            log.write(f"--- start {self.starts}\n")
            log.flush()
            self.process = await asyncio.create_subprocess_exec(
                sys.executable,
                "-m",
                "tests.e2e.bot_process",
                self.dc.base_url,
                self.dc.gateway_url(),
                self.dc.token,
                str(self.database),
                str(self.ready_file),
                str(SEED),
                *self.options,
                cwd=ROOT,
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
                env={**os.environ, **self.env},
            )
        loop = asyncio.get_running_loop()
        deadline = loop.time() + READY_WITHIN
        while not self.ready_file.exists():
            if self.process.returncode is not None:
                raise AssertionError(f"the bot process exited at start:\n{self.log()}")
            if loop.time() > deadline:
                await self.kill()
                raise AssertionError(f"the bot was not ready within {READY_WITHIN:g} s")
            await asyncio.sleep(POLL)

    async def kill(self) -> None:
        """SIGKILL: the process ends at once, in whatever it was doing."""
        process = self.process
        assert process is not None and process.returncode is None, "no bot process to kill"
        process.send_signal(signal.SIGKILL)
        code = await asyncio.wait_for(process.wait(), EXIT_WITHIN)
        assert code == -signal.SIGKILL, f"the bot process exited with {code}, not by SIGKILL"

    async def stop(self) -> int | None:
        """SIGTERM, for a clean shutdown; SIGKILL if it does not end in time. The exit code."""
        process = self.process
        if process is None:
            return None
        if process.returncode is None:
            process.terminate()
            try:
                await asyncio.wait_for(process.wait(), EXIT_WITHIN)
            except TimeoutError:
                process.kill()
                await process.wait()
        return process.returncode

    def log(self, lines: int = 60) -> str:
        """The last `lines` lines the process wrote (0: all of them), over every start."""
        if not self.log_file.exists():
            return ""
        return "\n".join(self.log_file.read_text().splitlines()[-lines:])


# --------------------------------------------------------------------------------- the game


@dataclass(frozen=True)
class Saved:
    """The game's row as the bot saved it."""

    version: int
    status: str
    message_id: int | None
    state: str | None

    @property
    def game(self) -> SkyjoGame:
        assert self.state is not None, "the game has no saved state"
        return SkyjoGame.from_json(self.state)


def read_saved(database: Path, channel_id: int) -> Saved | None:
    """The channel's latest game, read from the database file without writing to it."""
    if not database.exists():
        return None
    uri = f"{database.as_uri()}?mode=ro"
    with contextlib.closing(sqlite3.connect(uri, uri=True, timeout=5.0)) as connection:
        row = connection.execute(
            "SELECT version, status, message_id, state FROM games"
            " WHERE channel_id = ? ORDER BY id DESC LIMIT 1",
            (channel_id,),
        ).fetchone()
    return None if row is None else Saved(int(row[0]), str(row[1]), row[2], row[3])


def versions(message: StoredMessage) -> set[int]:
    """The game versions in the message's custom ids."""
    return {parse(i)[1] for i in message.custom_ids if i.startswith("sky:")}


def first_enabled(message: StoredMessage) -> str:
    found = [
        str(c["custom_id"])
        for c in message.walk_components()
        if c.get("type") == 2
        and str(c.get("custom_id", "")).startswith("sky:")
        and not c.get("disabled", False)
    ]
    assert found, f"no enabled button on message {message.id}"
    return found[0]


def controls(message: StoredMessage) -> list[tuple[str, str, str, bool]]:
    """The message's buttons: verb, argument, label, disabled."""
    found = []
    for component in message.walk_components():
        if component.get("type") == 2 and "custom_id" in component:
            _, _, verb, arg = parse(str(component["custom_id"]))
            found.append(
                (verb, arg, str(component.get("label", "")), bool(component.get("disabled")))
            )
    return found


def expected_controls(game: SkyjoGame) -> list[tuple[str, str, str, bool]]:
    """The buttons a freshly drawn table of this game has (ana is seat 0, the bot seat 1)."""
    found = []
    view = game.view(None)
    for row in table_rows(view, "", Words("en"), bot_to_move=view.current == 1):
        assert not isinstance(row, SelectSpec), "a Skyjo table has no select menu"
        found += [(spec.verb, spec.arg, spec.label, spec.disabled) for spec in row]
    return found


@dataclass
class Crash:
    """One member (ana) playing Skyjo against a bot run in a process that the test kills."""

    setup: Table
    bot: BotProcess
    rng: random.Random
    seen: StoredMessage | None = None
    """The table as ana last saw it with buttons to press (a frozen copy)."""
    parent: Channel | None = None
    """The channel holding the game's card, when the game is played in a thread."""
    card_id: int | None = None

    @property
    def dc(self) -> DiscordStandIn:
        return self.setup.dc

    @property
    def channel_id(self) -> int:
        return self.setup.channel.id

    def saved(self) -> Saved:
        saved = read_saved(self.setup.database, self.channel_id)
        assert saved is not None, "no game saved in the channel"
        return saved

    def message(self, message_id: int | None) -> StoredMessage | None:
        return next((m for m in self.dc.messages(self.setup.channel) if m.id == message_id), None)

    def showing(self, saved: Saved) -> StoredMessage | None:
        """The game's public message, if it shows the saved version."""
        message = self.message(saved.message_id)
        if message is None or versions(message) != {saved.version}:
            return None
        return message

    def look(self, message: StoredMessage) -> StoredMessage:
        """Ana sees the table as it is now."""
        if any(not c.get("disabled") for c in message.walk_components() if c.get("type") == 2):
            self.seen = self.dc.as_seen(message)
        return message

    async def slash(self, command: str, **options: Any) -> InteractionResult:
        return await self.setup.slash("ana", command, **options)

    async def click(self, message: StoredMessage, custom_id: str) -> InteractionResult:
        return await self.setup.click("ana", message, custom_id)

    async def settled(self, stop: Callable[[], bool] | None = None) -> tuple[Saved, StoredMessage]:
        """Wait until it is ana's decision (or the game is over) and the table shows it."""

        def ready() -> tuple[Saved, StoredMessage] | None:
            saved = self.saved()
            message = self.showing(saved)
            if message is None:
                return None
            if saved.status != "running" or ANA in saved.game.to_move:
                return saved, message
            return None

        return await poll(ready, "ana's decision shown on the table", stop=stop)


async def poll(
    condition: Callable[[], T | None],
    what: str,
    timeout: float = WAIT,
    stop: Callable[[], bool] | None = None,
) -> T:
    """The first value of `condition` that is not None, checked every few milliseconds."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        found = condition()
        if found is not None:
            return found
        if stop is not None and stop():
            raise Interrupted
        if loop.time() > deadline:
            raise AssertionError(f"timed out after {timeout:g} s waiting for {what}")
        await asyncio.sleep(POLL)


class Interrupted(Exception):
    """A wait was cut short: what the test was waiting for to happen meanwhile, happened."""


@asynccontextmanager
async def crash_table(tmp_path: Path, *, threads: bool = False) -> AsyncIterator[Crash]:
    """The stand-in with ana in a server, and the bot running in its own process; with
    `threads`, the server's games open in threads of their own (the bot's default)."""
    async with table(tmp_path) as setup:
        options = ("--threads",) if threads else ()
        bot = BotProcess(setup.dc, setup.database, tmp_path, options=options)
        crash = Crash(setup, bot, random.Random(SEED))
        try:
            await bot.start()
            yield crash
        except BaseException as error:
            await bot.stop()
            error.add_note(f"the bot process's log:\n{bot.log()}")
            raise
        code = await bot.stop()
        assert code == 0, f"the bot did not stop cleanly ({code}):\n{bot.log()}"
        errors = [line for line in bot.log(lines=0).splitlines() if LOGGED_ERROR.search(line)]
        assert not errors, f"the bot logged errors:\n{bot.log()}"


@contextlib.contextmanager
def never_released(hold: Hold) -> Iterator[Hold]:
    """A hold whose request belongs to a client about to be killed: it must never go through."""
    yield hold
    assert not hold.released, "a request of the killed bot was released"
    assert hold.request is not None and not hold.request.status, "the request was answered"


# --------------------------------------------------------------------------- ana's decisions


async def start_solo(crash: Crash) -> None:
    """A solo game against one bot that does not end after its first round. In a thread of
    its own, ana follows it there from the card that answered her: the test then looks at
    the thread as the game's channel."""
    parent = crash.setup.channel
    started = await crash.slash("skyjo solo", bots=1, level="normal", target_score=1000)
    assert started.type == 4 and not started.ephemeral, started.errors
    card = shown(started)
    if crash.bot.options:
        thread = await poll(lambda: crash.dc.world.channels.get(card.id), "the game's thread")
        assert thread.parent is parent
        crash.parent = parent
        crash.card_id = card.id
        crash.setup.channel = thread


async def open_cards(crash: Crash, message: StoredMessage) -> None:
    """Ana's opening flips: her grid only for her, then a face-down card at a time."""
    opened = await crash.click(crash.look(message), _button(message, "mine"))
    assert opened.type == 4 and opened.ephemeral, opened.errors
    personal = shown(opened)
    while enabled(personal, "reveal"):
        result = await crash.click(personal, crash.rng.choice(enabled(personal, "reveal")))
        assert result.type == 7, result.errors
        personal = shown(result)


async def play_turn(crash: Crash, saved: Saved, message: StoredMessage) -> None:
    """A turn of ana's through the table's buttons: draw, then discard it and turn a card up
    (which ends rounds quickly), or swap it in when nothing is face down."""
    if saved.game.phase == "turn":
        drawn = await crash.click(crash.look(message), _button(message, "draw"))
        if drawn.ephemeral:
            # Restored, the bot may still be checking its table and post it again: the click
            # on the table it then leaves behind is refused with a link. Or the click made on
            # the table ana saw before the crash, acknowledged while the game was restored, has
            # drawn since: this one is "already done". Either way ana looks again.
            saved, message = await crash.settled()
            if saved.game.phase == "turn":
                drawn = await crash.click(crash.look(message), _button(message, "draw"))
        if saved.game.phase == "turn":
            assert drawn.type == 7, (drawn.errors, drawn.content)
            message = shown(drawn)
    crash.look(message)
    if _enabled_arg(message, "mode", "flip"):
        flipping = await crash.click(message, _button(message, "mode", "flip"))
        assert flipping.type == 7, flipping.errors
        message = crash.look(shown(flipping))
        target = crash.rng.choice(enabled(message, "flip"))
    else:
        target = crash.rng.choice(enabled(message, "swap"))
    done = await crash.click(message, target)
    assert done.type == 7, done.errors
    crash.look(shown(done))


async def decide(crash: Crash, saved: Saved, message: StoredMessage) -> None:
    """Whatever ana has to decide now: her opening flips, or her turn."""
    if saved.game.phase == "opening":
        await open_cards(crash, message)
    else:
        await play_turn(crash, saved, message)


async def ana_to_play(crash: Crash) -> tuple[Saved, StoredMessage]:
    """Play ana's opening flips if needed, until she is to play a turn (or has drawn)."""
    while True:
        saved, message = await crash.settled()
        assert saved.status == "running"
        if saved.game.phase != "opening":
            return saved, message
        await open_cards(crash, message)


def _button(message: StoredMessage, verb: str, arg: str | None = None) -> str:
    found = [i for i in enabled(message, verb) if arg is None or parse(i)[3] == arg]
    assert found, f"no enabled {verb}:{arg} button in {message.custom_ids}"
    return found[0]


def _enabled_arg(message: StoredMessage, verb: str, arg: str) -> bool:
    return any(parse(i)[3] == arg for i in enabled(message, verb))


# ------------------------------------------------------------------------ after the restart


async def restart_and_check(crash: Crash) -> None:
    """Restart the bot on the same database; the table shows the saved game, a click on the
    table as ana saw it before the crash is answered truthfully, and play goes on."""
    seen = crash.seen
    assert seen is not None, "ana saw no table before the crash"
    await crash.bot.start()

    def table_right() -> tuple[Saved, StoredMessage] | None:
        saved = crash.saved()
        message = crash.showing(saved)
        return None if message is None else (saved, message)

    saved, message = await poll(table_right, "the table to show the saved version")
    assert controls(message) == expected_controls(saved.game), (
        f"the table's buttons do not match the saved game (version {saved.version})"
    )
    tables = [
        m.id
        for m in crash.dc.messages(crash.setup.channel)
        if any(i.startswith("sky:") for i in enabled_ids(m))
    ]
    assert tables == [message.id], f"more than one table to press: {tables}"
    check_parent(crash)

    outdated = await crash.click(seen, first_enabled(seen))
    assert outdated.answered.is_set() and not outdated.errors, outdated.errors
    assert outdated.type in (4, 6, 7), f"answered with type {outdated.type}"
    replies = [outdated.message] if outdated.type == 4 else []
    for reply in [*replies, *outdated.followups]:
        assert reply is not None
        assert f"/{seen.id}" not in reply.text(), (
            f"the answer to a click on message {seen.id} links to that same message: "
            f"{reply.text()!r}"
        )
    await play_on(crash)


def check_parent(crash: Crash) -> None:
    """With the game in a thread: its channel holds its card, linking to the thread, and
    nothing of the game to press."""
    if crash.parent is None:
        return
    channel = crash.dc.messages(crash.parent)
    assert [m.id for m in channel] == [crash.card_id], "the channel holds more than the card"
    assert not channel[0].custom_ids, "the card has controls"
    description = str(channel[0].embeds[0].get("description", ""))
    assert f"<#{crash.setup.channel.id}>" in description, f"the card says {description!r}"


async def play_on(crash: Crash) -> None:
    """Ana plays a whole turn through the buttons, it is saved, and the bot moves after it
    until it is ana's decision again."""
    turns = 0
    mine = -1
    while True:
        saved, message = await crash.settled()
        assert saved.status == "running", f"the game is {saved.status}"
        if turns and saved.version > mine:
            return
        phase = saved.game.phase
        await decide(crash, saved, message)
        after = crash.saved()
        assert after.version > saved.version, "ana's decision was not saved"
        mine = after.version
        if phase != "opening":
            turns += 1


def enabled_ids(message: StoredMessage) -> list[str]:
    return [
        str(c["custom_id"])
        for c in message.walk_components()
        if c.get("type") == 2 and "custom_id" in c and not c.get("disabled", False)
    ]


# ---------------------------------------------------------------------------- the kill points


IN_THREAD = pytest.mark.parametrize("threads", [False, True], ids=["in-channel", "in-thread"])
"""The game in its channel, or in a thread of its own started from its card."""


@IN_THREAD
async def test_killed_after_the_commit_before_the_answer(tmp_path: Path, threads: bool) -> None:
    """Ana draws; the bot saves the draw, then dies while sending its answer (the table's edit
    through the interaction callback). The draw stays saved; the table catches up."""
    async with crash_table(tmp_path, threads=threads) as crash:
        await start_solo(crash)
        saved, message = await ana_to_play(crash)
        assert saved.game.phase == "turn"
        crash.look(message)
        with never_released(crash.dc.hold(method="POST", path_contains="/callback")) as hold:
            click = asyncio.create_task(crash.click(message, _button(message, "draw")))
            await hold.reached()
            committed = crash.saved()
            assert committed.version == saved.version + 1, (
                "the draw was not saved before the answer"
            )
            assert committed.game.phase == "drawn"
            await crash.bot.kill()
        click.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await click
        still = crash.message(saved.message_id)
        assert still is not None and versions(still) == {saved.version}, "the table changed"
        assert crash.saved() == committed
        await restart_and_check(crash)
        assert crash.saved().version > committed.version


@IN_THREAD
async def test_killed_during_a_bots_move_before_its_table_edit(
    tmp_path: Path, threads: bool
) -> None:
    """Ana ends her turn; the bot's move is saved, and the bot dies while editing the table to
    show it. The move stays saved; the table catches up and it is ana's turn again."""
    async with crash_table(tmp_path, threads=threads) as crash:
        await start_solo(crash)
        saved, message = await ana_to_play(crash)
        table_id = saved.message_id
        # Ana's clicks on the table are answered through their callbacks: the first edit of
        # the table by PATCH, through the webhook of her last click, shows the bot's move.
        edits = crash.dc.hold(method="PATCH", path_contains="/messages/@original")
        with never_released(edits) as hold:
            await play_turn(crash, saved, message)
            after_ana = crash.saved()
            edit = await hold.reached()
            bots_move = crash.saved()
            assert bots_move.version > after_ana.version, "the bot's move was not saved first"
            assert edit.json is not None
            await crash.bot.kill()
        shown_now = crash.message(table_id)
        assert shown_now is not None
        assert versions(shown_now) == set(), "no live button while the bot plays"
        assert "Bot 1** is thinking" in shown_now.text()
        assert edit.json["embeds"] != shown_now.embeds, "the held edit shows the bot's move"
        await restart_and_check(crash)


async def test_killed_before_posting_the_next_rounds_table(tmp_path: Path) -> None:
    """A round ends: the table becomes the round's summary, and the bot dies while posting the
    next round's table as a fresh message. After the restart that table is posted, once."""
    async with crash_table(tmp_path) as crash:
        await start_solo(crash)
        channel_posts = f"/channels/{crash.channel_id}/messages"
        with never_released(crash.dc.hold(method="POST", path_contains=channel_posts)) as hold:

            def reached() -> bool:
                return hold.request is not None

            while not reached():
                try:
                    saved, message = await crash.settled(stop=reached)
                except Interrupted:
                    break
                assert saved.game.round == 1, "the first round ended unseen"
                await decide(crash, saved, message)
            post = await hold.reached()
            ended = crash.saved()
            assert post.path == channel_posts
            assert ended.message_id is None, "the summary is still taken for the table"
            assert ended.game.round == 2 and ended.game.phase == "opening"
            assert f":{ended.version}:" in str((post.json or {}).get("components"))
            await crash.bot.kill()
        summaries = [
            m for m in crash.dc.messages(crash.setup.channel) if "round 1 is over" in m.text()
        ]
        assert len(summaries) == 1
        await restart_and_check(crash)
        fresh = crash.saved()
        assert fresh.message_id not in (None, summaries[0].id)


@pytest.mark.parametrize("delay", [0.0, 0.005], ids=["at-once", "5ms-later"])
async def test_killed_right_after_a_click_is_sent(tmp_path: Path, delay: float) -> None:
    """The bot dies as ana's click is sent (at once, or a few milliseconds later), before or
    after saving it: either way the table shows what was saved and play goes on."""
    async with crash_table(tmp_path) as crash:
        await start_solo(crash)
        saved, message = await ana_to_play(crash)
        crash.look(message)
        known = len(crash.dc.interactions.by_id)
        click = asyncio.create_task(crash.click(message, _button(message, "draw")))
        while len(crash.dc.interactions.by_id) == known:
            await asyncio.sleep(0)
        if delay:
            await asyncio.sleep(delay)
        await crash.bot.kill()
        click.cancel()
        with contextlib.suppress(asyncio.CancelledError, StandInError):
            await click
        after = crash.saved()
        assert after.version in (saved.version, saved.version + 1)
        assert after.game.phase == ("turn" if after.version == saved.version else "drawn")
        await restart_and_check(crash)


class RoundSummaryLost(Exception):
    """The summary of a round never appeared in the channel."""


async def test_killed_before_the_round_summary_is_shown(tmp_path: Path) -> None:
    """The move that ends a round is saved, and the bot dies while turning the table into the
    round's summary (the bot's table edit, or the answer to ana's click). After the restart
    play goes on; the round's summary should still be shown."""
    async with crash_table(tmp_path) as crash:
        await start_solo(crash)
        saved, _ = await crash.settled()
        table_id = saved.message_id
        targets = [
            ("PATCH", f"/messages/{table_id}"),
            ("PATCH", "/messages/@original"),
            ("POST", "/callback"),
        ]
        watcher = asyncio.create_task(
            kill_at_first(crash, targets, lambda s: s.game.round == 2, "the round's end")
        )
        player = asyncio.create_task(play_until(crash, watcher.done))
        held = await watcher
        player.cancel()
        with contextlib.suppress(asyncio.CancelledError, StandInError):
            await player
        ended = crash.saved()
        assert ended.game.round == 2 and ended.game.phase == "opening"
        assert ended.message_id == table_id, f"killed at {held}, after the summary was shown"
        await restart_and_check(crash)
        channel = crash.dc.messages(crash.setup.channel)
        if not any("round 1 is over" in m.text() for m in channel):
            titles = [m.embeds[0].get("title") for m in channel if m.embeds]
            raise RoundSummaryLost(f"killed at {held.method} {held.path}; the channel: {titles}")


async def kill_at_first(
    crash: Crash, targets: list[tuple[str, str]], when: Callable[[Saved], bool], what: str
) -> RecordedRequest:
    """Hold each request to one of `targets` (method, a part of the path) as it comes; kill the
    bot at the first one held once the saved game satisfies `when`, and let the others go."""
    holds = [crash.dc.hold(method=method, path_contains=path) for method, path in targets]
    try:
        while True:
            index = await poll(
                lambda: next((i for i, h in enumerate(holds) if h.request is not None), None),
                f"a request held at {what}",
                timeout=4 * WAIT,
            )
            hold = holds[index]
            assert hold.request is not None
            if when(crash.saved()):
                await crash.bot.kill()
                return hold.request
            holds[index] = crash.dc.hold(method=hold.method, path_contains=hold.path_contains)
            hold.release()
    finally:
        for hold in holds:
            if hold.request is None:
                hold.release()  # nothing held: this only disarms it


async def play_until(crash: Crash, done: Callable[[], bool]) -> None:
    """Ana makes her decisions until `done`."""
    while not done():
        try:
            saved, message = await crash.settled(stop=done)
        except Interrupted:
            return
        await decide(crash, saved, message)


OPENING_MOMENTS = ["before-its-thread", "as-its-thread-starts", "before-its-table"]


@pytest.mark.parametrize("moment", OPENING_MOMENTS)
async def test_killed_while_a_game_opens_in_its_thread(tmp_path: Path, moment: str) -> None:
    """Ana's command is answered with the game's card, and the game is saved in the thread it
    is about to get (a thread started from a message takes the message's id); the bot dies
    before starting the thread, as Discord starts it (before the bot reads that it did), or
    before the game's table is posted in it. After the restart the game is in its thread (the
    restarted bot starts it from the card when it was never started), shown and played on,
    and the card links to it."""
    async with crash_table(tmp_path, threads=True) as crash:
        parent = crash.setup.channel
        starting = crash.dc.hold(method="POST", path_contains="/threads")
        started = await crash.slash("skyjo solo", bots=1, level="normal", target_score=1000)
        card = shown(started)
        assert started.type == 4 and card.channel_id == parent.id, started.errors
        await starting.reached()
        if moment == "before-its-thread":
            with never_released(starting):
                await crash.bot.kill()
        elif moment == "as-its-thread-starts":
            starting.release()
            while crash.dc.world.channels.get(card.id) is None:
                await asyncio.sleep(0)  # no pause: the bot is killed before it reads the answer
            await crash.bot.kill()
        else:
            posting = crash.dc.hold(method="POST", path_contains=f"/channels/{card.id}/messages")
            starting.release()
            with never_released(posting) as hold:
                await hold.reached()
                assert read_saved(crash.setup.database, card.id) is not None, "not saved"
                await crash.bot.kill()
        assert read_saved(crash.setup.database, card.id) is not None, "not saved"
        await crash.bot.start()
        thread = await poll(lambda: crash.dc.world.channels.get(card.id), "the game's thread")
        crash.parent, crash.card_id, crash.setup.channel = parent, card.id, thread
        crash.seen = None
        await ana_to_play(crash)
        check_parent(crash)
        await play_on(crash)
        check_parent(crash)
