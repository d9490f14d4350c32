"""Leaving, cancelling, and an unexpected failure that changes nothing."""

from __future__ import annotations

import logging
import random
from pathlib import Path
from typing import Any

import pytest

from bot.games.skyjo.adapter import SkyjoAdapter
from tests.e2e.harness import button, shown, table
from tests.e2e.skyjo_play import skyjo, two_players_at_first_turn


async def test_leaving_the_lobby_and_the_game(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        await t.start()
        lobby = shown(await t.slash("ana", "skyjo start"))
        for user in ("leo", "zoe"):
            lobby = shown(await t.click(user, lobby, button(lobby, "join")))
        left = await t.click("ana", lobby, button(lobby, "leave"))
        assert left.type == 7
        session = await t.session()
        assert [s.user_id for s in session.record.seats] == [t.users["leo"].id, t.users["zoe"].id]
        assert session.record.host_id == t.users["leo"].id, "the next player becomes host"
        lobby = shown(left)
        await t.click("leo", lobby, button(lobby, "start"))
        quit_game = await t.slash("zoe", "table leave")
        assert quit_game.ephemeral and "a bot plays your seat" in quit_game.content
        assert session.record.seats[1].is_bot and session.record.seats[1].name == "zoe"
        stranger = await t.slash("max", "table leave")
        assert stranger.ephemeral and "not in this game" in stranger.content


async def test_only_the_host_or_a_manager_cancels(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        await t.start()
        lobby = shown(await t.slash("ana", "skyjo start"))
        lobby = shown(await t.click("leo", lobby, button(lobby, "join")))
        refused = await t.slash("leo", "table cancel")
        assert refused.ephemeral and "Only the host" in refused.content
        cancelled = await t.click("ana", lobby, button(lobby, "cancel"))
        assert cancelled.type == 7
        assert "cancelled" in shown(cancelled).embeds[0]["title"]
        assert await t.running.sessions.in_channel(t.channel.id) is None
        nothing = await t.slash("ana", "table show")
        assert nothing.ephemeral and "no game in this channel" in nothing.content


async def test_an_unexpected_error_apologises_and_keeps_the_state(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    rng = random.Random(1)
    async with table(tmp_path) as t:
        await t.start()
        session = await two_players_at_first_turn(t, rng)
        mover = ["ana", "leo"][skyjo(session).current]
        before = (session.record.version, session.record.state)
        message = await t.table_message()
        dump = SkyjoAdapter.dump

        def broken(self: SkyjoAdapter, engine: Any) -> str:
            raise RuntimeError("disk on fire")

        monkeypatch.setattr(SkyjoAdapter, "dump", broken)
        with caplog.at_level(logging.ERROR):
            failed = await t.click(mover, message, button(message, "draw"))
        assert failed.ephemeral and "Sorry, something went wrong" in failed.content
        assert "disk on fire" in caplog.text
        assert (session.record.version, session.record.state) == before
        assert skyjo(session).phase == "turn", "the engine was restored to the saved state"
        monkeypatch.setattr(SkyjoAdapter, "dump", dump)
        worked = await t.click(mover, message, button(message, "draw"))
        assert worked.type == 7, worked.errors
        assert skyjo(session).phase == "drawn"
