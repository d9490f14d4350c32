"""Sky Table under the load of many concurrent games, and its capacity against a bare bot's.

    .venv/bin/python -m bench.load [--games 1000] [--seconds 60] [--json] [--details] [--quick]
                                   [--postgres] [--no-limits] [--no-capacity] [--find-held]

Sky Table's store is a SQLite file by default; with `--postgres`, a database of its own on a
throwaway PostgreSQL server started for the run (`tests.postgres_server`), for each of its
two processes.

One run, one local Discord stand-in (`tests.standin`, served from this process, which also plays
every user), and three bot processes, one after the other:

1. **Load.** Sky Table (`bench.latency_bot`; tables with pictures unless `--text-only`; its bots
   wait `--bot-delay` 1.0 s a move, as in production) and `--games` games, each in its own
   channel (fifty channels a server), opened over `--ramp` seconds (games / 100, 1 to 10 s).
   The mix: Skyjo 40 %, Skyjo Junior 25 %, Sky Five 25 %, four in five of them `/… solo`
   against 1–7 bots (Sky Five 1–5) of one level drawn from `--levels` (easy, normal, hard; e.g.
   `--levels expert` for expert bots only), the others `/… start` with 2–4 members
   joining the lobby and the host adding 0–3 bots; and 10 % Skyjo score sheets (`/skyjo-sheet
   start`: 2–4 members join, the host seats 0–4 guests by name in a form, then enters each
   round: who ended it, the totals typed in forms, Confirm). Up to eight seats a table. The
   members read only what Discord shows them (the game's message, their own private ones) and
   think a random `--think` 1–3 s before every click, choice or form (`--lobby-think` in the
   lobby): they turn up their opening cards, play their turns through the buttons (draw or
   take, then swap, discard and turn up, or decline; bank, give, take or pass), now and then
   ask for a hint or look at their banked cards, and start a rematch when a game ends, so the
   games stay as many. An opening that failed (an answer lost or too late) is taken up again
   from what the channel shows, twice at most. Play goes on for `--seconds` once every game has
   started; the steady state is from `STEADY_AFTER` s after that to the end. The stand-in
   enforces Discord's rate limits meanwhile (`Limits.enforce_rate_limits`: the bot's 50
   requests in any second, interaction callbacks exempt; 5 message posts and 5 edits per 5 s a
   channel; 5 requests per 2 s an interaction's token), and refuses an interaction's answer
   that comes more than 3 s after it, as Discord does; `--no-limits` lifts the rate limits (the
   3 s stay), for comparison. Once the users stop, the bot runs `SHOW_GRACE` s more to show
   its bots' last moves. The capacity phases run without the rate limits.
2. **Sky Table's capacity**, a fresh bot process and database: `--tables` two-member Skyjo
   tables (no bots, so only clicks change them; an hour a turn, so no timer plays), opened and
   past their opening cards. Then clicks at rising rates (below), each the next move of a table:
   the player to move's **Draw**, then **swap** with one of their cards at random (each saved to
   SQLite and answered by an edit of the table, its picture redrawn; after the swap a turn alert
   is posted for the other player and the previous one deleted), at each new round the opening
   clicks (**Choose my cards**, answered privately, then two **turn up**s), and **Rematch** when
   a game ends.
3. **The bare bot's capacity** (`bench.bare_bot`, a fresh process): a minimal discord.py client
   answering every click with one fixed edit (type 7: a small embed, the same buttons: a Skyjo
   table's layout), its `--tables` messages clicked on a random button at the same rates.

Printed (`--json`: one JSON object, these keys only unless `--details`):

- `games`: the games asked for (`games_started` in the details: how many opened);
- `interactions`, `interactions_per_s`: the interactions the bot answered in the steady state;
- `answer_ms_median`, `answer_ms_p99`: over those, the bot's time from receiving an interaction
  (its gateway event parsed) to having answered it (its callback sent, whether Discord took it
  or refused it as too late), on the bot's own clock;
- `memory_kib_per_game`: the bot's resident memory (child processes included) at the end of play
  less that when connected and idle, divided by the games running then;
- `counted_requests_per_s_max`: the most REST requests the stand-in counted toward the global
  limit (all but interaction callbacks and webhooks) in any one second of the load phase, the
  bot's start included (at most 50 when the limits are enforced: the stand-in refuses the rest);
- `rate_limited`: the 429s the bot was answered in the steady state (`rate_limited_by_scope`
  in the details: "global", "user" for a route's own bucket, "shared");
- `invalid_requests`: the answers of the steady state that Discord counts toward its 10,000 invalid
  requests in 10 minutes (401, 403, and 429 but "shared") before it bans the bot's address;
- `late_answers`: the interactions sent in the steady state whose answer (the bot's first
  callback) reached the stand-in more than 3 s after it was sent, and was refused as too late,
  on the stand-in's clock (`interactions_never_answered` in the details: those with no answer);
- `bot_move_shown_ms_p99`: over the bots' moves saved in the steady state, the time from a
  move's save being committed (`bench.latency_bot` notes it) to the stand-in taking a change of
  the game's public message that shows the move's version or a later one: the bot notes each
  time it edits or posts that message and the game's version then, and the change is the
  message's last one on the stand-in while the bot was at it. Both ends on the machine's wall
  clock. A move not shown when the bot stopped counts until then (`bot_moves_unshown` in the
  details); `bot_move_shown_ms_median` is in the details;
- `capacity_interactions_per_s`, `bare_bot_capacity_interactions_per_s`: each bot's capacity,
  and `capacity_ratio`, Sky Table's over the bare bot's (both measured in this run);
- with `--find-held`, `games_held`: the most games, in steps of 50 up to `--games`, whose
  steady state answers at `answer_ms_p99` under 100 ms, found by bisection; a size is probed
  `--held-tries` times (3), each a load phase of its own (a fresh bot, store and channels;
  `--seconds` of play), and judged by the median p99. The probes are in the details
  (`held_probes`: games, answer_ms_p99).

**Capacity.** Clicks are sent open-loop: at rate R, click i is due at `start + i / R` whatever
the answers, on the longest-waiting table that has no click in flight (one person a table); a
click due while every table waits is not sent, and counts as late. A click is *answered within
100 ms* when its user sees the answer at most 100 ms after the click was due (the bot's work and
both ends' queues included). A rate *holds* when at least 99 % of the clicks due in a
`--step-seconds` step are answered within 100 ms, in one of up to `--tries` steps at that rate
(other work on the machine only ever makes a step worse: a second chance measures the bot rather
than its neighbours). Rates double from `--start-rate` until one does not hold (halve, while none
holds, down to an eighth of it); two rates between the last that held and the first that did
not are then tried (cube-root steps). The capacity is the highest rate that held (0 if none did).

**Where the CPU goes.** This process serves the stand-in and plays every user, so at a high rate
it can be what saturates first. Each capacity step, and the load's steady state, report the CPU
used (in cores) by the bot, by its event loop alone (the rest is its picture and SQLite threads),
by this process, and by everything else on the machine (`--details`). No garbage collection runs
in this process while figures are taken (see `collector_paused`).

`--profile FILE`: the load's bot, and the capacity phase's, run under cProfile timed by their
event loop's CPU time, writing FILE.load and FILE.capacity (see `bench.latency_bot`).
`--quick`: 1 s steps, one try a rate, 40 tables, lobby clicks after 0.2–0.8 s; `--games 40
--seconds 10 --quick` takes about 40 s. The machine's CPUs are shared by both processes and whatever
else runs: compare figures of one run.
"""

from __future__ import annotations

import argparse
import asyncio
import bisect
import contextlib
import gc
import json
import math
import os
import random
import statistics
import sys
import tempfile
import time
from collections import Counter, deque
from collections.abc import Awaitable, Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.bot_latency import percentile, rss_kib
from tests.postgres_server import PostgresServer
from tests.standin import (
    Channel,
    DiscordStandIn,
    Guild,
    InteractionResult,
    Limits,
    StandInError,
    StoredMessage,
    User,
)

ROOT = Path(__file__).resolve().parents[1]
HELD_STEP = 50
"""`--find-held` looks for the most games in steps of this many."""
HELD_P99_MS = 100.0
HELD_TRIES = 3
"""`--find-held` probes each size this many times and goes by the median p99: a single
probe's p99 moves by several times between runs of the same code on a shared machine."""
STEADY_AFTER = 5.0
"""Seconds after the last game started from which the steady state is measured."""
CHANNELS_PER_SERVER = 50
WITHIN = 0.100
"""A click of the capacity phases counts when answered this many seconds after it was due."""
HOLDS = 0.99
"""The share of a step's clicks answered within `WITHIN` for its rate to hold."""
LEVELS = ("easy", "normal", "hard")
HINT_SHARE = 0.03
"""How often a member asks for a hint (or, in Sky Five, looks at their banked cards) on their
turn before moving."""
FINISHING = frozenset({"swap", "flip", "decline", "give", "reveal", "pass"})
"""Verbs that complete a decision (a `take` with a card or slot does too)."""
STARTING = frozenset({"draw", "bank"})
"""Verbs that begin a turn (with `mode:take`, `mode:flip` and Junior's `take`)."""
SHOW_GRACE = 5.0
"""Seconds the load's bot runs on once the users stop, to show the moves its bots made."""
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")
OPEN_TRIES = 3


# ---------------------------------------------------------------------------- what users see


def parse(custom_id: str) -> tuple[str, str]:
    """The verb and argument of one of Sky Table's custom ids."""
    parts = custom_id.split(":")
    return (parts[3], parts[4]) if len(parts) == 5 else ("", "")


def buttons(message: StoredMessage) -> list[tuple[str, str, str]]:
    """The message's enabled buttons of a game: (verb, argument, custom id)."""
    found = []
    for component in message.walk_components():
        custom_id = component.get("custom_id", "")
        if component.get("type") == 2 and not component.get("disabled", False):
            verb, arg = parse(custom_id)
            if verb:
                found.append((verb, arg, custom_id))
    return found


def select_id(message: StoredMessage, verb: str) -> str | None:
    for component in message.walk_components():
        if component.get("type") == 3 and not component.get("disabled", False):
            custom_id = str(component.get("custom_id", ""))
            if parse(custom_id)[0] == verb:
                return custom_id
    return None


def text_inputs(components: list[dict[str, Any]]) -> list[str]:
    """The custom ids of a form's text inputs, in order."""
    found: list[str] = []
    for component in components:
        if component.get("type") == 4:
            found.append(str(component["custom_id"]))
        found += text_inputs(component.get("components") or [])
        inner = component.get("component")
        if isinstance(inner, dict):
            found += text_inputs([inner])
    return found


def description_lines(message: StoredMessage) -> list[str]:
    embeds = message.embeds
    return str(embeds[0].get("description") or "").splitlines() if embeds else []


def to_move(lines: list[str], name: str) -> bool:
    """Whether the table asks `name` to decide now ("**name**'s turn…", "🏁 **name**'s final
    turn…", "**name**: take a card…")."""
    mark = f"**{name}**"
    return any(line.startswith((mark, f"🏁 {mark}")) for line in lines)


def still_choosing(lines: list[str]) -> list[str]:
    """The players a Skyjo table's opening still waits for."""
    for line in lines:
        if line.startswith("Still choosing: "):
            return line.removeprefix("Still choosing: ").split(", ")
    return []


class Watch:
    """Each channel's public messages, and a wake-up for whoever waits for a channel to change,
    kept as the stand-in's world changes (the stand-in's own look-ups scan every message)."""

    def __init__(self, dc: DiscordStandIn) -> None:
        world = dc.world
        self.public: dict[int, list[StoredMessage]] = {}
        self.events: dict[int, asyncio.Event] = {}
        self.listener: Callable[[StoredMessage], None] | None = None
        """Told of every public message posted or edited, when set."""
        new_message, edit_message, delete_message = (
            world.new_message,
            world.edit_message,
            world.delete_message,
        )

        def new(channel: Channel, author: User, body: dict[str, Any], **options: Any) -> Any:
            message = new_message(channel, author, body, **options)
            if message.ephemeral_for is None:
                self.public.setdefault(channel.id, []).append(message)
                self.tell(message)
            self.wake(channel.id)
            return message

        def edit(message: StoredMessage, body: dict[str, Any]) -> StoredMessage:
            edited = edit_message(message, body)
            if edited.ephemeral_for is None:
                self.tell(edited)
            self.wake(message.channel_id)
            return edited

        def delete(message: StoredMessage) -> None:
            delete_message(message)
            kept = self.public.get(message.channel_id, [])
            if message in kept:
                kept.remove(message)
            self.wake(message.channel_id)

        world.new_message = new  # type: ignore[method-assign]
        world.edit_message = edit  # type: ignore[method-assign]
        world.delete_message = delete  # type: ignore[method-assign]

    def tell(self, message: StoredMessage) -> None:
        if self.listener is not None:
            self.listener(message)

    def wake(self, channel_id: int) -> None:
        event = self.events.pop(channel_id, None)
        if event is not None:
            event.set()

    async def changed(self, channel_id: int, timeout: float) -> None:
        """Returns when the channel changes, or after `timeout` seconds."""
        event = self.events.setdefault(channel_id, asyncio.Event())
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(timeout):
                await event.wait()

    def table(self, channel_id: int) -> StoredMessage | None:
        """The channel's game message: its newest public message with a game's buttons or
        selects, or with a game's footer ("Game 12 · …", a table while a bot plays); the
        messages left behind (a round's summary, a bust, a turn alert) are neither."""
        for message in reversed(self.public.get(channel_id, [])):
            if any(c.get("custom_id", "").startswith("sky") for c in message.walk_components()):
                return message
            embeds = message.embeds
            if embeds and str((embeds[0].get("footer") or {}).get("text", "")).startswith("Game "):
                return message
        return None


class Changes:
    """When each public message was posted or edited, on the stand-in's clock."""

    def __init__(self, now: Callable[[], float]) -> None:
        self.now = now
        self.moments: dict[int, list[float]] = {}

    def saw(self, message: StoredMessage) -> None:
        self.moments.setdefault(message.id, []).append(self.now())

    def last_within(self, message_id: int, began: float, ended: float) -> float | None:
        """The message's last change between `began` and `ended`, if it changed then."""
        moments = self.moments.get(message_id, [])
        index = bisect.bisect_right(moments, ended) - 1
        return moments[index] if index >= 0 and moments[index] >= began else None


Frontier = tuple[list[int], list[float]]
"""A game's versions shown, each above all shown before, and when each was first shown."""


def frontiers(shown: list[list[float]], changes: Changes) -> dict[int, Frontier]:
    """For each game, when its public message first showed each version or a later one, from
    the bot's showings ([message, game, version, began, ended]): a showing took effect at the
    message's last change on the stand-in while the bot was at it (none: nothing was shown)."""
    by_game: dict[int, list[tuple[float, int]]] = {}
    for message_id, game, version, began, ended in shown:
        at = changes.last_within(int(message_id), began, ended)
        if at is not None:
            by_game.setdefault(int(game), []).append((at, int(version)))
    found: dict[int, Frontier] = {}
    for game, showings in by_game.items():
        versions, moments = found[game] = [], []
        for at, version in sorted(showings):
            if not versions or version > versions[-1]:
                versions.append(version)
                moments.append(at)
    return found


class Deadlines:
    """When each interaction was sent and when the bot's first callback on it arrived, on the
    stand-in's clock, which refuses a callback past `Limits.interaction_deadline` (3 s) as
    Discord does."""

    def __init__(self, dc: DiscordStandIn) -> None:
        self.log = log = dc.interactions
        self.deadline = dc.limits.interaction_deadline
        self.sent: dict[int, float] = {}
        self.answered: dict[int, float] = {}
        add, callback, now = log.add, log.callback, dc.world.clock.now

        def timed_add(result: InteractionResult) -> None:
            add(result)
            self.sent[result.id] = result.created_at

        def timed_callback(interaction_id: int, token: str, body: Any) -> dict[str, Any]:
            self.answered.setdefault(interaction_id, now())
            return callback(interaction_id, token, body)

        log.add = timed_add  # type: ignore[method-assign]
        log.callback = timed_callback  # type: ignore[method-assign]

    def stop(self) -> None:
        """The interaction log's own methods again."""
        del self.log.add, self.log.callback

    def figures(self, begin: float, end: float) -> tuple[int, int]:
        """Of the interactions sent between `begin` and `end`: those answered past the
        deadline (refused as too late), and those never answered."""
        late = unanswered = 0
        for interaction_id, sent in self.sent.items():
            if not begin <= sent <= end:
                continue
            answered = self.answered.get(interaction_id)
            if answered is None:
                unanswered += 1
            elif answered - sent > self.deadline:
                late += 1
        return late, unanswered


async def janitor(dc: DiscordStandIn, every: float = 5.0, keep: float = 300.0) -> None:
    """Forgets what the stand-in records for tests and nobody reads here: every request, the
    uploaded pictures, and interactions older than `keep` seconds."""
    log = dc.interactions
    while True:
        await asyncio.sleep(every)
        dc.rest.requests.clear()
        dc.rest.files.clear()
        oldest = dc.world.clock.now() - keep
        for interaction_id, result in list(log.by_id.items()):
            if result.created_at < oldest:
                del log.by_id[interaction_id]
                log.by_token.pop(result.token, None)


@contextlib.contextmanager
def collector_paused() -> Iterator[None]:
    """No garbage collection in this process while figures are taken: with the stand-in's world
    in memory a full collection stops this process for tens of milliseconds, and the bot, whose
    every answer waits for the stand-in's reply, would be charged for it."""
    gc.collect()
    gc.freeze()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
        gc.unfreeze()


# ------------------------------------------------------------------------- the bot processes


def thread_cpu_seconds(pid: int, thread: int) -> float:
    """The CPU time one thread of a process has used (user and system)."""
    fields = Path(f"/proc/{pid}/task/{thread}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS


def cpu_seconds(pid: int) -> float:
    """The CPU time a process and its children have used (user and system, all threads)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    total = (int(fields[11]) + int(fields[12])) / CLOCK_TICKS
    for task in Path(f"/proc/{pid}/task").iterdir():
        for child in (task / "children").read_text().split():
            with contextlib.suppress(OSError):
                total += cpu_seconds(int(child))
    return total


class BotProcess:
    """A bot run by `python -m MODULE ARGS…` until `stop`, which returns its answer times."""

    def __init__(
        self,
        module: str,
        args: list[str],
        extra: list[str],
        workdir: Path,
        profile: str | None = None,
    ) -> None:
        """ARGS come before OUT_JSON and READY_FILE, `extra` after them."""
        self.module = module
        self.args = args
        self.extra = extra
        name = f"{module.rpartition('.')[2]}-{id(self)}"
        self.out = workdir / f"{name}.json"
        self.ready = workdir / f"{name}.ready"
        self.log = workdir / f"{name}.log"
        self.profile = profile
        self.process: asyncio.subprocess.Process | None = None

    @property
    def pid(self) -> int:
        assert self.process is not None
        return self.process.pid

    async def start(self, timeout: float = 120.0) -> None:
        env = dict(os.environ)
        env.pop("SKYTABLE_PROFILE", None)
        if self.profile:
            env.update(SKYTABLE_PROFILE=self.profile, SKYTABLE_PROFILE_CLOCK="cpu")
        self.process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            self.module,
            *self.args,
            str(self.out),
            str(self.ready),
            *self.extra,
            cwd=ROOT,
            env=env,
            stderr=self.log.open("wb"),
        )
        deadline = time.monotonic() + timeout
        while not self.ready.exists():
            if time.monotonic() > deadline or self.process.returncode is not None:
                raise RuntimeError(f"{self.module} did not become ready")
            await asyncio.sleep(0.05)

    def cpu(self) -> float:
        return cpu_seconds(self.pid)

    def main_thread_cpu(self) -> float:
        """The CPU time of the bot's event loop (its main thread)."""
        return thread_cpu_seconds(self.pid, self.pid)

    async def stop(self, timeout: float = 300.0) -> dict[str, Any]:
        """Stops the bot; its figures, with `errors`: the errors it logged before it was told
        to stop (its log's last line of each traceback, and how often it came)."""
        assert self.process is not None
        logged = self.log.stat().st_size
        if self.process.returncode is None:
            self.process.terminate()
        async with asyncio.timeout(timeout):
            await self.process.wait()
        figures: dict[str, Any] = json.loads(self.out.read_text())
        with self.log.open("rb") as log:
            text = log.read(logged).decode(errors="replace")
        errors: Counter[str] = Counter()
        for block in text.split("Traceback (most recent call last):")[1:]:
            errors[raised(block)[:200]] += 1
        figures["errors"] = dict(errors.most_common(8))
        figures["error_count"] = errors.total()
        return figures


def raised(traceback: str) -> str:
    """The exception a logged traceback ends with (the last of a chain): the first line after
    its frames, which are indented."""
    found = "?"
    in_frames = True
    for line in traceback.splitlines()[1:]:
        if line.startswith(" "):
            in_frames = True
        elif line and in_frames:
            found, in_frames = line, False
    return found


def sky_table(dc: DiscordStandIn, workdir: Path, name: str, args: argparse.Namespace) -> BotProcess:
    """Sky Table on a fresh store: a SQLite file, or a new database on `args.postgres`."""
    server: PostgresServer | None = args.postgres
    store = server.create_database(name) if server else str(workdir / f"{name}.db")
    return BotProcess(
        "bench.latency_bot",
        [dc.base_url, dc.gateway_url(), dc.token, store],
        [str(args.bot_delay), "text" if args.text_only else "pictures"],
        workdir,
        f"{args.profile}.{name}" if args.profile else None,
    )


def bare_bot(dc: DiscordStandIn, workdir: Path, prefix: str) -> BotProcess:
    return BotProcess(
        "bench.bare_bot", [dc.base_url, dc.gateway_url(), dc.token], [prefix], workdir
    )


def machine_cpu() -> tuple[float, float]:
    """The machine's CPU seconds so far, busy and in all (every CPU, from /proc/stat)."""
    ticks = [int(n) for n in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = ticks[3] + ticks[4]
    return (sum(ticks) - idle) / CLOCK_TICKS, sum(ticks) / CLOCK_TICKS


class CpuMeter:
    """The CPU used over a span, in cores (1.0: one CPU all the time): by the bot (and by its
    event loop, its main thread, alone: the rest is its threads for pictures and SQLite), by
    this process (the stand-in and the users), and by everything else on the machine."""

    def __init__(self, bot: BotProcess) -> None:
        self.bot = bot
        self.began = time.perf_counter()
        self.bench = time.process_time()
        self.bot_cpu = bot.cpu()
        self.bot_loop = bot.main_thread_cpu()
        self.machine = machine_cpu()

    def shares(self) -> dict[str, float]:
        wall = max(time.perf_counter() - self.began, 1e-9)
        bot = (self.bot.cpu() - self.bot_cpu) / wall
        bench = (time.process_time() - self.bench) / wall
        busy, total = machine_cpu()
        cpus = os.cpu_count() or 1
        machine = (busy - self.machine[0]) / max(total - self.machine[1], 1e-9) * cpus
        loop = (self.bot.main_thread_cpu() - self.bot_loop) / wall
        return {
            "bot_cpu_share": round(bot, 3),
            "bot_loop_cpu_share": round(loop, 3),
            "bench_cpu_share": round(bench, 3),
            "other_cpu_share": round(max(0.0, machine - bot - bench), 3),
            "machine_cpus": cpus,
        }


# ------------------------------------------------------------------------ the load: players


@dataclass
class Tally:
    """What the users saw: round trips, answers by verb, failures."""

    round_trips: list[float] = field(default_factory=list)
    answers: Counter[str] = field(default_factory=Counter)
    refused: Counter[str] = field(default_factory=Counter)
    failures: Counter[str] = field(default_factory=Counter)
    examples: list[str] = field(default_factory=list)

    async def send(self, verb: str, call: Awaitable[InteractionResult]) -> InteractionResult | None:
        start = time.perf_counter()
        try:
            result = await call
        except StandInError as error:
            self.failures[verb] += 1
            if len(self.examples) < 5:
                self.examples.append(str(error))
            return None
        self.round_trips.append((time.perf_counter() - start) * 1000)
        self.answers[verb] += 1
        if result.errors:
            self.failures[verb] += 1
            if len(self.examples) < 5:
                self.examples.append(repr(result))
        elif result.type == 4 and result.ephemeral and verb not in ("mine", "hint", "rules"):
            self.refused[verb] += 1
        return result


@dataclass(frozen=True)
class Plan:
    """One game of the mix: its command group, how many members, its bots' levels, guests."""

    command: str
    members: int
    bots: tuple[str, ...] = ()
    guests: int = 0
    solo: bool = False

    @property
    def seats(self) -> int:
        return self.members + len(self.bots) + self.guests

    @property
    def label(self) -> str:
        how = "solo" if self.solo else f"{self.members} members"
        return f"{self.command} {how}"


def plan_game(rng: random.Random, levels: Sequence[str] = LEVELS) -> Plan:
    """A game of the mix: Skyjo 40 %, Junior 25 %, Sky Five 25 %, score sheets 10 %; four
    games in five of those with bots are solo."""
    pick = rng.random()
    if pick < 0.10:
        members = rng.randint(2, 4)
        return Plan("skyjo-sheet", members, guests=rng.randint(0, min(4, 8 - members)))
    command = "skyjo" if pick < 0.50 else "skyjo-junior" if pick < 0.75 else "skyfive"
    most = 6 if command == "skyfive" else 8
    if rng.random() < 0.8:
        level = rng.choice(levels)
        return Plan(command, 1, (level,) * rng.randint(1, most - 1), solo=True)
    members = rng.randint(2, 4)
    bots = tuple(rng.choice(levels) for _ in range(rng.randint(0, min(3, most - members))))
    return Plan(command, members, bots)


class Game:
    """One scripted game in its own channel: opened by its first member, played by all."""

    def __init__(
        self,
        dc: DiscordStandIn,
        watch: Watch,
        tally: Tally,
        channel: Channel,
        plan: Plan,
        members: list[User],
        seed: int,
        think: tuple[float, float],
        lobby_think: tuple[float, float],
    ) -> None:
        self.dc = dc
        self.watch = watch
        self.tally = tally
        self.channel = channel
        self.plan = plan
        self.members = members
        self.host = members[0]
        self.rng = random.Random(seed)
        self.think = think
        self.lobby_think = lobby_think
        self.personal: dict[int, tuple[int, StoredMessage]] = {}
        self.started_at: float | None = None

    async def pause(self, stop: asyncio.Event | None = None) -> bool:
        """A user's thinking time (in the lobby when play has not begun, no `stop`); False when
        play stopped meanwhile."""
        seconds = self.rng.uniform(*(self.think if stop is not None else self.lobby_think))
        if stop is None:
            await asyncio.sleep(seconds)
            return True
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(seconds):
                await stop.wait()
        return not stop.is_set()

    def click(self, user: User, message: StoredMessage, custom_id: str) -> Awaitable[Any]:
        verb = parse(custom_id)[0]
        return self.tally.send(verb, self.dc.click(user, message, custom_id))

    async def form(
        self,
        user: User,
        opened: InteractionResult | None,
        values: list[str],
        stop: asyncio.Event | None = None,
    ) -> None:
        """Fill in the form an answer opened (its text inputs in order), after thinking."""
        if opened is None or opened.modal is None:
            return
        fields = text_inputs(opened.modal.get("components") or [])
        if not await self.pause(stop):
            return
        custom_id = str(opened.modal["custom_id"])
        filled = dict(zip(fields, values, strict=False))
        await self.tally.send(
            parse(custom_id)[0], self.dc.submit_modal(user, self.channel, custom_id, filled)
        )

    # Opening

    async def open(self, delay: float) -> None:
        """Open the game after `delay` seconds; an attempt that failed (an answer lost or late)
        is taken up again from what the channel shows, twice at most."""
        await asyncio.sleep(delay)
        for attempt in range(OPEN_TRIES):
            if attempt:
                await self.pause()
            await self.open_once()
            if self.running():
                self.started_at = time.perf_counter()
                return

    def running(self) -> bool:
        """Whether the channel shows the game past its lobby."""
        return self.watch.table(self.channel.id) is not None and self.lobby() is None

    def lobby(self) -> StoredMessage | None:
        """The channel's lobby, if it shows one (Join and Leave are always on it)."""
        table = self.watch.table(self.channel.id)
        if table is None or not any(v in ("join", "leave") for v, _, _ in buttons(table)):
            return None
        return table

    async def open_once(self) -> None:
        plan, host = self.plan, self.host
        lobby = self.lobby()
        if lobby is None:
            if plan.solo:
                options: dict[str, Any] = {"bots": len(plan.bots), "level": plan.bots[0]}
                slash = self.dc.slash(host, self.channel, f"{plan.command} solo", **options)
                await self.tally.send("solo", slash)
                return
            await self.tally.send(
                "start", self.dc.slash(host, self.channel, f"{plan.command} start")
            )
            lobby = self.lobby()
            if lobby is None:
                return
        text = lobby.text()
        joining = [member for member in self.members[1:] if member.mention not in text]
        await asyncio.gather(*(self.join(member, lobby) for member in joining))
        for level in plan.bots[text.count("🤖") :]:
            await self.pause()
            custom_id = select_id(lobby, "addbot")
            if custom_id is not None:
                await self.tally.send("addbot", self.dc.select(host, lobby, custom_id, [level]))
        for number in range(text.count("· guest"), plan.guests):
            await self.pause()
            guest = next((c for v, _, c in buttons(lobby) if v == "guest"), None)
            if guest is not None:
                await self.form(host, await self.click(host, lobby, guest), [f"Guest {number + 1}"])
        await self.pause()
        start = next((c for v, _, c in buttons(lobby) if v == "start"), None)
        if start is not None:
            await self.click(host, lobby, start)

    async def join(self, member: User, lobby: StoredMessage) -> None:
        await self.pause()
        join = next((c for v, _, c in buttons(lobby) if v == "join"), None)
        if join is not None:
            await self.click(member, lobby, join)

    # Playing

    async def play(self, opening: Awaitable[None], stop: asyncio.Event) -> None:
        """Once the game is open, its members play it until `stop` (or until the stand-in
        refuses what one of them does, counted as a failure)."""
        await opening
        try:
            if self.plan.command == "skyjo-sheet":
                await self.keep_score(stop)
                return
            await asyncio.gather(*(self.member_plays(member, stop) for member in self.members))
        except StandInError as error:
            self.tally.failures["play"] += 1
            if len(self.tally.examples) < 5:
                self.tally.examples.append(str(error))

    async def member_plays(self, me: User, stop: asyncio.Event) -> None:
        while not stop.is_set():
            if self.choice(me) is None:
                await self.watch.changed(self.channel.id, 1.0)
                continue
            if not await self.pause(stop):
                return
            choice = self.choice(me)
            if choice is not None:
                await choice()

    def choice(self, me: User) -> Callable[[], Awaitable[Any]] | None:
        """What `me` does next at the table as it is now, if anything."""
        message = self.watch.table(self.channel.id)
        if message is None:
            return None
        shown = buttons(message)
        verbs = {verb for verb, _, _ in shown}
        if "rematch" in verbs:
            if me is not self.host:
                return None
            return self.do(me, message, next(c for v, _, c in shown if v == "rematch"))
        lines = description_lines(message)
        choosing = still_choosing(lines)
        if choosing:
            return self.opening(me, message, choosing)
        if not to_move(lines, me.name):
            return None
        if self.rng.random() < HINT_SHARE:
            extra = [c for v, _, c in shown if v in ("hint", "mine")]
            if extra:
                return self.do(me, message, self.rng.choice(extra))
        finishing = [c for v, a, c in shown if v in FINISHING or (v == "take" and a)]
        starting = [
            c
            for v, a, c in shown
            if v in STARTING or (v == "mode" and a) or (v == "take" and not a)
        ]
        if finishing and (not starting or self.rng.random() < 0.75):
            return self.do(me, message, self.rng.choice(finishing))
        if starting:
            return self.do(me, message, self.rng.choice(starting))
        return None

    def opening(
        self, me: User, table: StoredMessage, choosing: list[str]
    ) -> Callable[[], Awaitable[Any]] | None:
        """Skyjo's opening: Choose my cards, then turn cards up in one's own grid."""
        if me.name not in choosing:
            return None
        seen = self.personal.get(me.id)
        if seen is not None and seen[0] == table.id:
            personal = seen[1]
            reveal = [c for v, _, c in buttons(personal) if v == "reveal"]
            return self.do(me, personal, self.rng.choice(reveal)) if reveal else None
        mine = next((c for v, _, c in buttons(table) if v == "mine"), None)
        if mine is None:
            return None

        async def choose() -> None:
            result = await self.click(me, table, mine)
            if result is not None and result.message is not None:
                self.personal[me.id] = (table.id, result.message)

        return choose

    def do(self, me: User, message: StoredMessage, custom_id: str) -> Callable[[], Awaitable[Any]]:
        return lambda: self.click(me, message, custom_id)

    async def keep_score(self, stop: asyncio.Event) -> None:
        """The host enters each round of the sheet: who ended it, the totals, Confirm."""
        host, channel = self.host, self.channel.id
        while not stop.is_set():
            message = self.watch.table(channel)
            if message is None:
                await self.watch.changed(channel, 1.0)
                continue
            if select_id(message, "finisher") is None and not buttons(message):
                await self.watch.changed(channel, 1.0)
                continue
            if not await self.pause(stop):
                return
            rematch = next((c for v, _, c in buttons(message) if v == "rematch"), None)
            if rematch is not None:
                await self.click(host, message, rematch)
                continue
            finisher = select_id(message, "finisher")
            if finisher is None:
                continue
            seats = len(message.component(finisher)["options"])
            chosen = str(self.rng.randrange(seats))
            if not await self.tally.send(
                "finisher", self.dc.select(host, message, finisher, [chosen])
            ):
                continue
            for verb, arg, _ in [b for b in buttons(message) if b[0] == "totals"]:
                if not await self.pause(stop):
                    return
                totals = next((c for v, a, c in buttons(message) if (v, a) == (verb, arg)), None)
                if totals is None:
                    break
                values = [str(self.rng.randint(-2, 35)) for _ in range(5)]
                await self.form(host, await self.click(host, message, totals), values, stop)
            if not await self.pause(stop):
                return
            confirm = next((c for v, _, c in buttons(message) if v == "confirm"), None)
            if confirm is not None:
                await self.click(host, message, confirm)


def build_world(
    dc: DiscordStandIn, prefix: str, count: int, users_per_channel: list[int]
) -> list[tuple[Channel, list[User]]]:
    """`count` channels named PREFIX-N, fifty to a server, each with its own users as members."""
    tables = []
    guild: Guild | None = None
    for number in range(count):
        if number % CHANNELS_PER_SERVER == 0:
            owner = dc.add_user(f"{prefix}-owner{number // CHANNELS_PER_SERVER}")
            guild = dc.add_guild(f"{prefix} {number // CHANNELS_PER_SERVER}", owner=owner)
        assert guild is not None
        channel = guild.add_text_channel(f"{prefix}-{number}")
        users = []
        for seat in range(users_per_channel[number]):
            user = dc.add_user(f"{prefix[0]}{number}{'abcdefgh'[seat]}")
            guild.add_member(user)
            users.append(user)
        tables.append((channel, users))
    return tables


async def load_phase(
    dc: DiscordStandIn,
    watch: Watch,
    workdir: Path,
    args: argparse.Namespace,
    count: int,
    name: str = "load",
) -> dict[str, Any]:
    """`count` games played together by a fresh Sky Table (its store named `name`)."""
    rng = random.Random(args.seed)
    plans = [plan_game(rng, args.levels) for _ in range(count)]
    places = build_world(dc, name, count, [plan.members for plan in plans])
    tally = Tally()
    games = [
        Game(
            dc,
            watch,
            tally,
            channel,
            plan,
            users,
            args.seed * 100_003 + number,
            args.think,
            args.lobby_think,
        )
        for number, (plan, (channel, users)) in enumerate(zip(plans, places, strict=True))
    ]
    bot = sky_table(dc, workdir, name, args)
    clock = dc.world.clock
    dc.limits.enforce_rate_limits = args.limits
    dc.reset_request_stats()
    changes = Changes(clock.now)
    watch.listener = changes.saw
    deadlines = Deadlines(dc)
    try:
        await bot.start()
        await asyncio.sleep(1.0)
        idle = rss_kib(bot.pid)
        progress(f"{name}: Sky Table ready ({idle / 1024:.0f} MiB); opening {count} games")
        began = time.perf_counter()
        stop = asyncio.Event()
        ramp = ramp_seconds(count) if args.ramp is None else args.ramp
        openings = [asyncio.create_task(game.open(rng.uniform(0, ramp))) for game in games]
        players = [
            asyncio.create_task(game.play(opening, stop))
            for game, opening in zip(games, openings, strict=True)
        ]
        await asyncio.gather(*openings)
        started = [game.started_at for game in games if game.started_at is not None]
        all_started = max(started, default=time.perf_counter())
        progress(
            f"{name}: {len(started)} of {count} games started in "
            f"{all_started - began:.1f} s; playing {args.seconds:g} s more"
        )
        with collector_paused():
            steady_from = all_started + STEADY_AFTER
            await asyncio.sleep(max(0.0, steady_from - time.perf_counter()))
            meter = CpuMeter(bot)
            steady_began = clock.now(), dc.request_stats()
            await asyncio.sleep(max(0.0, all_started + args.seconds - time.perf_counter()))
            steady_to = time.perf_counter()
            steady_ended = clock.now(), dc.request_stats()
            cpu = meter.shares()
            busy = rss_kib(bot.pid)
            bench_rss = rss_kib(os.getpid())
            stop.set()
            await asyncio.gather(*players)
            await asyncio.sleep(SHOW_GRACE)
        progress(
            f"{name}: steady state over {steady_to - steady_from:.0f} s; CPU cores: bot "
            f"{cpu['bot_cpu_share']:.2f}, bench {cpu['bench_cpu_share']:.2f}, others "
            f"{cpu['other_cpu_share']:.2f} of {cpu['machine_cpus']}"
        )
    finally:
        figures = await bot.stop()
        stopped_at = clock.now()
        watch.listener = None
        deadlines.stop()
        dc.limits.enforce_rate_limits = False
        dc.reset_request_stats()
    latencies: list[float] = figures["latencies_ms"]
    moments: list[float] = figures["received_at"]
    late = sum(1 for ms in latencies if ms > 3000)
    (steady_begin_at, stats_began), (steady_end_at, stats_ended) = steady_began, steady_ended
    requests = request_figures(stats_began, stats_ended, steady_end_at - steady_begin_at)
    late_answers, never_answered = deadlines.figures(steady_begin_at, steady_end_at)
    shown_ms, unshown = bot_moves_shown(
        figures["bot_moves"],
        frontiers(figures["tables_shown"], changes),
        (steady_begin_at, steady_end_at),
        stopped_at,
    )
    steady = [
        ms for ms, at in zip(latencies, moments, strict=True) if steady_from <= at <= steady_to
    ]
    window = max(steady_to - steady_from, 1e-9)
    trips = tally.round_trips
    mix = Counter(plan.label for plan in plans)
    return {
        "games": count,
        "interactions": len(steady),
        "interactions_per_s": round(len(steady) / window, 1),
        "answer_ms_median": round(statistics.median(steady), 2) if steady else None,
        "answer_ms_p99": round(percentile(steady, 0.99), 2) if steady else None,
        "memory_kib_per_game": round((busy - idle) / max(1, figures["running_games"]), 1),
        "counted_requests_per_s_max": requests["counted_requests_per_s_max"],
        "rate_limited": requests["rate_limited"],
        "invalid_requests": requests["invalid_requests"],
        "late_answers": late_answers,
        "bot_move_shown_ms_p99": round(percentile(shown_ms, 0.99), 1) if shown_ms else None,
        "details": {
            "rate_limits_enforced": args.limits,
            **requests["details"],
            "interactions_never_answered": never_answered,
            "bot_moves": len(shown_ms),
            "bot_moves_unshown": unshown,
            "bot_move_shown_ms_median": round(statistics.median(shown_ms), 1) if shown_ms else None,
            "games_started": len(started),
            "seconds_to_start_all": round(all_started - began, 1),
            "steady_seconds": round(window, 1),
            "interactions_whole_run": len(latencies),
            "answer_ms_whole_run_median": round(statistics.median(latencies), 2)
            if latencies
            else None,
            "answer_ms_whole_run_p99": round(percentile(latencies, 0.99), 2) if latencies else None,
            "answered_after_3_s": late,
            "round_trip_ms_median": round(statistics.median(trips), 2) if trips else None,
            "round_trip_ms_p99": round(percentile(trips, 0.99), 2) if trips else None,
            **cpu,
            "rss_kib_idle": idle,
            "rss_kib_busy": busy,
            "bench_rss_kib": bench_rss,
            "running_games_at_end": figures["running_games"],
            "bot_error_count": figures["error_count"],
            "bot_errors": figures["errors"],
            "bot_unanswered_at_end": figures["unanswered"],
            "answers_by_verb": dict(tally.answers.most_common()),
            "refused_by_verb": dict(tally.refused.most_common()),
            "failures_by_verb": dict(tally.failures.most_common()),
            "failure_examples": tally.examples,
            "mix": dict(sorted(mix.items())),
            "seats": dict(sorted(Counter(plan.seats for plan in plans).items())),
            "pictures": not args.text_only,
            "think_seconds": list(args.think),
            "bot_delay_seconds": args.bot_delay,
            "bot_levels": list(args.levels),
        },
    }


def request_figures(began: dict[str, Any], ended: dict[str, Any], seconds: float) -> dict[str, Any]:
    """The stand-in's request counters (`DiscordStandIn.request_stats`) over the steady state,
    read when it `began` and `ended`; `counted_requests_per_s_max` over the whole load phase
    (they were set to zero as it began)."""
    limited = {
        scope: count - began["rate_limited"].get(scope, 0)
        for scope, count in ended["rate_limited"].items()
    }
    counted = ended["counted_requests"] - began["counted_requests"]
    return {
        "counted_requests_per_s_max": ended["counted_requests_per_s_max"],
        "rate_limited": sum(limited.values()),
        "invalid_requests": ended["invalid_requests"]["total"] - began["invalid_requests"]["total"],
        "details": {
            "counted_requests": counted,
            "counted_requests_per_s": round(counted / max(seconds, 1e-9), 1),
            "rate_limited_by_scope": limited,
            "rate_limited_before_steady_state": sum(began["rate_limited"].values()),
            "invalid_requests_last_10_minutes": ended["invalid_requests"]["last_10_minutes"],
        },
    }


def bot_moves_shown(
    moves: list[list[float]],
    shown: dict[int, Frontier],
    steady: tuple[float, float],
    stopped_at: float,
) -> tuple[list[float], int]:
    """For each bot move saved in the steady state (`moves`: [game, version, saved at]), the
    milliseconds from its save to its game's public message first showing its version or a
    later one; a move never shown counts until the bot stopped (`stopped_at`). With how many
    of those."""
    delays, unshown = [], 0
    for game, version, saved_at in moves:
        if not steady[0] <= saved_at <= steady[1]:
            continue
        versions, moments = shown.get(int(game), ([], []))
        index = bisect.bisect_left(versions, int(version))
        if index < len(versions):
            shown_at = moments[index]
        else:
            unshown += 1
            shown_at = stopped_at
        delays.append((shown_at - saved_at) * 1000)
    return delays, unshown


# -------------------------------------------------------------------------- capacity: tables


Click = tuple[User, StoredMessage, str]


class DuelTable:
    """A two-member Skyjo table of the capacity phase, played click by click."""

    def __init__(self, watch: Watch, channel: Channel, users: list[User], seed: int) -> None:
        self.watch = watch
        self.channel = channel
        self.users = users
        self.rng = random.Random(seed)
        self.personal: dict[int, tuple[int, StoredMessage]] = {}

    async def open(self, dc: DiscordStandIn, tally: Tally) -> bool:
        """The first member opens the table, the second joins, the first starts it; then both
        turn up their opening cards. False if the table could not be brought to its first
        turn within a minute."""
        host, other = self.users
        try:
            async with asyncio.timeout(60.0):
                slash = dc.slash(host, self.channel, "skyjo start", turn_seconds=3600)
                opened = await tally.send("start", slash)
                if opened is None or opened.message is None:
                    return False
                lobby = opened.message
                for user, verb in ((other, "join"), (host, "start")):
                    custom_id = next((c for v, _, c in buttons(lobby) if v == verb), None)
                    if custom_id is None or not await tally.send(
                        verb, dc.click(user, lobby, custom_id)
                    ):
                        return False
                while True:
                    click = self.next_click()
                    if click is None:
                        await self.watch.changed(self.channel.id, 0.05)
                        continue
                    verb = parse(click[2])[0]
                    if verb not in ("mine", "reveal"):
                        return True
                    self.answered(click, await tally.send(verb, dc.click(*click)))
        except TimeoutError:
            return False

    def next_click(self) -> Click | None:
        message = self.watch.table(self.channel.id)
        if message is None:
            return None
        shown = buttons(message)
        lines = description_lines(message)
        for verb, _, custom_id in shown:
            if verb == "rematch":
                return self.users[0], message, custom_id
        for user in self.users:
            if user.name in still_choosing(lines):
                seen = self.personal.get(user.id)
                if seen is None or seen[0] != message.id:
                    mine = next((c for v, _, c in shown if v == "mine"), None)
                    return (user, message, mine) if mine else None
                reveal = [c for v, _, c in buttons(seen[1]) if v == "reveal"]
                if reveal:
                    return user, seen[1], self.rng.choice(reveal)
        mover = next((user for user in self.users if to_move(lines, user.name)), None)
        if mover is None:
            return None
        draw = [c for v, _, c in shown if v == "draw"]
        if draw:
            return mover, message, draw[0]
        swap = [c for v, _, c in shown if v == "swap"]
        return (mover, message, self.rng.choice(swap)) if swap else None

    def answered(self, click: Click, result: InteractionResult | None) -> None:
        user, message, custom_id = click
        if parse(custom_id)[0] == "mine" and result is not None and result.message is not None:
            self.personal[user.id] = (message.id, result.message)


class BareTable:
    """A message of the bare bot, clicked on a random button."""

    def __init__(self, watch: Watch, channel: Channel, user: User, seed: int) -> None:
        self.watch = watch
        self.channel = channel
        self.user = user
        self.rng = random.Random(seed)

    def next_click(self) -> Click | None:
        messages = self.watch.public.get(self.channel.id) or []
        if not messages:
            return None
        message = messages[-1]
        ids = [c["custom_id"] for c in message.walk_components() if "custom_id" in c]
        return (self.user, message, self.rng.choice(ids)) if ids else None

    def answered(self, click: Click, result: InteractionResult | None) -> None:
        pass


Table = DuelTable | BareTable


@dataclass
class Step:
    rate: float
    due: int = 0
    unsent: int = 0
    began: float = 0.0
    ended: float = 0.0
    clicks: list[tuple[float, float, float, bool, str]] = field(default_factory=list)
    """(due, sent, answered, answered without error, verb) of each click sent."""
    cpu: dict[str, float] = field(default_factory=dict)

    @property
    def within(self) -> int:
        return sum(1 for due, _, done, ok, _ in self.clicks if ok and done - due <= WITHIN)

    @property
    def holds(self) -> bool:
        return self.due > 0 and self.within >= HOLDS * self.due

    def figures(self, bot_answers: list[float]) -> dict[str, Any]:
        trips = [(done - sent) * 1000 for _, sent, done, _, _ in self.clicks]
        late = [(sent - due) * 1000 for due, sent, _, _, _ in self.clicks]
        return {
            "rate": round(self.rate, 1),
            "holds": self.holds,
            "due": self.due,
            "unsent": self.unsent,
            "within_100ms_share": round(self.within / self.due, 4) if self.due else None,
            "answered_per_s": round(
                sum(1 for c in self.clicks if c[3]) / max(self.ended - self.began, 1e-9), 1
            ),
            "round_trip_ms_median": round(statistics.median(trips), 2) if trips else None,
            "round_trip_ms_p99": round(percentile(trips, 0.99), 2) if trips else None,
            "sent_late_ms_p99": round(percentile(late, 0.99), 2) if late else None,
            "bot_answer_ms_median": round(statistics.median(bot_answers), 2)
            if bot_answers
            else None,
            "bot_answer_ms_p99": round(percentile(bot_answers, 0.99), 2) if bot_answers else None,
            **self.cpu,
            "verbs": dict(Counter(c[4] for c in self.clicks).most_common()),
        }


class OpenLoop:
    """Clicks at a fixed rate on whichever table is free, whatever the answers."""

    def __init__(self, dc: DiscordStandIn, watch: Watch, tables: list[Table]) -> None:
        self.dc = dc
        self.watch = watch
        self.free: deque[Table] = deque()
        self.firing: set[asyncio.Task[None]] = set()
        self.waiting: set[asyncio.Task[None]] = set()
        for table in tables:
            self.release(table)

    @staticmethod
    def spawn(tasks: set[asyncio.Task[None]], coroutine: Any) -> None:
        task = asyncio.create_task(coroutine)
        tasks.add(task)
        task.add_done_callback(tasks.discard)

    def cancel(self) -> None:
        for task in [*self.firing, *self.waiting]:
            task.cancel()

    def release(self, table: Table) -> None:
        """The table goes back to the free ones once it has a next click to offer."""
        if table.next_click() is not None:
            self.free.append(table)
        else:
            self.spawn(self.waiting, self.wait_ready(table))

    async def wait_ready(self, table: Table) -> None:
        while table.next_click() is None:
            await self.watch.changed(table.channel.id, 0.05)
        self.free.append(table)

    async def fire(self, table: Table, due: float, step: Step) -> None:
        click = table.next_click()
        if click is None:
            step.unsent += 1
            self.release(table)
            return
        verb = parse(click[2])[0] or "click"
        sent = time.perf_counter()
        result: InteractionResult | None
        try:
            result = await self.dc.click(*click)
        except StandInError:
            result = None
        done = time.perf_counter()
        ok = result is not None and result.type is not None and not result.errors
        step.clicks.append((due, sent, done, ok, verb))
        table.answered(click, result)
        self.release(table)

    async def run(self, rate: float, seconds: float, bot: BotProcess) -> Step:
        step = Step(rate, due=max(1, round(rate * seconds)))
        meter = CpuMeter(bot)
        step.began = begin = time.perf_counter() + 0.01
        sent = 0
        while sent < step.due:
            now = time.perf_counter()
            due = begin + sent / rate
            if due > now:
                await asyncio.sleep(due - now)
                continue
            while sent < step.due and begin + sent / rate <= now:
                if self.free:
                    due = begin + sent / rate
                    self.spawn(self.firing, self.fire(self.free.popleft(), due, step))
                else:
                    step.unsent += 1
                sent += 1
            await asyncio.sleep(0)
        if self.firing:
            await asyncio.wait(list(self.firing), timeout=35.0)
        step.ended = time.perf_counter()
        step.cpu = meter.shares()
        return step


async def climb(
    loop: OpenLoop, bot: BotProcess, args: argparse.Namespace, name: str
) -> tuple[float, list[Step]]:
    """Steps at doubling rates until one does not hold (at halving rates, down to an eighth of
    the first, while none holds), then two rates in between; the capacity is the highest rate
    that held."""
    steps: list[Step] = []

    async def attempt(rate: float) -> bool:
        for _ in range(args.tries):
            with collector_paused():
                step = await loop.run(rate, args.step_seconds, bot)
            steps.append(step)
            cpu = step.cpu
            progress(
                f"{name}: {rate:7.1f} clicks/s: {step.within}/{step.due} within 100 ms "
                f"({'holds' if step.holds else 'does not hold'}); CPU cores: bot "
                f"{cpu['bot_cpu_share']:.2f}, bench {cpu['bench_cpu_share']:.2f}, "
                f"others {cpu['other_cpu_share']:.2f} of {cpu['machine_cpus']}"
            )
            await asyncio.sleep(args.pause)
            if step.holds:
                return True
        return False

    held, failed = 0.0, 0.0
    rate = args.start_rate
    while args.start_rate / 8 <= rate <= args.max_rate:
        if await attempt(rate):
            held = rate
            if failed:
                break
            rate *= 2
        else:
            failed = rate
            if held:
                break
            rate /= 2
    if failed and held:
        for k in (1, 2):
            between = held * (failed / held) ** (k / 3)
            if not await attempt(between):
                break
            held = between
    return held, steps


async def capacity_phase(
    dc: DiscordStandIn,
    watch: Watch,
    workdir: Path,
    args: argparse.Namespace,
    bare: bool,
    tables_of: list[tuple[Channel, list[User]]],
) -> tuple[float, dict[str, Any]]:
    name = "bare bot" if bare else "Sky Table"
    bot = bare_bot(dc, workdir, "bare-") if bare else sky_table(dc, workdir, "capacity", args)
    await bot.start()
    tally = Tally()
    try:
        tables: list[Table]
        if bare:
            tables = [
                BareTable(watch, channel, users[0], number)
                for number, (channel, users) in enumerate(tables_of)
            ]
            while any(table.next_click() is None for table in tables):
                await asyncio.sleep(0.05)
        else:
            duels = [
                DuelTable(watch, channel, users, number)
                for number, (channel, users) in enumerate(tables_of)
            ]
            gate = asyncio.Semaphore(20)

            async def open_table(table: DuelTable) -> bool:
                async with gate:
                    return await table.open(dc, tally)

            opened = await asyncio.gather(*(open_table(table) for table in duels))
            tables = [table for table, ready in zip(duels, opened, strict=True) if ready]
        progress(f"{name}: {len(tables)} tables ready; clicking at rising rates")
        loop = OpenLoop(dc, watch, tables)
        capacity, steps = await climb(loop, bot, args, name)
        loop.cancel()
    finally:
        figures = await bot.stop()
    latencies: list[float] = figures["latencies_ms"]
    moments: list[float] = figures["received_at"]
    return capacity, {
        "tables": len(tables),
        "setup_failures": dict(tally.failures),
        "bot_error_count": figures["error_count"],
        "bot_errors": figures["errors"],
        "steps": [
            step.figures(
                [
                    ms
                    for ms, at in zip(latencies, moments, strict=True)
                    if step.began <= at <= step.ended
                ]
            )
            for step in steps
        ],
    }


# ------------------------------------------------------------------------------------- run


STARTED = time.monotonic()


def progress(text: str) -> None:
    print(f"[{time.monotonic() - STARTED:5.1f} s] {text}", file=sys.stderr, flush=True)


async def run(args: argparse.Namespace) -> dict[str, Any]:
    if args.workdir is not None:
        args.workdir.mkdir(parents=True, exist_ok=True)
        return await run_in(args.workdir, args)
    with tempfile.TemporaryDirectory(prefix="skytable-load-", ignore_cleanup_errors=True) as tmp:
        return await run_in(Path(tmp), args)


async def run_in(workdir: Path, args: argparse.Namespace) -> dict[str, Any]:
    """The bench, with the bots' databases and files in `workdir`."""
    limits = Limits(answer_timeout=30.0, ready_timeout=120.0, guild_ready_timeout=0.2)
    async with DiscordStandIn(limits=limits) as dc:
        watch = Watch(dc)
        cleaner = asyncio.create_task(janitor(dc))
        duels = build_world(dc, "duel", args.tables, [2] * args.tables)
        bares = build_world(dc, "bare", args.tables, [1] * args.tables)
        try:
            load = await load_phase(dc, watch, workdir, args, args.games)
            held = await find_held(dc, watch, workdir, args) if args.find_held else None
            capacity: float | None = None
            bare_capacity: float | None = None
            sky: dict[str, Any] | None = None
            bare: dict[str, Any] | None = None
            if args.capacity:
                capacity, sky = await capacity_phase(dc, watch, workdir, args, False, duels)
                bare_capacity, bare = await capacity_phase(dc, watch, workdir, args, True, bares)
        finally:
            cleaner.cancel()
    details = load.pop("details")
    ratio = capacity / bare_capacity if capacity is not None and bare_capacity else None
    figures = {
        **load,
        "capacity_interactions_per_s": None if capacity is None else round(capacity, 1),
        "bare_bot_capacity_interactions_per_s": (
            None if bare_capacity is None else round(bare_capacity, 1)
        ),
        "capacity_ratio": None if ratio is None else round(ratio, 3),
    }
    if held is not None:
        figures["games_held"] = held.most
    if args.details:
        figures["details"] = {"load": details, "capacity": sky, "bare_bot_capacity": bare}
        if held is not None:
            figures["details"]["held_probes"] = held.probes
    return figures


@dataclass
class Held:
    """The most games whose steady state answered within `HELD_P99_MS` at the 99th percentile,
    and each probe's (games, answer_ms_p99)."""

    most: int
    probes: list[tuple[int, float | None]]


async def find_held(
    dc: DiscordStandIn, watch: Watch, workdir: Path, args: argparse.Namespace
) -> Held:
    """Each probe a load phase of its own (fresh bot, store and channels) for `--seconds`."""

    async def probe(count: int) -> list[float | None]:
        tries: list[float | None] = []
        for attempt in range(1, args.held_tries + 1):
            name = f"held{count}-{attempt}"
            figures = await load_phase(dc, watch, workdir, args, count, name)
            tries.append(figures["answer_ms_p99"])
            progress(f"{name}: answer p99 {tries[-1]} ms")
        return tries

    return await bisect_held(args.games, probe)


def median_p99(tries: Sequence[float | None]) -> float | None:
    """The median of a size's probes, a probe with no answer counting as the slowest."""
    ordered = sorted(tries, key=lambda p99: math.inf if p99 is None else p99)
    return ordered[(len(ordered) - 1) // 2] if ordered else None


async def bisect_held(
    most: int, probe: Callable[[int], Awaitable[list[float | None]]], step: int = HELD_STEP
) -> Held:
    """The most games, a multiple of `step` up to `most`, whose `probe` (its tries' answer p99
    in ms, None with no answer) is under `HELD_P99_MS` at the median, by bisection: load only
    ever grows the p99."""
    holds, fails = 0, most // step + 1
    probes: list[tuple[int, float | None]] = []
    while fails - holds > 1:
        middle = (holds + fails) // 2
        tries = await probe(middle * step)
        probes += [(middle * step, p99) for p99 in tries]
        p99 = median_p99(tries)
        if p99 is not None and p99 < HELD_P99_MS:
            holds = middle
        else:
            fails = middle
    return Held(holds * step, probes)


def ramp_seconds(games: int) -> float:
    """Seconds over which `games` games open, unless `--ramp` says: a hundred a second, 1 to
    10 s."""
    return min(10.0, max(1.0, games / 100))


def seconds_range(text: str | None) -> tuple[float, float] | None:
    """LOW-HIGH (or one number) as a pair of seconds."""
    if text is None:
        return None
    low, _, high = text.partition("-")
    return float(low), float(high or low)


def arguments(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seconds", type=float, default=60.0, help="seconds of play")
    parser.add_argument("--ramp", type=float, help="seconds over which games open (games/100)")
    parser.add_argument("--think", default="1-3", help="a user's seconds before a click: LOW-HIGH")
    parser.add_argument(
        "--lobby-think", help="seconds before each click of a lobby: LOW-HIGH (as --think)"
    )
    parser.add_argument("--bot-delay", type=float, default=1.0)
    parser.add_argument(
        "--levels",
        type=lambda text: tuple(text.split(",")),
        default=LEVELS,
        help="the bots' levels, each game's drawn among them (easy,normal,hard)",
    )
    parser.add_argument("--text-only", action="store_true", help="tables without pictures")
    parser.add_argument(
        "--no-limits",
        dest="limits",
        action="store_false",
        help="the load phase without Discord's rate limits enforced (they are by default)",
    )
    parser.add_argument(
        "--postgres",
        action="store_true",
        help="Sky Table on a throwaway PostgreSQL server started for the run (else SQLite)",
    )
    parser.add_argument(
        "--no-capacity",
        dest="capacity",
        action="store_false",
        help="the load phase only (the capacity figures are then null)",
    )
    parser.add_argument(
        "--find-held",
        action="store_true",
        help=f"also the most games (steps of {HELD_STEP}) answered within {HELD_P99_MS:g} ms p99",
    )
    parser.add_argument(
        "--held-tries",
        type=int,
        default=HELD_TRIES,
        help=f"probes a size for --find-held, judged by their median p99 ({HELD_TRIES})",
    )
    parser.add_argument("--tables", type=int, help="tables of the capacity phases (100)")
    parser.add_argument("--start-rate", type=float, default=50.0, help="clicks/s of the first step")
    parser.add_argument("--max-rate", type=float, default=12_800.0)
    parser.add_argument("--step-seconds", type=float, help="seconds a capacity step (3)")
    parser.add_argument("--pause", type=float, help="seconds between steps (0.5)")
    parser.add_argument("--tries", type=int, help="steps at a rate before it fails (2)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--quick", action="store_true", help="a short run: 1 s steps, one try, 40 tables"
    )
    parser.add_argument(
        "--workdir", type=Path, help="keep the bots' stores and logs here (else a temporary folder)"
    )
    parser.add_argument("--profile", metavar="FILE", help="cProfile Sky Table: FILE.load, …")
    parser.add_argument("--details", action="store_true", help="add every figure to the JSON")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    args.think = seconds_range(args.think)
    quick_lobby = "0.2-0.8" if args.quick else None
    args.lobby_think = seconds_range(args.lobby_think or quick_lobby) or args.think
    if args.tables is None:
        args.tables = 40 if args.quick else 100
    if args.step_seconds is None:
        args.step_seconds = 1.0 if args.quick else 3.0
    if args.pause is None:
        args.pause = 0.3 if args.quick else 0.5
    if args.tries is None:
        args.tries = 1 if args.quick else 2
    return args


def main() -> None:
    args = arguments()
    with contextlib.ExitStack() as stack:
        args.postgres = stack.enter_context(PostgresServer()) if args.postgres else None
        figures = asyncio.run(run(args))
    if args.json:
        print(json.dumps(figures))
        return
    print(json.dumps(figures, indent=2))


if __name__ == "__main__":
    main()
