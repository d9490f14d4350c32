"""The host's settings: slash options and the settings panel, with every bad value refused."""

from __future__ import annotations

from pathlib import Path

from tests.e2e.harness import button, shown, table
from tests.standin import StoredMessage


def select_id(message: StoredMessage, verb: str, arg: str) -> str:
    for component in message.walk_components():
        if component.get("type") == 3:
            _, _, _, found_verb, found_arg = component["custom_id"].split(":")
            if (found_verb, found_arg) == (verb, arg):
                return str(component["custom_id"])
    raise AssertionError(f"no {verb}:{arg} select in {message.custom_ids}")


async def test_bad_slash_options_are_refused_with_a_reason(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        await t.start()
        refused = await t.slash("ana", "skyjo start", opening_flips=12)
        assert refused.ephemeral
        assert "Cards turned up at the start: at most 11 on a 3×4 grid" in refused.content
        too_big = await t.slash("ana", "skyjo solo", bots=7, level="easy")
        assert not too_big.ephemeral, "8 players fit a 3 × 4 grid"
        busy = await t.slash("leo", "skyjo start")
        assert busy.ephemeral and "already open in this channel" in busy.content


async def test_the_host_changes_settings_in_the_panel(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        await t.start()
        lobby = shown(await t.slash("ana", "skyjo start"))
        refused = await t.click("leo", lobby, button(lobby, "settings"))
        assert refused.ephemeral and "Only the host" in refused.content
        panel_opened = await t.click("ana", lobby, button(lobby, "settings", "0"))
        assert panel_opened.ephemeral and panel_opened.type == 4
        panel = shown(panel_opened)
        changed = await t.select("ana", panel, select_id(panel, "set", "grid"), "4x4")
        assert changed.type == 7, changed.errors
        session = await t.session()
        assert (session.record.settings["rows"], session.record.settings["columns"]) == (4, 4)
        assert "4 × 4" in (await t.table_message()).text()
        panel = shown(changed)
        page_two = await t.click("ana", panel, button(panel, "settings", "1"))
        assert page_two.type == 7
        second = shown(page_two)
        timed = await t.select("ana", second, select_id(second, "set", "turn_seconds"), "none")
        assert timed.type == 7, timed.errors
        assert session.record.settings["turn_seconds"] is None
        assert "no limit" in (await t.table_message()).text()
        lobby = await t.table_message()
        start = next(
            c for c in lobby.walk_components() if c.get("custom_id", "").endswith(":start:")
        )
        assert start["disabled"], "a table of one cannot start"
