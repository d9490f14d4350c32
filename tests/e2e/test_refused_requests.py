"""A request Discord refused is not sent again and again: Discord counts every 403 it answers
toward 10,000 invalid requests in 10 minutes, past which it bans the bot's address. A game
played on for many turns after the bot lost a permission (or a player closed their DMs) draws
a bounded number of refusals, not one a move; a refused request is tried again after a pause,
or as soon as the bot's permissions change."""

from __future__ import annotations

import asyncio
import logging
import random
from pathlib import Path

import pytest

from bot.sessions.refusals import REFUSED_FOR
from bot.sessions.session import GameSession
from tests.e2e.harness import Table, button, shown, table, until
from tests.e2e.skyjo_play import choose_opening_cards, play_turn, play_turn_well, skyjo
from tests.e2e.thread_play import card_says, card_text, join, open_game, play_a_move, start
from tests.standin import Channel, RecordedRequest, StoredMessage

TURNS = 8
"""Turns played after the refusal: before these fixes, each drew another refused request."""
HOUR = 3600
"""The turn timer: longer than the pauses the tests wait out, so no turn runs out meanwhile."""


def refused(t: Table, what: str, channel: Channel | None = None) -> list[RecordedRequest]:
    """The 403s answered to the bot's requests in `channel` (any channel: None) whose body
    says `what`."""
    prefix = f"/channels/{channel.id}/" if channel is not None else "/channels/"
    return [
        r
        for r in t.dc.requests
        if r.status == 403 and r.path.startswith(prefix) and what in str(r.json)
    ]


async def lobby_of_two(t: Table) -> StoredMessage:
    lobby = shown(await t.slash("ana", "skyjo start", turn_seconds=HOUR))
    return shown(await t.click("leo", lobby, button(lobby, "join")))


async def started(t: Table, lobby: StoredMessage, rng: random.Random) -> list[str]:
    """The game of the lobby started, its opening cards turned up: its players, by seat."""
    await t.click("ana", lobby, button(lobby, "start"))
    for user in ("ana", "leo"):
        await choose_opening_cards(t, user, rng)
    await t.settled(lambda s: skyjo(s).phase == "turn", "the first turn")
    return ["ana", "leo"]


async def play_turns(t: Table, names: list[str], rng: random.Random, turns: int) -> None:
    for _ in range(turns):
        session = await t.settled(lambda s: skyjo(s).phase == "turn", "a turn")
        seat = skyjo(session).current
        await play_turn_well(t, names[seat], seat, rng)


async def test_a_player_who_takes_no_dms_is_sent_one_until_they_ask_again(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Bound: one refused DM each time the player turns reminders on."""
    rng = random.Random(9)
    caplog.set_level(logging.INFO)
    async with table(tmp_path) as t:
        await t.start()
        ana = t.users["ana"]
        lobby = await lobby_of_two(t)
        await t.slash("ana", "table remind")
        t.dc.close_dms(ana)
        names = await started(t, lobby, rng)
        await play_turns(t, names, rng, TURNS)
        assert len(refused(t, "Your turn")) == 1, "one refused DM, not one each of ana's turns"
        session = await t.session()
        assert not session.record.seats[0].reminders, "ana's reminders are off"
        assert "does not accept DMs" in caplog.text
        assert sum(r.status == 403 for r in t.dc.requests) == 1

        t.dc.open_dms(ana)
        again = await t.slash("ana", "table remind")
        assert "Turn reminders are on" in (again.content or "")
        assert session.record.seats[0].reminders
        await play_turns(t, names, rng, 2)
        assert any("Your turn" in (m.content or "") for m in t.dc.dms(ana)), "ana is reminded"
        assert len(refused(t, "Your turn")) == 1


async def test_a_card_its_channel_refuses_is_not_edited_again_on_every_move(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Bound: one refused card edit per `REFUSED_FOR` while the channel refuses it; the card
    catches up once the bot's permissions come back."""
    rng = random.Random(5)
    caplog.set_level(logging.WARNING)
    async with table(tmp_path) as t:
        t.threads = True
        await t.start()
        parent = t.channel
        game = await open_game(t, "ana", "skyjo start", turn_seconds=HOUR)
        await join(t, game, "leo")
        await card_says(t, game, "🪑 Open: 2 of 8 seats taken. Join in the thread.")
        t.dc.deny_bot(parent, send_messages=True)
        await join(t, game, "zoe")
        await start(t, game)
        for _ in range(TURNS):
            await play_a_move(t, game, rng)
        assert len(refused(t, "", parent)) == 1, "one refused card edit, not one a move"
        assert "seats taken" in card_text(t, game), "the card is left as it was"
        assert "refuses its card" in caplog.text

        t.clock.advance(REFUSED_FOR)
        await play_a_move(t, game, rng)
        await until(lambda: len(refused(t, "", parent)) == 2, "the card tried once more")
        for _ in range(3):
            await play_a_move(t, game, rng)
        assert len(refused(t, "", parent)) == 2

        parent.clear_overwrites(t.dc.bot_user)
        await card_says(t, game, "🎲 Playing: ana, leo and zoe.")
        assert len(refused(t, "", parent)) == 2


async def test_turn_alerts_its_channel_refuses_are_not_posted_again_every_turn(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """Players who take longer over a turn than Discord keeps a click's webhook get their
    alerts through the channel. Bound: one refused alert per `REFUSED_FOR` while the channel
    refuses them; alerts are posted again once the bot's permissions come back."""
    monkeypatch.setattr("bot.sessions.webhooks.TOKEN_LIFETIME", 0.0)
    rng = random.Random(48)
    caplog.set_level(logging.WARNING)
    async with table(tmp_path) as t:
        await t.start()
        names = await started(t, await lobby_of_two(t), rng)
        t.dc.deny_bot(t.channel, send_messages=True)
        await play_turns(t, names, rng, TURNS)
        assert len(refused(t, "your turn")) == 1, "one refused alert, not one a turn"
        assert "refuses turn alerts" in caplog.text

        t.clock.advance(REFUSED_FOR)
        await play_turns(t, names, rng, 3)
        assert len(refused(t, "your turn")) == 2, "tried once more after the pause"

        session = await t.session()
        t.channel.clear_overwrites(t.dc.bot_user)
        await until(lambda: not session.alerts.refused.holds, "the bot to see its permission back")
        await play_turns(t, names, rng, 1)
        session = await t.settled(lambda s: skyjo(s).phase == "turn", "the next turn")
        mover = t.users[names[skyjo(session).current]]
        alerts = [m for m in t.dc.messages(t.channel) if "your turn" in (m.content or "")]
        assert alerts and f"<@{mover.id}>" in (alerts[-1].content or ""), "alerts are back"
        assert len(refused(t, "your turn")) == 2


async def solo_refused_on_the_bots_move(t: Table, rng: random.Random) -> GameSession:
    """Ana plays a bot; the bot loses Send Messages in the channel; ana's turn is shown through
    her click, the bot's move after it through the channel (her click's webhook is too old),
    and refused there."""
    await t.slash("ana", "skyjo solo", bots=1)
    await choose_opening_cards(t, "ana", rng)
    session = await t.settled(ana_to_move, "ana's first turn")
    t.dc.deny_bot(t.channel, send_messages=True)
    await play_turn(t, "ana", rng)
    await t.settled_engine(lambda s: s.display.refused is not None, "the refusal", session)
    return session


def ana_to_move(s: GameSession) -> bool:
    return skyjo(s).phase == "turn" and skyjo(s).current == 0


async def restarted_where_the_channel_refuses_the_game(t: Table) -> GameSession:
    """The bot stops, loses Send Messages in the channel, starts again: its redraw of the
    game's table is refused."""
    await t.stop()
    t.dc.deny_bot(t.channel, send_messages=True)
    await t.start()
    session = await t.session()
    await t.settled_engine(lambda s: s.display.refused is not None, "the refusal", session)
    return session


async def test_a_game_the_channel_refused_is_shown_as_soon_as_the_permission_is_back(
    tmp_path: Path,
) -> None:
    """Nobody has to click or use `/table show`: the bot's permissions in the channel changed.
    Bound: the refused requests of the restored table's one redraw (its edit, and a post)."""
    rng = random.Random(48)
    async with table(tmp_path) as t:
        await t.start()
        await t.slash("ana", "skyjo solo", bots=1)
        await choose_opening_cards(t, "ana", rng)
        await t.settled(ana_to_move, "ana's first turn")
        session = await restarted_where_the_channel_refuses_the_game(t)
        await until(lambda: session.autoplay.idle, "the game to wait for ana")
        redraw = len(refused(t, "", t.channel))
        assert 1 <= redraw <= 2
        t.channel.clear_overwrites(t.dc.bot_user)
        await t.settled(ana_to_move, "the table to be shown again", session)
        assert session.display.refused is None
        assert len(refused(t, "", t.channel)) == redraw


async def test_a_refused_table_edit_is_not_followed_by_a_post_refused_too(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Bound: one refused request each time the table is tried, not an edit and a post."""
    monkeypatch.setattr("bot.sessions.webhooks.TOKEN_LIFETIME", 0.0)
    rng = random.Random(48)
    async with table(tmp_path) as t:
        await t.start()
        await solo_refused_on_the_bots_move(t, rng)
        await asyncio.sleep(0.3)
        methods = [r.method for r in refused(t, "", t.channel)]
        assert methods and "POST" not in methods, methods


async def test_bots_waiting_on_a_refused_table_play_on_once_the_permission_is_back(
    tmp_path: Path,
) -> None:
    rng = random.Random(48)
    async with table(tmp_path) as t:
        await t.start()
        await t.slash("ana", "skyjo solo", bots=1)
        await choose_opening_cards(t, "ana", rng)
        session = await t.settled(ana_to_move, "ana's first turn")
        session.context.bot_delay = 60.0
        await play_turn(t, "ana", rng)
        await t.settled_engine(lambda s: not ana_to_move(s), "the bot to be about to move", session)
        session = await restarted_where_the_channel_refuses_the_game(t)
        assert not ana_to_move(session), "the bot is to move"
        await until(lambda: not session.autoplay.idle, "the bot to wait")
        t.channel.clear_overwrites(t.dc.bot_user)
        await t.settled(ana_to_move, "the bot to play on to ana", session)
