"""What a server's web pages may show, and under which address.

A server's pages are off until an admin turns them on; on, they live under an unlisted address
holding a long random token, which a new address replaces at once. The members seen in a
server's games are kept with the name and avatar of their latest game and the key of their page
(no Discord id is ever part of an address); a member who hid from the pages, or left the
server, is on none of them.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable
from dataclasses import dataclass

from bot.storage.database import Database, Row, Transaction
from bot.storage.records import GameRecord

TOKEN_BYTES = 24
"""Random bytes of a server's address: 32 characters, not to be guessed."""
PAGE_KEY_BYTES = 8


@dataclass(frozen=True)
class Member:
    user_id: int
    name: str
    avatar: str | None
    page: str
    """The key of the member's page."""
    visible: bool
    """Neither hidden by the member nor gone from the server."""


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def new_page_key() -> str:
    return secrets.token_hex(PAGE_KEY_BYTES)


MEMBER_COLUMNS = "user_id, name, avatar, page, hidden, gone"
VISIBLE = "hidden = 0 AND gone = 0"


def _member(row: Row) -> Member:
    return Member(
        row["user_id"],
        row["name"],
        row["avatar"],
        row["page"],
        not row["hidden"] and not row["gone"],
    )


async def record_members(transaction: Transaction, game: GameRecord) -> None:
    """The members seated at `game`'s end, as the server's pages name them from now on; a
    member seen again is no longer counted as gone."""
    if game.guild_id is None:
        return
    seen = game.ended_at or 0.0
    await transaction.executemany(
        "INSERT INTO members (guild_id, user_id, name, avatar, page, seen_at)"
        " VALUES (?, ?, ?, ?, ?, ?)"
        " ON CONFLICT (guild_id, user_id) DO UPDATE SET name = excluded.name,"
        " avatar = excluded.avatar, seen_at = excluded.seen_at, gone = 0",
        [
            (game.guild_id, seat.user_id, seat.name, seat.avatar, new_page_key(), seen)
            for seat in game.seats
            if seat.user_id is not None
        ],
    )


class WebRepository:
    def __init__(self, database: Database) -> None:
        self.database = database

    async def token(self, guild_id: int) -> str | None:
        """The token of the server's address, or None while its pages are off."""
        row = await self.database.fetchone(
            "SELECT web_token FROM guilds WHERE guild_id = ?", (guild_id,)
        )
        return None if row is None else row["web_token"]

    async def turn_on(self, guild_id: int, name: str | None = None) -> str:
        """The server's pages on, showing its `name`: its address's token (the one it had, if
        they were on)."""
        async with self.database.transaction() as transaction:
            await transaction.execute(
                "INSERT INTO guilds (guild_id, web_token, web_name) VALUES (?, ?, ?)"
                " ON CONFLICT (guild_id) DO UPDATE"
                " SET web_token = COALESCE(guilds.web_token, excluded.web_token),"
                " web_name = COALESCE(excluded.web_name, guilds.web_name)",
                (guild_id, new_token(), name),
            )
            row = await transaction.fetchone(
                "SELECT web_token FROM guilds WHERE guild_id = ?", (guild_id,)
            )
        assert row is not None
        token: str = row["web_token"]
        return token

    async def turn_off(self, guild_id: int) -> bool:
        """The server's pages off (its address answers nothing); whether they were on."""
        async with self.database.transaction() as transaction:
            changed = await transaction.execute(
                "UPDATE guilds SET web_token = NULL WHERE guild_id = ? AND web_token IS NOT NULL",
                (guild_id,),
            )
        return changed > 0

    async def new_address(self, guild_id: int, name: str | None = None) -> str | None:
        """A new token for the server's address, the old one dead at once; None while the
        pages are off."""
        token = new_token()
        async with self.database.transaction() as transaction:
            changed = await transaction.execute(
                "UPDATE guilds SET web_token = ?, web_name = COALESCE(?, web_name)"
                " WHERE guild_id = ? AND web_token IS NOT NULL",
                (token, name, guild_id),
            )
        return token if changed else None

    async def of_server(self, guild_id: int) -> tuple[str, str | None] | None:
        """The token and name of the server's pages, while they are on."""
        row = await self.database.fetchone(
            "SELECT web_token, web_name FROM guilds WHERE guild_id = ? AND web_token IS NOT NULL",
            (guild_id,),
        )
        return None if row is None else (str(row["web_token"]), row["web_name"])

    async def server(self, token: str) -> tuple[int, str | None, str | None] | None:
        """The server whose pages live under `token`: its id, name and chosen language."""
        row = await self.database.fetchone(
            "SELECT guild_id, web_name, language FROM guilds WHERE web_token = ?", (token,)
        )
        if row is None:
            return None
        return int(row["guild_id"]), row["web_name"], row["language"]

    async def set_hidden(
        self, guild_id: int, user_id: int, name: str, avatar: str | None, hidden: bool, now: float
    ) -> None:
        """The member hides from the server's pages, or shows again."""
        async with self.database.transaction() as transaction:
            await transaction.execute(
                "INSERT INTO members (guild_id, user_id, name, avatar, page, seen_at, hidden)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)"
                " ON CONFLICT (guild_id, user_id) DO UPDATE SET hidden = excluded.hidden",
                (guild_id, user_id, name, avatar, new_page_key(), now, int(hidden)),
            )

    async def set_gone(self, guild_id: int, user_id: int) -> None:
        """The member left the server: hidden from its pages until seen in a game again."""
        async with self.database.transaction() as transaction:
            await transaction.execute(
                "UPDATE members SET gone = 1 WHERE guild_id = ? AND user_id = ?",
                (guild_id, user_id),
            )

    async def to_check(self, guild_ids: Iterable[int], before: float) -> tuple[int, int] | None:
        """The visible member of a server among `guild_ids` with pages on, whose presence was
        checked longest ago (and before `before`): (server, member)."""
        guilds = sorted(set(guild_ids))
        if not guilds:
            return None
        marks = ", ".join("?" for _ in guilds)
        row = await self.database.fetchone(
            "SELECT members.guild_id, members.user_id FROM members"
            " JOIN guilds ON guilds.guild_id = members.guild_id"
            " WHERE members.hidden = 0 AND members.gone = 0"
            " AND members.checked_at < ? AND guilds.web_token IS NOT NULL"
            f" AND members.guild_id IN ({marks})"
            " ORDER BY members.checked_at LIMIT 1",
            (before, *guilds),
        )
        return None if row is None else (int(row["guild_id"]), int(row["user_id"]))

    async def checked(
        self, guild_id: int, user_id: int, now: float, *, present: bool, name: str | None = None
    ) -> None:
        """What Discord said of the member: still in the server (under `name`), or gone."""
        async with self.database.transaction() as transaction:
            if present:
                await transaction.execute(
                    "UPDATE members SET checked_at = ?, name = COALESCE(?, name)"
                    " WHERE guild_id = ? AND user_id = ?",
                    (now, name, guild_id, user_id),
                )
            else:
                await transaction.execute(
                    "UPDATE members SET checked_at = ?, gone = 1"
                    " WHERE guild_id = ? AND user_id = ?",
                    (now, guild_id, user_id),
                )

    async def member(self, guild_id: int, user_id: int) -> Member | None:
        row = await self.database.fetchone(
            f"SELECT {MEMBER_COLUMNS} FROM members WHERE guild_id = ? AND user_id = ?",
            (guild_id, user_id),
        )
        return None if row is None else _member(row)

    async def member_by_page(self, guild_id: int, page: str) -> Member | None:
        """The visible member whose page has this key."""
        row = await self.database.fetchone(
            f"SELECT {MEMBER_COLUMNS} FROM members WHERE guild_id = ? AND page = ? AND {VISIBLE}",
            (guild_id, page),
        )
        return None if row is None else _member(row)

    async def members(self, guild_id: int, user_ids: Iterable[int]) -> dict[int, Member]:
        """Those of `user_ids` the server has seen, visible or not."""
        wanted = sorted(set(user_ids))
        if not wanted:
            return {}
        marks = ", ".join("?" for _ in wanted)
        rows = await self.database.fetchall(
            f"SELECT {MEMBER_COLUMNS} FROM members WHERE guild_id = ? AND user_id IN ({marks})",
            (guild_id, *wanted),
        )
        return {row["user_id"]: _member(row) for row in rows}


@dataclass(frozen=True)
class BoardRow:
    """A visible member's line on a leaderboard."""

    name: str
    page: str
    games: int
    wins: int
    rating: float | None
    """The conservative rating; None before their first rated game."""
    rated_games: int

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


BY_RATING = (
    "CASE WHEN ratings.ordinal IS NULL THEN 1 ELSE 0 END, ratings.ordinal DESC,"
    " played.wins DESC, played.games DESC"
)
BOARD_ORDERS = {
    "rating": BY_RATING,
    "games": "played.games DESC, " + BY_RATING,
    "wins": "played.wins DESC, " + BY_RATING,
    "rate": "CAST(played.wins AS DOUBLE PRECISION) / played.games DESC, played.games DESC, "
    + BY_RATING,
}
"""The orders a leaderboard may be sorted in, each settling ties the same way."""

_PLAYED = (
    "(SELECT user_id, COUNT(*) AS games, SUM(won) AS wins FROM results"
    " WHERE guild_id = ? AND kind = ? AND seat_kind = 'member' AND ended_at >= ?"
    " GROUP BY user_id) AS played"
    " JOIN members ON members.guild_id = ? AND members.user_id = played.user_id"
    " AND members.hidden = 0 AND members.gone = 0"
)


async def board(
    database: Database,
    guild_id: int,
    kind: str,
    since: float,
    sort: str,
    *,
    limit: int,
    offset: int = 0,
) -> list[BoardRow]:
    """The visible members who played `kind` since `since`, in the order `sort` names."""
    rows = await database.fetchall(
        "SELECT members.name, members.page, played.games, played.wins,"
        " ratings.ordinal, ratings.games AS rated FROM " + _PLAYED + " LEFT JOIN ratings"
        " ON ratings.guild_id = ? AND ratings.kind = ? AND ratings.user_id = played.user_id"
        f" ORDER BY {BOARD_ORDERS[sort]}, played.user_id LIMIT ? OFFSET ?",
        (guild_id, kind, since, guild_id, guild_id, kind, limit, offset),
    )
    return [
        BoardRow(r["name"], r["page"], r["games"], r["wins"], r["ordinal"], r["rated"] or 0)
        for r in rows
    ]


async def board_size(database: Database, guild_id: int, kind: str, since: float) -> int:
    row = await database.fetchone(
        "SELECT COUNT(*) AS n FROM " + _PLAYED, (guild_id, kind, since, guild_id)
    )
    return 0 if row is None else int(row["n"])
