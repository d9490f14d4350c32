"""A click on a game that is being restored after a restart is answered in Discord's time, and
the game comes back whole: restoring a game holds it (its table redrawn, its channel looked
through, each request waiting its turn), and a click waits for it only as long as Discord lets
it."""

from __future__ import annotations

import asyncio
import logging
import random
from pathlib import Path
from typing import NamedTuple

import discord
import pytest

from bot.sessions.session import GameSession
from tests.e2e.harness import Table, button, parse, shown, table, until
from tests.e2e.skyjo_play import skyjo, two_players_at_first_turn
from tests.standin import Hold, StoredMessage


class Restoring(NamedTuple):
    """Ana and Leo's game after a restart, its restoring held at its table's redraw."""

    hold: Hold
    seen: StoredMessage
    """The table as the players saw it before the restart."""
    session: GameSession
    version: int
    mover: str


async def restoring_held(t: Table) -> Restoring:
    """Ana and Leo at their first turn; the bot restarts, and its redraw of their table (the
    first edit of a message in the channel) is held: restoring holds the game meanwhile."""
    t.dc.limits.enforce_rate_limits = False  # two players at machine speed
    await t.start()
    session = await two_players_at_first_turn(t, random.Random(3))
    seen = t.dc.as_seen(await t.table_message(session))
    await t.stop()
    hold = t.dc.hold(method="PATCH", path_contains=f"/channels/{t.channel.id}/messages")
    await t.start()
    await hold.reached()
    restored = await t.session()
    assert restored.lock.locked(), "restoring holds the game while it redraws its table"
    mover = ("ana", "leo")[skyjo(restored).current]
    return Restoring(hold, seen, restored, restored.record.version, mover)


async def test_a_move_on_a_game_still_being_restored_is_answered_in_time(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        hold, seen, restored, version, mover = await restoring_held(t)

        clicked = asyncio.ensure_future(t.click(mover, seen, button(seen, "draw")))
        await asyncio.sleep(3.5)
        assert clicked.done(), "the click is answered while its game is still held"
        answer = clicked.result()
        assert answer.type == 6 and not answer.errors, answer.errors

        hold.release()
        await t.settled(lambda s: s.record.version == version + 1, "the move saved", restored)
        table_now = await t.table_message(restored)
        assert {parse(c)[1] for c in table_now.custom_ids} == {version + 1}
        assert button(table_now, "swap"), "the drawn card waits to be placed"
        assert not t.dc.invalid_requests.total


async def test_a_form_asked_for_on_a_held_game_asks_to_press_again(tmp_path: Path) -> None:
    """A form cannot follow an acknowledgement: the player is told to press again, and the
    game is as it was."""
    async with table(tmp_path) as t:
        t.dc.limits.enforce_rate_limits = False
        await t.start()
        lobby = shown(await t.slash("ana", "skyjo-sheet start"))
        await t.stop()
        hold = t.dc.hold(method="PATCH", path_contains=f"/channels/{t.channel.id}/messages")
        await t.start()
        await hold.reached()
        session = await t.session()
        version = session.record.version
        pressed = asyncio.ensure_future(t.click("ana", lobby, button(lobby, "guest")))
        await until(pressed.done, "the press answered", timeout=3.5)
        assert pressed.result().type == 6
        hold.release()
        await t.settled(lambda s: True, "the lobby redrawn", session)
        await until(lambda: t.dc.ephemerals(t.users["ana"]), "the answer to the press")
        assert "press again" in t.dc.last_ephemeral(t.users["ana"]).content
        assert session.record.version == version


async def test_a_click_whose_table_is_deleted_while_it_waits_is_still_answered(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Discord refuses to defer a click on a message deleted since (10008): the click is
    answered privately instead, then told where the table is now."""
    caplog.set_level(logging.WARNING)
    async with table(tmp_path) as t:
        hold, seen, restored, version, mover = await restoring_held(t)

        clicked = asyncio.ensure_future(t.click(mover, seen, button(seen, "draw")))
        await asyncio.sleep(0.2)  # the click is on its way, or already waiting for its game
        t.dc.delete_message(seen)
        await until(clicked.done, "the click answered", timeout=3.5)
        answer = clicked.result()
        # The stand-in reports the click answered at the first callback, the refused one.
        await until(lambda: answer.type is not None, "the private answer", timeout=3.5)
        assert answer.type == 5, answer.errors
        assert [error.code for error in answer.errors] == [10008], "the deferral it was refused"

        hold.release()
        restored = await t.settled(lambda s: True, "the table posted again", restored)
        assert restored.record.version == version, "a click on a table since deleted moves nothing"
        table_now = await t.table_message(restored)
        assert table_now.id != seen.id and button(table_now, "draw")
        # The private answer is a deferral ("thinking…") first, its words edited in after.
        await until(
            lambda: any(m.content for m in t.dc.ephemerals(t.users[mover])), "the player told"
        )
        told = [m.content for m in t.dc.ephemerals(t.users[mover]) if m.content][-1]
        assert "out of date" in told and str(table_now.id) in told, told
        assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


async def test_a_game_shown_before_its_first_redraw_still_has_its_channel_looked_through(
    tmp_path: Path,
) -> None:
    """After a restart a click may show a game before its first redraw does; the channel is
    still looked through for the game's messages the bot never noted, and they are deleted."""
    async with table(tmp_path) as t:
        t.dc.limits.enforce_rate_limits = False
        await t.start()
        session = await two_players_at_first_turn(t, random.Random(3))
        shown_now = await t.table_message(session)
        controls = discord.ui.View()
        for custom_id in shown_now.custom_ids[:2]:
            controls.add_item(discord.ui.Button(label="·", custom_id=custom_id))
        channel = t.running.get_partial_messageable(t.channel.id)
        stray = await channel.send("a table posted as the bot died", view=controls)
        session.display.unchecked = True  # as the restart left it, its table shown since
        session.wake()
        await until(lambda: t.dc.world.message(stray.id) is None, "the stray table deleted")
        assert t.dc.world.message(shown_now.id) is not None, "the table itself stays"
        assert not session.display.unchecked
