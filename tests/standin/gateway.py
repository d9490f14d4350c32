"""The gateway websocket: HELLO, IDENTIFY, READY, GUILD_CREATE, heartbeats and dispatches."""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
from collections.abc import Callable
from typing import Any

from aiohttp import WSMsgType, web

from .errors import StandInError
from .world import World

DISPATCH, HEARTBEAT, IDENTIFY, PRESENCE, VOICE, RESUME = 0, 1, 2, 3, 4, 6
RECONNECT, REQUEST_MEMBERS, INVALID_SESSION, HELLO, HEARTBEAT_ACK = 7, 8, 9, 10, 11
HEARTBEAT_INTERVAL_MS = 41_250

GUILDS, GUILD_MEMBERS, GUILD_MESSAGES, DIRECT_MESSAGES, MESSAGE_CONTENT = (
    1 << 0,
    1 << 1,
    1 << 9,
    1 << 12,
    1 << 15,
)
GUILD_EVENTS = ("GUILD_", "CHANNEL_", "THREAD_")
MEMBER_EVENTS = ("GUILD_MEMBER_ADD", "GUILD_MEMBER_UPDATE", "GUILD_MEMBER_REMOVE")


def required_intent(event: str, data: dict[str, Any]) -> int:
    """The intent a client needs to receive this event (0: every client gets it)."""
    if event.startswith("MESSAGE_"):
        return GUILD_MESSAGES if "guild_id" in data else DIRECT_MESSAGES
    if event in MEMBER_EVENTS:
        return GUILD_MEMBERS
    if event.startswith(GUILD_EVENTS):
        return GUILDS
    return 0


class GatewaySession:
    """One client's websocket connection."""

    def __init__(self, ws: web.WebSocketResponse) -> None:
        self.ws = ws
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.sequence = 0
        self.session_id: str | None = None
        self.intents = 0
        self.identify: dict[str, Any] | None = None
        self.closed = False
        self.received: list[dict[str, Any]] = []

    @property
    def identified(self) -> bool:
        return self.session_id is not None and not self.closed

    def send(self, op: int, data: Any, event: str | None = None) -> None:
        frame: dict[str, Any] = {"op": op, "d": data, "s": None, "t": event}
        if op == DISPATCH:
            self.sequence += 1
            frame["s"] = self.sequence
        self.queue.put_nowait(json.dumps(frame))

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


class Gateway:
    """Accepts clients on the websocket and fans world events out to the identified ones."""

    def __init__(self, world: World, token: str, url: Callable[[], str]) -> None:
        self.world = world
        self.token = token
        self.url = url
        self.sessions: list[GatewaySession] = []
        self.session_ids: set[str] = set()
        self.identified = asyncio.Event()

    @property
    def current(self) -> GatewaySession:
        for session in reversed(self.sessions):
            if session.identified:
                return session
        raise StandInError("no bot client is connected to the stand-in's gateway")

    def dispatch(self, event: str, data: dict[str, Any]) -> None:
        needed = required_intent(event, data)
        for session in self.sessions:
            if session.identified and (needed == 0 or session.intents & needed):
                session.dispatch(event, self._visible(session, event, data))

    def _visible(self, session: GatewaySession, event: str, data: dict[str, Any]) -> dict[str, Any]:
        """Without the message content intent, others' guild messages arrive without content."""
        if event not in ("MESSAGE_CREATE", "MESSAGE_UPDATE") or session.intents & MESSAGE_CONTENT:
            return data
        author = int(data.get("author", {}).get("id", 0))
        mentioned = any(int(m["id"]) == self.world.bot_user.id for m in data.get("mentions", []))
        if "guild_id" not in data or author == self.world.bot_user.id or mentioned:
            return data
        return {**data, "content": "", "embeds": [], "attachments": [], "components": []}

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        session = GatewaySession(ws)
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
            session.closed = True
            session.queue.put_nowait(None)
            await writer
        return ws

    async def _on_frame(self, session: GatewaySession, frame: dict[str, Any]) -> None:
        op, data = frame.get("op"), frame.get("d")
        if op == HEARTBEAT:
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
        session.identify = data
        session.intents = int(data.get("intents", 0))
        session.session_id = secrets.token_hex(16)
        self.session_ids.add(session.session_id)
        bot = self.world.bot_user
        guilds = [g for g in self.world.guilds.values() if bot.id in g.members]
        session.dispatch(
            "READY",
            {
                "v": 10,
                "user": {**bot.payload(), "verified": True, "mfa_enabled": False, "email": None},
                "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
                "session_id": session.session_id,
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
            },
        )
        if session.intents & GUILDS:
            for guild in guilds:
                session.dispatch("GUILD_CREATE", guild.payload())
        self.identified.set()

    def _resume(self, session: GatewaySession, data: dict[str, Any]) -> None:
        session_id = data.get("session_id")
        if data.get("token") != self.token or session_id not in self.session_ids:
            session.send(INVALID_SESSION, False)
            return
        previous = next((s for s in self.sessions if s.session_id == session_id), None)
        session.session_id = str(session_id)
        if previous is not None and previous is not session:
            session.intents = previous.intents
            session.sequence = max(previous.sequence, int(data.get("seq") or 0))
        session.dispatch("RESUMED", {"_trace": []})

    def _members_chunk(self, session: GatewaySession, data: dict[str, Any]) -> None:
        guild = self.world.guilds.get(int(data.get("guild_id", 0)))
        if guild is None:
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

    async def close_all(self) -> None:
        for session in list(self.sessions):
            if not session.ws.closed:
                with contextlib.suppress(ConnectionResetError, RuntimeError):
                    await session.ws.close(code=1001, message=b"Stand-in is shutting down")
