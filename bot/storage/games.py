"""The games table: every SQL statement about games and their results lives here."""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.ratings.model import BotRatings
from bot.storage.daily import DailyEnd, record_daily
from bot.storage.database import Conflict, Database, Mismatch, Row, Statement, Transaction
from bot.storage.ratings import record_game, take_back
from bot.storage.records import GameRecord, ResultRecord, SeatRecord
from bot.storage.web import record_members


class StaleGame(Exception):
    """The game was saved meanwhile by another writer (another process): this one's change
    is refused, and the game must be read again."""

    def __init__(self, game_id: int, expected: int) -> None:
        super().__init__(f"game {game_id} is no longer at version {expected}")
        self.game_id = game_id


class ChannelBusy(Exception):
    """The channel already has an open game (lobby or running)."""

    def __init__(self, game: GameRecord) -> None:
        super().__init__(f"channel {game.channel_id} already has game {game.id}")
        self.game = game


_COLUMNS = (
    "id, guild_id, channel_id, kind, status, host_id, seed, seats, settings, state, version, "
    "message_id, deadline, unshown, language, alert_id, started_at, ended_at, abandoned, "
    "parent_id, card_id, daily, archive_at"
)


def _record(row: Row) -> GameRecord:
    return GameRecord(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        kind=row["kind"],
        status=row["status"],
        host_id=row["host_id"],
        seed=row["seed"],
        seats=[SeatRecord.model_validate(seat) for seat in json.loads(row["seats"])],
        settings=json.loads(row["settings"]),
        state=row["state"],
        version=row["version"],
        message_id=row["message_id"],
        deadline=row["deadline"],
        unshown=row["unshown"],
        language=row["language"],
        alert_id=row["alert_id"],
        started_at=row["started_at"],
        ended_at=row["ended_at"],
        abandoned=bool(row["abandoned"]),
        parent_id=row["parent_id"],
        card_id=row["card_id"],
        daily=row["daily"],
        archive_at=row["archive_at"],
    )


def _seats_json(seats: Sequence[SeatRecord]) -> str:
    return json.dumps([seat.model_dump() for seat in seats])


@dataclass(frozen=True)
class Move:
    """One move of a game: the seat, and its action as the game's adapter encoded it."""

    seat: int
    action: str


class GameRepository:
    def __init__(self, database: Database, bot_ratings: BotRatings | None = None) -> None:
        """`bot_ratings`: the fixed ratings of each game's bots (the catalog's); a finished
        game that seats a bot of a game not in it cannot be rated, and is not saved."""
        self.database = database
        self.bot_ratings: BotRatings = bot_ratings or {}

    async def create(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        kind: str,
        host_id: int,
        seed: int,
        seats: Sequence[SeatRecord],
        settings: dict[str, Any],
        language: str = "en",
        parent_id: int | None = None,
        card_id: int | None = None,
        daily: str | None = None,
    ) -> GameRecord:
        """A new lobby; refused with `ChannelBusy` while the channel has an open game. A game
        played in a thread of its own names the thread's `parent_id` and its `card_id` there;
        an attempt at the daily deal names its UTC `daily` day."""
        now = time.time()
        try:
            async with self.database.transaction() as transaction:
                row = await transaction.fetchone(
                    "INSERT INTO games (guild_id, channel_id, kind, status, host_id, seed, seats,"
                    " settings, language, created_at, updated_at, parent_id, card_id, daily)"
                    " VALUES (?, ?, ?, 'lobby', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
                    (
                        guild_id,
                        channel_id,
                        kind,
                        host_id,
                        seed,
                        _seats_json(seats),
                        json.dumps(settings),
                        language,
                        now,
                        now,
                        parent_id,
                        card_id,
                        daily,
                    ),
                )
                assert row is not None
                game_id = int(row["id"])
        except Conflict:
            existing = await self.open_in_channel(channel_id)
            if existing is None:
                raise
            raise ChannelBusy(existing) from None
        created = await self.get(game_id)
        assert created is not None
        return created

    async def get(self, game_id: int) -> GameRecord | None:
        row = await self.database.fetchone(f"SELECT {_COLUMNS} FROM games WHERE id = ?", (game_id,))
        return _record(row) if row else None

    async def open_in_channel(self, channel_id: int) -> GameRecord | None:
        row = await self.database.fetchone(
            f"SELECT {_COLUMNS} FROM games WHERE channel_id = ? AND status IN ('lobby', 'running')",
            (channel_id,),
        )
        return _record(row) if row else None

    async def newest_message_besides(self, channel_id: int, game_id: int) -> int | None:
        """The newest public message of the channel's other games (a game's message is its
        table, its lobby or its standings)."""
        row = await self.database.fetchone(
            "SELECT MAX(message_id) AS newest FROM games WHERE channel_id = ? AND id <> ?",
            (channel_id, game_id),
        )
        return None if row is None or row["newest"] is None else int(row["newest"])

    async def latest_in_thread(self, parent_id: int, thread_id: int) -> GameRecord | None:
        """The latest game, open or ended, of a thread of channel `parent_id`."""
        row = await self.database.fetchone(
            f"SELECT {_COLUMNS} FROM games WHERE parent_id = ? AND channel_id = ?"
            " ORDER BY id DESC LIMIT 1",
            (parent_id, thread_id),
        )
        return _record(row) if row else None

    async def open_in_threads_of(self, parent_id: int) -> list[GameRecord]:
        """The open games played in threads of this channel, oldest first."""
        rows = await self.database.fetchall(
            f"SELECT {_COLUMNS} FROM games WHERE parent_id = ? AND status IN ('lobby', 'running')"
            " ORDER BY id",
            (parent_id,),
        )
        return [_record(row) for row in rows]

    async def open_games(self) -> list[GameRecord]:
        rows = await self.database.fetchall(
            f"SELECT {_COLUMNS} FROM games WHERE status IN ('lobby', 'running') ORDER BY id"
        )
        return [_record(row) for row in rows]

    async def threads_to_archive(self) -> list[GameRecord]:
        """The ended games whose threads are still to be archived, the earliest first."""
        rows = await self.database.fetchall(
            f"SELECT {_COLUMNS} FROM games WHERE archive_at IS NOT NULL ORDER BY archive_at"
        )
        return [_record(row) for row in rows]

    async def thread_archived(self, game_id: int, moment: float) -> None:
        """The archive of the game's thread planned at `moment` is done (or was not needed):
        it is no longer pending, unless planned anew meanwhile."""
        async with self.database.transaction() as transaction:
            await transaction.execute(
                "UPDATE games SET archive_at = NULL WHERE id = ? AND archive_at = ?",
                (game_id, moment),
            )

    async def save(
        self, game: GameRecord, move: Move | None = None, *, over: int, reopened: bool = False
    ) -> None:
        """Write every field that can change, and the move that changed them, over the saved
        version `over`; committed before this returns. StaleGame if the saved game is no
        longer at that version. A finished game `reopened` loses its results; ChannelBusy
        if its channel has another open game by then."""
        if reopened:
            async with self.database.transaction() as transaction:
                await self._reopen(transaction, game)
                await self._update(transaction, game, over)
                await self._record_move(transaction, game, move)
            return
        try:
            statements = [_update_statement(game, over), *_move_statements(game, move)]
            await self.database.write(statements)
        except Mismatch as mismatch:
            raise StaleGame(game.id, over) from mismatch

    async def _reopen(self, transaction: Transaction, game: GameRecord) -> None:
        row = await transaction.fetchone(
            f"SELECT {_COLUMNS} FROM games WHERE channel_id = ? AND status IN ('lobby', 'running')"
            " AND id <> ?",
            (game.channel_id, game.id),
        )
        if row is not None:
            raise ChannelBusy(_record(row))
        await transaction.execute("DELETE FROM results WHERE game_id = ?", (game.id,))
        await take_back(transaction, game.id, self.database.dialect, self.bot_ratings)

    async def finish(
        self,
        game: GameRecord,
        results: Sequence[ResultRecord],
        move: Move | None = None,
        *,
        over: int,
        daily: DailyEnd | None = None,
    ) -> None:
        """Save the finished game, its last move and its results in one transaction (with
        how the member's attempt ended, for an attempt at the `daily` deal)."""
        async with self.database.transaction() as transaction:
            await self._update(transaction, game, over)
            await self._record_move(transaction, game, move)
            if daily is not None:
                await record_daily(transaction, game, daily)
            await transaction.execute("DELETE FROM results WHERE game_id = ?", (game.id,))
            await transaction.executemany(
                "INSERT INTO results (game_id, seat, guild_id, user_id, kind, score,"
                " won, place, tiebreak, seat_kind, ended_at, left_game, feats, bot_level)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    (
                        game.id,
                        r.seat,
                        game.guild_id,
                        r.user_id,
                        game.kind,
                        r.score,
                        int(r.won),
                        r.place,
                        r.tiebreak,
                        r.seat_kind,
                        game.ended_at,
                        int(r.left),
                        json.dumps(r.feats),
                        r.bot_level,
                    )
                    for r in results
                ],
            )
            await record_game(transaction, game, results, self.database.dialect, self.bot_ratings)
            await record_members(transaction, game)

    async def results(self, game_id: int) -> list[ResultRecord]:
        rows = await self.database.fetchall(
            "SELECT seat, user_id, score, won, place, tiebreak, seat_kind, left_game, feats,"
            " bot_level"
            " FROM results"
            " WHERE game_id = ? ORDER BY seat",
            (game_id,),
        )
        return [
            ResultRecord(
                seat=r["seat"],
                user_id=r["user_id"],
                score=r["score"],
                won=bool(r["won"]),
                place=r["place"],
                tiebreak=r["tiebreak"],
                seat_kind=r["seat_kind"],
                left=bool(r["left_game"]),
                feats=json.loads(r["feats"]),
                bot_level=r["bot_level"],
            )
            for r in rows
        ]

    async def _record_move(
        self, transaction: Transaction, game: GameRecord, move: Move | None
    ) -> None:
        for statement in _move_statements(game, move):
            await transaction.execute(statement.sql, statement.params)

    async def moves(self, game_id: int) -> list[Move]:
        """The game's moves, in the order they were played."""
        rows = await self.database.fetchall(
            "SELECT seat, action FROM moves WHERE game_id = ? ORDER BY number", (game_id,)
        )
        return [Move(row["seat"], row["action"]) for row in rows]

    async def _update(self, transaction: Transaction, game: GameRecord, over: int) -> None:
        statement = _update_statement(game, over)
        if await transaction.execute(statement.sql, statement.params) != 1:
            raise StaleGame(game.id, over)


def _move_statements(game: GameRecord, move: Move | None) -> list[Statement]:
    """The statement recording `move` as the game's next, if there is one."""
    if move is None:
        return []
    return [
        Statement(
            "INSERT INTO moves (game_id, number, seat, action)"
            " VALUES (?, (SELECT COUNT(*) FROM moves WHERE game_id = ?), ?, ?)",
            (game.id, game.id, move.seat, move.action),
        )
    ]


def _update_statement(game: GameRecord, over: int) -> Statement:
    """The statement writing every field of the game that can change over the saved version
    `over`, which must change one row; the game's start and end times are set first."""
    now = time.time()
    if game.started_at is None and game.state is not None:
        game.started_at = now
    if game.ended_at is None and game.status in ("finished", "cancelled"):
        game.ended_at = now
    return Statement(
        "UPDATE games SET status = ?, host_id = ?, seats = ?, settings = ?, state = ?,"
        " version = ?, message_id = ?, deadline = ?, unshown = ?, alert_id = ?, updated_at = ?,"
        " started_at = ?, ended_at = ?, abandoned = ?, parent_id = ?, card_id = ?,"
        " archive_at = ? WHERE id = ? AND version = ?",
        (
            game.status,
            game.host_id,
            _seats_json(game.seats),
            json.dumps(game.settings),
            game.state,
            game.version,
            game.message_id,
            game.deadline,
            game.unshown,
            game.alert_id,
            now,
            game.started_at,
            game.ended_at,
            int(game.abandoned),
            game.parent_id,
            game.card_id,
            game.archive_at,
            game.id,
            over,
        ),
        expect=1,
    )


DEFAULT_COACH = "hard"
"""The bot level whose moves hints give in a server that has not chosen one (and in DMs)."""


class GuildRepository:
    """Each server's choices for the bot."""

    def __init__(self, database: Database) -> None:
        self.database = database
        self._text_only: dict[int, bool] = {}
        self._threads: dict[int, bool] = {}
        self._coach: dict[int, str] = {}

    async def language(self, guild_id: int) -> str | None:
        """The language chosen for the server, or None for its own Discord language."""
        row = await self.database.fetchone(
            "SELECT language FROM guilds WHERE guild_id = ?", (guild_id,)
        )
        return None if row is None else row["language"]

    async def set_language(self, guild_id: int, language: str | None) -> None:
        async with self.database.transaction() as transaction:
            await transaction.execute(
                "INSERT INTO guilds (guild_id, language) VALUES (?, ?)"
                " ON CONFLICT (guild_id) DO UPDATE SET language = excluded.language",
                (guild_id, language),
            )

    async def text_only(self, guild_id: int | None) -> bool:
        """Whether the server shows its tables without pictures (remembered once read)."""
        if guild_id is None:
            return False
        known = self._text_only.get(guild_id)
        if known is None:
            row = await self.database.fetchone(
                "SELECT text_only FROM guilds WHERE guild_id = ?", (guild_id,)
            )
            known = self._text_only[guild_id] = bool(row is not None and row["text_only"])
        return known

    async def threads(self, guild_id: int | None) -> bool:
        """Whether the server's games open in threads of their own (the default), or each in
        its channel, one a channel; a DM has no threads."""
        if guild_id is None:
            return False
        known = self._threads.get(guild_id)
        if known is None:
            row = await self.database.fetchone(
                "SELECT threads FROM guilds WHERE guild_id = ?", (guild_id,)
            )
            known = self._threads[guild_id] = row is None or bool(row["threads"])
        return known

    async def set_threads(self, guild_id: int, threads: bool) -> None:
        async with self.database.transaction() as transaction:
            await transaction.execute(
                "INSERT INTO guilds (guild_id, threads) VALUES (?, ?)"
                " ON CONFLICT (guild_id) DO UPDATE SET threads = excluded.threads",
                (guild_id, int(threads)),
            )
        self._threads[guild_id] = threads

    async def coach(self, guild_id: int | None) -> str:
        """The bot level whose moves the server's hints give (remembered once read):
        `DEFAULT_COACH` unless the server chose another; a DM has the default."""
        if guild_id is None:
            return DEFAULT_COACH
        known = self._coach.get(guild_id)
        if known is None:
            row = await self.database.fetchone(
                "SELECT coach FROM guilds WHERE guild_id = ?", (guild_id,)
            )
            known = self._coach[guild_id] = DEFAULT_COACH if row is None else row["coach"]
        return known

    async def set_coach(self, guild_id: int, level: str) -> None:
        async with self.database.transaction() as transaction:
            await transaction.execute(
                "INSERT INTO guilds (guild_id, coach) VALUES (?, ?)"
                " ON CONFLICT (guild_id) DO UPDATE SET coach = excluded.coach",
                (guild_id, level),
            )
        self._coach[guild_id] = level

    async def set_text_only(self, guild_id: int, text_only: bool) -> None:
        async with self.database.transaction() as transaction:
            await transaction.execute(
                "INSERT INTO guilds (guild_id, text_only) VALUES (?, ?)"
                " ON CONFLICT (guild_id) DO UPDATE SET text_only = excluded.text_only",
                (guild_id, int(text_only)),
            )
        self._text_only[guild_id] = text_only
