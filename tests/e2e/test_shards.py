"""Beyond one process: two bot processes, each owning one of two shards, on one PostgreSQL
store and one stand-in serving servers on both shards.

Members play through the stand-in as people would (`bench.crash_users`), reading whose turn it
is from the shared store. Each process restores and plays only its own shard's games: killing
one leaves the other's games moving (the other even restarting meanwhile) and its own untouched
until it is back, when they resume. Whichever
process answers a server's leaderboard reads the shared store, so a process that takes over
both shards shows the games the other one recorded.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path

import pytest

from bench.crash_users import ChannelMessages, ChannelPlayers, Sight, Tally
from bot.catalog import installed
from bot.storage import Database, GameRepository, open_database
from bot.storage.records import GameRecord
from tests.e2e.test_crash import BotProcess
from tests.postgres_server import PostgresServer
from tests.standin import Channel, DiscordStandIn, Guild, User

SHARDS = 2
KINDS = ("skyjo", "skyjo")
"""The games of each server's two channels: the first one to 10 points, so it ends soon."""
THINK = (0.0, 0.02)
WAIT = 30.0
POLL = 0.02
QUIET = 1.0
"""Seconds for the last clicks to be answered before the processes are stopped."""


class SharedStore:
    """Each channel's latest game, read from the shared store every few milliseconds, as the
    members' eyes: they read whose turn it is from it."""

    def __init__(self, database: Database) -> None:
        self.games = GameRepository(database)
        self.database = database
        self.latest: dict[int, GameRecord] = {}
        self.sight = Sight()
        self.finished: dict[int, int] = {}
        """Each channel's finished games."""

    async def refresh(self) -> None:
        began = asyncio.get_running_loop().time()
        rows = await self.database.fetchall(
            "SELECT MAX(id) AS id FROM games GROUP BY channel_id", ()
        )
        for row in rows:
            record = await self.games.get(int(row["id"]))
            if record is not None:
                self.latest[record.channel_id] = record
        finished = await self.database.fetchall(
            "SELECT channel_id, COUNT(*) AS games FROM games WHERE status = 'finished'"
            " GROUP BY channel_id",
            (),
        )
        self.finished = {int(row["channel_id"]): int(row["games"]) for row in finished}
        self.sight.update(self.latest, began)

    async def watch(self) -> None:
        while True:
            await self.refresh()
            await asyncio.sleep(POLL)

    def summary(self) -> dict[int, tuple[int, str, int]]:
        return {c: (r.id, r.status, r.version) for c, r in self.latest.items()}

    async def until(self, condition: Callable[[], bool], what: str) -> None:
        deadline = asyncio.get_running_loop().time() + WAIT
        while not condition():
            assert asyncio.get_running_loop().time() < deadline, (
                f"not within {WAIT:g} s: {what}; the games: {self.summary()}"
            )
            await asyncio.sleep(POLL)


@asynccontextmanager
async def members_playing(players: list[ChannelPlayers]) -> AsyncIterator[None]:
    for channel_players in players:
        channel_players.stopped = False
    tasks = [asyncio.create_task(p.play()) for p in players]
    try:
        yield
    finally:
        for channel_players in players:
            channel_players.stopped = True
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


def shard_world(dc: DiscordStandIn) -> tuple[list[Guild], list[Channel], list[User]]:
    users = [dc.add_user(f"player{n + 1}") for n in range(4)]
    guilds = [dc.add_guild(f"Shard {n} Club", shard=(n, SHARDS)) for n in range(SHARDS)]
    channels = []
    for guild in guilds:
        for user in users:
            guild.add_member(user)
        channels += [guild.add_text_channel(f"{kind}-{guild.id % 1000}") for kind in KINDS]
    return guilds, channels, users


@pytest.mark.long(seconds=21)
async def test_two_processes_each_play_their_shard_over_one_store(
    tmp_path: Path, postgres: PostgresServer
) -> None:
    url = postgres.create_database("two_shards")
    store = await open_database(url)
    shared = SharedStore(store)
    watcher = asyncio.create_task(shared.watch())
    async with DiscordStandIn() as dc:
        guilds, channels, users = shard_world(dc)
        processes = [
            BotProcess(
                dc,
                url,
                tmp_path / f"shard-{n}",
                env={"SHARD_COUNT": str(SHARDS), "SHARD_IDS": str(n), "PICTURE_PROCESSES": "0"},
            )
            for n in range(SHARDS)
        ]
        for n in range(SHARDS):
            (tmp_path / f"shard-{n}").mkdir()
        catalog = installed()
        messages = ChannelMessages(dc)
        tally = Tally()
        players = [
            ChannelPlayers(
                dc,
                catalog,
                messages,
                shared.sight,
                channel,
                KINDS[number % len(KINDS)],
                users[:2],
                random.Random(f"shards:{number}"),
                tally,
                THINK,
            )
            for number, channel in enumerate(channels)
        ]
        shard_of_channel = {
            channel.id: number // len(KINDS) for number, channel in enumerate(channels)
        }
        try:
            await asyncio.gather(*(process.start() for process in processes))
            assert sorted(dc.gateway.shards()) == [(0, SHARDS), (1, SHARDS)]

            # A game in each channel of both shards' servers, played to its end.
            for channel in channels:
                opened = await dc.slash(users[0], channel, "skyjo solo", bots=1, target_score=10)
                assert opened.type == 4 and not opened.errors, opened.errors
            async with members_playing(players):
                await shared.until(
                    lambda: all(shared.finished.get(c.id, 0) >= 1 for c in channels),
                    "a game finished in every channel",
                )
                await shared.until(
                    lambda: all(
                        shared.latest[c.id].status == "running"
                        and shared.finished.get(c.id, 0) >= 1
                        for c in channels
                    ),
                    "a new game running in every channel",
                )

            # One process killed: the other's games move on, its own stand still.
            await processes[1].kill()
            await shared.refresh()
            before = {c: (r.id, r.version) for c, r in shared.latest.items()}
            # The other one restarting meanwhile restores its own shard's games, not these.
            await asyncio.sleep(QUIET)
            assert await processes[0].stop() == 0, processes[0].log()
            await processes[0].start()
            async with members_playing(players):
                await shared.until(
                    lambda: all(
                        shared.latest[c].version > before[c][1]
                        for c in before
                        if shard_of_channel[c] == 0
                    ),
                    "the games of shard 0 to move on",
                )
                await asyncio.sleep(1.0)
                for channel_id, (game_id, version) in before.items():
                    if shard_of_channel[channel_id] == 1:
                        now = await shared.games.get(game_id)
                        assert now is not None and now.version == version, (
                            f"game {game_id} of the killed process's shard moved"
                        )

                # Back: its games resume where they stood.
                await processes[1].start()
                await shared.until(
                    lambda: all(
                        shared.latest[c].version > before[c][1]
                        for c in before
                        if shard_of_channel[c] == 1
                    ),
                    "the games of shard 1 to resume",
                )
            await asyncio.sleep(QUIET)
            for process in processes:
                assert await process.stop() == 0, process.log()
                assert " ERROR " not in process.log(0) and "Traceback" not in process.log(0), (
                    process.log()
                )

            # One process taking over both shards reads every game from the shared store.
            whole = BotProcess(
                dc,
                url,
                tmp_path / "shard-0",
                env={"SHARD_COUNT": str(SHARDS), "SHARD_IDS": "0,1", "PICTURE_PROCESSES": "0"},
            )
            await whole.start()
            for guild, first in zip(guilds, channels[:: len(KINDS)], strict=True):
                answer = await dc.slash(users[0], first, "leaderboard", game="skyjo")
                board = answer.message
                assert board is not None, answer
                text = board.text()
                played = await store.fetchall(
                    "SELECT user_id, COUNT(*) AS games FROM results WHERE guild_id = ?"
                    " AND kind = 'skyjo' AND seat_kind = 'member' GROUP BY user_id",
                    (guild.id,),
                )
                assert played, f"skyjo games were recorded in {guild.name}"
                for row in played:
                    games = int(row["games"])
                    plural = "game" if games == 1 else "games"
                    assert f"<@{row['user_id']}> — " in text, text
                    assert f"· {games} {plural}" in text, text
            assert await whole.stop() == 0, whole.log()
        finally:
            for process in processes:
                with contextlib.suppress(Exception):
                    await process.stop()
            watcher.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await watcher
            await store.close()
