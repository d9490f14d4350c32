"""A refusal from Discord remembered, so that a request it refused is not sent again and again.

Discord answers 403 to a request the bot lacks the permission for (Missing Access 50001,
Missing Permissions 50013, a user who takes no DMs 50007), and counts every such answer: past
10,000 invalid requests in 10 minutes it bans the bot's address for a while. A request that
went out on every move (a game's card, a turn alert) is therefore held back once refused: it is
tried again after `REFUSED_FOR`, or at its next chance once the bot's permissions in its channel
change (`lift`)."""

from __future__ import annotations

from bot.sessions.clock import Clock

REFUSED_FOR = 600.0
"""Seconds a refused request is held back, unless the bot's permissions change meanwhile:
Discord's count of invalid requests runs over 10 minutes."""


class Refusal:
    def __init__(self, clock: Clock) -> None:
        self._clock = clock
        self._until: float | None = None

    @property
    def holds(self) -> bool:
        """Whether the refused request is still held back."""
        return self._until is not None and self._clock.now() < self._until

    def note(self) -> None:
        """Discord refused the request: hold it back for `REFUSED_FOR`."""
        self._until = self._clock.now() + REFUSED_FOR

    def lift(self) -> None:
        """The bot's permissions changed: the request may be tried at its next chance."""
        self._until = None
