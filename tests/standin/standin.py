"""`DiscordStandIn`: the local Discord a test starts, points discord.py at, and acts in."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import socket
from collections.abc import AsyncIterator, Callable, Iterator
from types import ModuleType, TracebackType
from typing import Any, TypeVar

import discord
import discord.asset
import discord.gateway
import discord.http
import discord.webhook.async_
import yarl
from aiohttp import web

from . import threads
from .avatars import AvatarCdn
from .commands import CommandRegistry
from .errors import ApiError, StandInError
from .gateway import Fault, Gateway, ResumableSession, shard_of
from .interactions import InteractionLog, InteractionResult
from .limits import Limits
from .ratelimits import InvalidRequests
from .server import ForcedFailure, ForcedRateLimit, Hold, RecordedRequest, Rest
from .users import OptionValue, Users
from .world import (
    PRIVATE_THREAD,
    PUBLIC_THREAD,
    Channel,
    Guild,
    Role,
    StoredMessage,
    User,
    World,
    copied,
)

ClientT = TypeVar("ClientT", bound=discord.Client)


class _QuickAsyncio(ModuleType):
    """asyncio as discord.py's HTTP modules see it, with every sleep shortened."""

    def __init__(self, scale: float) -> None:
        super().__init__("asyncio")
        self._scale = scale

    def __getattr__(self, name: str) -> Any:
        return getattr(asyncio, name)

    async def sleep(self, delay: float, result: Any = None) -> Any:
        return await asyncio.sleep(delay * self._scale, result)


@contextlib.contextmanager
def quick_retries(scale: float = 0.001) -> Iterator[None]:
    """Shortens the waits of discord.py's HTTP clients (bot and webhook) by `scale` inside the
    block: its 1, 3, 5, 7 and 9 s pauses between tries after a 5xx, and its waits after a 429.
    Use it with `DiscordStandIn.fail` so a test of a call failing for good stays fast."""
    modules = (discord.http, discord.webhook.async_)
    saved = [module.asyncio for module in modules]
    for module in modules:
        setattr(module, "asyncio", _QuickAsyncio(scale))  # noqa: B010
    try:
        yield
    finally:
        for module, original in zip(modules, saved, strict=True):
            setattr(module, "asyncio", original)  # noqa: B010


def _shards(client: discord.Client) -> Callable[[int], bool]:
    """Whether a guild belongs to the shards this client connected for."""
    if isinstance(client, discord.AutoShardedClient):
        count = client.shard_count or 1
        owned = set(client.shard_ids or range(count))
        return lambda guild_id: shard_of(guild_id, count) in owned
    if client.shard_id is None or client.shard_count is None:
        return lambda guild_id: True
    shard_id, count = client.shard_id, client.shard_count
    return lambda guild_id: shard_of(guild_id, count) == shard_id


def _session_ids(client: discord.Client) -> list[str]:
    """The gateway sessions of the client: one per shard of an auto-sharded client."""
    if isinstance(client, discord.AutoShardedClient):
        sockets = [info._parent.ws for info in client.shards.values()]
    else:
        sockets = [client.ws] if client.ws is not None else []
    return [ws.session_id for ws in sockets if ws.session_id is not None]


class DiscordStandIn:
    """A local Discord on 127.0.0.1: REST, gateway and CDN for unmodified discord.py clients.

    The world (users, guilds, messages, synced commands) lives as long as the stand-in, so a
    test can stop a client and start another on the same state.
    """

    def __init__(
        self,
        *,
        limits: Limits | None = None,
        bot_name: str = "Sky Table",
        token: str = "standin-bot-token",
    ) -> None:
        self.limits = limits or Limits()
        self.token = token
        self.world = World(bot_name)
        self.commands = CommandRegistry(self.world.application_id, self.world.snowflake)
        self.interactions = InteractionLog(self.world, self.limits)
        self.gateway = Gateway(self.world, token, self.gateway_url, self.limits)
        self.world.dispatcher = self.gateway.dispatch
        self.rest = Rest(
            self.world,
            self.commands,
            self.interactions,
            self.gateway,
            self.limits,
            token,
            lambda: self.base_url,
        )
        self.users = Users(self.world, self.commands, self.interactions, self.gateway, self.limits)
        self.port = 0
        self._runner: web.AppRunner | None = None
        self._saved: tuple[str, yarl.URL, str] | None = None
        self._bots: dict[discord.Client, asyncio.Task[None]] = {}

    # Lifecycle

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    async def __aenter__(self) -> DiscordStandIn:
        await self.start()
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()

    async def start(self) -> None:
        """Serves on a free port of 127.0.0.1 and points discord.py at it."""
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.bind(("127.0.0.1", 0))
        self.port = sock.getsockname()[1]
        self._runner = web.AppRunner(self.rest.build_app(), handle_signals=False)
        await self._runner.setup()
        await web.SockSite(self._runner, sock).start()
        self._saved = (
            discord.http.Route.BASE,
            discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY,
            discord.asset.Asset.BASE,
        )
        discord.http.Route.BASE = f"{self.base_url}/api/v10"
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(self.gateway_url())
        discord.asset.Asset.BASE = f"{self.base_url}/cdn"

    async def close(self) -> None:
        """Stops the clients still running, closes the server and restores discord.py. Requests
        still held (see `hold`) are dropped, never handled."""
        for client in list(self._bots):
            await self.stop_bot(client)
        self.rest.drop_holds()
        await self.gateway.close_all()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
        if self._saved is not None:
            (
                discord.http.Route.BASE,
                discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY,
                discord.asset.Asset.BASE,
            ) = self._saved
            self._saved = None

    # Bot clients

    async def start_bot(self, client: ClientT) -> ClientT:
        """Logs the client in (running its setup_hook), connects it and waits for on_ready."""
        client._connection.guild_ready_timeout = self.limits.guild_ready_timeout
        try:
            await client.login(self.token)
        except BaseException:
            await client.close()
            raise
        task = asyncio.create_task(client.connect(), name=f"standin-client-{id(client)}")
        ready = asyncio.create_task(client.wait_until_ready())
        done, _ = await asyncio.wait(
            {task, ready}, timeout=self.limits.ready_timeout, return_when=asyncio.FIRST_COMPLETED
        )
        if ready in done:
            self._bots[client] = task
            await self._wait_for_guilds(client)
            return client
        ready.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await ready
        await client.close()
        failure: BaseException | None = None
        if task.done():
            failure = task.exception()
        else:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        message = (
            f"the client stopped before it was ready: {failure!r}"
            if failure is not None
            else f"the client was not ready within {self.limits.ready_timeout:g} s"
        )
        raise StandInError(message) from failure

    async def _wait_for_guilds(self, client: discord.Client) -> None:
        """on_ready can fire before a slow GUILD_CREATE is read; wait for any such guild of
        the client's shards."""
        bot_id = self.world.bot_user.id
        served = _shards(client)
        expected = {
            g.id for g in self.world.guilds.values() if bot_id in g.members and served(g.id)
        }

        def missing() -> set[int]:
            return {i for i in expected if (g := client.get_guild(i)) is None or g.unavailable}

        try:
            async with asyncio.timeout(self.limits.ready_timeout):
                while missing():
                    await client.wait_for("guild_available")
        except TimeoutError:
            await self.stop_bot(client)
            raise StandInError(f"the client never received guilds {sorted(missing())}") from None

    async def stop_bot(self, client: discord.Client) -> None:
        """Closes the client (its websocket and HTTP session) and waits for it to finish. Its
        gateway sessions end: interactions sent later go to another client, or fail at once
        when none is left."""
        task = self._bots.pop(client, None)
        session_ids = _session_ids(client)
        await client.close()
        for session_id in session_ids:
            self.gateway.end(session_id)
        if task is not None:
            with contextlib.suppress(asyncio.CancelledError):
                await task

    @contextlib.asynccontextmanager
    async def running(self, client: ClientT) -> AsyncIterator[ClientT]:
        """`async with standin.running(bot):` the bot is ready inside, closed after."""
        await self.start_bot(client)
        try:
            yield client
        finally:
            await self.stop_bot(client)

    # The world

    @property
    def bot_user(self) -> User:
        return self.world.bot_user

    @property
    def application_id(self) -> int:
        return self.world.application_id

    def add_guild(
        self, name: str, *, owner: User | None = None, shard: tuple[int, int] | None = None
    ) -> Guild:
        """A guild the bot is in; `shard=(shard_id, shard_count)` gives it an id of that
        shard, so that only the clients identified for that shard are sent it."""
        return self.world.add_guild(name, owner=owner, shard=shard)

    def add_user(
        self, name: str, *, global_name: str | None = None, avatar: str | None = None
    ) -> User:
        """A user; `avatar`, the hash of their avatar on the CDN (None: a default avatar)."""
        return self.world.add_user(name, global_name=global_name, avatar=avatar)

    @property
    def cdn_url(self) -> str:
        """The CDN's base, as Discord's `https://cdn.discordapp.com`."""
        return f"{self.base_url}/cdn"

    @property
    def avatars(self) -> AvatarCdn:
        """The CDN's avatars: what was fetched (`fetched`) and the fault knob (`fault`)."""
        return self.rest.avatars

    def close_dms(self, user: User) -> None:
        """From now on the bot's messages to this user's DMs fail with 403 code 50007."""
        user.dms_open = False

    def open_dms(self, user: User) -> None:
        user.dms_open = True

    def deny_bot(self, channel: Channel, **flags: bool) -> None:
        """Denies the bot permissions in a channel, e.g. `deny_bot(table, send_messages=True)`."""
        channel.deny(self.world.bot_user, **flags)

    def advance_clock(self, seconds: float) -> None:
        """Moves the stand-in's clock: interaction deadlines, token lifetimes, message ages."""
        self.world.clock.advance(seconds)

    def rate_limit(
        self,
        retry_after: float = 0.05,
        *,
        times: int = 1,
        method: str | None = None,
        path_contains: str | None = None,
        global_: bool = False,
        scope: str = "user",
    ) -> None:
        """Answers the next `times` matching requests with 429 and this `retry_after` (seconds,
        in the body as Discord sends it; the `Retry-After` header is rounded up).

        By default it is a route's own limit: body `"global": false`, headers
        `X-RateLimit-Scope: user` (or `scope`, e.g. "shared"), `X-RateLimit-Bucket`,
        `X-RateLimit-Remaining: 0` and the reset times. With `global_=True` it is the bot's
        global limit: body `"global": true`, headers `X-RateLimit-Global: true` and
        `X-RateLimit-Scope: global`; discord.py then holds every request of the client (not
        only this route's) for `retry_after` before it retries. Either way discord.py logs a
        WARNING and retries, and `quick_retries()` shortens its wait."""
        forced = ForcedRateLimit(
            retry_after, times, method, path_contains, global_=global_, scope=scope
        )
        self.rest.rate_limits.append(forced)

    def fail(
        self,
        status: int = 500,
        *,
        times: int = 1,
        method: str | None = None,
        path_contains: str | None = None,
        code: int = 0,
        message: str = "500: Internal Server Error",
    ) -> None:
        """Answers the next `times` matching REST requests with this error status and the JSON
        body `{"message": message, "code": code}` instead of handling them: nothing changes in
        the world. `method` ("POST", "PATCH", ...) and `path_contains` (a part of the path under
        /api/v10, e.g. "/messages") narrow which requests fail; by default every one does.

        discord.py retries by itself, so a test picks `times` by what it wants:

        - The bot's own calls (`channel.send`, `message.edit`, ...: discord.http) are sent up to
          5 times when answered 500, 502, 504 or 524, with pauses of 1, 3, 5, 7 and 9 s. So
          `times=5` makes the call fail for good (discord.DiscordServerError after about 25 s),
          and `times` of 4 or fewer is survived: the call succeeds, later. Any other 5xx, 503
          included, raises DiscordServerError at once: `times=1` is enough.
        - Interaction callbacks, follow-ups and webhook message edits (discord.webhook) retry
          every 5xx, 503 included, the same 5 times: `times=5` to fail them for good.
        - A 4xx other than 429 is never retried: `times=1` raises discord.HTTPException
          (Forbidden for 403, NotFound for 404) at once.

        Wrap the bot's calls in `quick_retries()` so the pauses do not slow the test down.
        """
        if not 400 <= status <= 599:
            raise StandInError(f"fail() answers an error status (400-599), not {status}")
        failure = ForcedFailure(status, times, method, path_contains, code, message)
        self.rest.failures.append(failure)

    def hold(self, *, method: str | None = None, path_contains: str | None = None) -> Hold:
        """Holds the first REST request matching `method` and `path_contains` from now on: it is
        neither answered nor handled (the world does not change) until `hold.release()`, or
        ever, if the test kills the client instead. `await hold.reached()` waits until it has
        arrived and returns it as recorded (its body readable).

        For crash tests: stop the client while its request is held, then either never release
        it (the request was lost: nothing changed) or release it (Discord had received it: it
        takes effect although nobody reads the answer), and check what a restarted bot does.
        Closing the stand-in drops requests still held, unhandled."""
        held = Hold(self.world.changes.notify, method, path_contains)
        self.rest.holds.append(held)
        return held

    # Gateway faults

    async def drop_gateway(
        self,
        how: Fault = "drop",
        *,
        code: int = 4000,
        wait: bool = True,
        timeout: float = 10.0,
    ) -> ResumableSession:
        """Breaks the newest bot connection to the gateway as Discord's gateway does now and
        then; discord.py reconnects by itself. `how`:

        - "drop": the TCP connection is cut without a close frame (a network failure; the
          client sees an abnormal closure, 1006). The client RESUMEs.
        - "close": the gateway closes the connection with `code` (4000 "Unknown error" by
          default; any code but 1000, 4004 and 4010-4014 is resumable for discord.py).
        - "reconnect": op 7 RECONNECT; the client closes and RESUMEs.
        - "invalidate": op 9 INVALID_SESSION `false`: the session ends; the client IDENTIFYs
          again and gets READY and every GUILD_CREATE anew (discord.py first waits 5 s in
          `Client.before_identify_hook`, which a test may replace). Events and interactions
          sent before it has identified are lost for it, as on Discord.
        - "invalidate_resumable": op 9 `true`; the client RESUMEs.

        On RESUME the stand-in sends every event dispatched after the client's last sequence
        number (those sent while it was away included), then RESUMED, as Discord does.
        Interactions sent meanwhile are among them, their 3-second deadline running from when
        they were sent. With `wait`, returns once the client is back and everything sent to
        it so far is written. Returns the session that was broken (`resumes`, `replayed`)."""
        resumes = self._resumes()
        broken = await self.gateway.fault(how, code=code, timeout=timeout)
        if wait:
            await self.gateway.back(broken, resumes, timeout)
        return broken

    @contextlib.asynccontextmanager
    async def gateway_down(
        self, how: Fault = "drop", *, code: int = 4000, timeout: float = 10.0
    ) -> AsyncIterator[ResumableSession]:
        """`async with standin.gateway_down():` breaks the bot's connection (see
        `drop_gateway`) and keeps the gateway from accepting a new one until the block ends,
        then waits until the client is back. Events and interactions sent inside the block
        reach the bot on its RESUME; an interaction's deadline runs meanwhile, so one sent
        in a block longer than 3 s (or after `advance_clock`) is answered too late (10062).
        Interactions sent inside must be awaited after the block (e.g. as tasks)."""
        resumes = self._resumes()
        self.gateway.accepting.clear()
        try:
            broken = await self.gateway.fault(how, code=code, timeout=timeout)
            yield broken
        finally:
            self.gateway.accepting.set()
        await self.gateway.back(broken, resumes, timeout)

    def _resumes(self) -> int:
        """How many times the session of the newest connection was resumed so far."""
        state = self.gateway.current.state
        assert state is not None
        return state.resumes

    # Moderators

    def delete_channel(self, channel: Channel) -> None:
        """A moderator deletes the channel or thread (see `Guild.delete_channel`)."""
        channel.delete()

    def start_thread_as(
        self,
        user: User,
        channel: Channel,
        message: StoredMessage | None,
        name: str,
        *,
        private: bool = False,
        auto_archive_duration: int = 4320,
    ) -> Channel:
        """The user starts a thread in the channel: from `message` (a public thread whose id
        is the message's) or, with `message=None`, without one (public, or private with
        `private`). Discord's rules apply as to the bot's requests (permissions, name length,
        one thread per message...); one broken raises StandInError naming the error."""
        kind = PRIVATE_THREAD if private else PUBLIC_THREAD
        body = {"name": name, "auto_archive_duration": auto_archive_duration}
        try:
            threads.check_fields(body, creating=True)
            threads.check_can_start(channel, user, kind)
            if message is not None:
                if message.channel_id != channel.id:
                    raise StandInError(f"message {message.id} is not in #{channel.name}")
                threads.check_starter(message)
            return threads.start_thread(self.world, channel, user, body, kind=kind, message=message)
        except ApiError as error:
            raise StandInError(f"Discord refuses {user.name}'s thread: {error}") from error

    def archive(self, thread: Channel, *, locked: bool | None = None) -> None:
        """A moderator archives the thread (and locks or unlocks it, if `locked` is given):
        THREAD_UPDATE reaches the bot."""
        self._moderate(thread, archived=True, locked=locked)

    def unarchive(self, thread: Channel) -> None:
        self._moderate(thread, archived=False)

    def lock(self, thread: Channel) -> None:
        """A moderator locks the thread (left open): only those who may manage threads post in
        it from now on."""
        self._moderate(thread, locked=True)

    def unlock(self, thread: Channel) -> None:
        self._moderate(thread, locked=False)

    def _moderate(self, thread: Channel, **changes: bool | None) -> None:
        state = thread.thread
        if state is None or thread.deleted:
            raise StandInError(f"#{thread.name} is not a thread (or was deleted)")
        for key, value in changes.items():
            if value is not None:
                setattr(state, key, value)
        if "archived" in changes:
            state.archive_timestamp = self.world.clock.now()
        self.world.thread_updated(thread)

    def add_to_thread(self, thread: Channel, user: User) -> None:
        """The user joins the thread (THREAD_MEMBERS_UPDATE, seen by a bot with the
        GUILD_MEMBERS intent)."""
        try:
            threads.add_member(self.world, thread, user, user)
        except ApiError as error:
            raise StandInError(f"{user.name} cannot join #{thread.name}: {error}") from error

    def remove_member(self, guild: Guild, user: User) -> None:
        """The user leaves the guild or is kicked (see `Guild.remove_member`)."""
        guild.remove_member(user)

    def delete_message(self, message: StoredMessage | int) -> None:
        """A moderator deletes a message: MESSAGE_DELETE reaches the clients with the
        GUILD_MESSAGES intent (DIRECT_MESSAGES in a DM); editing, fetching or answering on it
        afterwards answers 404 Unknown Message (10008), and it can no longer be clicked."""
        message_id = message if isinstance(message, int) else message.id
        stored = self.world.message(message_id)
        if stored is None:
            raise StandInError(f"message {message_id} does not exist or was deleted already")
        self.world.delete_message(stored)

    # Acting as users

    @contextlib.contextmanager
    def late_delivery(self, seconds: float) -> Iterator[None]:
        """Every interaction sent inside the block (commands included) reaches the bot
        `seconds` after it was made, as when Discord is slow to deliver: its 3-second
        deadline runs from its creation, so with `late_delivery(2.9)` the bot has 0.1 s left
        to answer before Discord answers 404 Unknown interaction (10062). Clicks, selects and
        modal submissions also take `age=` for one interaction."""
        saved = self.users.late_by
        self.users.late_by = saved + seconds
        try:
            yield
        finally:
            self.users.late_by = saved

    async def slash(
        self, user: User, channel: Channel, command: str, /, **options: OptionValue
    ) -> InteractionResult:
        """Runs `/command` ("name", "group sub" or "name sub"); waits for the bot's answer."""
        return await self.users.slash(user, channel, command, options)

    async def slash_unchecked(
        self, user: User, channel: Channel, command: str, /, **options: OptionValue
    ) -> InteractionResult:
        """`slash` from a modified client: option values outside the offered choices and
        ranges are sent as they are (only their type is kept)."""
        return await self.users.slash(user, channel, command, options, checked=False)

    async def autocomplete(
        self, user: User, channel: Channel, command: str, focused: str, /, **options: OptionValue
    ) -> InteractionResult:
        """Types in option `focused` of `/command`; the result's `choices` are the bot's."""
        return await self.users.autocomplete(user, channel, command, focused, options)

    async def slash_forged(
        self, user: User, channel: Channel, command: str, /, **options: Any
    ) -> InteractionResult:
        """`slash` from a client that breaks even the types: each option value is sent as
        given (any JSON value: a string for an integer option, a float, a list, None...)."""
        return await self.users.slash(user, channel, command, options, checked=False, typed=False)

    async def click(
        self, user: User, message: StoredMessage | int, custom_id: str, *, age: float = 0.0
    ) -> InteractionResult:
        """Clicks the button with this custom_id on the message as it is now. `age`: seconds
        the click took to reach the bot (see `late_delivery`)."""
        return await self.users.click(user, message, custom_id, age=age)

    async def select(
        self,
        user: User,
        message: StoredMessage | int,
        custom_id: str,
        values: list[str] | list[User] | list[Role] | list[Channel],
        *,
        age: float = 0.0,
    ) -> InteractionResult:
        """Picks these values in the select menu with this custom_id."""
        return await self.users.select(user, message, custom_id, values, age=age)

    async def submit_modal(
        self,
        user: User,
        channel: Channel,
        custom_id: str,
        values: dict[str, Any],
        *,
        age: float = 0.0,
    ) -> InteractionResult:
        """Fills in and submits the modal the bot showed this user."""
        return await self.users.submit_modal(user, channel, custom_id, values, age=age)

    async def click_forged(
        self,
        user: User,
        message: StoredMessage | int,
        custom_id: str,
        *,
        component_type: int = 2,
        values: list[Any] | None = None,
        age: float = 0.0,
        shown: bool = True,
    ) -> InteractionResult:
        """A component interaction with a custom_id of the test's making: any `custom_id` (of
        any length, even empty), `component_type` (2 a button, 3 a string select...) and
        select `values` (any JSON, chosen among the options or not), on an existing message
        (its channel is the interaction's; the user must be able to act there).

        Discord sends component interactions only for components on the message, and
        discord.py hands the bot only those whose custom_id it finds on the message sent
        along. So with `shown` (the default) that message is a copy showing the forged
        component — in place of its first component of that type, or in a new row — as if
        the bot had once drawn it; the stored message does not change. `shown=False` sends
        the message as it is: discord.py then drops an unknown custom_id and nobody answers
        (StandInError after `Limits.answer_timeout`)."""
        return await self.users.forged_component(
            user,
            message,
            custom_id,
            component_type=component_type,
            values=values,
            age=age,
            shown=shown,
        )

    async def send_interaction(
        self,
        user: User,
        channel: Channel,
        kind: int,
        data: dict[str, Any],
        *,
        message: StoredMessage | None = None,
        age: float = 0.0,
    ) -> InteractionResult:
        """The lowest level: an interaction of type `kind` (2 command, 3 component, 4
        autocomplete, 5 modal submit) carrying exactly `data`, with `message` attached;
        the envelope (id, token, channel, member or user, locale) is built as usual."""
        return await self.users.raw(kind, user, channel, data, message, age=age)

    def post(self, user: User, channel: Channel, content: str) -> StoredMessage:
        """The user writes a plain message in the channel."""
        return self.users.post(user, channel, content)

    # Reading what the bot did

    def as_seen(self, message: StoredMessage) -> StoredMessage:
        """A frozen copy of the message as a user sees it now. Clicking a component of the copy
        later sends the interaction with this old message, as a slow client or a double click
        does."""
        return dataclasses.replace(message, payload=copied(message.payload), snapshot=True)

    def messages(self, channel: Channel) -> list[StoredMessage]:
        """The channel's messages everyone sees, oldest first, edits applied."""
        return self.world.messages_in(channel)

    def last_message(self, channel: Channel) -> StoredMessage:
        messages = self.messages(channel)
        if not messages:
            raise StandInError(f"no message in #{channel.name or channel.id}")
        return messages[-1]

    def dms(self, user: User) -> list[StoredMessage]:
        """Messages in the DM channel between the bot and this user, oldest first."""
        return self.world.messages_in(self.world.dm_channel(user))

    def ephemerals(self, user: User) -> list[StoredMessage]:
        """Ephemeral messages shown to this user, oldest first."""
        return [
            m for m in self.world.messages.values() if m.ephemeral_for == user.id and not m.deleted
        ]

    def last_ephemeral(self, user: User) -> StoredMessage:
        shown = self.ephemerals(user)
        if not shown:
            raise StandInError(f"no ephemeral message was shown to {user.name}")
        return shown[-1]

    async def wait_for_message(
        self,
        channel: Channel,
        check: Callable[[StoredMessage], bool] | None = None,
        timeout: float = 5.0,
    ) -> StoredMessage:
        """Waits for a message in the channel (the first one passing `check`, if given)."""

        def found() -> StoredMessage | None:
            return next((m for m in self.messages(channel) if check is None or check(m)), None)

        message: StoredMessage = await self.world.changes.wait_until(
            found, timeout, f"a message in #{channel.name or channel.id}"
        )
        return message

    def synced_commands(self, guild: Guild | None = None) -> list[dict[str, Any]]:
        """The commands of the last sync, global ones or the guild's."""
        return self.commands.listing(None if guild is None else guild.id)

    @property
    def requests(self) -> list[RecordedRequest]:
        """Every REST request the bots made, in order."""
        return self.rest.requests

    @property
    def unhandled_requests(self) -> list[RecordedRequest]:
        """Requests the stand-in does not serve (answered 404)."""
        return self.rest.unhandled

    async def wait_for_request(
        self,
        method: str,
        path_contains: str = "",
        *,
        after: int = 0,
        timeout: float = 5.0,
    ) -> RecordedRequest:
        """Waits until the bot has made (and been answered) a matching request, the first one
        from index `after` of `requests` on."""

        def found() -> RecordedRequest | None:
            return next(
                (
                    r
                    for r in self.rest.requests[after:]
                    if r.method == method and path_contains in r.path and r.status
                ),
                None,
            )

        request: RecordedRequest = await self.world.changes.wait_until(
            found, timeout, f"a {method} request to a path containing {path_contains!r}"
        )
        return request

    # Discord's rate limits (see `Limits.enforce_rate_limits`)

    @property
    def counted_requests(self) -> int:
        """REST requests counted toward the bot's global limit, over all its clients: every
        one but those to interaction endpoints (callbacks, `/webhooks/...`) and those refused by
        the global limit (forced or enforced). Unlike `requests`, never cleared but by
        `reset_request_stats`."""
        return self.rest.meter.counted_requests

    @property
    def counted_requests_per_s_max(self) -> int:
        """The most counted requests that arrived within any one second (stand-in clock)."""
        return self.rest.meter.counted_requests_per_s_max

    @property
    def rate_limited(self) -> dict[str, int]:
        """429s answered (enforced or forced), by scope: "global", "user" and "shared"."""
        return dict(self.rest.meter.rate_limited)

    @property
    def invalid_requests(self) -> InvalidRequests:
        """Answers Discord counts as invalid (401, 403, and 429 but of scope "shared"): in the
        last 10 minutes of the stand-in's clock (Discord bans an IP past 10,000) and in all."""
        return self.rest.meter.invalid_requests(self.world.clock.now())

    def request_stats(self) -> dict[str, Any]:
        """The counters above as JSON: `counted_requests`, `counted_requests_per_s_max`,
        `rate_limited` {"global", "user", "shared"}, `invalid_requests` {"last_10_minutes",
        "total"}."""
        return self.rest.meter.stats(self.world.clock.now())

    def reset_request_stats(self) -> None:
        """Sets the counters to zero, e.g. between phases of a bench; the limits themselves
        (windows, buckets) go on."""
        self.rest.meter.reset()

    def sent_text(self) -> str:
        """All request bodies the bots sent, as JSON text, to scan for leaked values."""
        return "\n".join(r.text() for r in self.rest.requests)
