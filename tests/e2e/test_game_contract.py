"""The generic table carries what the next games need, shown with Pebbles (`tests/games/pebbles/`,
`tests/bot/games/pebbles/`, `tests/cogs/pebbles.py`): guest seats, games without bots, forms that
survive a restart, off-turn decisions with their own timer, pictures drawn once, and results
where the highest score wins."""

from __future__ import annotations

import logging
import sqlite3
from pathlib import Path

import pytest

from tests.bot.games.pebbles.adapter import DECISION_SECONDS
from tests.catalog import with_pebbles
from tests.e2e.harness import Table, button, engine_of, shown, table
from tests.games.pebbles import PebblesGame
from tests.standin import StoredMessage


def pebbles(t: Table, session: object) -> PebblesGame:
    from bot.sessions.session import GameSession

    assert isinstance(session, GameSession)
    return engine_of(session, PebblesGame)


def verbs(message: StoredMessage) -> set[str]:
    return {cid.split(":")[3] for cid in message.custom_ids}


async def lobby_with_a_guest(t: Table) -> StoredMessage:
    lobby = shown(await t.slash("ana", "pebbles start", target=10))
    assert "addbot" not in verbs(lobby), "a game without bots offers no bots"
    form = await t.click("ana", lobby, button(lobby, "guest"))
    assert form.modal is not None, form.errors
    assert len(form.modal["components"]) <= 5
    seated = await t.dc.submit_modal(
        t.users["ana"], t.channel, form.modal["custom_id"], {"name": "Grandma"}
    )
    assert seated.error is None, seated.errors
    return await t.table_message()


async def test_a_guest_is_seated_by_a_form_and_played_by_the_host(tmp_path: Path) -> None:
    async with table(tmp_path, with_pebbles()) as t:
        await t.start()
        lobby = await lobby_with_a_guest(t)
        assert "Grandma · guest" in lobby.text()
        not_host = await t.click("leo", lobby, button(lobby, "guest"))
        assert not_host.ephemeral and "Only the host" in not_host.content
        started = await t.click("ana", lobby, button(lobby, "start"))
        assert started.type == 7, started.errors
        session = await t.session()
        seats = session.record.seats
        assert [s.kind for s in seats] == ["member", "guest"]
        assert not seats[1].is_bot and not seats[1].is_member
        assert session.record.deadline is None, "no bots: nobody could play a late turn"

        table_message = await t.table_message()
        await t.click("ana", table_message, button(table_message, "add", "2"))
        session = await t.settled(lambda s: pebbles(t, s).current == 1, "the guest's turn")
        table_message = await t.table_message()
        stranger = await t.click("leo", table_message, button(table_message, "add", "1"))
        assert stranger.ephemeral and "not playing" in stranger.content
        by_host = await t.click("ana", table_message, button(table_message, "add", "1"))
        assert by_host.type == 7, by_host.errors
        assert pebbles(t, session).pebbles == [2, 1]


async def test_a_form_is_routed_by_its_custom_id_even_after_a_restart(tmp_path: Path) -> None:
    async with table(tmp_path, with_pebbles()) as t:
        await t.start()
        lobby = shown(await t.slash("ana", "pebbles start"))
        lobby = shown(await t.click("leo", lobby, button(lobby, "join")))
        await t.click("ana", lobby, button(lobby, "start"))
        message = await t.table_message()
        form = await t.click("ana", message, button(message, "count"))
        assert form.modal is not None and form.modal["title"] == "Add pebbles"
        custom_id = form.modal["custom_id"]

        await t.stop()
        await t.start()
        refused = await t.dc.submit_modal(t.users["ana"], t.channel, custom_id, {"count": "xx"})
        assert refused.ephemeral and "not a number from 1 to 9" in refused.content
        form = await t.click("ana", message, button(message, "count"))
        assert form.modal is not None
        added = await t.dc.submit_modal(
            t.users["ana"], t.channel, form.modal["custom_id"], {"count": "7"}
        )
        assert added.error is None, added.errors
        session = await t.settled(lambda s: pebbles(t, s).current == 1, "leo's turn")
        assert pebbles(t, session).pebbles == [7, 0]


async def test_off_turn_decisions_have_their_own_timer_and_default(tmp_path: Path) -> None:
    async with table(tmp_path, with_pebbles()) as t:
        await t.start()
        lobby = shown(await t.slash("ana", "pebbles start"))
        for user in ("leo", "zoe"):
            lobby = shown(await t.click(user, lobby, button(lobby, "join")))
        await t.click("ana", lobby, button(lobby, "start"))
        message = await t.table_message()
        await t.click("ana", message, button(message, "add", "3"))
        session = await t.settled(lambda s: pebbles(t, s).deciders == [1, 2], "leo to decide")
        assert session.record.deadline == t.clock.now() + DECISION_SECONDS
        message = await t.table_message()
        claimed = await t.click("leo", message, button(message, "claim"))
        assert claimed.type == 7, claimed.errors
        session = await t.settled(lambda s: pebbles(t, s).deciders == [2], "zoe to decide")
        assert session.record.deadline == t.clock.now() + DECISION_SECONDS, "a timer of her own"

        t.clock.advance(DECISION_SECONDS + 1)
        session = await t.settled(lambda s: not pebbles(t, s).deciders, "zoe's default")
        game = pebbles(t, session)
        assert game.pebbles == [3, 1, 0] and game.claims == [0, 1, 0]
        assert game.current == 1
        assert [seat.timeouts for seat in session.record.seats] == [0, 0, 0], (
            "a missed off-turn decision is not a missed turn"
        )
        assert session.record.deadline is None, "turns of a game without bots are not timed"
        assert "zoe did not decide in time" in (await t.table_message()).text()


async def test_pictures_are_attached_and_drawn_once_per_state(tmp_path: Path) -> None:
    async with table(tmp_path, with_pebbles()) as t:
        await t.start()
        cache = t.running.sessions.context.pictures
        lobby = shown(await t.slash("ana", "pebbles start"))
        lobby = shown(await t.click("leo", lobby, button(lobby, "join")))
        started = shown(await t.click("ana", lobby, button(lobby, "start")))
        assert started.embeds[0]["image"]["url"] == "attachment://pebbles.png"
        attachments = started.payload["attachments"]
        assert [a["filename"] for a in attachments] == ["pebbles.png"]
        png = t.dc.rest.files[attachments[0]["url"].split("/cdn/", 1)[1]]
        assert png.startswith(b"\x89PNG")
        assert cache.drawn == [("pebbles", (0, 0))]
        shown_again = await t.slash("leo", "table show")
        assert shown_again.error is None, shown_again.errors
        assert cache.drawn == [("pebbles", (0, 0))], "an unchanged picture is not redrawn"
        message = await t.table_message()
        await t.click("ana", message, button(message, "add", "2"))
        await t.settled(lambda s: pebbles(t, s).current == 1, "leo's turn")
        assert cache.drawn == [("pebbles", (0, 0)), ("pebbles", (2, 0))]
        latest = await t.table_message()
        assert len(latest.payload["attachments"]) == 1, "the new picture replaces the old one"


async def test_the_highest_score_wins_and_ties_go_by_the_tiebreak(tmp_path: Path) -> None:
    async with table(tmp_path, with_pebbles()) as t:
        await t.start()
        lobby = shown(await t.slash("ana", "pebbles start", target=5))
        lobby = shown(await t.click("leo", lobby, button(lobby, "join")))
        await t.click("ana", lobby, button(lobby, "start"))
        session = await t.session()
        moves = [("ana", "add", "1"), ("leo", "add", "2"), ("ana", "add", "1")]
        moves += [("leo", "add", "2"), ("ana", "add", "3"), ("leo", "claim", "")]
        for user, verb, arg in moves:
            message = await t.table_message()
            result = await t.click(user, message, button(message, verb, arg or None))
            assert result.error is None and not result.ephemeral, (user, verb, result.content)
            await t.settled(lambda s: True, f"{user}'s {verb}", session)
        assert session.record.status == "finished"
        results = await t.running.sessions.store.results(session.record.id)
        assert [(r.score, r.tiebreak, r.place, r.won) for r in results] == [
            (5, 0, 2, False),
            (5, 1, 1, True),
        ], "equal piles: the most claims wins"
        final = await t.table_message(session)
        assert "rematch" in verbs(final)


async def test_a_saved_game_of_a_kind_not_installed_is_skipped(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    async with table(tmp_path, with_pebbles()) as t:
        await t.start()
        lobby = shown(await t.slash("ana", "pebbles start"))
        lobby = shown(await t.click("leo", lobby, button(lobby, "join")))
        await t.click("ana", lobby, button(lobby, "start"))
        await t.stop()
        t.catalog = None
        caplog.set_level(logging.WARNING, logger="bot.sessions.registry")
        await t.start()
        assert "'pebbles', which is not installed" in caplog.text
        assert t.running.sessions.running == []
        other = t.guild.add_text_channel("skyjo-2")
        started = await t.dc.slash(t.users["zoe"], other, "skyjo solo", bots=1)
        assert started.error is None and not started.ephemeral, started.errors
        with sqlite3.connect(t.database) as db:
            kinds = db.execute("SELECT kind, status FROM games ORDER BY id").fetchall()
        assert kinds == [("pebbles", "running"), ("skyjo", "running")]


async def test_an_outdated_lobby_refuses_what_depends_on_what_was_seen(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        await t.start()
        lobby = shown(await t.slash("ana", "skyjo start"))
        lobby = shown(await t.click("leo", lobby, button(lobby, "join")))
        seen = t.dc.as_seen(lobby)
        joined = await t.click("zoe", seen, button(seen, "join"))
        assert joined.type == 7, "joining does not depend on what the lobby showed"
        start = await t.click("ana", seen, button(seen, "start"))
        assert start.ephemeral and "changed a moment ago" in start.content
        assert str(seen.id) not in start.content
        current = await t.table_message()
        started = await t.click("ana", current, button(current, "start"))
        assert started.type == 7, started.errors
        session = await t.session()
        assert len(session.record.seats) == 3
