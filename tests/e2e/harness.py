"""Driving Sky Table through the local Discord stand-in as its users would, in any game."""

from __future__ import annotations

import asyncio
import math
import random
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from bot.catalog import Catalog
from bot.client import SkyTableBot
from bot.config import BotSettings
from bot.sessions.session import GameSession
from tests.standin import Channel, DiscordStandIn, Guild, InteractionResult, StoredMessage, User

WAIT = 10.0


class FakeClock:
    """Time that moves only when a test says so; sleepers wake when their moment comes."""

    def __init__(self, start: float = 1_900_000_000.0) -> None:
        self.time = start
        self._sleepers: list[tuple[float, asyncio.Future[None]]] = []

    def now(self) -> float:
        return self.time

    async def sleep_until(self, moment: float) -> None:
        if moment <= self.time:
            await asyncio.sleep(0)
            return
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._sleepers.append((moment, future))
        await future

    def advance(self, seconds: float) -> None:
        self.time += seconds
        waiting = []
        for moment, future in self._sleepers:
            if moment <= self.time:
                if not future.done():
                    future.set_result(None)
            else:
                waiting.append((moment, future))
        self._sleepers = waiting


@dataclass
class Table:
    """A server with a channel and three members, a database file and a fake clock."""

    dc: DiscordStandIn
    guild: Guild
    channel: Channel
    users: dict[str, User]
    database: Path
    clock: FakeClock = field(default_factory=FakeClock)
    bot: SkyTableBot | None = None
    catalog: Catalog | None = None
    picture_processes: int = 0
    """The suite draws pictures in a thread: a process per bot would slow every test."""
    database_url: str | None = None
    """A PostgreSQL database instead of the SQLite file at `database`."""
    requests_per_second: float | None = None
    """The bot's budget of counted requests a second (its default, unless set)."""
    threads: bool = False
    """The server's games open in threads of their own (the bot's default); off, each game is
    played in its channel, as the tests written for one game a channel expect."""
    answer_within: float = 2.5
    """How long a click on the table waits for its picture to be answered with the table: the
    tests read the table from a click's answer, on a machine busy with the rest of the suite
    (the bot's own default is `ANSWER_WITHIN`)."""
    strained: bool = False
    """The bot gives way when its loop runs late, as it does by default: clicks acknowledged
    first, bots slower, tables of bots as text (`bot.sessions.strain`). Off, its loop counts as
    always on time: a machine busy with the rest of the suite runs it late at random moments,
    and a test's verdict must not depend on them (the tests of overload turn it on)."""
    pages: bool = True
    """The bot serves the web pages (on a free port of this machine)."""
    avatars: bool = False
    """Members' avatars are fetched from the stand-in's CDN; off, none is fetched (each member
    is drawn with the placeholder), so that a table's pictures change only with the game."""

    def new_bot(self) -> SkyTableBot:
        settings = BotSettings(
            discord_token=self.dc.token,
            database_path=self.database,
            database_url=self.database_url,
            picture_processes=self.picture_processes,
            avatar_cdn=self.dc.cdn_url if self.avatars else None,
            web_port=0 if self.pages else None,
        )
        if self.requests_per_second is not None:
            settings.requests_per_second = self.requests_per_second
        return SkyTableBot(
            settings,
            bot_delay=0.0,
            clock=self.clock,
            seeds=random.Random(self.database.name),
            catalog=self.catalog,
        )

    async def start(self) -> SkyTableBot:
        self.bot = await self.dc.start_bot(self.new_bot())
        self.bot.sessions.context.answer_within = self.answer_within
        if not self.strained:
            strain = self.bot.sessions.context.strain
            strain.hurry = strain.on_time = math.inf
        if not self.threads:
            await self.bot.sessions.guilds.set_threads(self.guild.id, False)
        return self.bot

    async def stop(self) -> None:
        if self.bot is not None:
            await self.dc.stop_bot(self.bot)
            self.bot = None

    def elapse(self, seconds: float) -> None:
        """Time passes for the bot and for Discord alike: timers run out as a click's token
        ages (the bot's clock alone moves with `clock.advance`)."""
        self.clock.advance(seconds)
        self.dc.advance_clock(seconds)

    @property
    def running(self) -> SkyTableBot:
        assert self.bot is not None
        return self.bot

    async def session(self) -> GameSession:
        session = await self.running.sessions.in_channel(self.channel.id)
        assert session is not None, "no open game in the channel"
        return session

    async def slash(self, user: str, command: str, **options: Any) -> InteractionResult:
        return await self.dc.slash(self.users[user], self.channel, command, **options)

    async def click(self, user: str, message: StoredMessage, custom_id: str) -> InteractionResult:
        return await self.dc.click(self.users[user], message, custom_id)

    async def select(
        self, user: str, message: StoredMessage, custom_id: str, value: str
    ) -> InteractionResult:
        return await self.dc.select(self.users[user], message, custom_id, [value])

    async def settled(
        self,
        condition: Callable[[GameSession], bool],
        what: str,
        session: GameSession | None = None,
    ) -> GameSession:
        """Wait until `condition` holds and the game's public message shows its latest
        version (the channel's open game, unless `session` is given)."""
        session = session or await self.session()

        def ready() -> bool:
            if session.lock.locked() or session.autoplay.thinking or not condition(session):
                return False
            display = session.display
            if session.record.message_id is None or display.stale or display.outbox.busy:
                return False
            shown_versions = {
                parse(custom_id)[1]
                for m in self.dc.messages(self.channel)
                if m.id == session.record.message_id
                for custom_id in m.custom_ids
            }
            return shown_versions in (set(), {session.record.version})

        await until(ready, what)
        return session

    async def settled_engine(
        self, condition: Callable[[GameSession], bool], what: str, session: GameSession
    ) -> GameSession:
        """Wait until `condition` holds with the game's lock free, whatever Discord shows."""
        await until(lambda: not session.lock.locked() and condition(session), what)
        return session

    async def table_message(self, session: GameSession | None = None) -> StoredMessage:
        """The game's current public message (of the open game, unless `session` is given)."""
        session = session or await self.session()
        message_id = session.record.message_id
        found = [m for m in self.dc.messages(self.channel) if m.id == message_id]
        assert found, f"table message {message_id} not in the channel"
        return found[0]


@asynccontextmanager
async def table(tmp_path: Path, catalog: Catalog | None = None) -> AsyncIterator[Table]:
    """A stand-in server with four members; the bot offers `catalog` (the installed games)."""
    async with DiscordStandIn() as dc:
        guild = dc.add_guild("Sky Club")
        channel = guild.add_text_channel("skyjo")
        users = {}
        for name in ("ana", "leo", "zoe", "max"):
            user = dc.add_user(name)
            guild.add_member(user)
            users[name] = user
        setup = Table(dc, guild, channel, users, tmp_path / "data" / "sky.db", catalog=catalog)
        try:
            yield setup
        finally:
            await setup.stop()


EngineT = TypeVar("EngineT")


def engine_of(session: GameSession, kind: type[EngineT]) -> EngineT:
    """The session's engine, typed as the game the test plays."""
    engine = session.engine
    assert isinstance(engine, kind), f"the game is {type(engine).__name__}, not {kind.__name__}"
    return engine


def parse(custom_id: str) -> tuple[int, int, str, str]:
    _, game, version, verb, arg = custom_id.split(":")
    return int(game), int(version), verb, arg


def enabled(message: StoredMessage, verb: str) -> list[str]:
    """Custom ids of the message's enabled buttons with this verb."""
    return [
        component["custom_id"]
        for component in message.walk_components()
        if component.get("type") == 2
        and "custom_id" in component
        and not component.get("disabled", False)
        and parse(component["custom_id"])[2] == verb
    ]


def button(message: StoredMessage, verb: str, arg: str | None = None) -> str:
    for custom_id in enabled(message, verb):
        if arg is None or parse(custom_id)[3] == arg:
            return custom_id
    raise AssertionError(f"no enabled {verb}:{arg} button in {message.custom_ids}")


async def until(condition: Callable[[], Any], what: str, timeout: float = WAIT) -> None:
    """Wait for bots and background tasks to bring the game to `condition`."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not condition():
        if loop.time() > end:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.005)


def shown(result: InteractionResult) -> StoredMessage:
    """The message an interaction's answer shows (sent, or updated in place)."""
    assert result.message is not None, f"no message in the answer: {result.errors}"
    return result.message
