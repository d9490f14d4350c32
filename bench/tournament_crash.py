"""A tournament played while Sky Table is killed (SIGKILL) at random moments and restarted on
the same database: no table is lost, no round is drawn twice, no table gets two games.

    .venv/bin/python -m bench.tournament_crash [--players 9] [--seats 3] [--rounds 3]
                                               [--kills 12] [--seed 1] [--json] [--workdir DIR]

The bot runs in a process of its own (`tests.e2e.bot_process`, its games in threads of their
own, tables as text) against the local Discord stand-in, which keeps running across restarts.
An organiser creates a Skyjo tournament (2 × 2 grids, target 10, so that games are short) in a
channel, `--players` members sign up and it starts. The members play their tables through the
buttons (`bench.crash_users`, each table's members following its thread), and the bot is killed
every 1 to 4 s of play (`--kills` times, with the seed's randomness), wherever it is: drawing a
round, opening its tables, posting the standings. After the last restart the members play on
until the tournament ends (at most `FINISH_WITHIN` seconds).

Checked in the database the bot left, and in the channel:
- `finished`: the tournament ended, with its last round played;
- `rounds_wrong`: rounds whose tables do not seat every player still in once, at the expected
  number of tables (drawn twice, or half drawn, would show here);
- `tables_lost`: tables without a game, or whose game is missing or still open at the end;
- `extra_games`: games in the channel's threads that no table holds (a table opened twice);
- `standings_twice`: rounds whose standings were posted more than once.

Printed: those counts with `kills` and `games`; with --json as one JSON object. The exit status
is 1 when anything was lost or doubled, or the tournament did not finish.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import random
import sqlite3
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

from bench.crash_users import ChannelMessages, ChannelPlayers, Sight, Tally
from bot.catalog import installed
from bot.storage.records import GameRecord
from tests.e2e.test_crash import BotProcess
from tests.standin import DiscordStandIn, User

FINISH_WITHIN = 240.0
THINK = (0.05, 0.2)
POLL = 0.1


class TablePlayers(ChannelPlayers):
    """The members of one tournament table, playing its game in its thread and nothing else."""

    def where(self, record: GameRecord) -> int | None:
        return record.channel_id

    async def next_game(self, record: GameRecord | None) -> bool:
        return False


class TournamentCrash:
    def __init__(self, dc: DiscordStandIn, workdir: Path, args: argparse.Namespace) -> None:
        self.dc = dc
        self.args = args
        self.rng = random.Random(args.seed)
        self.database = workdir / "data" / "sky.db"
        self.bot = BotProcess(dc, self.database, workdir, options=("--threads",))
        self.catalog = installed()
        self.messages = ChannelMessages(dc)
        self.sight = Sight()
        self.tally = Tally()
        self.guild = dc.add_guild("Tournament Club")
        self.channel = self.guild.add_text_channel("tournament")
        organisers = self.guild.add_role("Events", manage_events=True)
        self.users: list[User] = []
        for number in range(args.players):
            user = dc.add_user(f"player{number + 1}")
            self.guild.add_member(user, *((organisers,) if number == 0 else ()))
            self.users.append(user)
        self.by_id = {user.id: user for user in self.users}
        self.players: dict[int, TablePlayers] = {}
        self.tasks: list[asyncio.Task[None]] = []

    # -------------------------------------------------------------------- the run

    async def run(self) -> dict[str, Any]:
        await self.bot.start()
        await self._open()
        for _ in range(self.args.kills):
            self._play()
            await asyncio.sleep(self.rng.uniform(1.0, 4.0))
            await self._stop_playing()
            await self.bot.kill()
            await self.bot.start()
        self._play()
        deadline = time.monotonic() + FINISH_WITHIN
        while self._status() != "finished" and time.monotonic() < deadline:
            await asyncio.sleep(0.5)
        await self._stop_playing()
        await asyncio.sleep(1.0)
        await self.bot.stop()
        return self._checked()

    async def _open(self) -> None:
        organiser = self.users[0]
        looks = await self.dc.slash(organiser, self.channel, "table pictures", look="text")
        assert looks.error is None, looks.errors
        created = await self.dc.slash(
            organiser,
            self.channel,
            "tournament create",
            game="skyjo",
            rounds=self.args.rounds,
            seats=self.args.seats,
            target_score=10,
            grid="2x2",
        )
        assert created.message is not None, created.errors
        card = created.message
        join = next(c for c in card.custom_ids if c.endswith(":join"))
        start = next(c for c in card.custom_ids if c.endswith(":start"))
        for user in self.users:
            joined = await self.dc.click(user, card, join)
            assert joined.error is None, joined.errors
        started = await self.dc.click(organiser, card, start)
        assert started.error is None, started.errors

    def _play(self) -> None:
        self.tasks = [asyncio.create_task(self._watch())]
        for players in self.players.values():
            players.stopped = False
            self.tasks.append(asyncio.create_task(players.play()))

    async def _watch(self) -> None:
        """Keep the members' sight of the tables' games fresh; new tables get their players."""
        while True:
            began = asyncio.get_running_loop().time()
            games = self._games()
            self.sight.update({game.channel_id: game for game in games}, began)
            for game in games:
                if game.channel_id not in self.players and game.is_open:
                    self._seat(game)
            await asyncio.sleep(POLL)

    def _seat(self, game: GameRecord) -> None:
        thread = self.dc.world.channel(game.channel_id)
        if thread is None:
            return
        members = [self.by_id[s.user_id] for s in game.seats if s.user_id in self.by_id]
        players = TablePlayers(
            self.dc,
            self.catalog,
            self.messages,
            self.sight,
            thread,
            game.kind,
            members,
            random.Random(f"{self.args.seed}:{game.id}"),
            self.tally,
            THINK,
        )
        self.players[game.channel_id] = players
        self.tasks.append(asyncio.create_task(players.play()))

    async def _stop_playing(self) -> None:
        for players in self.players.values():
            players.stopped = True
        for task in self.tasks:
            task.cancel()
        for task in self.tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        self.tasks = []

    # ----------------------------------------------------------------- the store

    def _rows(self, sql: str, params: tuple[Any, ...] = ()) -> list[sqlite3.Row]:
        uri = f"{self.database.as_uri()}?mode=ro"
        with contextlib.closing(sqlite3.connect(uri, uri=True, timeout=10.0)) as db:
            db.row_factory = sqlite3.Row
            return list(db.execute(sql, params))

    def _games(self) -> list[GameRecord]:
        rows = self._rows("SELECT * FROM games WHERE parent_id = ?", (self.channel.id,))
        games = []
        for row in rows:
            values = {k: row[k] for k in row.keys() if k in GameRecord.model_fields}  # noqa: SIM118
            for column in ("seats", "settings"):
                values[column] = json.loads(values[column])
            games.append(GameRecord.model_validate(values))
        return games

    def _status(self) -> str:
        rows = self._rows("SELECT status FROM tournaments")
        return str(rows[0]["status"]) if rows else "none"

    def _checked(self) -> dict[str, Any]:
        [tournament] = self._rows("SELECT * FROM tournaments")
        players = self._rows("SELECT user_id, first_round, left_after FROM tournament_players")
        tables = self._rows(
            "SELECT t.round, t.number, t.members, t.game_id, g.status FROM tournament_tables t"
            " LEFT JOIN games g ON g.id = t.game_id ORDER BY t.round, t.number"
        )
        expected_tables = -(-len(players) // self.args.seats)
        rounds_wrong = 0
        for number in range(1, tournament["round"] + 1):
            drawn = [row for row in tables if row["round"] == number]
            seated = Counter(m for row in drawn for m in json.loads(row["members"]))
            playing = {p["user_id"] for p in players if p["first_round"] <= number}
            if len(drawn) != expected_tables or set(seated) != playing or max(seated.values()) > 1:
                rounds_wrong += 1
        lost = sum(
            1
            for row in tables
            if row["game_id"] is None or row["status"] in (None, "lobby", "running")
        )
        held = {row["game_id"] for row in tables}
        games = self._games()
        extra = sum(1 for game in games if game.id not in held)
        titles = Counter(
            str(m.embeds[0].get("title"))
            for m in self.dc.messages(self.channel)
            if m.embeds and "Standings" in str(m.embeds[0].get("title"))
        )
        return {
            "kills": self.args.kills,
            "games": len(games),
            "rounds": tournament["round"],
            "finished": tournament["status"] == "finished"
            and tournament["round"] == tournament["last_round"],
            "rounds_wrong": rounds_wrong,
            "tables_lost": lost,
            "extra_games": extra,
            "standings_twice": sum(1 for count in titles.values() if count > 1),
            "clicks": self.tally.clicks,
        }


async def run(args: argparse.Namespace, workdir: Path) -> dict[str, Any]:
    async with DiscordStandIn() as dc:
        bench = TournamentCrash(dc, workdir, args)
        try:
            return await bench.run()
        finally:
            if bench.bot.alive:
                await bench.bot.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=9)
    parser.add_argument("--seats", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--kills", type=int, default=12)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workdir", type=Path)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if args.workdir is not None:
        args.workdir.mkdir(parents=True, exist_ok=True)
        result = asyncio.run(run(args, args.workdir))
    else:
        with tempfile.TemporaryDirectory() as folder:
            result = asyncio.run(run(args, Path(folder)))
    print(json.dumps(result) if args.json else ", ".join(f"{k} {v}" for k, v in result.items()))
    bad = result["rounds_wrong"] or result["tables_lost"] or result["extra_games"]
    sys.exit(1 if bad or result["standings_twice"] or not result["finished"] else 0)


if __name__ == "__main__":
    main()
