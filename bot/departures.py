"""Members who left a server, found for its web pages, which show no one who left.

The bot is told of no one leaving (that needs Discord's privileged Server Members intent), so
it asks: every `CHECK_EVERY` seconds, for the visible member of a server with pages on whose
presence was checked longest ago (more than `RECHECK_AFTER` ago), one request for them in the
server, sent after everything players wait on. A member Discord no longer knows there is gone
from the pages until seen in a game again; one still there keeps their page, under the name
the server shows them by now.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import discord

from bot.budget import Priority, priority
from bot.sessions.clock import Clock
from bot.storage import StorageUnavailable
from bot.storage.web import WebRepository

log = logging.getLogger(__name__)

CHECK_EVERY = 2.0
RECHECK_AFTER = 7 * 86_400.0


def display_name(member: dict[str, Any]) -> str:
    user = member.get("user", {})
    return str(member.get("nick") or user.get("global_name") or user.get("username") or "?")


class Departures:
    def __init__(self, client: discord.Client, web: WebRepository, clock: Clock) -> None:
        self.client = client
        self.web = web
        self.clock = clock

    async def run(self) -> None:
        while True:
            await asyncio.sleep(CHECK_EVERY)
            try:
                await self.check_one()
            except (discord.HTTPException, StorageUnavailable) as error:
                log.info("A member's presence was not checked: %s", error)

    async def check_one(self) -> bool:
        """Checks the member due first, if any is due; whether one was."""
        now = self.clock.now()
        guilds = [guild.id for guild in self.client.guilds]
        due = await self.web.to_check(guilds, before=now - RECHECK_AFTER)
        if due is None:
            return False
        guild_id, user_id = due
        try:
            with priority(Priority.BOOKKEEPING):
                member = await self.client.http.get_member(guild_id, user_id)
        except discord.NotFound:
            log.info("Member %s left server %s: off its web pages", user_id, guild_id)
            await self.web.checked(guild_id, user_id, now, present=False)
            return True
        name = display_name(dict(member))
        await self.web.checked(guild_id, user_id, now, present=True, name=name)
        return True
