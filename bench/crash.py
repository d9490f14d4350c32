"""Sky Table killed (SIGKILL) at random moments while many games of every kind are played, and
restarted on the same database each time: no game is lost, corrupted or stuck.

    .venv/bin/python -m bench.crash [--games 40] [--kills 50] [--seed 1] [--json]
                                    [--think 0.1-0.5] [--kill-after 0.05-1.5]
                                    [--settle-within 20] [--early 0.2] [--workdir DIR]
                                    [--threads] [--postgres | --database-url URL]

The bot's store is a SQLite file in the working directory; `--postgres` puts it on a throwaway
PostgreSQL server started for the run (`tests.postgres_server`), `--database-url` on a given
PostgreSQL database. The bot runs in a process of its own (`tests.e2e.bot_process`, with 0.05 s
bot delays) against
the local Discord stand-in, which runs here and keeps running across restarts: the same server,
users, channels and messages. Each channel holds one game, the channels taking the kinds in
turn (Skyjo, Skyjo Junior, Sky Five, the Skyjo score sheet); its members (`bench.crash_users`)
open it (solo against bots, or a table they join; a sheet may seat a guest), play it through
its buttons, selects and forms, and when it ends replace it by a rematch or a new game. The
tables are text only (the server's choice), so that drawing pictures does not set the pace.

The server plays one game a channel, in the channel (threads off). With `--threads` it opens
each game in a thread of its own, as servers do by default: the command, used in the channel,
is answered with the game's card, a thread is started from the card and the game is played
in it; a rematch is played in the same thread, a new game from the channel gets a new card and
thread. The checks below then take the game's thread as its channel, and a game is also stuck
when, open, it has no card in the channel (the message its thread was started from).

Each round: the bot is restarted (or started) and the users play on; once every game has moved
on and shows its saved state (see stuck), the bench waits a random time, uniform between 0.05
and 1.5 s of play (`--kill-after`), and kills the bot, wherever it is: in a commit, in an edit,
in a bot's move. The games are then checked in the database file the bot left. A share of the
kills (`--early`) comes that long after the restart instead, while the bot is restoring its
games; the round after such a kill is not checked for stuck games (the next one is). The
randomness (users' choices and pauses, kill times) comes from `--seed`; the timing of two
processes does not, so a failing seed fails often, not always.

What is counted, each game at most once in each count:

- acknowledged: the versions of a game the stand-in received from the bot. A click (or a form)
  is acknowledged when the bot answered it (the stand-in recorded its callback); the click's
  custom id (`sky:<game>:<version>:<verb>:<arg>`; `skys:` a select, `skym:` a form) and every
  custom id in the answer carry versions the bot had saved. So do the custom ids of every
  message it posted or edited (Discord showed them).
- lost: after a kill, a game acknowledged is missing from the `games` table, or was reset: its
  status went back (running to lobby), its state disappeared, its version went down, or it
  was cancelled (the users never cancel a game, nor leave one).
- corrupted: after a kill, a game's saved version is below the highest version acknowledged or
  shown for it, or its state does not load in its adapter, or fails the game's invariants: a
  running game has seats to move, each with a legal move, a finished one is over; every card
  of Skyjo, Skyjo Junior and Sky Five is accounted for (`card_counts` of the games' tests); a
  sheet's rounds are scored from their totals; and the moves recorded with the game replay to
  its saved state exactly.
- stuck: after a restart, within `--settle-within` seconds (20) of the bot being ready, while
  the users keep playing, a channel's game does not move on (no new version, and no new game
  in its place) although it has bots to move or members to click; or its public message does
  not come to show the saved state: the message's custom ids carry exactly the saved version,
  its controls are those of the saved state (the table drawn by the adapter at one of its
  steps, the lobby, or Rematch).
- left pressable (reported on stderr, not counted as stuck): a game showed its saved state
  after a restart while an older message of the channel still had controls of that game that
  can be pressed, and `SWEPT_WITHIN` seconds later (at the next kill, or at the end) it still
  has them. A table the bot posted as it died is found again (the post made again carries the
  same nonce, and Discord returns the message it took), and an answer Discord took as the bot
  died (the one that opened a game, or a rematch) is deleted after the restart, once the
  game's table is redrawn: the bot looks through the channel after its tables. Until then a
  press on it changes nothing and is answered with a link to the current message (see
  `tests/e2e/test_crash_bench.py`).
- missed turns (reported on stderr, not counted): a member of a game ran out of time, or a
  bot took their seat. The users never let a turn run out, so they did not see it: the
  channel's messages are kept, and stderr says which card the users followed.
- cards without a game (with `--threads`; reported on stderr, not counted): once the games
  have settled after a restart, a command's answer in a channel (a game's card) that no
  saved game names as its card: the bot died after it answered a command with the card and
  before it saved the game, leaving a card that announces a game that does not exist.
- moves_replayed_after_restart: interactions a user sent that the bot never answered because
  it died, and that the user sent again after the restart because the control was still on
  their screen (as a person presses again a button that did nothing; a form is opened again
  and submitted with the same values; a command is typed again), which the restarted bot then
  took as a move: its answer shows the game at a later version than the one clicked (or a
  round's summary, or a new game). A press sent again and refused, because the first one had
  been saved after all and the table had moved on, is not counted (it is reported on stderr
  as a duplicate refused, with the presses not sent again because the control was gone).

After each kill stderr says how many clicks were left unanswered and how many open games were
saved at a version Discord had not been shown yet (the bot died between a commit and its
edit); a game that took long to settle is named, and the messages of a channel with a
problem are written to the working directory, beside the database and the bot's log: the
folder `--workdir` names, which is kept, else a temporary one, removed when the bench ends.

Printed on stdout: {"kills", "games" (every game played, those that replaced ended ones
included), "lost", "stuck", "corrupted", "moves_replayed_after_restart"}; with --json as one
JSON object. Progress goes to stderr. The exit status is 1 when a game was lost, stuck or
corrupted.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import random
import re
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path

from bench.crash_checks import (
    STORE_ERRORS,
    Acknowledged,
    Findings,
    GameChecks,
    SavedGames,
    card_problem,
    cards_without_game,
    left_pressable,
    table_problem,
)
from bench.crash_users import KINDS, ChannelMessages, ChannelPlayers, Sight, Tally
from bot.catalog import installed
from bot.storage.records import GameRecord
from tests.e2e.test_crash import BotProcess
from tests.postgres_server import PostgresServer
from tests.standin import Channel, DiscordStandIn, Limits, User

ANSWER_TIMEOUT = 10.0
"""Seconds a user waits for the bot to answer before giving up on a click."""
POLL = 0.05
"""Seconds between two looks at the saved games."""
LANDED = 0.2
"""Seconds after a kill for requests already received to be handled by the stand-in."""
QUIET = 1.0
"""Seconds the bot is given to answer the last clicks before it is stopped, at the end."""
SLOW = 3.0
"""Seconds to settle from which the game that took the longest is named."""
SWEPT_WITHIN = 5.0
"""Seconds a restarted bot has, once a game shows its saved state, to delete the messages of it
that Discord took as the bot died (the bot looks through the channel after its tables)."""
MEMBERS = 3
"""Members who may play in each channel; neighbouring channels share one."""
LOGGED_ERROR = re.compile(r" (ERROR|CRITICAL) |Traceback")
KEYS = ("kills", "games", "lost", "stuck", "corrupted", "moves_replayed_after_restart")


def logged_errors(log: str) -> list[str]:
    """The log's error records, each with what follows it up to the next record (a record's
    line starts with its time): a traceback is kept whole."""
    found: list[str] = []
    lines = log.splitlines()
    index = 0
    while index < len(lines):
        if not LOGGED_ERROR.search(lines[index]):
            index += 1
            continue
        end = index + 1
        while end < len(lines) and not lines[end][:1].isdigit():
            end += 1
        found.append("\n".join(lines[index:end]))
        index = end
    return found


def say(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


@dataclass(frozen=True)
class Config:
    games: int = 40
    """Games in progress at once, one in each channel."""
    kills: int = 50
    seed: int = 1
    think: tuple[float, float] = (0.1, 0.5)
    """Seconds a user takes before each click."""
    kill_after: tuple[float, float] = (0.05, 1.5)
    """Seconds of play before each kill."""
    settle_within: float = 20.0
    early: float = 0.2
    """The share of kills that come that long after the restart, without waiting for the
    games to settle."""
    workdir: Path | None = None
    database_url: str | None = None
    """A PostgreSQL database for the bot, instead of a SQLite file in the working directory."""
    threads: bool = False
    """Each game in a thread of its own, started from its card in the channel."""


class Phases:
    """Seconds spent in each phase of the run."""

    def __init__(self) -> None:
        self.seconds: dict[str, float] = {}

    @contextlib.contextmanager
    def timed(self, phase: str) -> Iterator[None]:
        began = time.monotonic()
        try:
            yield
        finally:
            self.seconds[phase] = self.seconds.get(phase, 0.0) + time.monotonic() - began


@dataclass
class Report:
    kills: int
    games: int
    findings: Findings
    tally: Tally
    moves_after_restarts: int
    """Moves recorded after a restart and before the next kill (or the end), over the run."""
    errors_logged: list[str] = field(default_factory=list)
    seconds: float = 0.0
    phases: dict[str, float] = field(default_factory=dict)
    """Seconds spent starting the bot, settling after each start, playing until each kill,
    and killing and checking."""

    @property
    def counts(self) -> dict[str, int]:
        values = {
            "kills": self.kills,
            "games": self.games,
            "lost": len(self.findings.lost),
            "stuck": len(self.findings.stuck),
            "corrupted": len(self.findings.corrupted),
            "moves_replayed_after_restart": self.tally.replayed,
        }
        return {key: values[key] for key in KEYS}

    @property
    def ok(self) -> bool:
        counts = self.counts
        return counts["lost"] == counts["stuck"] == counts["corrupted"] == 0


class Bench:
    """The stand-in's server, the bot process, the users of every channel, and the checks."""

    def __init__(
        self,
        dc: DiscordStandIn,
        config: Config,
        workdir: Path,
        report: Callable[[str], None],
    ) -> None:
        self.dc = dc
        self.config = config
        self.workdir = workdir
        self.say = report
        self.rng = random.Random(config.seed)
        self.catalog = installed()
        database: Path | str = config.database_url or workdir / "data" / "sky.db"
        options = ("--threads",) if config.threads else ()
        self.bot = BotProcess(dc, database, workdir, options=options)
        self.saved = SavedGames(database)
        self.acked = Acknowledged(dc)
        self.checks = GameChecks(self.catalog, self.saved)
        self.findings = Findings()
        self.tally = Tally()
        self.messages = ChannelMessages(dc)
        self.sight = Sight()
        self.users: list[User] = []
        self.channels: list[Channel] = []
        self.players: list[ChannelPlayers] = []
        self.tasks: list[asyncio.Task[None]] = []
        self.monitor: asyncio.Task[None] | None = None
        self.phases = Phases()
        self.moves = 0
        self.moves_at_restart: int | None = None
        """Moves recorded when the bot was last restarted (None before the first kill)."""
        self._reported: set[int] = set()
        self.pressable: dict[int, tuple[float, Channel, str]] = {}
        """The games that showed their saved state while an older message of theirs could
        still be pressed: when first seen, their channel, after what."""
        self._build()

    def _build(self) -> None:
        dc, config = self.dc, self.config
        count = config.games
        self.users = [dc.add_user(f"player{n + 1}") for n in range(2 * count + MEMBERS)]
        guild = dc.add_guild("Crash Club", owner=self.users[0])
        for user in self.users:
            guild.add_member(user)
        for number in range(count):
            kind = KINDS[number % len(KINDS)]
            channel = guild.add_text_channel(f"{kind}-{number + 1}")
            members = self.users[2 * number : 2 * number + MEMBERS]
            self.channels.append(channel)
            self.players.append(
                ChannelPlayers(
                    dc,
                    self.catalog,
                    self.messages,
                    self.sight,
                    channel,
                    kind,
                    members,
                    random.Random(f"{config.seed}:{number}"),
                    self.tally,
                    config.think,
                )
            )

    # ------------------------------------------------------------------------ the run

    async def run(self) -> Report:
        config = self.config
        began = time.monotonic()
        await self.bot.start()
        looks = await self.dc.slash(self.users[0], self.channels[0], "table pictures", look="text")
        assert looks.type == 4 and not looks.errors, f"tables stay with pictures: {looks.errors}"
        self.monitor = asyncio.create_task(self._watch())
        self._play()
        self.say(f"{config.games} games being opened; {config.kills} kills to come")
        baseline: dict[int, tuple[int, int]] = {}
        phases = self.phases
        for number in range(1, config.kills + 1):
            early = number > 1 and self.rng.random() < config.early
            if not early:
                with phases.timed("settling"):
                    await self.settle(baseline, "the start" if number == 1 else "the restart")
            delay = self.rng.uniform(*config.kill_after)
            with phases.timed("playing"):
                await asyncio.sleep(delay)
            with phases.timed("killing and checking"):
                await self.kill(number, delay, early)
                baseline = {
                    channel: (record.id, record.version)
                    for channel, record in self.saved.latest_by_channel().items()
                }
            with phases.timed("starting"):
                await self.bot.start()
            self.moves_at_restart = self.saved.move_count()
            self._play()
        with phases.timed("settling"):
            await self.settle(baseline, "the last restart")
        await self._stop_playing()
        await asyncio.sleep(QUIET)
        if self.pressable:
            youngest = max(seen for seen, _, _ in self.pressable.values())
            await asyncio.sleep(max(0.0, youngest + SWEPT_WITHIN - time.monotonic()))
            self._left_pressable()
        self._count_moves()
        self.acked.update()
        code = await self.bot.stop()
        if code != 0:
            self.say(f"the bot did not stop cleanly: exit status {code}")
        games = len(self.saved.every_game())
        errors = logged_errors(self.bot.log(lines=0))
        return Report(
            kills=config.kills,
            games=games,
            findings=self.findings,
            tally=self.tally,
            moves_after_restarts=self.moves,
            errors_logged=errors,
            seconds=time.monotonic() - began,
            phases=dict(phases.seconds),
        )

    async def close(self) -> None:
        await self._stop_playing()
        if self.monitor is not None:
            self.monitor.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.monitor
        await self.bot.stop()
        self.saved.close()

    def _play(self) -> None:
        for players in self.players:
            players.stopped = False
        self.tasks = [
            asyncio.create_task(players.play(), name=f"users-{players.channel.name}")
            for players in self.players
        ]

    async def _stop_playing(self) -> None:
        tasks, self.tasks = self.tasks, []
        for players in self.players:
            players.stopped = True
        for task in tasks:
            task.cancel()
        results = await asyncio.gather(*tasks, return_exceptions=True)
        for task, result in zip(tasks, results, strict=True):
            if isinstance(result, BaseException) and not isinstance(result, asyncio.CancelledError):
                self.say(f"{task.get_name()} failed: {result!r}")
                raise result

    def _count_moves(self) -> None:
        if self.moves_at_restart is not None:
            self.moves += self.saved.move_count() - self.moves_at_restart

    async def _watch(self) -> None:
        """Keep the users' view of the saved games fresh."""
        while True:
            began = asyncio.get_running_loop().time()
            with contextlib.suppress(*STORE_ERRORS):
                self.sight.update(self.saved.latest_by_channel(), began)
            await asyncio.sleep(POLL)

    # --------------------------------------------------------------------- the checks

    async def kill(self, number: int, delay: float, early: bool) -> None:
        self._left_pressable()
        await self.bot.kill()
        unanswered = sum(1 for players in self.players if players.pending is not None)
        await self._stop_playing()
        await asyncio.sleep(LANDED)
        self._count_moves()
        self.acked.update()
        games = self.saved.every_game()
        ahead = sum(
            1
            for game_id, record in games.items()
            if record.is_open and record.version > self.acked.shown.get(game_id, -1)
        )
        new = self.checks.check(games, self.acked, self.findings)
        self._missed_turns(games)
        self.acked.forget_requests()
        when = "of the restart" if early else "of play"
        self.say(
            f"kill {number}/{self.config.kills} after {delay:.2f} s {when}: "
            f"{unanswered} clicks unanswered, "
            f"{ahead} games saved ahead of what Discord shows"
            + (f"; {new} games found lost or corrupted" if new else "")
        )
        for kind in ("lost", "corrupted"):
            for game_id, reason in getattr(self.findings, kind).items():
                if game_id not in self._reported:
                    self._reported.add(game_id)
                    self.say(f"  game {game_id} {kind}: {reason}")

    async def settle(self, baseline: dict[int, tuple[int, int]], after: str) -> None:
        """Wait until every channel's game has moved on and shows its saved state; a game
        that does not within `settle_within` seconds is stuck."""
        loop = asyncio.get_running_loop()
        began = loop.time()
        moved: set[int] = set()
        shown: set[int] = set()
        problems: dict[int, str] = {}
        records: dict[int, GameRecord] = {}
        everyone = {channel.id for channel in self.channels}
        slowest: tuple[float, str] = (0.0, "")
        while loop.time() - began < self.config.settle_within:
            for channel in self.channels:
                if channel.id not in moved or channel.id not in shown:
                    record = records.get(channel.id)
                    waiting = (
                        problems.get(channel.id, "")
                        if channel.id in moved
                        else f"no move from version {record.version if record else None}"
                    )
                    slowest = (loop.time() - began, f"#{channel.name}: {waiting}")
            with contextlib.suppress(*STORE_ERRORS):
                records = self.saved.latest_by_channel()
            for channel in self.channels:
                record = records.get(channel.id)
                if record is None:
                    problems[channel.id] = "no game opened"
                    continue
                if (record.id, record.version) != baseline.get(channel.id):
                    moved.add(channel.id)
                if channel.id in shown:
                    continue
                problem = self._showing(channel, record)
                if problem is None:
                    shown.add(channel.id)
                    self._older_tables(channel, record, after)
                else:
                    problems[channel.id] = problem
            if moved == shown == everyone:
                took = loop.time() - began
                last = f" (the last: {slowest[1]})" if took > SLOW else ""
                self.say(
                    f"  every game moved on and showed its saved state {took:.1f} s after "
                    f"{after}{last}"
                )
                self._cards_without_game(after)
                return
            await asyncio.sleep(POLL)
        within = f"{self.config.settle_within:g} s after {after}"
        for channel in self.channels:
            record = records.get(channel.id)
            game_id = record.id if record is not None else -channel.id
            reasons = []
            if channel.id not in moved:
                version = record.version if record is not None else None
                reasons.append(f"did not move on from version {version} within {within}")
            if channel.id not in shown:
                reasons.append(f"{problems.get(channel.id, '?')} ({within})")
            for reason in reasons:
                if self.findings.add("stuck", game_id, reason):
                    self.say(f"  game {game_id} in #{channel.name} stuck: {reason}")
                    self._keep_channel(channel, game_id, record)

    def _cards_without_game(self, after: str) -> None:
        """Report the cards left in the channels for games never saved (the bot died between
        the card and the game)."""
        if not self.config.threads:
            return
        with contextlib.suppress(*STORE_ERRORS):
            games = self.saved.every_game().values()
            for channel in self.channels:
                for card in cards_without_game(self.messages.public(channel.id), games):
                    reason = f"card {card} in #{channel.name} names no game (after {after})"
                    if self.findings.add("cards_without_game", card, reason):
                        self.say(f"  {reason}: {self._thread_of(card)}")

    def _missed_turns(self, games: dict[int, GameRecord]) -> None:
        """A member who ran out of time, or whose seat a bot took: the users never let a turn
        run out, so they did not see it. The channel and where its users looked are kept."""
        for players in self.players:
            for record in games.values():
                if record.parent_id not in (None, players.channel.id) or (
                    record.parent_id is None and record.channel_id != players.channel.id
                ):
                    continue
                late = [
                    seat.name
                    for seat in record.seats
                    if seat.timeouts or (seat.name.startswith("player") and seat.is_bot)
                ]
                if not late:
                    continue
                reason = (
                    f"game {record.id} in #{players.channel.name} ({record.status}): "
                    f"{', '.join(late)} ran out of time; the users looked at card "
                    f"{players.card} (where: {players.where(record)})"
                )
                if self.findings.add("missed_turns", record.id, reason):
                    self.say(f"  {reason}")
                    self._keep_channel(players.channel, record.id, record)

    def _thread_of(self, card: int) -> str:
        thread = self.dc.world.channel(card)
        if thread is None:
            return "no thread was started from it"
        return f"its thread holds {len(self.messages.public(thread.id))} messages"

    def _keep_channel(self, channel: Channel, game_id: int, record: GameRecord | None) -> None:
        """Write the messages of the channel (and of the game's thread) next to the bot's log,
        to see what went wrong."""
        places = self._places(channel, record) if record is not None else [channel.id]
        kept = [
            {"id": m.id, "channel_id": m.channel_id, "edits": m.edits, "payload": m.payload}
            for place in places
            for m in self.messages.public(place)
        ]
        path = self.workdir / f"channel-{game_id}.json"
        path.write_text(json.dumps(kept, indent=1))
        self.say(f"  the channel's messages: {path}")

    def _showing(self, channel: Channel, record: GameRecord) -> str | None:
        """Why the game is not shown as saved where it is played (None: it is)."""
        place = self._place_problem(channel, record)
        if place is not None:
            return place
        adapter = self.catalog.require(record.kind)
        message = self.dc.world.message(record.message_id) if record.message_id else None
        if message is not None and message.channel_id != record.channel_id:
            message = None
        return table_problem(record, adapter, message) or card_problem(record, self.dc.world)

    def _place_problem(self, channel: Channel, record: GameRecord) -> str | None:
        """Why the game is not played where the server's choice puts it (None: it is)."""
        if not record.is_open:
            return None
        if not self.config.threads:
            if record.channel_id != channel.id:
                return f"played in channel {record.channel_id}, not in #{channel.name}"
            return None
        thread = self.dc.world.channel(record.channel_id)
        if thread is None or thread.parent is not channel:
            return f"played in channel {record.channel_id}, not in a thread of #{channel.name}"
        starter = self.dc.world.messages.get(thread.id)
        if starter is None or starter.channel_id != channel.id:
            return f"played in thread {thread.id}, not started from a card in #{channel.name}"
        return None

    def _places(self, channel: Channel, record: GameRecord) -> list[int]:
        """The channel, and the thread the game is played in if it is."""
        return list(dict.fromkeys((record.channel_id, channel.id)))

    def _older_tables(self, channel: Channel, record: GameRecord, after: str) -> None:
        """Note a game shown with an older message of it that can still be pressed: it is
        reported if it still can `SWEPT_WITHIN` seconds later."""
        if self._pressable(channel, record):
            self.pressable.setdefault(record.id, (time.monotonic(), channel, after))

    def _pressable(self, channel: Channel, record: GameRecord) -> list[int]:
        others = [
            m
            for place in self._places(channel, record)
            for m in self.messages.public(place)
            if m.id != record.message_id
        ]
        return left_pressable(record, others)

    def _left_pressable(self) -> None:
        """Report the games noted with an older message to press that still have one,
        `SWEPT_WITHIN` seconds on; those noted more recently are looked at again later."""
        now = time.monotonic()
        games = self.saved.every_game()
        for game_id, (seen, channel, after) in list(self.pressable.items()):
            if now - seen < SWEPT_WITHIN:
                continue
            del self.pressable[game_id]
            record = games.get(game_id)
            pressable = self._pressable(channel, record) if record is not None else []
            if not pressable:
                continue
            reason = (
                f"messages {pressable} can still be pressed besides its table"
                f" {record.message_id if record else None}, {now - seen:.0f} s after it showed"
                f" its saved state (after {after})"
            )
            if self.findings.add("left_pressable", game_id, reason):
                self.say(f"  game {game_id} in #{channel.name}: {reason}")
                self._keep_channel(channel, game_id, record)


async def run(config: Config, report: Callable[[str], None] = say) -> Report:
    """The whole bench: the stand-in here, the bot in its process, killed `config.kills` times.
    Its files are kept in `config.workdir` if given, else in a temporary folder removed after."""
    if config.workdir is not None:
        config.workdir.mkdir(parents=True, exist_ok=True)
        return await run_in(config.workdir, config, report)
    with tempfile.TemporaryDirectory(prefix="skytable-crash-", ignore_cleanup_errors=True) as tmp:
        return await run_in(Path(tmp), config, report)


async def run_in(workdir: Path, config: Config, report: Callable[[str], None]) -> Report:
    limits = Limits(answer_timeout=ANSWER_TIMEOUT, ready_timeout=30.0, guild_ready_timeout=0.2)
    async with DiscordStandIn(limits=limits) as dc:
        bench = Bench(dc, config, workdir, report)
        try:
            result = await bench.run()
        except BaseException as error:
            error.add_note(f"the bot's log:\n{bench.bot.log()}")
            raise
        finally:
            await bench.close()
    summarize(result, report)
    return result


def summarize(result: Report, report: Callable[[str], None]) -> None:
    tally = result.tally
    report(
        f"{result.kills} kills in {result.seconds:.0f} s; {result.games} games; "
        f"{result.moves_after_restarts} moves recorded after the restarts"
    )
    spent = ", ".join(f"{phase} {seconds:.0f} s" for phase, seconds in result.phases.items())
    report(f"time: {spent}")
    report(
        f"users: {tally.clicks} clicks, {tally.commands} commands, {tally.opened} games opened, "
        f"{tally.refused} private answers, {tally.failed} failed; at the kills "
        f"{tally.unanswered_at_kill} unanswered ({tally.answered_after_all} answered after all): "
        f"{tally.resent} sent again ({tally.replayed} taken as moves, "
        f"{tally.duplicates_refused} refused as duplicates, "
        f"{tally.resent - tally.replayed - tally.duplicates_refused} answered otherwise), "
        f"{tally.abandoned} no longer shown"
    )
    for failure in tally.failures[:5]:
        report(f"  failed: {failure}")
    if result.errors_logged:
        report(f"the bot logged {len(result.errors_logged)} errors, the first ones:")
        for line in result.errors_logged[:10]:
            report(f"  {line}")
    for kind in ("lost", "corrupted", "stuck", "left_pressable", "missed_turns"):
        for game_id, reason in getattr(result.findings, kind).items():
            report(f"{kind}: game {game_id}: {reason}")
    for reason in result.findings.cards_without_game.values():
        report(f"card without a game: {reason}")


def span(text: str) -> tuple[float, float]:
    low, _, high = text.partition("-")
    return float(low), float(high or low)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=Config.games)
    parser.add_argument("--kills", type=int, default=Config.kills)
    parser.add_argument("--seed", type=int, default=Config.seed)
    parser.add_argument("--think", type=span, default=Config.think, help="LOW-HIGH seconds")
    parser.add_argument(
        "--kill-after", type=span, default=Config.kill_after, help="LOW-HIGH seconds"
    )
    parser.add_argument("--settle-within", type=float, default=Config.settle_within)
    parser.add_argument("--early", type=float, default=Config.early)
    parser.add_argument("--workdir", type=Path, default=None)
    parser.add_argument(
        "--threads",
        action="store_true",
        help="each game in a thread of its own, as servers have it by default",
    )
    store = parser.add_mutually_exclusive_group()
    store.add_argument("--database-url", help="a PostgreSQL database for the bot (its URL)")
    store.add_argument(
        "--postgres",
        action="store_true",
        help="the bot on a throwaway PostgreSQL server started for the run",
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    config = Config(
        games=args.games,
        kills=args.kills,
        seed=args.seed,
        think=args.think,
        kill_after=args.kill_after,
        settle_within=args.settle_within,
        early=args.early,
        workdir=args.workdir,
        database_url=args.database_url,
        threads=args.threads,
    )
    with contextlib.ExitStack() as stack:
        if args.postgres:
            server = stack.enter_context(PostgresServer())
            config = replace(config, database_url=server.create_database("crash"))
        result = asyncio.run(run(config))
    counts = result.counts
    if args.json:
        print(json.dumps(counts))
    else:
        for key, value in counts.items():
            print(f"{key:<30} {value}")
    sys.exit(0 if result.ok else 1)


if __name__ == "__main__":
    main()
