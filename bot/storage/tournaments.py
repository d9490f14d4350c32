"""A server's tournaments as stored: the tournament, its players, and each round's tables with
their games' results.

A round is drawn once: its tables are written in the same transaction that moves the
tournament to that round, over the version read, so that two attempts (a restart, a click and a
timer) cannot both draw it.
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel

from bot.storage.database import Conflict, Database, Mismatch, Row, Statement
from bot.storage.records import OPEN_STATUSES

TournamentStatus = Literal["signup", "running", "paused", "finished", "cancelled"]
LIVE: tuple[TournamentStatus, ...] = ("signup", "running", "paused")


class StaleTournament(Exception):
    """The tournament was saved meanwhile by someone else: nothing was written."""


class AlreadyIn(Exception):
    """The member is already one of the tournament's players."""


class TournamentRecord(BaseModel):
    id: int
    guild_id: int
    channel_id: int
    card_id: int | None = None
    organiser_id: int
    kind: str
    settings: dict[str, Any]
    rounds: int
    seats: int
    bot_level: str
    round_minutes: int
    starts_at: float | None = None
    status: TournamentStatus = "signup"
    round: int = 0
    """The round under way (or just played), 0 before the first."""
    round_ends_at: float | None = None
    last_round: int
    """The round after which it ends: `rounds`, or earlier at the organiser's word."""
    language: str = "en"
    version: int = 0
    created_at: float = 0.0
    ended_at: float | None = None

    @property
    def is_live(self) -> bool:
        return self.status in LIVE


@dataclass(frozen=True)
class Entrant:
    """A member who signed up: their name and rating then, the first round they may be
    seated in, and the last round they were seated in once they left or were dropped."""

    user_id: int
    name: str
    rating: float
    first_round: int = 1
    left_after: int | None = None

    def plays_in(self, round_number: int) -> bool:
        return self.first_round <= round_number and (
            self.left_after is None or round_number <= self.left_after
        )


@dataclass(frozen=True)
class SeatResult:
    """One seat's result at a table: a member's (`user_id`) or a bot's (None)."""

    user_id: int | None
    place: int
    score: int


@dataclass(frozen=True)
class DrawnTable:
    round: int
    number: int
    members: tuple[int, ...]
    bots: int
    message_id: int | None = None
    game_id: int | None = None
    game_status: str | None = None
    abandoned: bool = False
    results: tuple[SeatResult, ...] = ()

    @property
    def over(self) -> bool:
        """Its game has ended, finished or not."""
        return self.game_status is not None and self.game_status not in OPEN_STATUSES

    @property
    def counts(self) -> bool:
        """Its game finished with results (an abandoned one gives no points)."""
        return self.game_status == "finished" and bool(self.results)


@dataclass(frozen=True)
class TournamentResult:
    """How a member ended in a finished tournament."""

    tournament_id: int
    kind: str
    place: int
    players: int
    points: float
    rounds: int
    ended_at: float


_COLUMNS = (
    "id, guild_id, channel_id, card_id, organiser_id, kind, settings, rounds, seats, bot_level,"
    " round_minutes, starts_at, status, round, round_ends_at, last_round, language, version,"
    " created_at, ended_at"
)
_CHANGING = (
    "card_id",
    "settings",
    "starts_at",
    "status",
    "round",
    "round_ends_at",
    "last_round",
    "ended_at",
)


def _record(row: Row) -> TournamentRecord:
    values = {name.strip(): row[name.strip()] for name in _COLUMNS.split(",")}
    values["settings"] = json.loads(values["settings"])
    return TournamentRecord.model_validate(values)


def _changing(record: TournamentRecord) -> list[Any]:
    return [
        json.dumps(record.settings) if name == "settings" else getattr(record, name)
        for name in _CHANGING
    ]


def _update(record: TournamentRecord, over: int) -> Statement:
    assignments = ", ".join(f"{name} = ?" for name in _CHANGING)
    return Statement(
        f"UPDATE tournaments SET {assignments}, version = ? WHERE id = ? AND version = ?",
        (*_changing(record), record.version, record.id, over),
        expect=1,
    )


class TournamentRepository:
    def __init__(self, database: Database) -> None:
        self.database = database

    async def create(
        self,
        *,
        guild_id: int,
        channel_id: int,
        organiser_id: int,
        kind: str,
        settings: dict[str, Any],
        rounds: int,
        seats: int,
        bot_level: str,
        round_minutes: int,
        starts_at: float | None,
        language: str,
    ) -> TournamentRecord:
        async with self.database.transaction() as transaction:
            row = await transaction.fetchone(
                "INSERT INTO tournaments (guild_id, channel_id, organiser_id, kind, settings,"
                " rounds, seats, bot_level, round_minutes, starts_at, status, last_round,"
                " language, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'signup', ?, ?, ?)"
                " RETURNING id",
                (
                    guild_id,
                    channel_id,
                    organiser_id,
                    kind,
                    json.dumps(settings),
                    rounds,
                    seats,
                    bot_level,
                    round_minutes,
                    starts_at,
                    rounds,
                    language,
                    time.time(),
                ),
            )
        assert row is not None
        created = await self.get(int(row["id"]))
        assert created is not None
        return created

    async def get(self, tournament_id: int) -> TournamentRecord | None:
        row = await self.database.fetchone(
            f"SELECT {_COLUMNS} FROM tournaments WHERE id = ?", (tournament_id,)
        )
        return None if row is None else _record(row)

    async def live(self) -> list[TournamentRecord]:
        """The tournaments signing up, running or paused, oldest first."""
        rows = await self.database.fetchall(
            f"SELECT {_COLUMNS} FROM tournaments"
            " WHERE status IN ('signup', 'running', 'paused') ORDER BY id"
        )
        return [_record(row) for row in rows]

    async def live_in_channel(self, channel_id: int) -> TournamentRecord | None:
        row = await self.database.fetchone(
            f"SELECT {_COLUMNS} FROM tournaments WHERE channel_id = ?"
            " AND status IN ('signup', 'running', 'paused') ORDER BY id LIMIT 1",
            (channel_id,),
        )
        return None if row is None else _record(row)

    async def rating(self, guild_id: int, kind: str, user_id: int) -> float:
        """The member's conservative rating in the server's `kind` (a newcomer's: 0)."""
        row = await self.database.fetchone(
            "SELECT ordinal FROM ratings WHERE guild_id = ? AND kind = ? AND user_id = ?",
            (guild_id, kind, user_id),
        )
        return 0.0 if row is None else float(row["ordinal"])

    async def save(self, record: TournamentRecord, *, over: int) -> None:
        """Write what can change, as the version after `over`; StaleTournament when the
        stored one is no longer at `over`."""
        record.version = over + 1
        try:
            await self.database.write([_update(record, over)])
        except Mismatch:
            record.version = over
            raise StaleTournament(record.id) from None

    async def finish(
        self,
        record: TournamentRecord,
        placings: Sequence[tuple[int, int, float]],
        *,
        over: int,
    ) -> None:
        """The finished tournament as `record` has it, saved over version `over` with each
        player's final (user, place, points); StaleTournament when it was saved meanwhile."""
        placed = [
            Statement(
                "UPDATE tournament_players SET place = ?, points = ?"
                " WHERE tournament_id = ? AND user_id = ?",
                (place, points, record.id, user_id),
            )
            for user_id, place, points in placings
        ]
        record.version = over + 1
        try:
            await self.database.write([_update(record, over), *placed])
        except Mismatch:
            record.version = over
            raise StaleTournament(record.id) from None

    async def results_of(
        self, guild_id: int, user_id: int, limit: int = 5
    ) -> list[TournamentResult]:
        """The member's latest finished tournaments in the server, the latest first."""
        rows = await self.database.fetchall(
            "SELECT x.id, x.kind, x.round, x.ended_at, p.place, p.points,"
            " (SELECT COUNT(*) FROM tournament_players q WHERE q.tournament_id = x.id) AS players"
            " FROM tournament_players p JOIN tournaments x ON x.id = p.tournament_id"
            " WHERE p.user_id = ? AND x.guild_id = ? AND x.status = 'finished'"
            " AND p.place IS NOT NULL ORDER BY x.ended_at DESC, x.id DESC LIMIT ?",
            (user_id, guild_id, limit),
        )
        return [
            TournamentResult(
                row["id"],
                row["kind"],
                row["place"],
                row["players"],
                float(row["points"]),
                row["round"],
                row["ended_at"],
            )
            for row in rows
        ]

    async def entrants(self, tournament_id: int) -> list[Entrant]:
        """Its players, in the order they signed up."""
        rows = await self.database.fetchall(
            "SELECT user_id, name, rating, first_round, left_after FROM tournament_players"
            " WHERE tournament_id = ? ORDER BY joined_at, user_id",
            (tournament_id,),
        )
        return [
            Entrant(
                row["user_id"], row["name"], row["rating"], row["first_round"], row["left_after"]
            )
            for row in rows
        ]

    async def join(self, tournament_id: int, entrant: Entrant) -> None:
        """`entrant` signs up; AlreadyIn when they are one of its players."""
        try:
            await self.database.write(
                [
                    Statement(
                        "INSERT INTO tournament_players (tournament_id, user_id, name, rating,"
                        " joined_at, first_round) VALUES (?, ?, ?, ?, ?, ?)",
                        (
                            tournament_id,
                            entrant.user_id,
                            entrant.name,
                            entrant.rating,
                            time.time(),
                            entrant.first_round,
                        ),
                    )
                ]
            )
        except Conflict:
            raise AlreadyIn(entrant.user_id) from None

    async def withdraw(self, tournament_id: int, user_id: int) -> bool:
        """The member is no longer signed up (before the first round); whether they were."""
        async with self.database.transaction() as transaction:
            changed = await transaction.execute(
                "DELETE FROM tournament_players WHERE tournament_id = ? AND user_id = ?",
                (tournament_id, user_id),
            )
        return changed > 0

    async def leave(self, tournament_id: int, user_id: int, after_round: int) -> bool:
        """The member plays no round after `after_round`; whether they were still playing."""
        async with self.database.transaction() as transaction:
            changed = await transaction.execute(
                "UPDATE tournament_players SET left_after = ?"
                " WHERE tournament_id = ? AND user_id = ? AND left_after IS NULL",
                (after_round, tournament_id, user_id),
            )
        return changed > 0

    async def draw(
        self,
        record: TournamentRecord,
        tables: Sequence[tuple[Sequence[int], int]],
        *,
        over: int,
    ) -> None:
        """The tournament as `record` has it (moved to its next round), saved over version
        `over` with that round's `tables` (members, bots); StaleTournament, and nothing
        written, when it was saved meanwhile (the round drawn by someone else)."""
        rows = [
            Statement(
                "INSERT INTO tournament_tables (tournament_id, round, number, members, bots)"
                " VALUES (?, ?, ?, ?, ?)",
                (record.id, record.round, number, json.dumps(list(members)), bots),
            )
            for number, (members, bots) in enumerate(tables, start=1)
        ]
        record.version = over + 1
        try:
            await self.database.write([_update(record, over), *rows])
        except (Mismatch, Conflict):
            record.version = over
            raise StaleTournament(record.id) from None

    async def tables(self, tournament_id: int, round_number: int | None = None) -> list[DrawnTable]:
        """Its tables (of one round, or of every round), with their games' results."""
        where = "t.tournament_id = ?" + (" AND t.round = ?" if round_number is not None else "")
        params: tuple[int, ...] = (tournament_id,)
        if round_number is not None:
            params += (round_number,)
        rows = await self.database.fetchall(
            "SELECT t.round, t.number, t.members, t.bots, t.message_id, t.game_id,"
            " g.status, g.abandoned, r.user_id, r.place, r.score"
            " FROM tournament_tables t LEFT JOIN games g ON g.id = t.game_id"
            " LEFT JOIN results r ON r.game_id = t.game_id AND g.status = 'finished'"
            f" WHERE {where} ORDER BY t.round, t.number, r.seat",
            params,
        )
        drawn: dict[tuple[int, int], DrawnTable] = {}
        results: dict[tuple[int, int], list[SeatResult]] = {}
        for row in rows:
            key = (row["round"], row["number"])
            if key not in drawn:
                drawn[key] = DrawnTable(
                    round=row["round"],
                    number=row["number"],
                    members=tuple(json.loads(row["members"])),
                    bots=row["bots"],
                    message_id=row["message_id"],
                    game_id=row["game_id"],
                    game_status=row["status"],
                    abandoned=bool(row["abandoned"]),
                )
                results[key] = []
            if row["place"] is not None:
                results[key].append(SeatResult(row["user_id"], row["place"], row["score"]))
        return [
            DrawnTable(**{**table.__dict__, "results": tuple(results[key])})
            for key, table in drawn.items()
        ]

    async def table_message(
        self, tournament_id: int, round_number: int, number: int, message_id: int
    ) -> None:
        async with self.database.transaction() as transaction:
            await transaction.execute(
                "UPDATE tournament_tables SET message_id = ?"
                " WHERE tournament_id = ? AND round = ? AND number = ?",
                (message_id, tournament_id, round_number, number),
            )

    async def table_game(
        self, tournament_id: int, round_number: int, number: int, game_id: int
    ) -> None:
        async with self.database.transaction() as transaction:
            await transaction.execute(
                "UPDATE tournament_tables SET game_id = ?"
                " WHERE tournament_id = ? AND round = ? AND number = ?",
                (game_id, tournament_id, round_number, number),
            )

    async def table_of(self, game_id: int) -> tuple[int, int, int] | None:
        """The tournament, round and table a game is played at, if it is a tournament's."""
        row = await self.database.fetchone(
            "SELECT tournament_id, round, number FROM tournament_tables WHERE game_id = ?",
            (game_id,),
        )
        return None if row is None else (row["tournament_id"], row["round"], row["number"])

    async def playing_elsewhere(self, user_id: int, tournament_id: int) -> int | None:
        """Another live tournament in which the member is seated at a table still playing."""
        rows = await self.database.fetchall(
            "SELECT t.tournament_id, t.members FROM tournament_tables t"
            " JOIN tournaments x ON x.id = t.tournament_id AND x.round = t.round"
            " JOIN tournament_players p ON p.tournament_id = t.tournament_id AND p.user_id = ?"
            " LEFT JOIN games g ON g.id = t.game_id"
            " WHERE t.tournament_id <> ? AND x.status IN ('running', 'paused')"
            " AND (g.status IS NULL OR g.status IN ('lobby', 'running'))"
            " AND p.left_after IS NULL",
            (user_id, tournament_id),
        )
        for row in rows:
            if user_id in json.loads(row["members"]):
                return int(row["tournament_id"])
        return None

    async def role(self, guild_id: int) -> int | None:
        """The role whose members may create tournaments besides those with Manage Events."""
        row = await self.database.fetchone(
            "SELECT tournament_role FROM guilds WHERE guild_id = ?", (guild_id,)
        )
        return None if row is None else row["tournament_role"]

    async def set_role(self, guild_id: int, role_id: int | None) -> None:
        async with self.database.transaction() as transaction:
            await transaction.execute(
                "INSERT INTO guilds (guild_id, tournament_role) VALUES (?, ?)"
                " ON CONFLICT (guild_id) DO UPDATE SET tournament_role = excluded.tournament_role",
                (guild_id, role_id),
            )
