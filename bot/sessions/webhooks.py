"""A click's webhook, used only while Discord takes its token.

Discord takes an interaction's token for 15 minutes: its follow-ups are sent, edited and
deleted, and its original response edited or deleted, through the webhook the token names.
Past that, every such request is refused with a 401, which Discord counts toward the invalid
requests it bans an address for (10,000 in 10 minutes). So the bot uses a click's webhook
for `TOKEN_LIFETIME` after it took the click, on its own clock, and goes through the channel
after that."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import discord

TOKEN_LIFETIME = 14 * 60.0
"""Seconds a click's webhook is used after the bot took the click, within seconds of it:
Discord takes its token for 15 minutes."""


@dataclass(frozen=True)
class Webhook:
    """A click whose webhook the bot may use until `until` (the bot's clock's time)."""

    interaction: discord.Interaction[Any]
    until: float

    @classmethod
    def taken(cls, interaction: discord.Interaction[Any], now: float) -> Webhook:
        return cls(interaction, now + TOKEN_LIFETIME)

    def usable(self, now: float) -> bool:
        return now < self.until
