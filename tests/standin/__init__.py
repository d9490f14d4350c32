"""A local stand-in for Discord that unmodified discord.py clients talk to over HTTP and websocket.

async with DiscordStandIn() as discord_:
    guild = discord_.add_guild("Sky Club")
    table = guild.add_text_channel("table")
    alice = discord_.add_user("alice")
    guild.add_member(alice)
    async with discord_.running(MyBot()):
        result = await discord_.slash(alice, table, "skyjo new", players=3)

Besides acting as users (`slash`, `click`, `select`, `submit_modal`, and `slash_unchecked`,
`slash_forged`, `click_forged`, `send_interaction` for what a modified client sends), a test
makes Discord's faults happen: `drop_gateway` and `gateway_down` (lost connections, RECONNECT,
INVALID_SESSION, RESUME with the missed events replayed), `delete_channel`, `remove_member`,
`delete_message`, `rate_limit` (a route's 429 or the global one), `fail` and `hold` (5xx and
requests that never come back), `late_delivery` and `age=` (interactions delivered late),
`advance_clock`, `close_dms` and `deny_bot`.

Threads are served as Discord runs them (see `threads.py`): the bot starts them from a message
or without one, posts, archives, locks, renames and deletes them and manages their members
through discord.py's own calls; a test acts on them with `start_thread_as`, `archive`,
`unarchive`, `lock`, `unlock`, `add_to_thread` and `delete_channel`, and passes a thread as the
channel of `slash`, `post` and the other user actions.

Sharded bots are served as Discord serves them: each connection is given, and sent the events
of, only the guilds of the shard it identified for (`add_guild(name, shard=(0, 2))` places a
guild; `gateway.shards()` lists the connections open), so several auto-sharded clients of one
bot can share a stand-in.

Discord's rate limits (see `ratelimits.py`) are enforced by default; a test that floods Discord
as no user could turns them off with `Limits(enforce_rate_limits=False)` (then nothing is refused
but the 429s `rate_limit` forces, and no bucket header is sent). The global limit,
`Limits.global_rate_limit` (50 requests in any 1 s, a `RateLimit` of requests per seconds), is
the bot's over all its clients; interaction callbacks and
`/webhooks/{application}/{token}...` are exempt and never counted. Past it: 429 `"global":
true`, scope `global`. Buckets (`message_create_limit` and `message_edit_limit` 5 per 5 s and
`message_delete_limit` 5 per 1 s per channel or thread, `interaction_webhook_limit` 5 per 2 s
per interaction token, `other_route_limit` 50 per 1 s per route and channel or guild) answer
`X-RateLimit-Bucket`, `-Limit`, `-Remaining`, `-Reset`, `-Reset-After`, by which discord.py
paces itself; past one: 429 scope `user`. Every recorded request has its arrival time
(`RecordedRequest.at`, the stand-in's clock, seconds), and the stand-in counts, whether
enforcing or not: `counted_requests`, `counted_requests_per_s_max` (the most counted requests
within any one second), `rate_limited` (429s by scope: "global", "user", "shared"),
`invalid_requests` (401, 403 and 429 but "shared": `last_10_minutes`, `total`), all in
`request_stats()` as JSON and set to zero by `reset_request_stats()`.
"""

from .errors import ApiError, StandInError
from .gateway import ResumableSession
from .interactions import InteractionResult
from .limits import COMPONENTS_V2, EPHEMERAL, LOADING, Limits, RateLimit, is_unicode_emoji
from .ratelimits import InvalidRequests
from .server import Hold, RecordedRequest
from .standin import DiscordStandIn, quick_retries
from .world import Channel, Guild, Member, Role, StoredMessage, User, World, permission_bits

__all__ = [
    "COMPONENTS_V2",
    "EPHEMERAL",
    "LOADING",
    "ApiError",
    "Channel",
    "DiscordStandIn",
    "Guild",
    "Hold",
    "InteractionResult",
    "InvalidRequests",
    "Limits",
    "Member",
    "RateLimit",
    "RecordedRequest",
    "ResumableSession",
    "Role",
    "StandInError",
    "StoredMessage",
    "User",
    "World",
    "is_unicode_emoji",
    "permission_bits",
    "quick_retries",
]
