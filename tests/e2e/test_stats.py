"""Leaderboards, stats and history through Discord: a finished game counts, a leaver keeps
their loss, a cancelled game does not count, and another server sees none of it."""

from __future__ import annotations

import random
import re
import sys
from pathlib import Path
from typing import Any

import pytest

from bot.replay import played
from games.skyjo_junior.events import TripleMade
from tests.e2e import junior_play
from tests.e2e.harness import shown, table
from tests.e2e.sheet_play import enter_round, open_sheet
from tests.standin import StoredMessage


async def test_finished_games_count_and_nothing_else(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        await t.start()
        ana, leo, zoe = (t.users[name] for name in ("ana", "leo", "zoe"))
        session = await open_sheet(t, ["ana", "leo", "zoe"], target_score=10)
        left = await t.slash("leo", "table leave")
        assert left.ephemeral
        await enter_round(t, "ana", 2, [3, 20, 15])  # zoe ended it, not lowest: 15 → 30
        await t.settled(lambda s: True, "the standings", session)
        assert session.record.status == "finished"

        cancelled = await open_sheet(t, ["zoe", "ana"])
        await enter_round(t, "zoe", 0, [1, 9])
        await t.slash("zoe", "table cancel")
        await t.settled_engine(lambda s: s.record.status == "cancelled", "cancelled", cancelled)

        board = shown(await t.slash("zoe", "leaderboard", game="skyjo-sheet"))
        text = board.text()
        assert "Skyjo score sheet leaderboard · all time" in text
        lines = [line for line in text.split("\n") if line.startswith("**")]
        assert lines[0].startswith(f"**1.** <@{ana.id}> — ") and "1 win · 1 game" in lines[0]
        assert any(f"<@{leo.id}> — " in line and "0 wins · 1 game" in line for line in lines), (
            "leo left, and keeps his loss"
        )
        assert any(f"<@{zoe.id}> — " in line and "0 wins · 1 game" in line for line in lines), (
            "the cancelled sheet does not count"
        )
        assert board.payload.get("allowed_mentions", {}).get("parse") in (None, []), (
            "a leaderboard pings nobody"
        )
        empty = shown(await t.slash("ana", "leaderboard", game="skyfive", period="week"))
        assert "No finished games yet." in empty.text()

        zoes = shown(await t.slash("zoe", "stats"))
        assert "1 penalty as finisher" in zoes.text(), "the feats of the game are counted"
        stats = shown(await t.slash("ana", "stats"))
        assert "penalty" not in stats.text()
        assert "1 game · 1 win · 100 %" in stats.text() and "Winning streak: 1 game" in stats.text()
        history = shown(await t.slash("leo", "history"))
        assert f"#{session.record.id}" in history.text() and f"<@{ana.id}>" in history.text()
        assert f"#{cancelled.record.id}" not in history.text()

        other = t.dc.add_guild("Elsewhere")
        room = other.add_text_channel("games")
        other.add_member(ana)
        for command, options in (
            ("leaderboard", {"game": "skyjo-sheet"}),
            ("stats", {}),
            ("history", {}),
        ):
            answer = shown(await t.dc.slash(ana, room, command, **options))
            assert f"<@{ana.id}>" not in answer.text() and "1 win" not in answer.text(), command


async def test_the_leaderboard_pages_with_buttons_that_survive_a_restart(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with table(tmp_path) as t:
        await t.start()
        monkeypatch.setattr(sys.modules["cogs.stats"], "PAGE", 1)
        session = await open_sheet(t, ["ana", "leo"], target_score=10)
        await enter_round(t, "ana", 0, [3, 20])
        await t.settled(lambda s: True, "the standings", session)
        board = shown(await t.slash("ana", "leaderboard", game="skyjo-sheet"))
        assert f"<@{t.users['ana'].id}>" in board.text()
        assert f"<@{t.users['leo'].id}>" not in board.text(), "one player a page"
        previous = [c for c in board.walk_components() if c.get("label") == "Previous"]
        assert previous and previous[0].get("disabled"), "the first page has no previous page"
        await t.stop()
        await t.start()
        monkeypatch.setattr(sys.modules["cogs.stats"], "PAGE", 1)
        following = [c for c in board.walk_components() if c.get("label") == "Next"]
        turned = await t.click("leo", board, following[0]["custom_id"])
        assert turned.type == 7, "the page buttons work after a restart"
        page = shown(turned)
        assert f"**2.** <@{t.users['leo'].id}>" in page.text()


async def test_a_replay_goes_by_round_and_by_turn_to_its_standings(tmp_path: Path) -> None:
    rng = random.Random(9)
    async with table(tmp_path) as t:
        await t.start()
        await t.slash("ana", "skyjo-junior solo", bots=1, level="easy")
        session = await t.session()
        await junior_play.play_solo_to_the_end(t, session, rng)
        final = await t.table_message(session)
        moves = await t.running.sessions.store.moves(session.record.id)
        assert len(moves) == junior_play.junior(session).moves, "every move is recorded"
        adapter = session.adapter
        engine, events = played(adapter, session.record, moves)
        assert adapter.dump(engine) == adapter.dump(session.engine), "the moves replay the game"
        results = await t.running.sessions.store.results(session.record.id)
        expected = adapter.feats(engine, events)
        assert [r.feats for r in results] == expected
        assert sum(f.get("triples", 0) for f in expected) == sum(
            isinstance(e, TripleMade) for e in events
        )

        history = shown(await t.slash("leo", "history"))
        chooser = next(c for c in history.walk_components() if c.get("type") == 3)
        opened = await t.select("leo", history, chooser["custom_id"], str(session.record.id))
        assert opened.ephemeral, "a replay is only for whoever asked"
        replay = shown(opened)
        standings = final.embeds[0]["description"]
        assert replay.embeds[0]["title"] == final.embeds[0]["title"]
        assert replay.embeds[0]["description"].endswith(standings), (
            "choosing a game shows its standings first, under what its last turn did"
        )
        count = int(footer_of(replay).split("\n")[0].rsplit(" ", 1)[1])
        assert count <= len(moves) * 0.6, "a turn of a draw and a swap is one step"
        replay = shown(await t.click("leo", replay, replay.custom_id_for("⏮")))
        assert footer_of(replay).startswith(f"Round 1 · step 1 of {count}")

        first = session.record.seats[moves[0].seat].name
        starts = [1]
        while not (jump := button_of(replay, "rnext")).get("disabled"):
            assert jump["label"] == f"Round {len(starts) + 1}", "the jump names its round"
            turned = await t.click("leo", replay, jump["custom_id"])
            assert turned.type == 7, turned.errors
            replay = shown(turned)
            where = re.fullmatch(
                r"Round (\d+) · step (\d+) of \d+", footer_of(replay).split("\n")[0]
            )
            assert where is not None and int(where[1]) == len(starts) + 1
            assert int(where[2]) > starts[-1]
            starts.append(int(where[2]))
            assert f"Next: **{first}**" in replay.text(), "a round starts at the first player"
        assert len(starts) > 5, "the game went round the table many times"
        back = await t.click("leo", replay, button_of(replay, "rback")["custom_id"])
        assert footer_of(shown(back)).startswith(f"Round {len(starts) - 1} · step {starts[-2]} ")

        replay = shown(await t.click("leo", replay, replay.custom_id_for("⏮")))
        seen_turns = set()
        for step in range(2, count + 1):
            turned = await t.click("leo", replay, replay.custom_id_for("Next"))
            assert turned.type == 7, turned.errors
            replay = shown(turned)
            assert f"step {step} of {count}" in footer_of(replay)
            text = replay.text().lower()
            assert "thinking" not in text and "press" not in text and "<t:" not in text
            told = replay.embeds[0]["description"].split("\n")[0]
            assert told.startswith("> ") and len(told) > 2, "each step says what happened"
            seen_turns.add(told)
        assert len(seen_turns) > 5, "the table changes as the game goes"
        assert button_of(replay, "next").get("disabled") and button_of(replay, "last").get(
            "disabled"
        )
        assert replay.embeds[0]["title"] == final.embeds[0]["title"]
        assert replay.embeds[0]["description"].endswith(standings), (
            "the replay ends on the game's own standings"
        )


def footer_of(message: StoredMessage) -> str:
    return str(message.embeds[0]["footer"]["text"])


def button_of(message: StoredMessage, which: str) -> dict[str, Any]:
    """The replay's button whose custom id ends in `which` ("rnext", "last"…)."""
    return next(c for c in message.walk_components() if c.get("custom_id", "").endswith(which))
