"""Telling players their turn has come. Discord notifies nobody of a mention added by an edit,
so a short new message mentions the players to move, in a game with more than one of them, and
is removed when their turn ends; players who asked for it also get a DM.

Discord counts every refused request toward a limit past which it bans the bot for a while, and
these go out on every turn. So an alert the channel refuses (the bot lost a permission there)
holds back the game's alerts through the channel for `REFUSED_FOR`, or until the bot's
permissions there change; a DM the player does not accept turns their reminders off, until
they turn them on again (`/table remind`)."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Sequence
from typing import Protocol

import discord

from bot.adapters.base import GameAdapter
from bot.i18n import Words
from bot.sessions import posting
from bot.sessions.context import SessionContext
from bot.sessions.display import Display, nonce
from bot.sessions.refusals import REFUSED_FOR, Refusal
from bot.sessions.webhooks import Webhook
from bot.storage.records import GameRecord
from bot.ui.reminders import alerts_in_channel
from bot.ui.rendering import Message
from games.core.engine import Engine

log = logging.getLogger(__name__)


class AlertedGame(Protocol):
    """What turn alerts read of the game whose players they tell."""

    context: SessionContext
    record: GameRecord
    adapter: GameAdapter

    @property
    def engine(self) -> Engine: ...

    @property
    def words(self) -> Words: ...

    @property
    def channel(self) -> discord.PartialMessageable: ...

    @property
    def display(self) -> Display: ...

    def link(self) -> str: ...

    async def keep(self) -> None: ...


class TurnAlerts:
    def __init__(self, session: AlertedGame) -> None:
        self.session = session
        self._through: Webhook | None = None
        """The click whose webhook posted the standing alert (its follow-up), if one did."""
        self.refused = Refusal(session.context.clock)
        """The channel refused the last alert posted through it: none is posted there
        meanwhile."""

    async def update(self, seats: Sequence[int]) -> None:
        """`seats`: the members whose turn (or decision) has just begun."""
        session = self.session
        record = session.record
        running = record.status == "running"
        waiting = running and any(record.seats[s].is_member for s in session.engine.to_move)
        if record.alert_id is not None and (seats or not waiting):
            await self.remove()
        if not running or not seats:
            return
        if alerts_in_channel(record):
            await self._post(seats)
        await self._direct_messages(seats)

    async def remove(self) -> None:
        session = self.session
        alert_id = session.record.alert_id
        if alert_id is None:
            return
        through, self._through = self._through, None
        if not await self._delete_through(through, alert_id):
            with contextlib.suppress(discord.HTTPException):
                await session.channel.get_partial_message(alert_id).delete()
        session.record.alert_id = None
        await session.keep()

    async def _delete_through(self, webhook: Webhook | None, alert_id: int) -> bool:
        """Delete the alert through the webhook of the click that posted it, while Discord
        takes its token; False when there is none, its token is too old, or Discord refused
        (the channel's route is then used: the alert is an ordinary message of the bot)."""
        if webhook is None or not webhook.usable(self.session.context.clock.now()):
            return False
        try:
            await webhook.interaction.followup.delete_message(alert_id)
        except discord.HTTPException:
            return False
        return True

    async def _post(self, seats: Sequence[int]) -> None:
        session = self.session
        users = [session.record.seats[s].user_id for s in seats]
        members = [discord.Object(user) for user in users if user is not None]
        if not members:
            return
        mentions = " ".join(f"<@{member.id}>" for member in members)
        text = session.words(
            "{mentions}: your turn in {game} → {link}",
            mentions=mentions,
            game=session.adapter.title,
            link=session.link(),
        )
        record = session.record
        allowed = discord.AllowedMentions(users=members)
        token = session.display.fresh_token()
        if token is not None:
            try:
                followup = await token.interaction.followup.send(
                    text, allowed_mentions=allowed, wait=True
                )
            except discord.HTTPException as error:
                log.info(
                    "Game %s: the click's webhook did not take the alert: %s", record.id, error
                )
            else:
                self._through = token
                record.alert_id = followup.id
                await session.keep()
                return
        if self.refused.holds:
            return
        try:
            sent = await posting.send(
                session.context.client,
                record.channel_id,
                Message(embed=None, content=text),
                nonce=nonce(record.id, record.version, "alert"),
                mentions=allowed,
            )
        except discord.Forbidden as error:
            self.refused.note()
            log.warning(
                "Game %s: its channel refuses turn alerts (%s); none is posted there for %d "
                "minutes, or until the bot's permissions there change",
                record.id,
                error,
                REFUSED_FOR // 60,
            )
            return
        except discord.HTTPException as error:
            log.info("Game %s: turn alert not posted: %s", record.id, error)
            return
        record.alert_id = sent.id
        await session.keep()

    async def _direct_messages(self, seats: Sequence[int]) -> None:
        """A DM to the players who asked for one. A player who does not accept the DM has
        their reminders turned off: the game goes on as it would without them."""
        session = self.session
        client = session.context.client
        refused = False
        for seat in seats:
            info = session.record.seats[seat]
            if not info.reminders or info.user_id is None:
                continue
            words = Words(info.language or session.record.language)
            text = words(
                "Your turn in {game}: {link}", game=session.adapter.title, link=session.link()
            )
            try:
                user = client.get_user(info.user_id) or await client.fetch_user(info.user_id)
                await user.send(text)
            except discord.Forbidden as error:
                log.info(
                    "Game %s: %s does not accept DMs (%s); their turn reminders are off",
                    session.record.id,
                    info.user_id,
                    error,
                )
                info.reminders = False
                refused = True
            except discord.HTTPException as error:
                log.info("Turn reminder to %s not delivered: %s", info.user_id, error)
        if refused:
            await session.keep()
