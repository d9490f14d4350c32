"""Games survive a restart, late players are covered by bots, closed DMs disturb nothing, and a
missing permission is named."""

from __future__ import annotations

import random
from pathlib import Path

from tests.e2e.harness import button, shown, table
from tests.e2e.skyjo_play import (
    choose_opening_cards,
    play_turn_well,
    skyjo,
    two_players_at_first_turn,
)


async def test_a_restart_in_mid_game_loses_nothing(tmp_path: Path) -> None:
    rng = random.Random(5)
    async with table(tmp_path) as t:
        # A whole game at machine speed: more table edits a second than players make.
        t.dc.limits.enforce_rate_limits = False
        await t.start()
        opened = await t.slash("ana", "skyjo start", target_score=40)
        lobby = shown(opened)
        lobby = shown(await t.click("leo", lobby, button(lobby, "join")))
        lobby = shown(await t.select("ana", lobby, button_select(lobby, "addbot"), "hard"))
        await t.click("ana", lobby, button(lobby, "start"))
        for user in ("ana", "leo"):
            await choose_opening_cards(t, user, rng)
        names = ["ana", "leo"]
        for _ in range(4):
            session = await t.settled(lambda s: skyjo(s).current in (0, 1), "a human's turn")
            await play_turn_well(t, names[skyjo(session).current], skyjo(session).current, rng)
        session = await t.settled(lambda s: skyjo(s).current in (0, 1), "a human's turn")
        before = (session.record.version, session.record.state, session.record.message_id)
        old_message = t.dc.as_seen(await t.table_message())

        await t.stop()
        await t.start()
        restored = await t.session()
        assert restored is not session
        assert (
            restored.record.version,
            restored.record.state,
            restored.record.message_id,
        ) == before
        mover = skyjo(restored).current
        draw = await t.click(names[mover], old_message, button(old_message, "draw"))
        assert draw.type == 7, draw.errors
        assert restored.record.version == before[0] + 1
        placed = await t.click(names[mover], shown(draw), button(shown(draw), "swap"))
        assert placed.type == 7, placed.errors
        while restored.record.status == "running":
            await t.settled(
                lambda s: (
                    s.record.status != "running"
                    or (skyjo(s).current in (0, 1) and skyjo(s).phase != "opening")
                    or (skyjo(s).phase == "opening" and bool(set(s.engine.to_move) & {0, 1}))
                ),
                "a human's decision",
                restored,
            )
            if restored.record.status != "running":
                break
            game = skyjo(restored)
            if game.phase == "opening":
                await choose_opening_cards(t, names[min(game.to_move)], rng)
            else:
                await play_turn_well(t, names[game.current], game.current, rng)
        assert restored.record.status == "finished"


def button_select(message: object, verb: str) -> str:
    from tests.standin import StoredMessage

    assert isinstance(message, StoredMessage)
    for component in message.walk_components():
        if component.get("type") == 3 and component["custom_id"].split(":")[3] == verb:
            return str(component["custom_id"])
    raise AssertionError(f"no {verb} select")


async def test_late_players_are_covered_then_replaced_and_the_game_ends(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        await t.start()
        opened = await t.slash("ana", "skyjo start", turn_seconds=30)
        lobby = shown(opened)
        lobby = shown(await t.click("leo", lobby, button(lobby, "join")))
        await t.click("ana", lobby, button(lobby, "start"))
        session = await t.settled(lambda s: skyjo(s).phase == "opening", "the opening")
        assert session.record.deadline == t.clock.now() + 30
        timeouts: list[tuple[int, int]] = []
        shown_texts: list[str] = []
        for _ in range(10):
            if session.record.status != "running":
                break
            t.clock.advance(31)
            await t.settled(
                lambda s: (
                    s.record.status != "running"
                    or (s.record.deadline is not None and s.record.deadline > t.clock.now())
                ),
                "the late turn to be played",
                session,
            )
            timeouts.append((session.record.seats[0].timeouts, session.record.seats[1].timeouts))
            shown_texts.append((await t.table_message(session)).text())
        assert timeouts[0] == (1, 1), "both players missed their opening flips"
        assert session.record.status == "cancelled"
        assert all(seat.is_bot for seat in session.record.seats)
        final = await t.table_message(session)
        assert "No human player is left" in final.text()
        assert any("ran out of time: a bot played for them" in text for text in shown_texts)
        assert any("a bot takes the seat" in text for text in shown_texts)


async def test_closed_dms_never_disturb_the_game(tmp_path: Path) -> None:
    rng = random.Random(9)
    async with table(tmp_path) as t:
        await t.start()
        lobby = shown(await t.slash("ana", "skyjo start"))
        lobby = shown(await t.click("leo", lobby, button(lobby, "join")))
        await t.click("ana", lobby, button(lobby, "start"))
        for user in ("ana", "leo"):
            reminder = await t.slash(user, "table remind")
            assert reminder.ephemeral and "on" in reminder.content
        t.dc.close_dms(t.users["ana"])
        for user in ("ana", "leo"):
            await choose_opening_cards(t, user, rng)
        names = ["ana", "leo"]
        for _ in range(4):
            session = await t.settled(lambda s: skyjo(s).phase == "turn", "a turn")
            await play_turn_well(t, names[skyjo(session).current], skyjo(session).current, rng)
        refused = [
            r
            for r in t.dc.requests
            if r.method == "POST" and r.status == 403 and "/channels/" in r.path
        ]
        assert refused, "a reminder to the closed DMs was attempted"
        assert t.dc.dms(t.users["leo"]), "leo, whose DMs are open, got reminders"
        assert all("Your turn" in m.content for m in t.dc.dms(t.users["leo"]))
        assert session.record.status == "running"


async def test_a_missing_permission_is_named(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        await t.start()
        t.dc.deny_bot(t.channel, embed_links=True)
        refused = await t.slash("ana", "skyjo start")
        assert refused.ephemeral
        assert "Embed Links" in refused.content
        assert await t.running.sessions.in_channel(t.channel.id) is None


async def test_attach_files_is_named_where_tables_have_pictures(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        await t.start()
        t.dc.deny_bot(t.channel, attach_files=True)
        refused = await t.slash("ana", "skyjo solo", bots=1)
        assert refused.ephemeral and "Attach Files" in refused.content
        assert "Embed Links" not in refused.content, "only what is missing"
        assert await t.running.sessions.in_channel(t.channel.id) is None
        admins = t.guild.add_role("Admins", manage_guild=True)
        t.guild.members[t.users["ana"].id].roles.append(admins)
        await t.slash("ana", "table pictures", look="text")
        started = await t.slash("ana", "skyjo solo", bots=1)
        assert started.error is None and not started.ephemeral, "text only needs no files"
        assert await t.running.sessions.in_channel(t.channel.id) is not None


async def test_reminders_follow_the_bots_moves(tmp_path: Path) -> None:
    rng = random.Random(3)
    async with table(tmp_path) as t:
        await t.start()
        await t.slash("ana", "skyjo solo", bots=2)
        await t.slash("ana", "table remind")
        await choose_opening_cards(t, "ana", rng)
        for _ in range(3):
            session = await t.settled(
                lambda s: skyjo(s).phase == "turn" and skyjo(s).current == 0, "ana's turn"
            )
            await play_turn_well(t, "ana", 0, rng)
        reminders = t.dc.dms(t.users["ana"])
        assert len(reminders) >= 2
        assert all(session.link() in m.content for m in reminders)


async def test_a_table_too_old_to_edit_moves_to_a_fresh_message(tmp_path: Path) -> None:
    rng = random.Random(8)
    async with table(tmp_path) as t:
        await t.start()
        session = await two_players_at_first_turn(t, rng)
        old_id = session.record.message_id
        message = await t.table_message()
        t.dc.advance_clock(2 * 3600)
        mover = ["ana", "leo"][skyjo(session).current]
        await t.click(mover, message, button(message, "draw"))
        await t.settled(lambda s: s.record.message_id != old_id, "the table to move")
        assert skyjo(session).phase == "drawn"
        callbacks = [r for r in t.dc.requests if r.path.endswith("/callback")]
        assert (callbacks[-1].json["type"], callbacks[-1].status) == (6, 200)
        fresh = await t.table_message()
        assert button(fresh, "swap")


async def test_turn_timers_resume_after_a_restart(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        await t.start()
        lobby = shown(await t.slash("ana", "skyjo start", turn_seconds=30))
        lobby = shown(await t.click("leo", lobby, button(lobby, "join")))
        await t.click("ana", lobby, button(lobby, "start"))
        session = await t.settled(lambda s: skyjo(s).phase == "opening", "the opening")
        deadline = session.record.deadline
        await t.stop()
        await t.start()
        restored = await t.session()
        assert restored.record.deadline == deadline
        t.clock.advance(31)
        await t.settled(lambda s: skyjo(s).phase == "turn", "the late opening flips played")
        assert [seat.timeouts for seat in restored.record.seats] == [1, 1]
