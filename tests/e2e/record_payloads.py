"""Records every request Sky Table makes to the Discord stand-in while one seeded game of each
kind is played through it, so that two versions of the code can be shown to send the very same
bytes to their players.

    python -m tests.e2e.record_payloads OUT.json [--kinds skyjo sheet ...]
    python -m tests.e2e.record_payloads --compare A.json B.json

Each game is played on a fresh stand-in by users who only use slash commands, clicks, selects
and forms; after each of their actions the game settles (the bots have moved, the table shows
the latest version) before the next one, so that bots and users never race. The recording
holds each REST request (interaction callbacks included) in the order the stand-in got it,
each user action in between for context, and each uploaded file as its SHA-256.

Only what differs between two runs of the same code is rewritten: the stand-in's ids, made
from the real clock (`<user:ana>`, `<channel:skyjo>`, then `<msg#3>`, `<id#7>` numbered in order
of first appearance), and the interactions' random tokens (`<token#2>`). Everything else is kept
as sent, message nonces included: these games never post a message whose nonce is made from a
message id. Running the recorder twice on the same code must give identical recordings.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import difflib
import hashlib
import json
import random
import re
import sys
import tempfile
from collections.abc import Awaitable, Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import bot
import cogs
import games
import tests
from tests.e2e import junior_play, sheet_play, sky_five_play, skyjo_play
from tests.e2e.harness import Table, button, table, until
from tests.standin import multipart
from tests.standin.world import World

if TYPE_CHECKING:
    from bot.sessions.session import GameSession

PACKAGES = (bot, cogs, games, tests)
Entry = dict[str, Any]
Play = Callable[[Table], Awaitable[None]]
FORMAT = 1
QUIET = 0.3
"""Seconds without a new request after the game's end before the recording stops."""
DIGITS = re.compile(r"(?<!\d)\d{15,20}(?!\d)")


# ------------------------------------------------------------------------------ the games


def only_members_to_move(session: GameSession) -> bool:
    """The game is over, or waits for its members alone: no bot has a move left to make."""
    record = session.record
    if record.status != "running":
        return True
    to_move = session.engine.to_move
    return bool(to_move) and all(record.seats[seat].is_member for seat in to_move)


async def calm(t: Table, session: GameSession, what: str) -> None:
    await t.settled(only_members_to_move, what, session)


async def skyjo_solo(t: Table, rng_seed: int = 4, **options: Any) -> None:
    """Ana opens `/skyjo solo` with these options and plays each of her decisions."""
    started = await t.slash("ana", "skyjo solo", **options)
    assert started.type == 4, started.errors
    session = await t.session()
    rng = random.Random(rng_seed)
    while True:
        await calm(t, session, "ana's decision or the end")
        if session.record.status != "running":
            break
        if skyjo_play.skyjo(session).phase == "opening":
            await skyjo_play.choose_opening_cards(t, "ana", rng)
        else:
            await skyjo_play.play_turn(t, "ana", rng)


async def skyjo_game(t: Table) -> None:
    await skyjo_solo(t, bots=2)


async def skyjo_text_only(t: Table) -> None:
    """Ana, an admin, makes the server text only, then plays Skyjo there."""
    admins = t.guild.add_role("Admins", manage_guild=True)
    t.guild.members[t.users["ana"].id].roles.append(admins)
    chosen = await t.slash("ana", "table pictures", look="text")
    assert chosen.ephemeral, chosen.errors
    await skyjo_solo(t, rng_seed=5, bots=2)


async def junior_game(t: Table) -> None:
    started = await t.slash("ana", "skyjo-junior solo", bots=2)
    assert started.type == 4, started.errors
    session = await t.session()
    rng = random.Random(2)
    while True:
        await calm(t, session, "ana's turn or the end")
        if session.record.status != "running":
            break
        await junior_play.play_turn(t, "ana", rng)


async def sky_five_game(t: Table) -> None:
    started = await t.slash("ana", "skyfive solo", bots=2)
    assert started.type == 4, started.errors
    session = await t.session()
    rng = random.Random(7)
    while True:
        await calm(t, session, "a member's decision or the end")
        if session.record.status != "running":
            break
        await sky_five_play.decide(t, session, rng)


async def sheet_game(t: Table) -> None:
    """Ana, Leo and their guest Grandma keep a sheet to 100: a bad total is typed then fixed,
    a round is undone and entered again, and the first round is corrected later on."""
    session = await sheet_play.open_sheet(t, ["ana", "leo"], guests=["Grandma"])
    await settle(t, session)
    await sheet_round(t, session, "leo", 0, [10, 5, 30])
    await sheet_play.choose_finisher(t, "ana", 1)
    await settle(t, session)
    await sheet_play.type_totals(t, "ana", ["abc", 8, 20])
    await settle(t, session)
    await sheet_play.type_totals(t, "ana", [8, 8, 20])
    await settle(t, session)
    await press(t, session, "ana", "confirm")
    await sheet_round(t, session, "ana", 0, [-3, 10, 12])
    await press(t, session, "leo", "undo")
    await sheet_round(t, session, "ana", 0, [-3, 10, 12])
    message = await t.table_message()
    opened = await t.select("leo", message, sheet_play.select_id(message, "edit"), "0")
    assert opened.type == 7, opened.errors
    await settle(t, session)
    await sheet_play.type_totals(t, "leo", [12, 5, 30])
    await settle(t, session)
    await press(t, session, "leo", "confirm")
    await sheet_round(t, session, "leo", 2, [30, 40, 50])
    assert session.record.status == "finished", "the sheet reaches its target"


async def settle(t: Table, session: GameSession) -> None:
    await t.settled(lambda s: True, "the sheet to show the latest change", session)


async def press(t: Table, session: GameSession, user: str, verb: str) -> None:
    message = await t.table_message()
    result = await t.click(user, message, button(message, verb))
    assert result.error is None, result.errors
    await settle(t, session)


async def sheet_round(
    t: Table, session: GameSession, user: str, finisher: int, totals: Sequence[int]
) -> None:
    confirmed = await sheet_play.enter_round(t, user, finisher, totals)
    assert confirmed.type == 7, confirmed.errors
    await settle(t, session)


GAMES: dict[str, Play] = {
    "skyjo": skyjo_game,
    "skyjo-text": skyjo_text_only,
    "junior": junior_game,
    "skyfive": sky_five_game,
    "sheet": sheet_game,
}


# ------------------------------------------------------------------------- the recording


@contextlib.contextmanager
def collecting_ids() -> Iterator[set[int]]:
    """Every id the stand-ins made meanwhile (they come from the real clock)."""
    made: set[int] = set()
    original = World.snowflake

    def snowflake(world: World, shard: tuple[int, int] | None = None) -> int:
        value = original(world, shard)
        made.add(value)
        return value

    setattr(World, "snowflake", snowflake)  # noqa: B010
    try:
        yield made
    finally:
        setattr(World, "snowflake", original)  # noqa: B010


@contextlib.contextmanager
def watching_uploads() -> Iterator[dict[int, multipart.Part]]:
    """Each file part the stand-ins read meanwhile, by the identity of its bytes: a recorded
    request keeps those very bytes, but not the part's file name."""
    parts: dict[int, multipart.Part] = {}
    original = multipart.parse

    def parse(body: bytes, content_type: str) -> list[multipart.Part]:
        parsed = original(body, content_type)
        parts.update((id(part.data), part) for part in parsed)
        return parsed

    setattr(multipart, "parse", parse)  # noqa: B010
    try:
        yield parts
    finally:
        setattr(multipart, "parse", original)  # noqa: B010


@dataclass
class Actions:
    """The users' actions, each with the number of requests the bot had made before it."""

    marks: list[tuple[int, Entry]] = field(default_factory=list)

    def watch(self, t: Table) -> None:
        dc = t.dc
        slash, click, select, submit = dc.slash, dc.click, dc.select, dc.submit_modal

        def mark(action: str, user: Any, **details: Any) -> None:
            entry = {"action": action, "by": user.name, **details}
            self.marks.append((len(dc.rest.requests), entry))

        async def shown(answer: Any) -> Any:
            """The action's answer, once every game has sent what it queued meanwhile: the
            order of the requests is then the same from run to run."""
            await until(lambda: all(idle(s) for s in t.running.sessions.running), "tables sent")
            return answer

        async def on_slash(user: Any, channel: Any, command: str, /, **options: Any) -> Any:
            mark("slash", user, channel=channel.id, command=command, options=options)
            return await shown(await slash(user, channel, command, **options))

        async def on_click(user: Any, message: Any, custom_id: str, **kw: Any) -> Any:
            mark("click", user, message=message_id(message), custom_id=custom_id)
            return await shown(await click(user, message, custom_id, **kw))

        async def on_select(user: Any, message: Any, custom_id: str, values: Any, **kw: Any) -> Any:
            picked = [getattr(v, "id", v) for v in values]
            mark("select", user, message=message_id(message), custom_id=custom_id, values=picked)
            return await shown(await select(user, message, custom_id, values, **kw))

        async def on_submit(user: Any, channel: Any, custom_id: str, values: Any, **kw: Any) -> Any:
            mark("form", user, channel=channel.id, custom_id=custom_id, values=values)
            return await shown(await submit(user, channel, custom_id, values, **kw))

        dc.slash, dc.click, dc.select = on_slash, on_click, on_select  # type: ignore[method-assign]
        dc.submit_modal = on_submit  # type: ignore[method-assign]


def idle(session: GameSession) -> bool:
    return not session.lock.locked() and not session.display.outbox.busy


def message_id(message: Any) -> int:
    return message if isinstance(message, int) else int(message.id)


class Normaliser:
    """Rewrites what two runs of the same code make differently: the stand-in's ids and the
    interactions' tokens, each as a label (numbered by first use when it has no name)."""

    def __init__(self, world: World, made: set[int], tokens: set[str]) -> None:
        self.made = made
        self.tokens = tokens
        self.labels: dict[tuple[str, object], str] = {}
        self.counts: dict[str, int] = {}
        self.names = named_ids(world)
        self.messages = set(world.messages)

    def label(self, kind: str, key: object) -> str:
        found = self.labels.get((kind, key))
        if found is None:
            self.counts[kind] = self.counts.get(kind, 0) + 1
            found = self.labels[(kind, key)] = f"<{kind}#{self.counts[kind]}>"
        return found

    def id_label(self, value: int) -> str:
        if value in self.names:
            return f"<{self.names[value]}>"
        return self.label("msg" if value in self.messages else "id", value)

    def text(self, value: str) -> str:
        value = DIGITS.sub(self._digits, value)
        for token in self.tokens:
            if token in value:
                value = value.replace(token, self.label("token", token))
        return value

    def _digits(self, match: re.Match[str]) -> str:
        number = int(match.group())
        return self.id_label(number) if number in self.made else match.group()

    def value(self, value: Any) -> Any:
        if isinstance(value, dict):
            return {key: self.value(item) for key, item in value.items()}
        if isinstance(value, list):
            return [self.value(item) for item in value]
        if isinstance(value, str):
            return self.text(value)
        if isinstance(value, int) and not isinstance(value, bool) and value in self.made:
            return "<int " + self.id_label(value)[1:]
        return value


def named_ids(world: World) -> dict[int, str]:
    """Labels for the ids of the stand-in's users, servers, roles and channels."""
    names = {user.id: f"user:{user.name}" for user in world.users.values()}
    for guild in world.guilds.values():
        names[guild.id] = f"guild:{guild.name}"
        names.update((role.id, f"role:{role.name}") for role in guild.roles)
    for channel in world.channels.values():
        recipient = channel.recipient
        names[channel.id] = (
            f"dm:{recipient.name}" if recipient is not None else f"channel:{channel.name}"
        )
    names[world.application_id] = "app"
    return names


def request_entry(record: Any, normalise: Normaliser, uploads: dict[int, multipart.Part]) -> Entry:
    body = record.json
    return {
        "method": record.method,
        "path": normalise.text(record.path),
        "query": normalise.value(record.query),
        "json": normalise.value(body),
        "files": [
            file_entry(name, data, body, uploads) for name, data in sorted(record.files.items())
        ],
        "status": record.status,
    }


def file_entry(name: str, data: bytes, body: Any, uploads: dict[int, multipart.Part]) -> Entry:
    """An uploaded file: its part's name, file name and type, its attachment's description,
    and the SHA-256 of its bytes."""
    part = uploads.get(id(data))
    described = [a for a in attachments_of(body) if f"files[{a.get('id')}]" == name]
    return {
        "part": name,
        "filename": part.filename if part is not None else None,
        "content_type": part.content_type if part is not None else None,
        "description": described[0].get("description") if described else None,
        "size": len(data),
        "sha256": hashlib.sha256(data).hexdigest(),
    }


def attachments_of(body: Any) -> list[dict[str, Any]]:
    """The attachments a message body names (an interaction callback's, under `data`)."""
    if not isinstance(body, dict):
        return []
    data = body.get("data")
    found = body.get("attachments") or (data.get("attachments") if isinstance(data, dict) else [])
    return [a for a in found or [] if isinstance(a, dict)]


async def quiet(t: Table) -> None:
    """Wait until the bot has stopped sending requests."""
    requests = t.dc.rest.requests
    while True:
        count = len(requests)
        await asyncio.sleep(QUIET)
        if len(requests) == count:
            return


def transcript(
    t: Table, actions: Actions, made: set[int], uploads: dict[int, multipart.Part]
) -> list[Entry]:
    """The users' actions and the bot's requests, in order, normalised."""
    normalise = Normaliser(t.dc.world, made, set(t.dc.interactions.by_token))
    marks = iter(actions.marks)
    mark = next(marks, None)
    entries: list[Entry] = []
    for index, record in enumerate(t.dc.rest.requests):
        while mark is not None and mark[0] <= index:
            entries.append(normalise.value(mark[1]))
            mark = next(marks, None)
        entries.append({"request": index, **request_entry(record, normalise, uploads)})
    while mark is not None:
        entries.append(normalise.value(mark[1]))
        mark = next(marks, None)
    return entries


async def record_game(play: Play, workdir: Path) -> list[Entry]:
    """Play one game on a fresh stand-in and bot; the transcript of what the bot sent."""
    with collecting_ids() as made, watching_uploads() as uploads:
        async with table(workdir) as t:
            actions = Actions()
            actions.watch(t)
            await t.start()
            await play(t)
            await quiet(t)
            return transcript(t, actions, made, uploads)


async def record(plays: Mapping[str, Play]) -> dict[str, Any]:
    recording: dict[str, Any] = {"format": FORMAT, "code": code_path(), "games": {}}
    for kind, play in plays.items():
        with tempfile.TemporaryDirectory(prefix=f"payloads-{kind}-") as workdir:
            recording["games"][kind] = await record_game(play, Path(workdir))
    return recording


def code_path() -> str:
    """Where the code recorded comes from (each package's folder, when they are not together)."""
    folders = {Path(package.__file__ or "").resolve().parent for package in PACKAGES}
    roots = {folder.parent for folder in folders}
    return str(roots.pop()) if len(roots) == 1 else ", ".join(sorted(map(str, folders)))


def requests_in(entries: Sequence[Entry]) -> int:
    return sum("request" in entry for entry in entries)


# ------------------------------------------------------------------------ the comparison


def compare(a: dict[str, Any], b: dict[str, Any]) -> tuple[bool, str]:
    """Whether two recordings hold the same games with the same entries; if not, the first
    difference with the entries before it."""
    if a.get("format") != b.get("format"):
        return False, f"recording formats differ: {a.get('format')} and {b.get('format')}"
    kinds_a, kinds_b = list(a["games"]), list(b["games"])
    if kinds_a != kinds_b:
        return False, f"the games recorded differ: A has {kinds_a}, B has {kinds_b}"
    total = 0
    for kind in kinds_a:
        left, right = a["games"][kind], b["games"][kind]
        for index in range(max(len(left), len(right))):
            if index >= len(left) or index >= len(right) or not same(left[index], right[index]):
                return False, difference(kind, left, right, index)
        total += requests_in(left)
    return True, f"identical: {total} requests"


CONTEXT = 4


def same(a: Entry, b: Entry) -> bool:
    """Equal down to the order of the keys, as the bytes sent would be."""
    return json.dumps(a, ensure_ascii=False) == json.dumps(b, ensure_ascii=False)


def difference(kind: str, left: list[Entry], right: list[Entry], index: int) -> str:
    lines = [f"{kind}: entry {index} differs (after {requests_in(left[:index])} equal requests)"]
    start = max(0, index - CONTEXT)
    action = next((e for e in reversed(left[:start]) if "action" in e), None)
    if action is not None:
        lines.append(f"  (last user action before these: {summary(action)})")
    lines += ["  " + summary(entry) for entry in left[start:index]]
    a = left[index] if index < len(left) else None
    b = right[index] if index < len(right) else None
    lines.append(f"A: {summary(a)}")
    lines.append(f"B: {summary(b)}")
    if a == b:
        lines.append("the same values, but with keys in another order")
    lines += difflib.unified_diff(pretty(a), pretty(b), "A", "B", lineterm="", n=3)
    return "\n".join(lines)


def summary(entry: Entry | None) -> str:
    if entry is None:
        return "(nothing: the recording ends before)"
    if "action" in entry:
        details = {k: v for k, v in entry.items() if k not in ("action", "by")}
        return f"> {entry['by']} {entry['action']} {json.dumps(details, ensure_ascii=False)}"
    return f"#{entry['request']} {entry['method']} {entry['path']} → {entry['status']}"


def pretty(entry: Entry | None) -> list[str]:
    if entry is None:
        return []
    return json.dumps(entry, indent=1, ensure_ascii=False).splitlines()


# ------------------------------------------------------------------------------ the script


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.e2e.record_payloads")
    parser.add_argument("out", nargs="?", type=Path, help="where to write the recording")
    parser.add_argument("--kinds", nargs="+", choices=list(GAMES), default=list(GAMES))
    parser.add_argument("--compare", nargs=2, type=Path, metavar=("A", "B"))
    options = parser.parse_args(argv)
    if options.compare:
        a, b = (json.loads(path.read_text(encoding="utf-8")) for path in options.compare)
        same, report = compare(a, b)
        print(report)
        return 0 if same else 1
    if options.out is None:
        parser.error("say where to write the recording, or --compare A B")
    print(f"recording the code of {code_path()} (bot.__file__ = {bot.__file__})")
    chosen = {kind: GAMES[kind] for kind in options.kinds}
    recording = asyncio.run(record(chosen))
    text = json.dumps(recording, indent=1, ensure_ascii=False)
    options.out.write_text(text + "\n", encoding="utf-8")
    for kind, entries in recording["games"].items():
        print(f"{kind}: {requests_in(entries)} requests, {len(entries)} entries")
    return 0


if __name__ == "__main__":
    sys.exit(main())
