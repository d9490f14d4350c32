"""The Skyjo score sheet through Discord, as players at a real table keep it."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image

from tests.e2e.harness import button, table
from tests.e2e.sheet_play import (
    choose_finisher,
    enter_round,
    open_sheet,
    select_id,
    sheet,
    type_totals,
)


async def test_three_players_to_100_with_a_doubled_finisher(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        await t.start()
        session = await open_sheet(t, ["ana", "leo"], guests=["Grandma"])
        assert [seat.guest for seat in session.record.seats] == [False, False, True]
        await choose_finisher(t, "leo", 0)
        await type_totals(t, "ana", [10, 5, 30])
        preview = await t.table_message()
        assert "ana ended the round without the strictly lowest score: 10 becomes 20." in (
            preview.text()
        ), "the doubling is shown, and why, before it counts"
        assert not sheet(session).rounds
        confirmed = await t.click("leo", preview, button(preview, "confirm"))
        assert confirmed.type == 7
        assert sheet(session).totals == (20, 5, 30)
        charted = await t.table_message()
        attachment = charted.payload["attachments"][0]
        assert attachment["filename"] == "scores.png"
        assert charted.embeds[0]["image"]["url"] == "attachment://scores.png"
        assert "ana: 20." in attachment["description"] and "target 100" in attachment["description"]
        png = t.dc.rest.files[attachment["url"].split("/cdn/", 1)[1]]
        assert Image.open(io.BytesIO(png)).size == (800, 600)
        await enter_round(t, "ana", 1, [8, 8, 20])  # leo tied for lowest: doubled
        assert sheet(session).totals == (28, 21, 50)
        await enter_round(t, "ana", 0, [-3, 10, 12])  # ana negative: not doubled
        assert sheet(session).totals == (25, 31, 62)
        message = await t.table_message()
        assert "👑 **ana** — 25 · 75 points to the target" in message.text()
        await enter_round(t, "leo", 2, [30, 40, 50])  # Grandma: 50 → 100, total 162
        await t.settled(lambda s: True, "the standings", session)
        assert session.record.status == "finished"
        final = await t.table_message(session)
        assert "Skyjo score sheet · ana wins!" in final.embeds[0]["title"]
        assert button(final, "rematch"), "new game, same players"
        results = await t.running.sessions.store.results(session.record.id)
        assert [(r.score, r.place, r.seat_kind) for r in results] == [
            (55, 1, "member"),
            (71, 2, "member"),
            (162, 3, "guest"),
        ]


async def test_a_flat_penalty_sheet(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        await t.start()
        session = await open_sheet(
            t, ["ana", "leo"], penalty="flat", penalty_flat=10, target_score=50
        )
        await choose_finisher(t, "ana", 0)
        await type_totals(t, "ana", [-3, -5])
        assert "\N{MINUS SIGN}3 becomes 7" in (await t.table_message()).text()
        message = await t.table_message()
        await t.click("ana", message, button(message, "confirm"))
        assert sheet(session).totals == (7, -5)


async def test_an_eight_player_round_takes_two_forms(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        await t.start()
        guests = ["Grandma", "Tom", "Eva", "Bob", "Ida", "Max2"]
        session = await open_sheet(t, ["ana", "leo"], guests=guests)
        message = await t.table_message()
        assert button(message, "totals", "0") and button(message, "totals", "5")
        confirmed = await enter_round(t, "leo", 7, [1, 2, 3, 4, 5, 6, 7, -2])
        assert confirmed.type == 7
        assert sheet(session).totals == (1, 2, 3, 4, 5, 6, 7, -2)


async def test_undo_and_correcting_round_2_after_round_5(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        await t.start()
        session = await open_sheet(t, ["ana", "leo", "zoe"], target_score=500)
        for number in range(5):
            await enter_round(t, "zoe", 2, [10, 11, number])  # zoe lowest: never doubled
        message = await t.table_message()
        undone = await t.click("ana", message, button(message, "undo"))
        assert undone.type == 7 and len(sheet(session).rounds) == 4
        await enter_round(t, "ana", 2, [10, 11, 4])
        before = sheet(session).totals
        message = await t.table_message()
        opened = await t.select("leo", message, select_id(message, "edit"), "1")
        assert opened.type == 7
        assert "Correcting round 2" in (await t.table_message()).text()
        await type_totals(t, "leo", [10, 40, 1])
        message = await t.table_message()
        await t.click("leo", message, button(message, "confirm"))
        assert sheet(session).totals == (before[0], before[1] + 29, before[2])
        assert len(sheet(session).rounds) == 5


@pytest.mark.parametrize(
    ("typed", "reason"),
    [
        ("abc", "“abc” is not a number."),
        ("150", "150 is impossible for 12 cards: a total is from −24 to 144."),
        ("-25", "−25 is impossible for 12 cards"),
    ],
)
async def test_a_bad_total_is_refused_and_nothing_typed_is_lost(
    tmp_path: Path, typed: str, reason: str
) -> None:
    async with table(tmp_path) as t:
        await t.start()
        session = await open_sheet(t, ["ana", "leo"])
        await choose_finisher(t, "ana", 1)
        await type_totals(t, "ana", [typed, 7])
        message = await t.table_message()
        assert f"⚠️ ana: {reason}" in message.text()
        assert not [
            b
            for b in message.walk_components()
            if b.get("custom_id", "").endswith(":confirm:") and not b.get("disabled")
        ], "a round with a bad total cannot be confirmed"
        opened = await t.click("leo", message, button(message, "totals", "0"))
        assert opened.modal is not None
        values = [row["components"][0].get("value") for row in opened.modal["components"]]
        assert values == [typed, "7"], "the form comes back as it was typed"
        assert sheet(session).rounds == []


async def test_a_round_without_its_finisher_is_not_scored(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        await t.start()
        await open_sheet(t, ["ana", "leo"])
        await type_totals(t, "ana", [3, 7])
        message = await t.table_message()
        assert "Who ended the round is not chosen yet." in message.text()


async def test_two_players_entering_the_same_round_at_once(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        await t.start()
        session = await open_sheet(t, ["ana", "leo"])
        await choose_finisher(t, "ana", 0)
        await type_totals(t, "ana", [3, 7])
        seen = t.dc.as_seen(await t.table_message())
        first = await t.click("ana", seen, button(seen, "confirm"))
        second = await t.click("leo", seen, button(seen, "confirm"))
        assert first.type == 7
        assert second.ephemeral and "changed a moment ago" in second.content
        assert len(sheet(session).rounds) == 1, "one round, entered once"


async def test_a_stranger_cannot_write_and_a_restart_keeps_the_sheet(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        await t.start()
        session = await open_sheet(t, ["ana", "leo"])
        await enter_round(t, "ana", 0, [3, 7])
        await choose_finisher(t, "leo", 1)
        await type_totals(t, "leo", [12, "x"])
        message = await t.table_message()
        stranger = await t.click("max", message, button(message, "totals", "0"))
        assert stranger.ephemeral and "not playing" in stranger.content
        game_id = session.record.id
        await t.stop()
        await t.start()
        restored = await t.session()
        assert restored.record.id == game_id
        kept = sheet(restored)
        assert kept.totals == (3, 7) and kept.draft is not None
        assert kept.draft.entries == ("12", "x"), "what was typed survives a restart"
        await type_totals(t, "leo", [12, 2])
        message = await t.table_message()
        done = await t.click("ana", message, button(message, "confirm"))
        assert done.type == 7 and sheet(restored).totals == (15, 9)


async def test_only_the_sheets_creator_or_an_admin_may_delete_it(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        await t.start()
        session = await open_sheet(t, ["ana", "leo"])
        refused = await t.slash("leo", "table cancel")
        assert refused.ephemeral and session.record.status == "running"
        cancelled = await t.slash("ana", "table cancel")
        assert cancelled.error is None
        await t.settled_engine(lambda s: s.record.status == "cancelled", "cancelled", session)
