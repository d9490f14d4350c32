"""Failures that once stalled a game, lied to a player, or blocked a channel, each played out:
Discord refusing the table, a failure after a move is saved, a restart between saving and
sending, options a modified client sends, and the last round of a game."""

from __future__ import annotations

import asyncio
import contextlib
import random
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from bot.games.skyjo.adapter import SkyjoAdapter
from bot.sessions.session import GameSession
from tests.e2e.harness import Table, button, shown, table, until
from tests.e2e.skyjo_play import choose_opening_cards, play_solo_to_the_end, play_turn, skyjo
from tests.standin import quick_retries

FOR_GOOD = 5
"""discord.py tries a 500 five times before it gives up."""


async def solo_at_first_turn(t: Table, rng: random.Random, **options: Any) -> GameSession:
    started = await t.slash("ana", "skyjo solo", **options)
    assert started.error is None and not started.ephemeral, started.errors
    await choose_opening_cards(t, "ana", rng)
    return await t.settled(
        lambda s: skyjo(s).phase == "turn" and skyjo(s).current == 0, "ana's first turn"
    )


def ana_to_move(s: GameSession) -> bool:
    return s.record.status != "running" or (
        skyjo(s).phase in ("turn", "opening") and 0 in s.engine.to_move
    )


async def test_a_table_discord_refuses_never_stops_the_bots(tmp_path: Path) -> None:
    rng = random.Random(21)
    async with table(tmp_path) as t:
        # quick_retries packs discord.py's retries into milliseconds, past the channel's buckets.
        t.dc.limits.enforce_rate_limits = False
        await t.start()
        session = await solo_at_first_turn(t, rng, bots=2)
        first_table = session.record.message_id
        with quick_retries():
            # Through the webhook of ana's click, then through the channel, then through the
            # channel again as the table is redrawn: refused for good.
            t.dc.fail(500, times=3 * FOR_GOOD, method="PATCH", path_contains="/messages/")
            await play_turn(t, "ana", rng)
            await t.settled(ana_to_move, "the bots to play on to ana", session)
        failed = sum(r.status == 500 for r in t.dc.requests)
        assert failed == 3 * FOR_GOOD, "the edit failed for good"
        assert session.record.message_id != first_table, "the table was posted anew"
        latest = await t.table_message(session)
        assert {int(cid.split(":")[2]) for cid in latest.custom_ids} == {session.record.version}


async def test_showing_the_table_again_catches_up_after_discord_failed_for_a_while(
    tmp_path: Path,
) -> None:
    rng = random.Random(22)
    async with table(tmp_path) as t:
        await t.start()
        session = await solo_at_first_turn(t, rng, bots=2)
        message = await t.table_message()
        drawn = await t.click("ana", message, button(message, "draw"))
        assert drawn.type == 7, drawn.errors
        version = session.record.version
        with quick_retries():
            for method in ("PATCH", "POST"):
                t.dc.fail(500, times=4 * FOR_GOOD, method=method, path_contains="/channels/")
            after = shown(drawn)
            placed = await t.click("ana", after, button(after, "swap"))
            await t.settled_engine(ana_to_move, "the bots to play on to ana", session)
        assert session.record.version > version + 1, "the bots played although nothing showed"
        t.dc.rest.failures.clear()
        assert placed.error is None
        again = await t.slash("ana", "table show")
        assert again.error is None and not again.ephemeral, again.errors
        await t.settled(lambda s: True, "the table to be current", session)
        latest = await t.table_message(session)
        assert {int(cid.split(":")[2]) for cid in latest.custom_ids} == {session.record.version}


async def test_a_refused_click_wakes_bots_that_gave_up(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    rng = random.Random(23)
    async with table(tmp_path) as t:
        await t.start()
        session = await solo_at_first_turn(t, rng, bots=1)
        apply = GameSession.apply
        broken = {"left": 3}

        async def failing(self: GameSession, seat: int, action: Any, **kwargs: Any) -> list[Any]:
            if seat != 0 and broken["left"]:
                broken["left"] -= 1
                raise RuntimeError("storage hiccup")
            return await apply(self, seat, action, **kwargs)

        monkeypatch.setattr(GameSession, "apply", failing)
        monkeypatch.setattr("bot.sessions.autoplay.RETRY_PAUSE", 0.0)
        seen = t.dc.as_seen(await t.table_message())
        await play_turn(t, "ana", rng)
        await t.settled_engine(
            lambda s: broken["left"] == 0 and s.autoplay.idle, "the bot to give up", session
        )
        assert skyjo(session).current == 1, "the bot's seat waits"
        refused = await t.click("leo", seen, button(seen, "draw"))
        assert refused.ephemeral
        await t.settled(ana_to_move, "the bot woken by the refused click", session)


async def test_a_failure_after_the_move_is_saved_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    rng = random.Random(24)
    async with table(tmp_path) as t:
        await t.start()
        session = await solo_at_first_turn(t, rng, bots=1)
        version = session.record.version
        table_screen = SkyjoAdapter.table
        calls = {"n": 0}

        def failing_once(self: SkyjoAdapter, *args: Any) -> Any:
            calls["n"] += 1
            if calls["n"] == 1:
                raise RuntimeError("drawing failed")
            return table_screen(self, *args)

        monkeypatch.setattr(SkyjoAdapter, "table", failing_once)
        message = await t.table_message()
        drawn = await t.click("ana", message, button(message, "draw"))
        assert drawn.type == 7, drawn.errors
        assert "Nothing is lost" in (await t.table_message(session)).text(), "a plain table"
        with sqlite3.connect(t.database) as db:
            (saved,) = db.execute("SELECT version FROM games").fetchone()
        assert saved == version + 1

        def caught_up() -> bool:
            shown = [m for m in t.dc.messages(t.channel) if m.id == session.record.message_id]
            return bool(shown) and any(":swap:" in c for c in shown[0].custom_ids)

        await until(caught_up, "the table to catch up once it draws again")
        latest = await t.table_message(session)
        assert button(latest, "swap"), "the table shows the drawn card's choices"

        async def failing_reminder(self: GameSession) -> None:
            raise RuntimeError("reminders failed")

        monkeypatch.setattr(GameSession, "remind", failing_reminder)
        placed = await t.click("ana", latest, button(latest, "swap"))
        assert placed.type == 7, placed.errors
        said = (await placed.wait_followup()).content or ""
        assert "was saved" in said and "Nothing was changed" not in said
        with sqlite3.connect(t.database) as db:
            (saved,) = db.execute("SELECT version FROM games").fetchone()
        assert saved == version + 2


async def test_a_restart_between_saving_and_sending_a_solo_game_posts_it(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        await t.start()
        hold = t.dc.hold(method="POST", path_contains="/callback")
        pending = asyncio.create_task(t.slash("ana", "skyjo solo", bots=2))
        await hold.reached()
        with sqlite3.connect(t.database) as db:
            rows = db.execute("SELECT status, message_id FROM games").fetchall()
        assert rows == [("running", None)], "saved before it is sent"
        await t.stop()
        pending.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await pending
        await t.start()
        session = await t.settled(lambda s: True, "the table to be posted")
        assert session.record.message_id is not None
        assert not session.link().endswith("/None")
        message = await t.table_message()
        assert button(message, "mine")


async def test_options_a_client_did_not_check_are_refused_clearly(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        await t.start()
        ana = t.users["ana"]
        godlike = await t.dc.slash_unchecked(ana, t.channel, "skyjo solo", level="godlike")
        assert godlike.ephemeral and "no bot level “godlike”" in godlike.content
        assert "easy, normal, hard" in godlike.content
        grid = await t.dc.slash_unchecked(ana, t.channel, "skyjo start", grid="3x")
        assert grid.ephemeral and "not rows × columns" in grid.content
        too_many = await t.dc.slash_unchecked(ana, t.channel, "skyjo solo", bots=40)
        assert too_many.ephemeral and "1 to 7 bots" in too_many.content
        target = await t.dc.slash_unchecked(ana, t.channel, "skyjo start", target_score=5)
        assert target.ephemeral and "target" in target.content.lower()
        assert await t.running.sessions.in_channel(t.channel.id) is None


async def test_the_last_round_is_summed_up_before_the_standings(tmp_path: Path) -> None:
    rng = random.Random(25)
    async with table(tmp_path) as t:
        await t.start()
        await t.slash("ana", "skyjo solo", bots=1, level="easy", target_score=10)
        session = await t.session()
        await play_solo_to_the_end(t, session, rng)
        rounds = len(skyjo(session).history)
        messages = t.dc.messages(t.channel)
        standings, last_summary = messages[-1], messages[-2]
        assert standings.id == session.record.message_id
        assert button(standings, "rematch")
        assert last_summary.embeds[0]["title"] == f"Skyjo · round {rounds} is over"
