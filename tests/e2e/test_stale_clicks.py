"""Presses that come too late, each answered about what was pressed: a stale click on the table
is refused without redrawing a table that is already right, the second of two presses at once
is told what the first one did, and an old grid of one's own cards is shown as it is now."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

from bot.sessions.session import GameSession
from tests.e2e.harness import Table, button, enabled, shown, table
from tests.e2e.skyjo_play import choose_opening_cards, skyjo
from tests.standin import StoredMessage, quick_retries

FOR_GOOD = 5
"""discord.py tries a 500 five times before it gives up."""


async def solo_at_first_turn(t: Table, rng: random.Random) -> GameSession:
    started = await t.slash("ana", "skyjo solo", bots=1, target_score=1000)
    assert started.error is None and not started.ephemeral, started.errors
    await choose_opening_cards(t, "ana", rng)
    return await t.settled(
        lambda s: skyjo(s).phase == "turn" and skyjo(s).current == 0, "ana's first turn"
    )


async def started_by_two(t: Table) -> StoredMessage:
    """Ana opens a Skyjo table and Leo joins: the lobby, ready to start."""
    lobby = shown(await t.slash("ana", "skyjo start"))
    return shown(await t.click("leo", lobby, button(lobby, "join")))


def caught_up(session: GameSession) -> bool:
    display = session.display
    return session.autoplay.idle and not display.stale and not display.outbox.busy


def channel_requests(t: Table, since: int) -> list[tuple[str, str]]:
    """The requests on the channel's messages (posts, edits, deletions) since the `since`th."""
    return [(r.method, r.path) for r in t.dc.rest.requests[since:] if "/channels/" in r.path]


async def test_a_stale_click_on_a_table_already_right_is_only_refused(tmp_path: Path) -> None:
    rng = random.Random(61)
    async with table(tmp_path) as t:
        # quick_retries packs discord.py's retries into milliseconds, past the channel's buckets.
        t.dc.limits.enforce_rate_limits = False
        await t.start()
        session = await solo_at_first_turn(t, rng)
        message = await t.table_message()
        seen = t.dc.as_seen(message)
        drawn = await t.click("ana", message, button(message, "draw"))
        assert drawn.type == 7, drawn.errors
        await t.settled_engine(caught_up, "the table to show the draw", session)
        before = len(t.dc.rest.requests)
        stale = await t.click("ana", seen, button(seen, "mode", "take"))
        assert stale.ephemeral and "changed a moment ago" in stale.content, stale.content
        await t.settled_engine(caught_up, "the catch-up after the stale click", session)
        assert channel_requests(t, before) == [], "the table was sent again as it was"

        with quick_retries():
            messages = f"/channels/{t.channel.id}/messages"
            t.dc.fail(500, times=FOR_GOOD, method="PATCH", path_contains="/webhooks/")
            t.dc.fail(500, times=FOR_GOOD, method="PATCH", path_contains=messages)
            t.dc.fail(500, times=FOR_GOOD, method="POST", path_contains=messages)
            before = len(t.dc.rest.requests)
            table_now = await t.table_message()
            placed = await t.click("ana", table_now, rng.choice(enabled(table_now, "swap")))
            assert placed.type == 7, placed.errors
            await t.settled(lambda s: skyjo(s).current == 0, "the bot's move shown", session)
        sent = channel_requests(t, before)
        failed = sum(r.status == 500 for r in t.dc.rest.requests[before:])
        assert failed >= 2 * FOR_GOOD, (
            "the bot's move was tried through the click's webhook, then the channel"
        )
        assert len(sent) > FOR_GOOD, "after the failures, the table was repaired"
        latest = await t.table_message(session)
        assert {int(i.split(":")[2]) for i in latest.custom_ids} == {session.record.version}


async def test_the_second_of_two_starts_at_once_is_told_the_game_started(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        await t.start()
        seen = t.dc.as_seen(await started_by_two(t))
        presses = [t.click("ana", seen, button(seen, "start")) for _ in range(2)]
        started, second = sorted(await asyncio.gather(*presses), key=lambda r: r.ephemeral)
        assert started.type == 7 and not started.ephemeral, started.errors
        assert second.ephemeral and second.content == "The game has already started."
        late = await t.click("leo", seen, button(seen, "start"))
        assert late.ephemeral and late.content == "The game has already started."
        session = await t.session()
        assert session.record.status == "running"


async def test_the_second_of_two_draws_at_once_is_told_what_was_drawn(tmp_path: Path) -> None:
    rng = random.Random(62)
    async with table(tmp_path) as t:
        await t.start()
        session = await solo_at_first_turn(t, rng)
        version = session.record.version
        seen = t.dc.as_seen(await t.table_message())
        presses = [t.click("ana", seen, button(seen, "draw")) for _ in range(2)]
        drawn, second = sorted(await asyncio.gather(*presses), key=lambda r: r.ephemeral)
        assert drawn.type == 7 and not drawn.ephemeral, drawn.errors
        card = skyjo(session).drawn
        assert card is not None and session.record.version == version + 1
        assert second.ephemeral and second.content.startswith("Already done: ana drew ")
        assert str(abs(card)) in second.content, second.content
        assert "press once more" not in second.content


async def test_an_old_grid_of_ones_own_cards_is_shown_as_it_is_now(tmp_path: Path) -> None:
    rng = random.Random(63)
    async with table(tmp_path) as t:
        await t.start()
        lobby = await started_by_two(t)
        await t.click("ana", lobby, button(lobby, "start"))
        message = await t.table_message()
        opened = await t.click("ana", message, button(message, "mine"))
        old = shown(opened)
        assert old.ephemeral and enabled(old, "reveal")
        for user in ("ana", "leo"):
            await choose_opening_cards(t, user, rng)
        session = await t.settled(lambda s: skyjo(s).phase == "turn", "the first turn")
        version = session.record.version
        answer = await t.click("ana", old, enabled(old, "reveal")[0])
        assert answer.type == 7, f"answered with a new message: {answer.errors}"
        grid = shown(answer)
        assert grid.id == old.id and grid.ephemeral
        assert "out of date" in grid.content and "opening cards are up" in grid.text()
        assert not enabled(grid, "reveal"), "the grid offers no card to turn up any more"
        assert "discord.com/channels" not in grid.text(), "not a link to the table"
        assert session.record.version == version, "nothing changed in the game"
