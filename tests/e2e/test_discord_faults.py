"""Discord's faults, each played out in a running game: the game stays intact, the players are
told what they need to know, and the bot logs no error for what Discord does every day."""

from __future__ import annotations

import asyncio
import logging
import random
import sqlite3
from pathlib import Path

import pytest

from bot.sessions.session import GameSession
from tests.e2e.harness import Table, button, enabled, parse, shown, table, until
from tests.e2e.skyjo_play import choose_opening_cards, play_turn, skyjo, two_players_at_first_turn
from tests.standin import StoredMessage, quick_retries
from tests.standin.gateway import Fault


@pytest.fixture(autouse=True)
def quick_pauses(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("bot.sessions.autoplay.REFUSED_PAUSES", (0.05,))


def errors_logged(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]


def stored(t: Table) -> tuple[str, int, int]:
    with sqlite3.connect(t.database) as db:
        status, version, abandoned = db.execute(
            "SELECT status, version, abandoned FROM games ORDER BY id DESC"
        ).fetchone()
    return str(status), int(version), int(abandoned)


def shows_version(message: StoredMessage, version: int) -> bool:
    return {parse(custom_id)[1] for custom_id in message.custom_ids} == {version}


async def solo_at_first_turn(t: Table, rng: random.Random) -> GameSession:
    await t.slash("ana", "skyjo solo", bots=1)
    await choose_opening_cards(t, "ana", rng)
    return await t.settled(
        lambda s: skyjo(s).phase == "turn" and skyjo(s).current == 0, "ana's first turn"
    )


def ana_to_move(s: GameSession) -> bool:
    return skyjo(s).phase == "turn" and skyjo(s).current == 0


async def test_a_table_deleted_by_a_moderator_is_posted_again(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    rng = random.Random(41)
    caplog.set_level(logging.WARNING)
    async with table(tmp_path) as t:
        await t.start()
        session = await two_players_at_first_turn(t, rng)
        old = await t.table_message()
        t.dc.world.delete_message(old)
        await until(
            lambda: session.record.message_id not in (None, old.id), "the table to be posted anew"
        )
        fresh = await t.table_message()
        assert shows_version(fresh, session.record.version)
        assert fresh.embeds == old.embeds, "the same table, at the bottom of the channel"
        mover = ("ana", "leo")[skyjo(session).current]
        await play_turn(t, mover, rng)
        assert skyjo(session).current != ("ana", "leo").index(mover)
        assert not errors_logged(caplog)


async def test_a_table_the_bot_posted_itself_is_posted_again_when_deleted(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """After a round's summary the bot posts the next round's table itself, with a nonce made
    of the game's version; a moderator deletes it before anyone moves. Discord refuses that
    nonce from then on (its message is gone), yet the table is posted again."""
    rng = random.Random(53)
    caplog.set_level(logging.WARNING)
    async with table(tmp_path) as t:
        await t.start()
        session = await two_players_at_first_turn(t, rng, target_score=1000)
        while skyjo(session).round == 1:
            await play_turn(t, ("ana", "leo")[skyjo(session).current], rng)
            await t.settled(lambda s: skyjo(s).phase != "drawn", "the next decision", session)
        version = session.record.version
        posted = await t.table_message()
        assert skyjo(session).phase == "opening" and posted.interaction_id is None
        t.dc.world.delete_message(posted)
        await until(
            lambda: session.record.message_id not in (None, posted.id), "the table posted again"
        )
        fresh = await t.table_message()
        assert session.record.version == version and shows_version(fresh, version)
        assert fresh.embeds == posted.embeds, "the same table, at the bottom of the channel"
        assert not errors_logged(caplog)


async def test_a_deleted_channel_ends_its_game_as_abandoned(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    rng = random.Random(42)
    caplog.set_level(logging.WARNING)
    async with table(tmp_path) as t:
        await t.start()
        session = await two_players_at_first_turn(t, rng, turn_seconds=30)
        version = session.record.version
        t.guild.delete_channel(t.channel)
        await t.settled_engine(lambda s: not s.record.is_open, "the game to end (saved)", session)
        assert stored(t) == ("cancelled", version + 1, 1)
        assert session.autoplay.idle
        assert not t.running.sessions.running, "no game is left running"
        t.clock.advance(60)
        await asyncio.sleep(0.1)
        assert stored(t) == ("cancelled", version + 1, 1), "no timer played on"
        assert not errors_logged(caplog)


async def test_a_channel_deleted_while_the_bot_was_away_ends_its_game(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    rng = random.Random(43)
    caplog.set_level(logging.WARNING)
    async with table(tmp_path) as t:
        await t.start()
        await solo_at_first_turn(t, rng)
        await t.stop()
        t.guild.delete_channel(t.channel)
        await t.start()
        await until(lambda: stored(t)[0] == "cancelled", "the restored game to end")
        assert stored(t)[2] == 1
        assert not t.running.sessions.running
        assert not errors_logged(caplog)


async def test_a_click_answered_too_late_still_counts_and_the_table_catches_up(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    rng = random.Random(44)
    caplog.set_level(logging.WARNING)
    async with table(tmp_path) as t:
        await t.start()
        session = await two_players_at_first_turn(t, rng)
        version = session.record.version
        mover = ("ana", "leo")[skyjo(session).current]
        message = await t.table_message()
        hold = t.dc.hold(method="POST", path_contains="/callback")
        click = asyncio.create_task(t.click(mover, message, button(message, "draw")))
        await hold.reached()
        t.dc.advance_clock(4)
        hold.release()
        late = await click
        assert late.error_code == 10062, "Discord refused the late answer"
        assert stored(t)[1] == version + 1, "the draw counts"
        await t.settled(lambda s: skyjo(s).phase == "drawn", "the table to catch up", session)
        shown = await t.table_message()
        assert shown.id == message.id, "the same table, edited in place"
        assert enabled(shown, "swap")
        assert not errors_logged(caplog)


@pytest.mark.parametrize(
    ("route", "everywhere"), [("/callback", False), ("/messages", False), ("/messages", True)]
)
async def test_rate_limits_are_waited_out(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, route: str, everywhere: bool
) -> None:
    """A route's 429, and a global one (which holds every request of the bot meanwhile)."""
    rng = random.Random(45)
    caplog.set_level(logging.WARNING)
    async with table(tmp_path) as t:
        await t.start()
        session = await solo_at_first_turn(t, rng)
        version = session.record.version
        t.dc.rate_limit(0.3, times=2, path_contains=route, global_=everywhere)
        await play_turn(t, "ana", rng)
        await t.settled(ana_to_move, "the bot to play on to ana", session)
        assert session.record.version >= version + 2, "ana and the bot played"
        assert sum(r.status == 429 for r in t.dc.requests) == 2
        assert shows_version(await t.table_message(), session.record.version)
        assert not errors_logged(caplog)


@pytest.mark.parametrize("status", [500, 502])
async def test_server_errors_on_a_bots_edits_are_retried(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, status: int
) -> None:
    rng = random.Random(46)
    caplog.set_level(logging.WARNING)
    async with table(tmp_path) as t:
        await t.start()
        session = await solo_at_first_turn(t, rng)
        with quick_retries():
            t.dc.fail(status, times=4, method="PATCH", path_contains="/messages/")
            for _ in range(3):
                await play_turn(t, "ana", rng)
                await t.settled(ana_to_move, "the bot to play on to ana", session)
        assert sum(r.status == status for r in t.dc.requests) == 4
        assert shows_version(await t.table_message(), session.record.version)
        assert not errors_logged(caplog)


@pytest.mark.parametrize("status", [500, 502])
async def test_server_errors_on_answers_and_sends_are_retried(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, status: int
) -> None:
    rng = random.Random(47)
    caplog.set_level(logging.WARNING)
    async with table(tmp_path) as t:
        await t.start()
        session = await two_players_at_first_turn(t, rng)
        with quick_retries():
            t.dc.fail(status, times=2, method="POST", path_contains="/callback")
            # Turn alerts are follow-ups of the latest click on the table.
            t.dc.fail(status, times=2, method="POST", path_contains="/webhooks/")
            for _ in range(3):
                mover = skyjo(session).current
                await play_turn(t, ("ana", "leo")[mover], rng)

                def moved_on(s: GameSession, mover: int = mover) -> bool:
                    return skyjo(s).current != mover

                await t.settled(moved_on, "the next turn", session)
        assert sum(r.status == status for r in t.dc.requests) == 4
        assert shows_version(await t.table_message(), session.record.version)
        alerts = [r.status for r in t.dc.requests if r.method == "POST" and "/webhooks/" in r.path]
        first = alerts.index(status)
        assert alerts[first : first + 3] == [status, status, 200], "the turn alert got through"
        assert not errors_logged(caplog)


async def test_a_permission_taken_away_mid_game_is_named_and_the_game_waits(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    rng = random.Random(48)
    caplog.set_level(logging.WARNING)
    async with table(tmp_path) as t:
        await t.start()
        session = await solo_at_first_turn(t, rng)
        t.dc.deny_bot(t.channel, send_messages=True)
        # The click's webhook would show the bot's move without the permission: it has expired.
        t.dc.fail(401, method="PATCH", path_contains="/webhooks/", code=50027, message="Invalid")
        await play_turn(t, "ana", rng)
        await t.settled_engine(
            lambda s: s.display.refused is not None, "the bot's move to be refused", session
        )
        waiting = session.record.version
        await asyncio.sleep(0.3)
        assert session.record.version == waiting, "the bots wait while nobody can see the table"
        shown = await t.slash("ana", "table show")
        assert shown.type == 4 and not shown.ephemeral, "the table is shown through the answer"
        told = await shown.wait_followup()
        assert told.ephemeral and "Send Messages" in (told.content or ""), told.content
        assert "Embed Links" not in (told.content or ""), "only what was taken away is named"
        t.dc.world.channels[t.channel.id].clear_overwrites(t.dc.bot_user)
        await t.settled(ana_to_move, "the game to go on once the table can be shown", session)
        assert shows_version(await t.table_message(), session.record.version)
        assert not errors_logged(caplog)


async def test_a_server_that_removed_the_bot_ends_its_games_as_abandoned(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    rng = random.Random(49)
    caplog.set_level(logging.WARNING)
    async with table(tmp_path) as t:
        await t.start()
        session = await two_players_at_first_turn(t, rng)
        t.guild.remove_bot()
        await t.settled_engine(lambda s: not s.record.is_open, "the game to end (saved)", session)
        assert stored(t)[0::2] == ("cancelled", 1)
        assert not errors_logged(caplog)


async def test_a_server_that_removed_the_bot_while_it_was_away_ends_its_games(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    rng = random.Random(50)
    caplog.set_level(logging.WARNING)
    async with table(tmp_path) as t:
        await t.start()
        await two_players_at_first_turn(t, rng)
        await t.stop()
        t.guild.remove_bot()
        await t.start()
        await until(lambda: stored(t)[0] == "cancelled", "the restored game to end")
        assert stored(t)[2] == 1
        assert not errors_logged(caplog)


@pytest.mark.parametrize("how", ["drop", "reconnect", "invalidate_resumable"])
async def test_a_dropped_gateway_resumes_and_the_clicks_made_meanwhile_count(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, how: Fault
) -> None:
    rng = random.Random(51)
    caplog.set_level(logging.WARNING)
    async with table(tmp_path) as t:
        await t.start()
        session = await two_players_at_first_turn(t, rng)
        version = session.record.version
        mover = ("ana", "leo")[skyjo(session).current]
        message = await t.table_message()
        async with t.dc.gateway_down(how):
            click = asyncio.create_task(t.click(mover, message, button(message, "draw")))
            await asyncio.sleep(0.2)
            assert session.record.version == version, "nothing arrives while the bot is away"
        drawn = await click
        assert drawn.type == 7 and not drawn.errors, "the click, delivered on resume, counts"
        await t.settled(lambda s: skyjo(s).phase == "drawn", "the table after the resume", session)
        assert stored(t)[1] == version + 1
        assert enabled(await t.table_message(), "swap")
        assert not errors_logged(caplog)


async def test_a_form_submitted_after_its_message_was_deleted_is_answered_quietly(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING)
    async with table(tmp_path) as t:
        await t.start()
        lobby = shown(await t.slash("ana", "skyjo-sheet start"))
        form = await t.click("ana", lobby, button(lobby, "guest"))
        assert form.modal is not None, form.errors
        t.dc.world.delete_message(lobby)
        seated = await t.dc.submit_modal(
            t.users["ana"], t.channel, form.modal["custom_id"], {"name": "Grandma"}
        )
        assert seated.error is None and seated.type == 5, seated.errors
        await until(lambda: seated.message is None, "the private answer to be removed")
        session = await t.session()
        assert [seat.name for seat in session.record.seats] == ["ana", "Grandma"]
        assert (await t.table_message()).id != lobby.id, "the lobby is posted again"
        errors = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
        assert not errors, errors
