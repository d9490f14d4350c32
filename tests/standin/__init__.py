"""A local stand-in for Discord that unmodified discord.py clients talk to over HTTP and websocket.

async with DiscordStandIn() as discord_:
    guild = discord_.add_guild("Sky Club")
    table = guild.add_text_channel("table")
    alice = discord_.add_user("alice")
    guild.add_member(alice)
    async with discord_.running(MyBot()):
        result = await discord_.slash(alice, table, "skyjo new", players=3)
"""

from .errors import ApiError, StandInError
from .interactions import InteractionResult
from .limits import COMPONENTS_V2, EPHEMERAL, LOADING, Limits, is_unicode_emoji
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
    "Limits",
    "Member",
    "RecordedRequest",
    "Role",
    "StandInError",
    "StoredMessage",
    "User",
    "World",
    "is_unicode_emoji",
    "permission_bits",
    "quick_retries",
]
