"""The REST API under /api/v10 (plus the CDN), with a record of every request the bot made."""

from __future__ import annotations

import asyncio
import base64
import json
import math
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import hdrs, web

from . import avatars, multipart, threads
from .commands import CommandRegistry
from .errors import MISSING_PERMISSIONS, ApiError, FieldErrors, StandInError, unknown
from .gateway import Gateway
from .interactions import InteractionLog
from .limits import COMPONENTS_V2, SUPPRESS_EMBEDS, SUPPRESS_NOTIFICATIONS, Limits
from .messages import MANAGE_MESSAGES, check_body, check_channel_send, check_editable
from .ratelimits import RateMeter, Route, route_of
from .world import DM_CHANNEL, PUBLIC_THREAD, Channel, StoredMessage, User, World

NONCE_LIMIT = 25
"""Discord's longest message nonce."""
SESSION_START_RESET_MS = 14_400_000
"""Milliseconds until the day's session starts are counted afresh, as `GET /gateway/bot`
answers (a constant here: the stand-in never resets them)."""

API_PREFIX = "/api/v10"
CREATE_FLAGS = SUPPRESS_EMBEDS | SUPPRESS_NOTIFICATIONS | COMPONENTS_V2
PIXEL_PNG = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="
)
JSON_BODY = web.RequestKey("json_body", object)
JSON_TEXT = web.RequestKey("json_text", bytes)
"""The body's JSON as sent, parsed again for a copy the handler may change."""
UPLOADS = web.RequestKey("uploads", dict)
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def json_response(
    data: Any, status: int = 200, headers: dict[str, str] | None = None
) -> web.Response:
    """JSON with `Content-Type: application/json` exactly: discord.py parses nothing else."""
    return web.Response(
        body=json.dumps(data).encode(),
        status=status,
        headers={"Content-Type": "application/json", **(headers or {})},
    )


def no_content() -> web.Response:
    return web.Response(status=204)


@dataclass
class RecordedRequest:
    """One request the bot sent: method, path under /api/v10, query, JSON body, answer status."""

    method: str
    path: str
    query: dict[str, str]
    json: Any
    files: dict[str, bytes] = field(default_factory=dict)
    status: int = 0
    at: float = 0.0
    """When it arrived, on the stand-in's clock (`World.clock.now()`, seconds)."""

    def text(self) -> str:
        """The body as JSON text, to scan for values that must not leak."""
        return json.dumps(self.json, ensure_ascii=False) if self.json is not None else ""


def _matches(want_method: str | None, path_contains: str | None, method: str, path: str) -> bool:
    return (want_method is None or want_method.upper() == method) and (
        path_contains is None or path_contains in path
    )


@dataclass
class ForcedRateLimit:
    """A 429 the stand-in will answer to the next matching requests: a route's own limit
    (scope "user" or "shared", with its bucket), or the bot's global one."""

    retry_after: float
    times: int
    method: str | None = None
    path_contains: str | None = None
    global_: bool = False
    scope: str = "user"
    bucket: str = "5e1f0c2a9b8d7e6f"

    def matches(self, method: str, path: str) -> bool:
        return _matches(self.method, self.path_contains, method, path)

    def body(self) -> dict[str, Any]:
        message = "You are being rate limited."
        return {
            "message": message,
            "retry_after": self.retry_after,
            "global": self.global_,
            "code": 0,
        }

    def headers(self, now: float) -> dict[str, str]:
        """Discord's headers on a 429; discord.py retries only when `Via` is present (a 429
        without it comes from Cloudflare)."""
        headers = {"Via": "1.1 google", "Retry-After": str(math.ceil(self.retry_after))}
        if self.global_:
            return {**headers, "X-RateLimit-Global": "true", "X-RateLimit-Scope": "global"}
        return {
            **headers,
            "X-RateLimit-Limit": "5",
            "X-RateLimit-Remaining": "0",
            "X-RateLimit-Reset": f"{now + self.retry_after:.3f}",
            "X-RateLimit-Reset-After": f"{self.retry_after:.3f}",
            "X-RateLimit-Bucket": self.bucket,
            "X-RateLimit-Scope": self.scope,
        }


@dataclass
class ForcedFailure:
    """An error (a 5xx by default) the stand-in will answer to the next matching requests."""

    status: int
    times: int
    method: str | None = None
    path_contains: str | None = None
    code: int = 0
    message: str = "500: Internal Server Error"


class Hold:
    """The first request matching `method` and `path_contains` from now on, kept unanswered
    (and unhandled: the world does not change) until `release()`.

    A held request stays held when its client goes away; releasing it then still handles it, as
    Discord does with a request it has received from a client that died waiting for the answer.
    Closing the stand-in drops a held request without handling it."""

    def __init__(
        self, changes_notify: Callable[[], None], method: str | None, path_contains: str | None
    ) -> None:
        self.method = method
        self.path_contains = path_contains
        self.request: RecordedRequest | None = None
        """The held request, once one has arrived."""
        self.released = False
        self.dropped = False
        self._notify = changes_notify
        self._arrived = asyncio.Event()
        self._go = asyncio.Event()

    def __repr__(self) -> str:
        state = "released" if self.released else "dropped" if self.dropped else "holding"
        target = f"{self.method or '*'} *{self.path_contains or ''}*"
        return f"<Hold {target} {state} request={self.request}>"

    async def reached(self, timeout: float = 5.0) -> RecordedRequest:
        """Waits until a matching request has arrived and is held; returns it (body included)."""
        try:
            await asyncio.wait_for(self._arrived.wait(), timeout)
        except TimeoutError:
            target = f"{self.method or 'any'} request to a path containing {self.path_contains!r}"
            raise StandInError(f"timed out after {timeout:g} s waiting for a {target}") from None
        assert self.request is not None
        return self.request

    def release(self) -> None:
        """Lets the held request through, to be handled as usual. Released before a matching
        request has arrived, the hold lets that request through at once."""
        self.released = True
        self._go.set()

    def _drop(self) -> None:
        if not self.released:
            self.dropped = True
            self._go.set()

    def _takes(self, record: RecordedRequest) -> bool:
        if self.request is not None or not _matches(
            self.method, self.path_contains, record.method, record.path
        ):
            return False
        self.request = record
        self._arrived.set()
        self._notify()
        return True

    async def _wait(self) -> bool:
        """Waits for release (True) or for the stand-in to close (False)."""
        await self._go.wait()
        return not self.dropped


class Rest:
    """The REST handlers; the state lives in the world, the command registry and the log."""

    def __init__(
        self,
        world: World,
        commands: CommandRegistry,
        log: InteractionLog,
        gateway: Gateway,
        limits: Limits,
        token: str,
        base_url: Callable[[], str],
    ) -> None:
        self.world = world
        self.commands = commands
        self.log = log
        self.gateway = gateway
        self.limits = limits
        self.token = token
        self.base_url = base_url
        self.requests: list[RecordedRequest] = []
        self.unhandled: list[RecordedRequest] = []
        self.rate_limits: list[ForcedRateLimit] = []
        self.failures: list[ForcedFailure] = []
        self.holds: list[Hold] = []
        self.files: dict[str, bytes] = {}
        self.meter = RateMeter(limits)
        self.avatars = avatars.AvatarCdn(world)

    def build_app(self) -> web.Application:
        app = web.Application(middlewares=[self._middleware], client_max_size=64 * 1024 * 1024)
        api = API_PREFIX
        r = app.router
        r.add_get("/gateway", self.gateway.handle)
        r.add_get(f"{api}/gateway", self.get_gateway)
        r.add_get(f"{api}/gateway/bot", self.get_gateway_bot)
        r.add_get(f"{api}/users/@me", self.get_me)
        r.add_post(f"{api}/users/@me/channels", self.create_dm)
        r.add_get(f"{api}/users/{{user_id:\\d+}}", self.get_user)
        r.add_get(f"{api}/oauth2/applications/@me", self.get_application)
        r.add_get(f"{api}/applications/@me", self.get_application)
        for base in (
            f"{api}/applications/{{app_id}}/commands",
            f"{api}/applications/{{app_id}}/guilds/{{guild_id}}/commands",
        ):
            r.add_get(base, self.list_commands)
            r.add_put(base, self.put_commands)
            r.add_post(base, self.post_command)
            r.add_delete(base + "/{command_id}", self.delete_command)
        r.add_get(f"{api}/channels/{{channel_id}}", self.get_channel)
        r.add_get(f"{api}/channels/{{channel_id}}/messages", self.list_messages)
        r.add_post(f"{api}/channels/{{channel_id}}/messages", self.create_message)
        message = f"{api}/channels/{{channel_id}}/messages/{{message_id}}"
        r.add_get(message, self.get_message)
        r.add_patch(message, self.edit_message)
        r.add_delete(message, self.delete_message)
        r.add_put(message + "/reactions/{emoji}/@me", self.react)
        r.add_delete(message + "/reactions/{emoji}/@me", self.react)
        r.add_post(f"{api}/channels/{{channel_id}}/typing", self.typing)
        r.add_patch(f"{api}/channels/{{channel_id}}", self.modify_thread)
        r.add_delete(f"{api}/channels/{{channel_id}}", self.delete_thread)
        r.add_post(message + "/threads", self.start_thread_from_message)
        r.add_post(f"{api}/channels/{{channel_id}}/threads", self.start_thread)
        r.add_get(
            f"{api}/channels/{{channel_id}}/threads/archived/public", self.archived_public_threads
        )
        members = f"{api}/channels/{{channel_id}}/thread-members"
        r.add_get(members, self.list_thread_members)
        r.add_get(members + "/{user_id}", self.get_thread_member)
        r.add_put(members + "/{user_id}", self.add_thread_member)
        r.add_delete(members + "/{user_id}", self.remove_thread_member)
        r.add_get(f"{api}/guilds/{{guild_id}}", self.get_guild)
        r.add_get(f"{api}/guilds/{{guild_id}}/channels", self.get_guild_channels)
        r.add_get(f"{api}/guilds/{{guild_id}}/roles", self.get_guild_roles)
        r.add_get(f"{api}/guilds/{{guild_id}}/members/{{user_id}}", self.get_member)
        r.add_post(f"{api}/interactions/{{interaction_id}}/{{token}}/callback", self.callback)
        r.add_post(f"{api}/webhooks/{{app_id}}/{{token}}", self.followup)
        webhook_message = f"{api}/webhooks/{{app_id}}/{{token}}/messages/{{ref}}"
        r.add_get(webhook_message, self.get_webhook_message)
        r.add_patch(webhook_message, self.edit_webhook_message)
        r.add_delete(webhook_message, self.delete_webhook_message)
        self.avatars.add_routes(r, "/cdn")
        r.add_get("/cdn/{tail:.*}", self.cdn)
        r.add_route("*", "/{tail:.*}", self.not_served)
        return app

    @web.middleware
    async def _middleware(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        if request.path == "/gateway" or request.path.startswith("/cdn/"):
            return await handler(request)
        record = RecordedRequest(
            request.method,
            request.path.removeprefix(API_PREFIX),
            dict(request.query),
            None,
            at=self.world.clock.now(),
        )
        self.requests.append(record)
        limited, bucket_headers = self._rate_limit(request, record)
        response = await self._answer(request, handler, record, limited)
        if response.status != 429:
            response.headers.update(bucket_headers)
        record.status = response.status
        self.meter.answered(record.at, response.status, response.headers.get("X-RateLimit-Scope"))
        self.world.changes.notify()
        return response

    async def _answer(
        self,
        request: web.Request,
        handler: Handler,
        record: RecordedRequest,
        limited: web.Response | None,
    ) -> web.StreamResponse:
        """The answer to a request: the 429 it was given on arrival, if any, else what a hold,
        a forced failure or its handler makes of it."""
        try:
            await self._read_body(request, record)
        except ApiError as error:
            return limited or json_response(error.to_json(), error.status)
        if limited is not None:
            return limited
        hold = next((h for h in self.holds if h._takes(record)), None)
        if hold is not None and not await hold._wait():
            return json_response(
                {"message": "503: the stand-in closed while holding this request", "code": 0}, 503
            )
        response = self._forced_failure(record)
        if response is not None:
            return response
        try:
            self._check_auth(request, record.path)
            return await handler(request)
        except ApiError as error:
            headers = {"Via": "1.1 google"} if error.status == 429 else {}
            return json_response(error.to_json(), error.status, headers)

    async def _read_body(self, request: web.Request, record: RecordedRequest) -> None:
        request[JSON_BODY] = None
        request[JSON_TEXT] = b""
        request[UPLOADS] = {}
        if not request.body_exists:
            return
        raw = await request.read()
        content_type = request.headers.get(hdrs.CONTENT_TYPE, "")
        if content_type.lower().startswith("multipart/"):
            try:
                parts = multipart.parse(raw, content_type)
            except (multipart.MalformedForm, UnicodeDecodeError):
                raise ApiError(400, 50109, "The request body contains invalid JSON.") from None
            for part in parts:
                if part.name == "payload_json":
                    raw = part.data
                elif part.filename is not None:
                    record.files[part.name] = part.data
                    request[UPLOADS][part.name] = (part.filename, part.data, part.content_type)
            if not any(part.name == "payload_json" for part in parts):
                raw = b""
        if raw:
            try:
                record.json = json.loads(raw)
            except ValueError:
                record.json = raw.decode(errors="replace")
            else:
                request[JSON_TEXT] = raw
        request[JSON_BODY] = record.json

    def _rate_limit(
        self, request: web.Request, record: RecordedRequest
    ) -> tuple[web.Response | None, dict[str, str]]:
        """Discord's limits on arrival: a forced 429, or the meter's (see `RateMeter.admit`);
        else the bucket headers the answer carries."""
        route = self._route(request, record)
        forced = self._forced_rate_limit(record)
        if forced is not None:
            if not forced.global_:
                self.meter.count(route, record.at)
            return json_response(forced.body(), 429, forced.headers(record.at)), {}
        body, headers = self.meter.admit(route, record.at)
        if body is not None:
            return json_response(body, 429, headers), {}
        return None, headers

    def _route(self, request: web.Request, record: RecordedRequest) -> Route:
        resource = request.match_info.route.resource
        template = resource.canonical if resource is not None else record.path
        return route_of(
            self.limits, record.method, template.removeprefix(API_PREFIX), request.match_info
        )

    def _forced_rate_limit(self, record: RecordedRequest) -> ForcedRateLimit | None:
        for forced in self.rate_limits:
            if forced.times > 0 and forced.matches(record.method, record.path):
                forced.times -= 1
                return forced
        return None

    def _forced_failure(self, record: RecordedRequest) -> web.Response | None:
        for forced in self.failures:
            if forced.times > 0 and _matches(
                forced.method, forced.path_contains, record.method, record.path
            ):
                forced.times -= 1
                return json_response(
                    {"message": forced.message, "code": forced.code}, forced.status
                )
        return None

    def drop_holds(self) -> None:
        """Answers every held request without handling it (the stand-in is closing)."""
        for hold in self.holds:
            hold._drop()

    def _check_auth(self, request: web.Request, path: str) -> None:
        if path.startswith(("/interactions/", "/webhooks/")):
            return
        if request.headers.get("Authorization") != f"Bot {self.token}":
            raise ApiError(401, 0, "401: Unauthorized")

    @staticmethod
    def _json(request: web.Request) -> dict[str, Any]:
        if not isinstance(request[JSON_BODY], dict):
            raise ApiError(400, 50109, "The request body contains invalid JSON.")
        fresh: dict[str, Any] = json.loads(request[JSON_TEXT])
        return fresh

    def _attach(self, request: web.Request, body: dict[str, Any], channel_id: int) -> None:
        """Turns uploaded files named by the body's `attachments` into Discord attachments."""
        files: dict[str, tuple[str, bytes, str]] = request[UPLOADS]
        if not files:
            return
        attachments = []
        for entry in body.get("attachments") or []:
            upload = files.get(f"files[{entry.get('id')}]")
            if upload is None:
                attachments.append(entry)
                continue
            filename, data, content_type = upload
            attachment_id = self.world.snowflake()
            path = f"attachments/{channel_id}/{attachment_id}/{filename}"
            self.files[path] = data
            url = f"{self.base_url()}/cdn/{path}"
            attachments.append(
                {
                    "id": str(attachment_id),
                    "filename": filename,
                    "size": len(data),
                    "url": url,
                    "proxy_url": url,
                    "content_type": content_type,
                    **({"description": entry["description"]} if entry.get("description") else {}),
                }
            )
        body["attachments"] = attachments

    def _channel(self, request: web.Request) -> Channel:
        channel = self.world.channel(_int(request.match_info["channel_id"]))
        if channel is None:
            raise unknown("Channel", 10003)
        return channel

    def _channel_message(self, request: web.Request, channel: Channel) -> StoredMessage:
        message = self.world.message(_int(request.match_info["message_id"]))
        if message is None or message.channel_id != channel.id or message.ephemeral_for is not None:
            raise unknown("Message", 10008)
        return message

    # Login, gateway and users

    async def get_gateway(self, request: web.Request) -> web.Response:
        return json_response({"url": self.gateway.url()})

    async def get_gateway_bot(self, request: web.Request) -> web.Response:
        bot_id = self.world.bot_user.id
        guilds = sum(1 for g in self.world.guilds.values() if bot_id in g.members)
        shards = self.limits.recommended_shards or max(1, math.ceil(guilds / 1000))
        total = self.limits.session_starts
        return json_response(
            {
                "url": self.gateway.url(),
                "shards": shards,
                "session_start_limit": {
                    "total": total,
                    "remaining": max(0, total - len(self.gateway.resumables)),
                    "reset_after": SESSION_START_RESET_MS,
                    "max_concurrency": self.limits.max_concurrency,
                },
            }
        )

    async def get_me(self, request: web.Request) -> web.Response:
        bot = self.world.bot_user
        return json_response(
            {
                **bot.payload(),
                "verified": True,
                "mfa_enabled": False,
                "email": None,
                "locale": "en-US",
            }
        )

    async def get_user(self, request: web.Request) -> web.Response:
        user = self.world.users.get(_int(request.match_info["user_id"]))
        if user is None:
            raise unknown("User", 10013)
        return json_response(user.payload())

    async def get_application(self, request: web.Request) -> web.Response:
        bot = self.world.bot_user
        return json_response(
            {
                "id": str(self.world.application_id),
                "name": bot.name,
                "icon": None,
                "description": "",
                "summary": "",
                "type": None,
                "bot_public": True,
                "bot_require_code_grant": False,
                "owner": self.world.owner.payload(),
                "verify_key": "0" * 64,
                "team": None,
                "flags": 0,
                "bot": bot.payload(),
                "rpc_origins": [],
                "tags": [],
                "redirect_uris": [],
                "interactions_endpoint_url": None,
                "role_connections_verification_url": None,
                "approximate_guild_count": len(self.world.guilds),
            }
        )

    async def create_dm(self, request: web.Request) -> web.Response:
        user = self.world.users.get(_int(str(self._json(request).get("recipient_id"))))
        if user is None:
            raise unknown("User", 10013)
        return json_response(self.world.dm_channel(user).payload())

    # Application commands

    def _command_scope(self, request: web.Request) -> int | None:
        if _int(request.match_info["app_id"]) != self.world.application_id:
            raise unknown("Application", 10002)
        if "guild_id" not in request.match_info:
            return None
        guild = self.world.guilds.get(_int(request.match_info["guild_id"]))
        if guild is None or self.world.bot_user.id not in guild.members:
            raise ApiError(403, 50001, "Missing Access")
        return guild.id

    async def list_commands(self, request: web.Request) -> web.Response:
        return json_response(self.commands.listing(self._command_scope(request)))

    async def put_commands(self, request: web.Request) -> web.Response:
        scope = self._command_scope(request)
        return json_response(self.commands.overwrite(scope, request[JSON_BODY]))

    async def post_command(self, request: web.Request) -> web.Response:
        scope = self._command_scope(request)
        return json_response(self.commands.upsert(scope, self._json(request)), 201)

    async def delete_command(self, request: web.Request) -> web.Response:
        scope = self._command_scope(request)
        if not self.commands.delete(scope, _int(request.match_info["command_id"])):
            raise unknown("application command", 10063)
        return no_content()

    # Channels and messages

    async def get_channel(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        if channel.thread is not None:
            return json_response(channel.thread_payload(for_user=self.world.bot_user.id))
        return json_response(channel.payload())

    async def list_messages(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        messages = self.world.messages_in(channel)
        query = request.query
        if "before" in query:
            messages = [m for m in messages if m.id < _int(query["before"])]
        if "after" in query:
            messages = [m for m in messages if m.id > _int(query["after"])]
        limit = min(max(_int(query.get("limit", "50")), 1), 100)
        newest_first = list(reversed(messages))[:limit]
        return json_response([m.payload for m in newest_first])

    async def get_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        return json_response(self._channel_message(request, channel).payload)

    async def create_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        body = self._json(request)
        self._attach(request, body, channel.id)
        check_body(body, creating=True)
        check_channel_send(channel, self.world.bot_user, body)
        if channel.thread is not None:
            threads.check_send(channel, self.world.bot_user)
        earlier = self._same_nonce(channel, body)
        if earlier is not None:
            return json_response(earlier.payload)
        body["flags"] = int(body.get("flags") or 0) & CREATE_FLAGS
        extra: dict[str, Any] = {}
        reference = body.get("message_reference")
        if isinstance(reference, dict) and reference.get("message_id"):
            extra["message_reference"] = {
                "type": 0,
                "channel_id": str(channel.id),
                "message_id": str(reference["message_id"]),
            }
            if channel.guild is not None:
                extra["message_reference"]["guild_id"] = str(channel.guild.id)
            extra["type"] = 19
        message = self.world.new_message(channel, self.world.bot_user, body, extra=extra)
        return json_response(message.payload)

    def _same_nonce(self, channel: Channel, body: dict[str, Any]) -> StoredMessage | None:
        """With `enforce_nonce`, the bot's message in this channel that carries the same nonce
        and was created in the last few minutes: Discord returns it and creates nothing; when
        that message was deleted since, Discord answers Unknown Message and creates nothing
        either (the nonce makes a post safe to retry, never a way to post it again)."""
        nonce = body.get("nonce")
        if nonce is None or not body.get("enforce_nonce"):
            return None
        if len(str(nonce)) > NONCE_LIMIT:
            errors = FieldErrors()
            errors.add(("nonce",), "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
            errors.raise_if_any()
        since = self.world.clock.now() - self.limits.nonce_window
        message = self.world.by_nonce.get((channel.id, self.world.bot_user.id, str(nonce)))
        if message is None or message.created_at < since:
            return None
        if message.deleted:
            raise unknown("Message", 10008)
        return message

    async def edit_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        message = self._channel_message(request, channel)
        if message.author_id != self.world.bot_user.id:
            raise ApiError(403, 50005, "Cannot edit a message authored by another user")
        body = self._json(request)
        self._attach(request, body, channel.id)
        check_body(body, creating=False)
        check_channel_send(channel, self.world.bot_user, body)
        threads.check_open(channel)
        check_editable(self.world, self.limits, message)
        return json_response(self.world.edit_message(message, body).payload)

    async def delete_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        message = self._channel_message(request, channel)
        if (
            message.author_id != self.world.bot_user.id
            and channel.type != DM_CHANNEL
            and not (channel.permissions_for(self.world.bot_user) & MANAGE_MESSAGES)
        ):
            raise ApiError(403, MISSING_PERMISSIONS, "Missing Permissions")
        threads.check_open(channel)
        self.world.delete_message(message)
        return no_content()

    async def react(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        self._channel_message(request, channel)
        return no_content()

    async def typing(self, request: web.Request) -> web.Response:
        self._channel(request)
        return no_content()

    # Threads

    def _thread(self, request: web.Request) -> Channel:
        channel = self._channel(request)
        if channel.thread is None:
            raise ApiError(
                400, threads.CANNOT_ON_CHANNEL_TYPE, "Cannot execute action on this channel type"
            )
        return channel

    def _thread_answer(self, thread: Channel) -> web.Response:
        return json_response(thread.thread_payload(for_user=self.world.bot_user.id))

    async def start_thread_from_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        body = self._json(request)
        threads.check_fields(body, creating=True)
        threads.check_can_start(channel, self.world.bot_user, PUBLIC_THREAD)
        message = self._channel_message(request, channel)
        threads.check_starter(message)
        thread = threads.start_thread(
            self.world,
            channel,
            self.world.bot_user,
            body,
            kind=PUBLIC_THREAD,
            message=message,
        )
        return self._thread_answer(thread)

    async def start_thread(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        body = self._json(request)
        threads.check_fields(body, creating=True)
        kind = threads.thread_type(body)
        threads.check_can_start(channel, self.world.bot_user, kind)
        thread = threads.start_thread(self.world, channel, self.world.bot_user, body, kind=kind)
        return self._thread_answer(thread)

    async def modify_thread(self, request: web.Request) -> web.StreamResponse:
        channel = self._channel(request)
        if channel.thread is None:
            return await self.not_served(request)
        threads.modify(self.world, channel, self.world.bot_user, self._json(request))
        return self._thread_answer(channel)

    async def delete_thread(self, request: web.Request) -> web.StreamResponse:
        channel = self._channel(request)
        if channel.thread is None or channel.guild is None:
            return await self.not_served(request)
        threads.check_delete(channel, self.world.bot_user)
        payload = channel.payload()
        channel.guild.delete_channel(channel)
        return json_response(payload)

    def _thread_user(self, request: web.Request) -> User:
        ref = request.match_info["user_id"]
        if ref == "@me":
            return self.world.bot_user
        user = self.world.users.get(_int(ref))
        if user is None:
            raise unknown("User", 10013)
        return user

    async def list_thread_members(self, request: web.Request) -> web.Response:
        thread = self._thread(request)
        with_member = request.query.get("with_member", "").lower() in ("1", "true")
        return json_response(threads.member_list(thread, with_member=with_member))

    async def get_thread_member(self, request: web.Request) -> web.Response:
        thread = self._thread(request)
        user = self._thread_user(request)
        state = thread.thread
        assert state is not None
        if user.id not in state.members:
            raise unknown("Member", 10007)
        return json_response(state.member_payload(thread.id, user.id))

    async def add_thread_member(self, request: web.Request) -> web.Response:
        thread = self._thread(request)
        user = self._thread_user(request)
        threads.add_member(self.world, thread, self.world.bot_user, user)
        return no_content()

    async def remove_thread_member(self, request: web.Request) -> web.Response:
        thread = self._thread(request)
        user = self._thread_user(request)
        threads.remove_member(self.world, thread, self.world.bot_user, user)
        return no_content()

    async def archived_public_threads(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        limit = min(max(_int(request.query.get("limit", "50")), 2), 100)
        return json_response(threads.archived_public(channel, self.world.bot_user, limit))

    # Guilds

    def _guild_id(self, request: web.Request) -> int:
        guild_id = _int(request.match_info["guild_id"])
        if guild_id not in self.world.guilds:
            raise unknown("Guild", 10004)
        return guild_id

    async def get_guild(self, request: web.Request) -> web.Response:
        payload = self.world.guilds[self._guild_id(request)].payload()
        for key in ("members", "channels", "threads", "presences", "voice_states"):
            payload.pop(key, None)
        return json_response(payload)

    async def get_guild_channels(self, request: web.Request) -> web.Response:
        guild = self.world.guilds[self._guild_id(request)]
        return json_response([c.payload() for c in guild.channels])

    async def get_guild_roles(self, request: web.Request) -> web.Response:
        guild = self.world.guilds[self._guild_id(request)]
        return json_response([r.payload() for r in guild.roles])

    async def get_member(self, request: web.Request) -> web.Response:
        guild = self.world.guilds[self._guild_id(request)]
        member = guild.members.get(_int(request.match_info["user_id"]))
        if member is None:
            raise unknown("Member", 10007)
        return json_response(member.payload())

    # Interactions and their webhooks

    async def callback(self, request: web.Request) -> web.Response:
        body = self._json(request)
        result = self.log.by_id.get(_int(request.match_info["interaction_id"]))
        if isinstance(body.get("data"), dict) and result is not None:
            self._attach(request, body["data"], result.channel.id)
        answer = self.log.callback(
            _int(request.match_info["interaction_id"]), request.match_info["token"], body
        )
        if request.query.get("with_response", "").lower() in ("1", "true"):
            return json_response(answer)
        return no_content()

    async def followup(self, request: web.Request) -> web.Response:
        app_id, token = _int(request.match_info["app_id"]), request.match_info["token"]
        body = self._json(request)
        result = self.log.webhook(app_id, token)
        self._attach(request, body, result.channel.id)
        message = self.log.followup(app_id, token, body)
        if request.query.get("wait", "").lower() in ("1", "true"):
            return json_response(message.payload)
        return no_content()

    async def get_webhook_message(self, request: web.Request) -> web.Response:
        app_id, token = _int(request.match_info["app_id"]), request.match_info["token"]
        return json_response(self.log.target(app_id, token, request.match_info["ref"]).payload)

    async def edit_webhook_message(self, request: web.Request) -> web.Response:
        app_id, token = _int(request.match_info["app_id"]), request.match_info["token"]
        body = self._json(request)
        result = self.log.webhook(app_id, token)
        self._attach(request, body, result.channel.id)
        message = self.log.edit(app_id, token, request.match_info["ref"], body)
        return json_response(message.payload)

    async def delete_webhook_message(self, request: web.Request) -> web.Response:
        app_id, token = _int(request.match_info["app_id"]), request.match_info["token"]
        self.world.delete_message(self.log.target(app_id, token, request.match_info["ref"]))
        return no_content()

    # CDN and everything else

    async def cdn(self, request: web.Request) -> web.Response:
        data = self.files.get(request.match_info["tail"])
        if data is not None:
            return web.Response(body=data, content_type="application/octet-stream")
        return web.Response(body=PIXEL_PNG, content_type="image/png")

    async def not_served(self, request: web.Request) -> web.Response:
        record = RecordedRequest(
            request.method,
            request.path.removeprefix(API_PREFIX),
            dict(request.query),
            request[JSON_BODY],
            at=self.world.clock.now(),
        )
        self.unhandled.append(record)
        raise ApiError(
            404, 0, f"404: Not Found (the stand-in does not serve {request.method} {record.path})"
        )


def _int(value: str) -> int:
    try:
        return int(value)
    except ValueError:
        raise ApiError(404, 0, f"404: Not Found ({value!r} is not an id)") from None
