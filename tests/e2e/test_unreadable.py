"""What players type into a score sheet never breaks it, and a saved game that a screen cannot
draw still shows a plain table with its way out."""

from __future__ import annotations

import json
import logging
from pathlib import Path

import pytest

from bot.games.sheet import screens as sheet_screens
from bot.i18n import Words
from bot.sessions.session import GameSession
from games.skyjo_sheet import ScoreSheet
from tests.e2e.harness import Table, button, table
from tests.e2e.sheet_play import choose_finisher, open_sheet, sheet, type_totals
from tests.standin import StoredMessage

UNDRAWABLE = "I cannot draw this table"


@pytest.mark.parametrize("typed", ["²", "③", "①"])
async def test_a_total_that_is_no_number_is_refused_and_the_sheet_plays_on(
    tmp_path: Path, typed: str
) -> None:
    async with table(tmp_path) as t:
        await t.start()
        session = await open_sheet(t, ["ana", "leo"])
        await choose_finisher(t, "ana", 1)
        [typing] = await type_totals(t, "ana", [typed, 7])
        assert typing.error is None, typing.errors
        message = await t.table_message()
        assert f"⚠️ ana: “{typed}” is not a number." in message.text()
        assert UNDRAWABLE not in message.text()
        await type_totals(t, "ana", [2, 7])
        message = await t.table_message()
        confirmed = await t.click("leo", message, button(message, "confirm"))
        assert confirmed.type == 7, confirmed.errors
        assert sheet(session).totals == (2, 14)


@pytest.mark.parametrize(("typed", "total"), [("٣", 3), ("−٣", -3), (" －5 ", -5), ("１２", 12)])
async def test_digits_and_minus_signs_of_any_keyboard_are_read(
    tmp_path: Path, typed: str, total: int
) -> None:
    async with table(tmp_path) as t:
        await t.start()
        session = await open_sheet(t, ["ana", "leo"])
        await choose_finisher(t, "ana", 0)
        await type_totals(t, "ana", [typed, 20])
        message = await t.table_message()
        assert "⚠️" not in message.text()
        confirmed = await t.click("ana", message, button(message, "confirm"))
        assert confirmed.type == 7, confirmed.errors
        assert sheet(session).rounds[0].raw == (total, 20)


async def corrupt(session: GameSession, change: dict[str, object]) -> None:
    """Save the sheet with its draft changed as no move could: a state from an older or
    faulty version that the screens cannot draw."""
    async with session.lock:
        state = json.loads(session.adapter.dump(session.engine))
        state["draft"].update(change)
        session.record.state = json.dumps(state)
        session._engine = None
        await session.commit()


def labels(message: StoredMessage) -> dict[str, str]:
    return {
        component["custom_id"].split(":")[3]: component.get("label", "")
        for component in message.walk_components()
        if "custom_id" in component
    }


async def broken_sheet(t: Table) -> GameSession:
    session = await open_sheet(t, ["ana", "leo"])
    await choose_finisher(t, "ana", 1)
    await type_totals(t, "ana", [4, 7])
    await corrupt(session, {"finisher": 7})
    return session


async def test_a_game_its_screen_cannot_draw_shows_a_plain_table_with_its_way_out(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    async with table(tmp_path) as t:
        await t.start()
        await broken_sheet(t)
        await t.stop()
        caplog.clear()
        with caplog.at_level(logging.ERROR, logger="bot.sessions.display"):
            await t.start()
            session = await t.settled(lambda s: True, "the restored table")
            message = await t.table_message()
            assert UNDRAWABLE in message.text(), "players are told the truth"
            assert set(labels(message)) == {"discard", "cancel"}
            shown_again = await t.slash("leo", "table show")
            assert shown_again.error is None, shown_again.errors
            assert UNDRAWABLE in (await t.table_message()).text()
        logged = [r for r in caplog.records if "cannot be drawn" in r.getMessage()]
        assert len(logged) == 1, "logged once, not at every redraw"
        assert str(session.record.id) in logged[0].getMessage()
        message = await t.table_message()
        discarded = await t.click("leo", message, button(message, "discard"))
        assert discarded.type == 7, discarded.errors
        message = await t.table_message()
        assert UNDRAWABLE not in message.text()
        assert "Skyjo score sheet · round 1" in message.embeds[0]["title"]
        assert sheet(session).draft is None and sheet(session).rounds == []
        await choose_finisher(t, "leo", 0)
        await type_totals(t, "leo", [3, 9])
        message = await t.table_message()
        confirmed = await t.click("ana", message, button(message, "confirm"))
        assert confirmed.type == 7 and sheet(session).totals == (3, 9), "play goes on"


async def test_the_host_can_cancel_a_game_its_screen_cannot_draw(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        await t.start()
        session = await broken_sheet(t)
        await t.slash("leo", "table show")
        message = await t.table_message()
        assert UNDRAWABLE in message.text()
        refused = await t.click("leo", message, button(message, "cancel"))
        assert refused.ephemeral and "Only the host" in refused.content
        cancelled = await t.click("ana", message, button(message, "cancel"))
        assert cancelled.type == 7, cancelled.errors
        await t.settled_engine(lambda s: s.record.status == "cancelled", "cancelled", session)


async def test_a_move_its_screen_cannot_draw_is_not_blamed_on_discord(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A screen that fails on what was typed (as the sheet once did on "²") shows the plain
    table; the typist is not told that Discord refused anything, and Discard gets out."""
    drawn = sheet_screens.draft_lines

    def failing(game: ScoreSheet, words: Words) -> list[str]:
        if game.draft is not None and "²" in game.draft.entries:
            raise ValueError("invalid literal for int() with base 10: '²'")
        return drawn(game, words)

    monkeypatch.setattr(sheet_screens, "draft_lines", failing)
    async with table(tmp_path) as t:
        await t.start()
        session = await open_sheet(t, ["ana", "leo"])
        [typed] = await type_totals(t, "ana", ["²", 6])
        assert typed.error is None, typed.errors
        assert "Discord" not in (typed.content or "")
        draft = sheet(session).draft
        assert draft is not None and draft.entries == ("²", "6"), "the move counts"
        message = await t.table_message()
        assert UNDRAWABLE in message.text()
        discarded = await t.click("leo", message, button(message, "discard"))
        assert discarded.type == 7, discarded.errors
        assert UNDRAWABLE not in (await t.table_message()).text()
