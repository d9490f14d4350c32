"""The score sheet's irreversible steps: only the host ends a sheet early, after confirming,
and a finished sheet can be reopened for a while to fix its last round."""

from __future__ import annotations

from pathlib import Path

from bot.sessions.session import GameSession
from tests.e2e.harness import Table, button, enabled, shown, table
from tests.e2e.sheet_play import enter_round, open_sheet, select_id, sheet
from tests.standin import StoredMessage

REOPEN_SECONDS = 15 * 60


def verbs(message: StoredMessage) -> set[str]:
    return {
        component["custom_id"].split(":")[3]
        for component in message.walk_components()
        if "custom_id" in component and not component.get("disabled")
    }


async def finished(t: Table, session: GameSession) -> StoredMessage:
    await t.settled(lambda s: s.record.status == "finished", "the standings", session)
    return await t.table_message(session)


async def test_only_the_host_ends_a_sheet_early_after_confirming(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        await t.start()
        session = await open_sheet(t, ["ana", "leo"])
        await enter_round(t, "ana", 0, [3, 7])
        message = await t.table_message()
        refused = await t.click("leo", message, button(message, "end"))
        assert refused.ephemeral and "Only the host" in refused.content
        assert session.record.status == "running"
        asking = shown(await t.click("ana", message, button(message, "end")))
        assert "End the game now?" in asking.text() and "without a winner" in asking.text()
        assert verbs(asking) == {"endnow", "keep"}, "nothing else while the host decides"
        kept = shown(await t.click("ana", asking, button(asking, "keep")))
        assert "End the game now?" not in kept.text() and "totals" in verbs(kept)
        asking = shown(await t.click("ana", kept, button(kept, "end")))
        refused = await t.click("leo", asking, button(asking, "endnow"))
        assert refused.ephemeral and "Only the host" in refused.content
        ended = await t.click("ana", asking, button(asking, "endnow"))
        assert ended.type == 7, ended.errors
        final = await finished(t, session)
        assert final.embeds[0]["title"] == "Skyjo score sheet · ended early"
        assert "nobody is ranked as a winner" in final.text()
        assert "🏆" not in final.text()
        results = await t.running.sessions.store.results(session.record.id)
        assert [(r.score, r.place, r.won) for r in results] == [(3, 1, False), (7, 2, False)]
        board = shown(await t.slash("ana", "leaderboard", game="skyjo-sheet")).text()
        ana = t.users["ana"].id
        assert f"<@{ana}> — not rated yet · 0 wins · 1 game" in board, (
            "recorded, not a win, unrated"
        )


async def test_a_sheet_ended_early_plays_on_when_the_host_reopens_it(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        await t.start()
        session = await open_sheet(t, ["ana", "leo"])
        await enter_round(t, "ana", 0, [3, 7])
        message = await t.table_message()
        asking = shown(await t.click("ana", message, button(message, "end")))
        await t.click("ana", asking, button(asking, "endnow"))
        final = await finished(t, session)
        assert {"reopen", "undo", "edit", "rematch"} <= verbs(final)
        played_on = await t.click("ana", final, button(final, "reopen"))
        assert played_on.type == 7, played_on.errors
        session = await t.session()
        await enter_round(t, "leo", 1, [40, 6])
        assert sheet(session).totals == (43, 13) and session.record.status == "running"


async def test_the_last_round_can_be_undone_for_15_minutes(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        await t.start()
        session = await open_sheet(t, ["ana", "leo"], target_score=50)
        await enter_round(t, "ana", 0, [3, 7])
        await enter_round(t, "ana", 0, [5, 60])  # a typo: leo reaches 67
        final = await finished(t, session)
        assert "ana wins" in final.embeds[0]["title"]
        assert "undo or correct a round" in final.text() and "<t:" in final.text()
        assert {"undo", "edit", "rematch"} <= verbs(final)
        game_id = session.record.id
        assert [r.won for r in await t.running.sessions.store.results(game_id)] == [True, False]
        refused = await t.click("leo", final, button(final, "undo"))
        assert refused.ephemeral and "Only the host" in refused.content
        t.clock.advance(REOPEN_SECONDS - 60)
        undone = await t.click("ana", final, button(final, "undo"))
        assert undone.type == 7, undone.errors
        session = await t.session()
        assert session.record.id == game_id and session.record.status == "running"
        assert await t.running.sessions.store.results(game_id) == [], "results taken back"
        assert len(sheet(session).rounds) == 1
        message = await t.table_message()
        assert "Skyjo score sheet · round 2" in message.embeds[0]["title"]
        await enter_round(t, "ana", 0, [5, 6])
        assert session.record.status == "running" and sheet(session).totals == (8, 13)
        await enter_round(t, "leo", 1, [30, 40])  # leo doubled: 13 + 80, over
        await finished(t, session)
        results = await t.running.sessions.store.results(game_id)
        assert [(r.score, r.won) for r in results] == [(38, True), (93, False)]


async def test_a_round_of_a_finished_sheet_is_corrected_from_its_standings(
    tmp_path: Path,
) -> None:
    async with table(tmp_path) as t:
        await t.start()
        session = await open_sheet(t, ["ana", "leo"], target_score=50)
        await enter_round(t, "ana", 0, [3, 7])
        await enter_round(t, "ana", 0, [5, 60])
        final = await finished(t, session)
        opened = await t.select("ana", final, select_id(final, "edit"), "1")
        assert opened.type == 7, opened.errors
        session = await t.session()
        assert "Correcting round 2" in (await t.table_message()).text()
        message = await t.table_message()
        form = await t.click("ana", message, button(message, "totals", "0"))
        assert form.modal is not None
        await t.dc.submit_modal(
            t.users["ana"], t.channel, form.modal["custom_id"], {"0": "5", "1": "6"}
        )
        message = await t.table_message()
        await t.click("ana", message, button(message, "confirm"))
        assert session.record.status == "running" and sheet(session).totals == (8, 13)


async def test_after_15_minutes_the_standings_are_final(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        await t.start()
        session = await open_sheet(t, ["ana", "leo"], target_score=20)
        await enter_round(t, "ana", 0, [3, 30])
        final = await finished(t, session)
        assert "undo" in verbs(final)
        t.clock.advance(REOPEN_SECONDS + 1)
        await t.settled(lambda s: "undo" not in verbs_shown(t, s), "the buttons removed", session)
        final = await t.table_message(session)
        assert verbs(final) == {"rematch"} and "undo or correct" not in final.text()
        assert enabled(final, "rematch")


def verbs_shown(t: Table, session: GameSession) -> set[str]:
    found = [m for m in t.dc.messages(t.channel) if m.id == session.record.message_id]
    return verbs(found[0]) if found else set()


async def test_a_late_click_after_a_restart_is_refused_and_removes_the_buttons(
    tmp_path: Path,
) -> None:
    async with table(tmp_path) as t:
        await t.start()
        session = await open_sheet(t, ["ana", "leo"], target_score=20)
        await enter_round(t, "ana", 0, [3, 30])
        final = await finished(t, session)
        await t.stop()
        t.clock.advance(REOPEN_SECONDS + 1)
        await t.start()
        refused = await t.click("ana", final, button(final, "undo"))
        assert refused.ephemeral and "The time to correct this game is over." in refused.content
        message = next(m for m in t.dc.messages(t.channel) if m.id == final.id)
        assert verbs(message) == {"rematch"}


async def test_a_sheet_is_not_reopened_over_a_new_game_in_its_channel(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        await t.start()
        session = await open_sheet(t, ["ana", "leo"], target_score=20)
        await enter_round(t, "ana", 0, [3, 30])
        final = await finished(t, session)
        lobby = await t.slash("zoe", "skyjo start")
        assert lobby.error is None, lobby.errors
        refused = await t.click("ana", final, button(final, "undo"))
        assert refused.ephemeral and "Another game is open in this channel" in refused.content
        results = await t.running.sessions.store.results(session.record.id)
        assert [r.won for r in results] == [True, False], "nothing was taken back"
