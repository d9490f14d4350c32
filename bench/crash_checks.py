"""What `bench.crash` checks: the games as the bot saved them, the versions it acknowledged,
and the tables the channels show.

The database file is read read-only, as the bot left it (after a kill) or as it is now (while
it runs); the stand-in's record of what the bot sent is read as Discord received it.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import sqlite3
import threading
from collections import Counter
from collections.abc import Coroutine, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import asyncpg

from bot.adapters.base import GameAdapter
from bot.adapters.specs import ButtonSpec, Row, SelectSpec, TableContext
from bot.catalog import Catalog
from bot.i18n import Words
from bot.replay import played
from bot.storage.games import Move
from bot.storage.postgres import numbered
from bot.storage.records import GameRecord
from bot.ui.lobby_screens import lobby_screen
from games.core.engine import Engine
from games.sky_five import SkyFiveGame
from games.sky_five.cards import deck_counter as sky_five_deck
from games.skyjo import SkyjoGame
from games.skyjo.cards import DECK as SKYJO_DECK
from games.skyjo.scoring import round_scores
from games.skyjo_junior import JuniorGame
from games.skyjo_junior.cards import deck_counter as junior_deck
from games.skyjo_sheet import ScoreSheet
from tests.sky_five.scripting import card_counts as sky_five_cards
from tests.skyjo.scripting import card_counts as skyjo_cards
from tests.skyjo_junior.scripting import card_counts as junior_cards
from tests.standin import DiscordStandIn, RecordedRequest, StoredMessage, World

CUSTOM_ID = re.compile(r"sky[sm]?:([0-9]+):([0-9]+):")
"""A button's, select's or form's custom id: `sky:<game>:<version>:<verb>:<arg>` (`skys:` for
a select, `skym:` for a form)."""
MODES = ("", "take", "flip")
"""The steps a table may be drawn at without a new version (a click that only redraws it)."""
STATUS_ORDER = {"lobby": 0, "running": 1, "finished": 2, "cancelled": 2}
JSON_COLUMNS = ("seats", "settings")
READ_TIMEOUT = 30.0
"""Seconds a read of a PostgreSQL store may take."""
T = TypeVar("T")
ANSWER_WITHIN = 30.0
"""Seconds after which an interaction still unanswered is no longer watched (Discord takes
answers for 3 s)."""


def ids_in(text: str) -> Iterator[tuple[int, int]]:
    """(game, version) of every custom id in `text`."""
    for match in CUSTOM_ID.finditer(text):
        yield int(match[1]), int(match[2])


def game_versions(message: StoredMessage, game_id: int, *, enabled_only: bool = False) -> set[int]:
    """The versions of `game_id` that the message's components carry."""
    found = set()
    for component in message.walk_components():
        custom_id = component.get("custom_id")
        if not isinstance(custom_id, str):
            continue
        if enabled_only and component.get("disabled", False):
            continue
        for game, version in ids_in(custom_id):
            if game == game_id:
                found.add(version)
    return found


# ------------------------------------------------------------------------------- storage


class SavedGames:
    """The games of the bot's store, read without ever writing to it: a SQLite file opened
    read-only, or a PostgreSQL database (`database` a URL) read in read-only transactions."""

    def __init__(self, database: Path | str) -> None:
        self.database = database
        self._connection: sqlite3.Connection | None = None
        self._postgres = PostgresReader(database) if isinstance(database, str) else None
        self._records: dict[tuple[Any, ...], GameRecord] = {}

    def _connect(self) -> sqlite3.Connection:
        if self._connection is None:
            assert isinstance(self.database, Path)
            uri = f"{self.database.as_uri()}?mode=ro"
            connection = sqlite3.connect(uri, uri=True, timeout=10.0)
            connection.row_factory = sqlite3.Row
            self._connection = connection
        return self._connection

    def _rows(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        if self._postgres is not None:
            return self._postgres.rows(sql, params)
        return list(self._connect().execute(sql, params))

    def close(self) -> None:
        if self._connection is not None:
            self._connection.close()
            self._connection = None
        if self._postgres is not None:
            self._postgres.close()

    def _record(self, row: Any) -> GameRecord:
        key = (row["id"], row["version"], row["status"], row["message_id"], row["seats"])
        known = self._records.get(key)
        if known is None:
            values = {k: row[k] for k in row.keys() if k in GameRecord.model_fields}  # noqa: SIM118
            for column in JSON_COLUMNS:
                values[column] = json.loads(values[column])
            known = self._records[key] = GameRecord.model_validate(values)
            if len(self._records) > 10_000:
                self._records.clear()
        return known

    def latest_by_channel(self) -> dict[int, GameRecord]:
        """Each channel's latest game, a game played in a thread of a channel counting as the
        channel's."""
        rows = self._rows(
            "SELECT * FROM games WHERE id IN"
            " (SELECT MAX(id) FROM games GROUP BY COALESCE(parent_id, channel_id))"
        )
        return {row["parent_id"] or row["channel_id"]: self._record(row) for row in rows}

    def every_game(self) -> dict[int, GameRecord]:
        rows = self._rows("SELECT * FROM games")
        return {row["id"]: self._record(row) for row in rows}

    def moves(self, game_id: int) -> list[Move]:
        rows = self._rows(
            "SELECT seat, action FROM moves WHERE game_id = ? ORDER BY number", (game_id,)
        )
        return [Move(row["seat"], row["action"]) for row in rows]

    def move_count(self) -> int:
        (row,) = self._rows("SELECT COUNT(*) FROM moves")
        return int(row[0])


class PostgresReader:
    """Blocking reads of a PostgreSQL database, as sqlite3 reads a file: asyncpg runs on an
    event loop of its own, in a thread, and each read waits for its rows."""

    def __init__(self, url: str) -> None:
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True)
        self._thread.start()
        self._connection: asyncpg.Connection | None = None
        self.url = url

    def _run(self, coroutine: Coroutine[Any, Any, T]) -> T:
        return asyncio.run_coroutine_threadsafe(coroutine, self._loop).result(READ_TIMEOUT)

    async def _fetch(self, sql: str, params: Sequence[Any]) -> list[Any]:
        if self._connection is None:
            self._connection = await asyncpg.connect(
                self.url, server_settings={"default_transaction_read_only": "on"}
            )
        return list(await self._connection.fetch(numbered(sql), *params))

    def rows(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        return self._run(self._fetch(sql, params))

    async def _close(self) -> None:
        if self._connection is not None:
            await self._connection.close()
            self._connection = None

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self._run(self._close())
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(READ_TIMEOUT)


STORE_ERRORS = (sqlite3.Error, asyncpg.PostgresError, OSError)
"""What reading the store may raise while the bot is starting or being killed."""


# ------------------------------------------------------------------------ acknowledgments


@dataclass
class Acknowledged:
    """The highest version of each game the bot acknowledged, as the stand-in recorded it.

    `answered`: the version a click was made on, for every click (or form) the bot answered,
    and every version its answers carried. `shown`: every version in anything Discord accepted
    from the bot (answers, posted and edited messages). The bot draws a version only once it is
    saved, so the saved version may never be below either."""

    dc: DiscordStandIn
    answered: dict[int, int] = field(default_factory=dict)
    shown: dict[int, int] = field(default_factory=dict)
    _requests: int = 0
    _open_requests: list[RecordedRequest] = field(default_factory=list)
    _interactions: int = 0
    _open_interactions: list[Any] = field(default_factory=list)

    @property
    def games(self) -> set[int]:
        return set(self.answered) | set(self.shown)

    def _note(self, into: dict[int, int], text: str) -> None:
        for game, version in ids_in(text):
            if version > into.get(game, -1):
                into[game] = version

    def update(self) -> None:
        """Read what the stand-in recorded since the last call."""
        requests = self.dc.rest.requests
        fresh = requests[self._requests :]
        self._requests = len(requests)
        still_open = []
        for request in [*self._open_requests, *fresh]:
            if not request.status:
                still_open.append(request)
                continue
            if not 200 <= request.status < 300 or request.json is None:
                continue
            text = request.text()
            self._note(self.shown, text)
            if request.path.endswith("/callback"):
                self._note(self.answered, text)
        self._open_requests = still_open
        interactions = list(self.dc.interactions.by_id.values())
        new = interactions[self._interactions :]
        self._interactions = len(interactions)
        waiting = []
        for result in [*self._open_interactions, *new]:
            if result.type is None:
                waiting.append(result)
                continue
            custom_id = str((result.payload.get("data") or {}).get("custom_id", ""))
            self._note(self.answered, custom_id)
        # One not answered within the interaction deadline never will be.
        now = self.dc.world.clock.now()
        self._open_interactions = [r for r in waiting if now - r.created_at < ANSWER_WITHIN]

    def forget_requests(self) -> None:
        """Drop the stand-in's record of requests already read (it only grows otherwise)."""
        done = self._requests
        del self.dc.rest.requests[:done]
        self._requests = 0


# ------------------------------------------------------------------------------ findings


@dataclass
class Findings:
    """Games found lost, corrupted or stuck, each with the first reason found."""

    lost: dict[int, str] = field(default_factory=dict)
    corrupted: dict[int, str] = field(default_factory=dict)
    stuck: dict[int, str] = field(default_factory=dict)
    left_pressable: dict[int, str] = field(default_factory=dict)
    """Games with an older message still pressable besides the one that shows them."""
    cards_without_game: dict[int, str] = field(default_factory=dict)
    """Cards (by message id) left in a channel for a game that was never saved."""
    missed_turns: dict[int, str] = field(default_factory=dict)
    """Games where a member ran out of time: the users, who always play on, did not see
    their turn."""

    def add(self, kind: str, game_id: int, reason: str) -> bool:
        """Record a problem; True when it is the first of its kind for the game."""
        found: dict[int, str] = getattr(self, kind)
        if game_id in found:
            return False
        found[game_id] = reason
        return True


def cards_problem(engine: Engine) -> str | None:
    """Why the cards of the game are not all accounted for (None: they are)."""
    if isinstance(engine, SkyjoGame):
        counted, deck = skyjo_cards(engine), Counter(SKYJO_DECK)
    elif isinstance(engine, JuniorGame):
        counted = junior_cards(engine)
        deck = junior_deck(engine.settings.copies_per_value)
    elif isinstance(engine, SkyFiveGame):
        counted, deck = sky_five_cards(engine), sky_five_deck()
    elif isinstance(engine, ScoreSheet):
        for number, entered in enumerate(engine.rounds, start=1):
            expected = round_scores(entered.raw, entered.finisher, engine.settings)
            if tuple(entered.scores) != tuple(expected):
                return f"round {number} scored {entered.scores}, its totals give {expected}"
        return None
    else:
        return None
    if counted == deck:
        return None
    missing = deck - counted
    extra = counted - deck
    return f"cards missing {dict(missing)}, cards too many {dict(extra)}"


class GameChecks:
    """The checks of one saved game against what the bot acknowledged and what it was."""

    def __init__(self, catalog: Catalog, saved: SavedGames) -> None:
        self.catalog = catalog
        self.saved = saved
        self.seen: dict[int, GameRecord] = {}
        """Each game as the last check found it."""
        self._replayed: set[tuple[int, int]] = set()

    def check(self, games: dict[int, GameRecord], acked: Acknowledged, findings: Findings) -> int:
        """Check every game known, after a kill; returns how many problems were new."""
        new = 0
        for game_id in sorted(acked.games | set(self.seen)):
            for kind, reason in self._problems(game_id, games.get(game_id), acked):
                new += findings.add(kind, game_id, reason)
        for game_id, record in games.items():
            self.seen[game_id] = record
        return new

    def _problems(
        self, game_id: int, record: GameRecord | None, acked: Acknowledged
    ) -> Iterator[tuple[str, str]]:
        before = self.seen.get(game_id)
        if record is None:
            yield "lost", "its row is gone from the games table"
            return
        if before is not None:
            if STATUS_ORDER.get(record.status, 2) < STATUS_ORDER.get(before.status, 2):
                yield "lost", f"its status went back from {before.status} to {record.status}"
            if before.state is not None and record.state is None:
                yield "lost", "its saved state is gone"
            if record.version < before.version:
                yield "lost", f"its version went back from {before.version} to {record.version}"
        if record.status == "cancelled" and (before is None or before.status != "cancelled"):
            yield "lost", "it was cancelled, though no player cancelled it"
        answered = acked.answered.get(game_id, -1)
        if record.version < answered:
            yield "corrupted", f"saved at version {record.version}; a click answered {answered}"
        shown = acked.shown.get(game_id, -1)
        if record.version < shown:
            yield "corrupted", f"saved at version {record.version}; Discord showed {shown}"
        adapter = self.catalog.adapter(record.kind)
        if adapter is None:
            yield "corrupted", f"its kind {record.kind!r} is not installed"
            return
        if record.state is None:
            if record.status in ("running", "finished"):
                yield "corrupted", f"{record.status} without a saved state"
            return
        problem = self._state_problem(adapter, record)
        if problem is not None:
            yield "corrupted", problem

    def _state_problem(self, adapter: GameAdapter, record: GameRecord) -> str | None:
        assert record.state is not None
        try:
            engine = adapter.load(record.state)
        except Exception as error:
            return f"its state does not load: {error!r}"
        if record.status == "running":
            if engine.is_over or not engine.to_move:
                return "running, but its engine says the game is over"
            idle = [seat for seat in engine.to_move if not engine.legal_actions(seat)]
            if idle:
                return f"seats {idle} are to move without a legal action"
        if record.status == "finished" and not engine.is_over:
            return "finished, but its engine says the game goes on"
        cards = cards_problem(engine)
        if cards is not None:
            return cards
        key = (record.id, record.version)
        if key in self._replayed:
            return None
        moves = self.saved.moves(record.id)
        try:
            replayed, _ = played(adapter, record, moves)
        except Exception as error:
            return f"its {len(moves)} recorded moves do not replay: {error!r}"
        if adapter.dump(replayed) != record.state:
            return f"its {len(moves)} recorded moves replay to another state than the saved one"
        self._replayed.add(key)
        return None


# ------------------------------------------------------------------------- what is shown


def message_controls(message: StoredMessage) -> list[tuple[Any, ...]]:
    """The message's buttons and selects: kind, verb, argument, disabled (and a select's
    option values)."""
    found: list[tuple[Any, ...]] = []
    for component in message.walk_components():
        custom_id = component.get("custom_id")
        if not isinstance(custom_id, str) or CUSTOM_ID.match(custom_id) is None:
            continue
        _, _, _, verb, arg = custom_id.split(":", 4)
        disabled = bool(component.get("disabled", False))
        if component.get("type") == 2:
            found.append(("button", verb, arg, disabled))
        else:
            values = tuple(str(o.get("value")) for o in component.get("options", []))
            found.append(("select", verb, arg, disabled, values))
    return found


def screen_controls(rows: Sequence[Row]) -> list[tuple[Any, ...]]:
    """The controls a screen's rows become on Discord (as `build_view` sends them)."""
    found: list[tuple[Any, ...]] = []
    for row in list(rows)[:5]:
        if isinstance(row, SelectSpec):
            if row.options:
                values = tuple(value[:100] for _, value in row.options[:25])
                found.append(("select", row.verb, row.arg, row.disabled, values))
            continue
        for spec in list(row)[:5]:
            assert isinstance(spec, ButtonSpec)
            found.append(("button", spec.verb, spec.arg, spec.disabled))
    return found


def expected_controls(record: GameRecord, adapter: GameAdapter) -> list[list[tuple[Any, ...]]]:
    """The controls the game's public message may show in its saved state, one list for each
    step its table may be drawn at."""
    words = Words(record.language)
    if record.status == "lobby":
        settings = adapter.build_settings(record.settings)
        return [screen_controls(lobby_screen(record, adapter, settings, words).rows)]
    if record.status == "finished":
        return [[("button", "rematch", "", False)]]
    assert record.state is not None
    engine = adapter.load(record.state)
    found = []
    for mode in MODES:
        context = TableContext(words=words, mode=mode, pictures=False)
        with contextlib.suppress(Exception):
            found.append(screen_controls(adapter.table(record, engine, context).rows))
    return found


def table_problem(
    record: GameRecord, adapter: GameAdapter, message: StoredMessage | None
) -> str | None:
    """Why the game's public message (`message`) does not show it as saved (None: it does)."""
    if record.status == "cancelled":
        return None
    if message is None:
        return f"no public message (saved version {record.version})"
    shown = game_versions(message, record.id)
    if shown != {record.version}:
        return f"its table shows versions {sorted(shown)}, the saved one is {record.version}"
    controls = message_controls(message)
    if controls not in expected_controls(record, adapter):
        return f"its table's controls do not match version {record.version}: {controls}"
    return None


def card_problem(record: GameRecord, world: World) -> str | None:
    """Why an open game played in a thread of its own has no card in the thread's parent
    (None: it has, or the game is not played in a thread of its own)."""
    if not record.is_open or record.parent_id is None or record.card_id is None:
        return None
    card = world.message(record.card_id)
    if card is None:
        return f"its card {record.card_id} is gone from the channel"
    if card.channel_id != record.parent_id:
        return f"its card {record.card_id} is in channel {card.channel_id}, not its parent"
    return None


def cards_without_game(messages: Sequence[StoredMessage], games: Iterable[GameRecord]) -> list[int]:
    """The answers to commands among a channel's `messages` (in a channel whose games are
    played in threads: the games' cards) that no game names as its card."""
    cards = {record.card_id for record in games}
    return [m.id for m in messages if m.interaction_id is not None and m.id not in cards]


def left_pressable(record: GameRecord, others: Sequence[StoredMessage]) -> list[int]:
    """The messages among `others` (the channel's messages but the game's public one) that
    still have a control of the game that can be pressed."""
    if not record.is_open:
        return []
    return [m.id for m in others if game_versions(m, record.id, enabled_only=True)]
