"""The crash bench's members act on what they see: a view of the saved games read before their
last answer came may not show the game that answer opened, and they wait for a newer one
rather than open a second game."""

from __future__ import annotations

import asyncio
import random

from bench.crash_users import ChannelMessages, ChannelPlayers, Sight, Tally
from bot.catalog import installed
from tests.standin import DiscordStandIn


async def test_members_wait_for_a_view_read_after_their_last_answer() -> None:
    async with DiscordStandIn() as dc:
        ana = dc.add_user("ana")
        guild = dc.add_guild("Crash Club", owner=ana)
        guild.add_member(ana)
        channel = guild.add_text_channel("skyjo")
        sight, tally = Sight(), Tally()
        players = ChannelPlayers(
            dc,
            installed(),
            ChannelMessages(dc),
            sight,
            channel,
            "skyjo",
            [ana],
            random.Random(1),
            tally,
            (0.0, 0.0),
        )
        clock = asyncio.get_running_loop().time
        sight.update({}, clock())
        players.answered_at = clock()  # a command answered since: its game is not seen yet

        assert not await players.step()
        assert tally.commands == 0

        sight.update({}, clock())  # read again: still no game in the channel, so open one
        assert await players.step()
        assert tally.commands == 1
        assert tally.failed == 1  # no bot is connected to answer it
