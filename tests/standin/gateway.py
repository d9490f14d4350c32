"""The gateway websocket: HELLO, IDENTIFY, READY, GUILD_CREATE, heartbeats and dispatches, and
the faults Discord's gateway has: dropped connections, RECONNECT, INVALID_SESSION and RESUME
with the missed events replayed."""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
from collections import deque
from collections.abc import Callable
from typing import Any, Literal

from aiohttp import WSMsgType, web

from .errors import StandInError
from .limits import Limits
from .world import World

DISPATCH, HEARTBEAT, IDENTIFY, PRESENCE, VOICE, RESUME = 0, 1, 2, 3, 4, 6
RECONNECT, REQUEST_MEMBERS, INVALID_SESSION, HELLO, HEARTBEAT_ACK = 7, 8, 9, 10, 11
HEARTBEAT_INTERVAL_MS = 41_250
RESUME_BUFFER = 5_000
"""Events a session keeps for a resume; a client further behind is told to identify anew."""
CLEAN_CLOSE_CODES = (1000, 1001)
"""A client closing with these ends its session: Discord no longer lets it resume."""

GUILDS, GUILD_MEMBERS, GUILD_MESSAGES, DIRECT_MESSAGES, MESSAGE_CONTENT = (
    1 << 0,
    1 << 1,
    1 << 9,
    1 << 12,
    1 << 15,
)
GUILD_EVENTS = ("GUILD_", "CHANNEL_", "THREAD_")
MEMBER_EVENTS = ("GUILD_MEMBER_ADD", "GUILD_MEMBER_UPDATE", "GUILD_MEMBER_REMOVE")

INVALID_SHARD, SHARDING_REQUIRED = 4010, 4011
GUILD_ID_IS_ID = ("GUILD_CREATE", "GUILD_UPDATE", "GUILD_DELETE")
"""Events whose `id` is the guild's (the others name it `guild_id`)."""

Shard = tuple[int, int]
"""(shard_id, shard_count), as IDENTIFY and READY carry it."""
UNSHARDED: Shard = (0, 1)

Fault = Literal["drop", "close", "reconnect", "invalidate", "invalidate_resumable"]
FAULTS: tuple[Fault, ...] = ("drop", "close", "reconnect", "invalidate", "invalidate_resumable")


def required_intent(event: str, data: dict[str, Any]) -> int:
    """The intent a client needs to receive this event (0: every client gets it)."""
    if event.startswith("MESSAGE_"):
        return GUILD_MESSAGES if "guild_id" in data else DIRECT_MESSAGES
    if event in MEMBER_EVENTS:
        return GUILD_MEMBERS
    if event.startswith(GUILD_EVENTS):
        return GUILDS
    return 0


def thread_members_visible(intents: int, event: str, data: dict[str, Any], bot_id: int) -> bool:
    """THREAD_MEMBERS_UPDATE reaches a client without the GUILD_MEMBERS intent only when the
    bot itself was added or removed (Gateway events, Thread Members Update: "If the current
    user does not have the GUILD_MEMBERS Gateway Intent, then this event will only be sent
    if the current user was added to or removed from the thread")."""
    if event != "THREAD_MEMBERS_UPDATE" or intents & GUILD_MEMBERS:
        return True
    added = {str(m.get("user_id")) for m in data.get("added_members", [])}
    removed = set(data.get("removed_member_ids", []))
    return str(bot_id) in added | removed


def shard_of(guild_id: int | None, shard_count: int) -> int:
    """Discord's shard for a guild: `(guild_id >> 22) % shard_count`; DMs (None) are shard 0's."""
    return 0 if guild_id is None else (guild_id >> 22) % shard_count


def event_guild(event: str, data: dict[str, Any]) -> int | None:
    """The guild an event is about, None for a DM or an event of no guild."""
    guild_id = data.get("id") if event in GUILD_ID_IS_ID else data.get("guild_id")
    return None if guild_id is None else int(guild_id)


def identified_shard(identify: dict[str, Any]) -> Shard | None:
    """The shard an IDENTIFY asks for ([0, 1] when it names none), None when Discord refuses
    it: not two integers, or not 0 <= shard_id < shard_count."""
    shard = identify.get("shard", list(UNSHARDED))
    if not isinstance(shard, list) or len(shard) != 2:
        return None
    if not all(isinstance(n, int) and not isinstance(n, bool) for n in shard):
        return None
    shard_id, count = shard
    return (shard_id, count) if 0 <= shard_id < count else None


class ResumableSession:
    """A gateway session as Discord keeps it across connections: its id, intents and sequence,
    and the events dispatched in it, kept until the client acknowledges them (its heartbeat
    names the last sequence it received) so that a client resuming after a lost connection
    gets every one it missed. Events dispatched while no connection is attached are kept the
    same way, interactions included."""

    def __init__(
        self, session_id: str, identify: dict[str, Any], intents: int, shard: Shard = UNSHARDED
    ) -> None:
        self.session_id = session_id
        self.identify = identify
        self.intents = intents
        self.shard = shard
        """The shard identified for; a resume keeps it."""
        self.sequence = 0
        self.frames: deque[tuple[int, str]] = deque(maxlen=RESUME_BUFFER)
        self.connection: GatewaySession | None = None
        self.invalidated = False
        """True once the session can no longer be resumed (clean close, INVALID_SESSION)."""
        self.resumes = 0
        """How many times a client resumed this session."""
        self.replayed: list[int] = []
        """The sequence numbers replayed on each resume, in order."""

    def __repr__(self) -> str:
        state = "invalidated" if self.invalidated else "connected" if self.connected else "waiting"
        shard = f" shard={list(self.shard)}" if self.shard != UNSHARDED else ""
        return f"<ResumableSession {self.session_id[:8]}{shard} seq={self.sequence} {state}>"

    @property
    def connected(self) -> bool:
        return self.connection is not None and not self.connection.closed

    def serves(self, guild_id: int | None) -> bool:
        """Whether events about this guild (None: DMs) belong to this session's shard."""
        shard_id, count = self.shard
        return shard_of(guild_id, count) == shard_id

    def dispatch(self, event: str, data: dict[str, Any]) -> int:
        """Numbers the event, keeps it for a resume and sends it if a connection is attached."""
        self.sequence += 1
        frame = json.dumps({"op": DISPATCH, "d": data, "s": self.sequence, "t": event})
        self.frames.append((self.sequence, frame))
        if self.connection is not None and not self.connection.closed:
            self.connection.queue.put_nowait(frame)
        return self.sequence

    def acknowledge(self, sequence: int) -> None:
        """The client has received every event up to `sequence`: no need to keep them."""
        while self.frames and self.frames[0][0] <= sequence:
            self.frames.popleft()

    def missed(self, sequence: int) -> list[tuple[int, str]] | None:
        """The events after `sequence`, or None when they are no longer all kept."""
        if sequence > self.sequence or sequence < 0:
            return None
        if sequence < self.sequence and (not self.frames or self.frames[0][0] > sequence + 1):
            return None
        return [(s, frame) for s, frame in self.frames if s > sequence]


class GatewaySession:
    """One client's websocket connection; a client that resumes does so on a new one."""

    def __init__(self, ws: web.WebSocketResponse, request: web.Request | None = None) -> None:
        self.ws = ws
        self.request = request
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.state: ResumableSession | None = None
        """The Discord session this connection serves, once it identified or resumed."""
        self.closed = False
        self.received: list[dict[str, Any]] = []
        self.resumed = False
        """True when this connection resumed a session rather than identifying."""
        self.dropped = False
        """True when the stand-in cut or closed this connection (a fault, not the client)."""

    @property
    def session_id(self) -> str | None:
        return None if self.state is None else self.state.session_id

    @property
    def intents(self) -> int:
        return 0 if self.state is None else self.state.intents

    @property
    def identify(self) -> dict[str, Any] | None:
        return None if self.state is None else self.state.identify

    @property
    def sequence(self) -> int:
        return 0 if self.state is None else self.state.sequence

    @property
    def shard(self) -> Shard | None:
        return None if self.state is None else self.state.shard

    @property
    def identified(self) -> bool:
        return self.state is not None and not self.closed and not self.state.invalidated

    def send(self, op: int, data: Any, event: str | None = None) -> None:
        if op == DISPATCH:
            if self.state is None:
                raise StandInError("a dispatch needs an identified session")
            self.state.dispatch(event or "", data)
            return
        self.queue.put_nowait(json.dumps({"op": op, "d": data, "s": None, "t": event}))

    def dispatch(self, event: str, data: dict[str, Any]) -> None:
        self.send(DISPATCH, data, event)

    async def write_frames(self) -> None:
        while (frame := await self.queue.get()) is not None:
            if self.ws.closed:
                break
            try:
                await self.ws.send_str(frame)
            except (ConnectionResetError, RuntimeError):
                break

    @property
    def flushed(self) -> bool:
        """Every frame queued for this connection has been written."""
        return self.queue.empty()


class Gateway:
    """Accepts clients on the websocket and fans world events out to their sessions.

    Each session serves one shard: it is given only that shard's guilds, and an event about a
    guild reaches only the sessions of the guild's shard (DM events: shard 0's). Each
    session's own shard count decides, so clients of different counts can run side by side,
    as while a bot reshards. Several sessions of one shard each receive every event of the
    shard; an interaction goes to the newest of them only."""

    def __init__(
        self, world: World, token: str, url: Callable[[], str], limits: Limits | None = None
    ) -> None:
        self.world = world
        self.token = token
        self.url = url
        self.limits = limits or Limits()
        self.sessions: list[GatewaySession] = []
        """Every connection, oldest first."""
        self.session_ids: set[str] = set()
        self.resumables: dict[str, ResumableSession] = {}
        """Every session identified, oldest first, by session id."""
        self.identified = asyncio.Event()
        self.accepting = asyncio.Event()
        """Cleared while the gateway is down: a client's connection attempt waits."""
        self.accepting.set()

    @property
    def current(self) -> GatewaySession:
        """The newest connection that is identified and open."""
        for session in reversed(self.sessions):
            if session.identified:
                return session
        raise StandInError("no bot client is connected to the stand-in's gateway")

    @property
    def latest(self) -> ResumableSession:
        """The newest session that has not ended, connected or waiting for its client to
        resume."""
        for state in reversed(self.resumables.values()):
            if not state.invalidated:
                return state
        raise StandInError("no bot client is connected to the stand-in's gateway")

    def serving(self, guild_id: int | None, what: str = "an interaction") -> ResumableSession:
        """The newest session that has not ended and serves the shard of this guild (None: a
        DM, shard 0): where an interaction there goes. With none, Discord delivers it to
        nobody and the user sees "This interaction failed" after 3 s: StandInError at once."""
        live = [s for s in self.resumables.values() if not s.invalidated]
        for state in reversed(live):
            if state.serves(guild_id):
                return state
        if not live:
            raise StandInError("no bot client is connected to the stand-in's gateway")
        place = "a DM" if guild_id is None else f"guild {guild_id}"
        counts = sorted({s.shard[1] for s in live})
        owners = ", ".join(f"shard {shard_of(guild_id, n)} of {n}" for n in counts)
        served = [list(s.shard) for s in live]
        raise StandInError(
            f"{what} in {place} is delivered to no bot client: it belongs to {owners}, and "
            f"the clients connected serve shards {served}; on Discord the user would see "
            '"This interaction failed" after 3 s'
        )

    def shards(self) -> list[Shard]:
        """The (shard_id, shard_count) of every open identified connection, oldest first."""
        return [s.state.shard for s in self.sessions if s.identified and s.state is not None]

    def dispatch(self, event: str, data: dict[str, Any]) -> None:
        needed = required_intent(event, data)
        guild_id = event_guild(event, data)
        for state in list(self.resumables.values()):
            if (
                not state.invalidated
                and (needed == 0 or state.intents & needed)
                and state.serves(guild_id)
                and thread_members_visible(state.intents, event, data, self.world.bot_user.id)
            ):
                state.dispatch(event, self._visible(state.intents, event, data))

    def _visible(self, intents: int, event: str, data: dict[str, Any]) -> dict[str, Any]:
        """Without the message content intent, others' guild messages arrive without content."""
        if event not in ("MESSAGE_CREATE", "MESSAGE_UPDATE") or intents & MESSAGE_CONTENT:
            return data
        author = int(data.get("author", {}).get("id", 0))
        mentioned = any(int(m["id"]) == self.world.bot_user.id for m in data.get("mentions", []))
        if "guild_id" not in data or author == self.world.bot_user.id or mentioned:
            return data
        return {**data, "content": "", "embeds": [], "attachments": [], "components": []}

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        await self.accepting.wait()
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        session = GatewaySession(ws, request)
        self.sessions.append(session)
        writer = asyncio.create_task(session.write_frames())
        session.send(HELLO, {"heartbeat_interval": HEARTBEAT_INTERVAL_MS, "_trace": []})
        try:
            async for msg in ws:
                if msg.type is WSMsgType.TEXT:
                    frame = json.loads(msg.data)
                    session.received.append(frame)
                    await self._on_frame(session, frame)
                elif msg.type is WSMsgType.BINARY:
                    await ws.close(code=4002, message=b"Decode error")
        finally:
            self._closed(session)
            session.queue.put_nowait(None)
            await writer
        return ws

    def _closed(self, session: GatewaySession) -> None:
        session.closed = True
        state = session.state
        if state is not None and state.connection is session:
            state.connection = None
            if not session.dropped and session.ws.close_code in CLEAN_CLOSE_CODES:
                state.invalidated = True
        self.world.changes.notify()

    async def _on_frame(self, session: GatewaySession, frame: dict[str, Any]) -> None:
        op, data = frame.get("op"), frame.get("d")
        if op == HEARTBEAT:
            if session.state is not None and isinstance(data, int):
                session.state.acknowledge(data)
            session.send(HEARTBEAT_ACK, None)
        elif op == IDENTIFY:
            await self._identify(session, data or {})
        elif op == RESUME:
            self._resume(session, data or {})
        elif op == REQUEST_MEMBERS:
            self._members_chunk(session, data or {})
        elif op not in (PRESENCE, VOICE):
            await session.ws.close(code=4001, message=b"Unknown opcode")

    async def _identify(self, session: GatewaySession, data: dict[str, Any]) -> None:
        if data.get("token") != self.token:
            await session.ws.close(code=4004, message=b"Authentication failed.")
            return
        if session.state is not None:
            session.dropped = True
            await session.ws.close(code=4005, message=b"Already authenticated.")
            return
        shard = identified_shard(data)
        if shard is None:
            await session.ws.close(code=INVALID_SHARD, message=b"Invalid shard.")
            return
        bot = self.world.bot_user
        guilds = [
            g
            for g in self.world.guilds.values()
            if bot.id in g.members and shard_of(g.id, shard[1]) == shard[0]
        ]
        if len(guilds) > self.limits.guilds_per_shard:
            await session.ws.close(code=SHARDING_REQUIRED, message=b"Sharding required.")
            return
        state = ResumableSession(secrets.token_hex(16), data, int(data.get("intents", 0)), shard)
        state.connection = session
        session.state = state
        self.resumables[state.session_id] = state
        self.session_ids.add(state.session_id)
        ready: dict[str, Any] = {"shard": list(shard)} if "shard" in data else {}
        session.dispatch(
            "READY",
            {
                "v": 10,
                "user": {**bot.payload(), "verified": True, "mfa_enabled": False, "email": None},
                "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
                "session_id": state.session_id,
                "resume_gateway_url": self.url(),
                "session_type": "normal",
                "private_channels": [],
                "relationships": [],
                "presences": [],
                "user_settings": {},
                "auth": {},
                "guild_join_requests": [],
                "geo_ordered_rtc_regions": [],
                "current_location": ["bot"],
                "_trace": [],
                "application": {"id": str(self.world.application_id), "flags": 0},
                **ready,
            },
        )
        if state.intents & GUILDS:
            for guild in guilds:
                session.dispatch("GUILD_CREATE", guild.payload())
        self.identified.set()
        self.world.changes.notify()

    def _resume(self, session: GatewaySession, data: dict[str, Any]) -> None:
        """Discord's RESUME: the events the client missed since its last sequence number are
        sent again, in order, then RESUMED; what follows is new."""
        state = self.resumables.get(str(data.get("session_id")))
        if data.get("token") != self.token or state is None or state.invalidated:
            session.send(INVALID_SESSION, False)
            return
        seq = data.get("seq")
        missed = state.missed(seq if isinstance(seq, int) else 0)
        if missed is None:
            state.invalidated = True
            session.send(INVALID_SESSION, False)
            return
        previous = state.connection
        if previous is not None and previous is not session and not previous.closed:
            previous.dropped = True
            asyncio.get_running_loop().create_task(_close(previous, 4009))
        state.connection = session
        session.state = state
        session.resumed = True
        for _, frame in missed:
            session.queue.put_nowait(frame)
        state.replayed.append(len(missed))
        state.resumes += 1
        state.dispatch("RESUMED", {"_trace": []})
        self.world.changes.notify()

    def _members_chunk(self, session: GatewaySession, data: dict[str, Any]) -> None:
        guild = self.world.guilds.get(int(data.get("guild_id", 0)))
        if guild is None or session.state is None or not session.state.serves(guild.id):
            return
        members = [m.payload() for m in guild.members.values()]
        wanted = data.get("user_ids")
        if wanted:
            ids = {str(i) for i in (wanted if isinstance(wanted, list) else [wanted])}
            members = [m for m in members if m["user"]["id"] in ids]
        query = str(data.get("query") or "").lower()
        if query:
            members = [m for m in members if m["user"]["username"].lower().startswith(query)]
        chunk: dict[str, Any] = {
            "guild_id": str(guild.id),
            "members": members,
            "chunk_index": 0,
            "chunk_count": 1,
            "not_found": [],
        }
        if data.get("nonce") is not None:
            chunk["nonce"] = data["nonce"]
        session.dispatch("GUILD_MEMBERS_CHUNK", chunk)

    # Faults

    async def fault(
        self, how: Fault = "drop", *, code: int = 4000, timeout: float = 10.0
    ) -> ResumableSession:
        """Does to the newest connection what Discord's gateway sometimes does and waits until
        that connection is closed; returns its session. See `DiscordStandIn.drop_gateway`."""
        if how not in FAULTS:
            raise StandInError(f"unknown gateway fault {how!r}; one of {FAULTS}")
        session = self.current
        state = session.state
        assert state is not None
        if how == "drop":
            session.dropped = True
            transport = session.request.transport if session.request is not None else None
            if transport is not None:
                transport.abort()
            else:
                await _close(session, 1011)
        elif how == "close":
            session.dropped = True
            await _close(session, code)
        elif how == "reconnect":
            session.send(RECONNECT, None)
        elif how == "invalidate":
            state.invalidated = True
            session.send(INVALID_SESSION, False)
        else:
            session.send(INVALID_SESSION, True)
        await self.world.changes.wait_until(
            lambda: session.closed, timeout, "the broken connection to close"
        )
        return state

    async def back(self, state: ResumableSession, resumes: int, timeout: float) -> None:
        """Waits until `state` has been resumed more than `resumes` times, or (if it ended) a
        newer session is identified, and everything sent on the new connection is written."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            connection = self._back(state, resumes)
            if connection is not None and connection.flushed:
                return
            if loop.time() > deadline:
                raise StandInError(
                    f"the client did not resume or identify again within {timeout:g} s"
                )
            await asyncio.sleep(0.002)

    def _back(self, state: ResumableSession, resumes: int) -> GatewaySession | None:
        if not state.invalidated:
            return state.connection if state.resumes > resumes and state.connected else None
        states = list(self.resumables.values())
        newer = states[states.index(state) + 1 :]
        return next((s.connection for s in newer if s.connected), None)

    def end(self, session_id: str | None) -> None:
        """The client of this session is gone for good (stopped by the test): the session is
        no longer resumable and nothing is kept for it."""
        state = self.resumables.get(str(session_id))
        if state is not None:
            state.invalidated = True
            state.frames.clear()

    async def close_all(self) -> None:
        self.accepting.set()
        for session in list(self.sessions):
            if not session.ws.closed:
                with contextlib.suppress(ConnectionResetError, RuntimeError):
                    await session.ws.close(code=1001, message=b"Stand-in is shutting down")


async def _close(session: GatewaySession, code: int) -> None:
    with contextlib.suppress(ConnectionResetError, RuntimeError):
        await session.ws.close(code=code, message=b"Stand-in fault")
