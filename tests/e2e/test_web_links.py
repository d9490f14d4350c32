"""A server's web pages through Discord: off until an admin turns them on, then linked from a
finished game's standings, `/leaderboard`, `/profile card`, `/history` and a replay, each link
opening its page on the bot's own server; a member who hides, or leaves the server, is on no
page; a new address kills the old one, and off kills both; a bot that serves no pages says so."""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

import aiohttp

from bot.departures import RECHECK_AFTER
from tests.e2e.harness import Table, shown, table, until
from tests.e2e.sheet_play import enter_round, open_sheet
from tests.standin import StoredMessage

SHEET = "skyjo-sheet"


def links(message: StoredMessage) -> dict[str, str]:
    """The message's link buttons: label → address."""
    return {
        str(c.get("label")): str(c["url"])
        for c in message.walk_components()
        if c.get("type") == 2 and c.get("style") == 5
    }


async def fetched(url: str) -> tuple[int, str]:
    """The page's status and its text (character references read)."""
    async with aiohttp.ClientSession() as http, http.get(url) as response:
        return response.status, html.unescape(await response.text())


async def admin(t: Table, name: str) -> None:
    role = t.guild.add_role("Admins", manage_guild=True)
    t.guild.members[t.users[name].id].roles.append(role)


async def finished_sheet(t: Table) -> Any:
    session = await open_sheet(t, ["ana", "leo", "zoe"], target_score=10)
    await enter_round(t, "ana", 1, [3, 20, 15])
    return await t.settled(lambda s: s.record.status == "finished", "the standings", session)


async def test_the_pages_are_turned_on_linked_from_discord_and_moved_or_turned_off(
    tmp_path: Path,
) -> None:
    async with table(tmp_path) as t:
        await t.start()
        session = await finished_sheet(t)
        standings = await t.table_message(session)
        assert links(standings) == {}, "no link while the server has no pages"

        refused = await t.slash("leo", "table web on")
        assert refused.ephemeral and "Manage Server" in refused.content
        await admin(t, "ana")
        on = await t.slash("ana", "table web on")
        assert on.ephemeral
        found = re.search(r"(http://127\.0\.0\.1:\d+/s/[\w-]+)/", on.content)
        assert found is not None, on.content
        root = found.group(1)
        status, page = await fetched(root + "/")
        assert status == 200 and "Skyjo score sheet" in page
        assert f"<h1>{t.guild.name}</h1>" in page, "the server's name heads its page"

        made = t.running.pages.sources.pages if t.running.pages is not None else None
        assert made is not None and len(made) == 0, "no page made for the game before pages"
        second = await finished_sheet(t)
        await until(lambda: len(made) == 1, "the game's page made as the game ended")
        game_link = links(await t.table_message(second))["Replay on the web"]
        assert game_link == f"{root}/game/{second.record.id}"
        status, page = await fetched(game_link)
        assert status == 200 and t.users["ana"].name in page

        board = shown(await t.slash("zoe", "leaderboard", game=SHEET))
        board_link = links(board)["Open on the web"]
        assert board_link == f"{root}/board/{SHEET}/all"
        status, page = await fetched(board_link)
        assert status == 200 and t.users["leo"].name in page

        history = shown(await t.slash("zoe", "history"))
        assert links(history)["Open on the web"] == f"{root}/"
        replay = shown(await t.select("zoe", history, "skyh:replay", str(second.record.id)))
        step_link = links(replay)["Open on the web"]
        assert re.fullmatch(rf"{re.escape(game_link)}#step-\d+", step_link), step_link

        card = shown(await t.slash("zoe", "profile card", member=t.users["ana"]))
        member_link = links(card)["Open on the web"]
        status, page = await fetched(member_link)
        assert status == 200 and f"{t.users['ana'].name}'s profile" in page

        hidden = await t.slash("ana", "profile hide")
        assert hidden.ephemeral and "Player N" in hidden.content
        assert (await fetched(member_link))[0] == 404
        assert "Open on the web" not in links(
            shown(await t.slash("zoe", "profile card", member=t.users["ana"]))
        )
        status, page = await fetched(game_link)
        assert status == 200 and t.users["ana"].name not in page and "Player 1" in page
        await t.slash("ana", "profile show")
        assert (await fetched(member_link))[0] == 200

        t.guild.remove_member(t.users["leo"])
        t.clock.advance(RECHECK_AFTER + 1)
        while await t.running.departures.check_one():
            pass
        status, page = await fetched(board_link)
        assert status == 200 and t.users["leo"].name not in page, "leo left the server"
        assert t.users["zoe"].name in page and t.users["ana"].name in page
        assert not await t.running.departures.check_one(), "nobody due again for a week"

        moved = await t.slash("ana", "table web new-address")
        new_root = re.search(r"(http://127\.0\.0\.1:\d+/s/[\w-]+)/", moved.content)
        assert new_root is not None and new_root.group(1) != root
        assert (await fetched(root + "/"))[0] == 404
        assert (await fetched(new_root.group(1) + "/"))[0] == 200

        off = await t.slash("ana", "table web off")
        assert off.ephemeral and (await fetched(new_root.group(1) + "/"))[0] == 404
        assert links(shown(await t.slash("zoe", "leaderboard", game=SHEET))) == {}
        again = await t.slash("ana", "table web new-address")
        assert "/table web on" in again.content, "no address to move while off"


async def test_a_bot_that_serves_no_pages_says_so(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        t.pages = False
        await t.start()
        await admin(t, "ana")
        answer = await t.slash("ana", "table web on")
        assert answer.ephemeral and "serves no web pages" in answer.content
        assert t.running.pages is None
