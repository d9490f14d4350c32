"""A tournament as its members and organiser see it in the stand-in: its card and buttons, its
tables as stored, their threads, and the points their games' results give."""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from typing import Any

from tests.e2e.harness import Table, shown
from tests.standin import Channel, InteractionResult, StoredMessage

ORGANISER = "ana"


@dataclass(frozen=True)
class Tournament:
    id: int
    card_id: int


def more_members(t: Table, *names: str) -> None:
    for name in names:
        user = t.dc.add_user(name)
        t.guild.add_member(user)
        t.users[name] = user


async def create(t: Table, **options: Any) -> Tournament:
    """The organiser creates a tournament in the channel (Skyjo unless `game` says otherwise)."""
    created = await t.slash(ORGANISER, "tournament create", **{"game": "skyjo", **options})
    assert created.type == 4 and not created.ephemeral, (created.errors, created.content)
    message = shown(created)
    return Tournament(int(pressed(message, "join").split(":")[1]), message.id)


async def press(t: Table, user: str, tournament: Tournament, verb: str) -> InteractionResult:
    """`user` presses a button of the tournament's card."""
    message = card(t, tournament.card_id)
    return await t.click(user, message, pressed(message, verb))


async def sign_up(t: Table, tournament: Tournament, *names: str) -> None:
    for name in names:
        joined = await press(t, name, tournament, "join")
        assert joined.type == 7, (joined.errors, joined.content)


def organiser(t: Table) -> None:
    role = t.guild.add_role("Events", manage_events=True)
    t.guild.members[t.users[ORGANISER].id].roles.append(role)


def card(t: Table, card_id: int) -> StoredMessage:
    [found] = [m for m in t.dc.messages(t.channel) if m.id == card_id]
    return found


def pressed(message: StoredMessage, verb: str) -> str:
    [custom_id] = [c for c in message.custom_ids if c.startswith("skyt:") and c.endswith(verb)]
    return custom_id


def card_text(t: Table, card_id: int) -> str:
    return str(card(t, card_id).embeds[0].get("description", ""))


def tables_of(t: Table, tournament_id: int) -> list[tuple[int, int, int | None, int | None]]:
    """Each table's round, number, message in the channel, and game."""
    with sqlite3.connect(t.database) as db:
        rows = db.execute(
            "SELECT round, number, message_id, game_id FROM tournament_tables"
            " WHERE tournament_id = ? ORDER BY round, number",
            (tournament_id,),
        ).fetchall()
    return [(r[0], r[1], r[2], r[3]) for r in rows]


def game_statuses(t: Table, game_ids: list[int]) -> list[str]:
    with sqlite3.connect(t.database) as db:
        return [
            db.execute("SELECT status FROM games WHERE id = ?", (game,)).fetchone()[0]
            for game in game_ids
        ]


def thread_of(t: Table, message_id: int) -> Channel:
    """The thread started from a table's message in the channel."""
    thread = t.dc.world.channel(message_id)
    assert thread is not None and thread.thread is not None
    return thread


def results_of(t: Table, game_id: int) -> list[tuple[int | None, int, int]]:
    """Each seat's member (None: a bot), place and score, seat by seat."""
    with sqlite3.connect(t.database) as db:
        rows = db.execute(
            "SELECT user_id, place, score FROM results WHERE game_id = ? ORDER BY seat",
            (game_id,),
        ).fetchall()
    return [(r[0], r[1], r[2]) for r in rows]


def points_of(t: Table, games: list[int]) -> dict[int, float]:
    """Each member's tournament points from these games' results, by the rule of
    `docs/rules.md`: a table of k seats gives place p (k - p) / (k - 1), ties sharing."""
    points: dict[int, float] = {}
    for game in games:
        seats = results_of(t, game)
        size = len(seats)
        for user_id, place, _ in seats:
            tied = sum(1 for _, other, _ in seats if other == place)
            share = sum((size - p) / (size - 1) for p in range(place, place + tied)) / tied
            if user_id is not None:
                points[user_id] = points.get(user_id, 0.0) + share
    return points


def members_of(t: Table, tournament_id: int, round_number: int, number: int) -> list[int]:
    with sqlite3.connect(t.database) as db:
        [[members]] = db.execute(
            "SELECT members FROM tournament_tables"
            " WHERE tournament_id = ? AND round = ? AND number = ?",
            (tournament_id, round_number, number),
        ).fetchall()
    return [int(m) for m in json.loads(members)]


def round_opened(t: Table, tournament: Tournament, number: int) -> bool:
    """Every table of round `number` has its game."""
    tables = [row for row in tables_of(t, tournament.id) if row[0] == number]
    return bool(tables) and all(row[3] is not None for row in tables)


def stored(t: Table, tournament: Tournament) -> tuple[str, int, int]:
    """The tournament's status, round and last round, as stored."""
    with sqlite3.connect(t.database) as db:
        status, round_number, last = db.execute(
            "SELECT status, round, last_round FROM tournaments WHERE id = ?", (tournament.id,)
        ).fetchone()
    return str(status), int(round_number), int(last)
