"""A solo game against bots, played to the end through Discord; the expert level offered to
every game's solo play, and an expert's first turn."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.harness import Table, shown, table
from tests.e2e.skyjo_play import choose_opening_cards, play_turn, skyjo


async def test_a_solo_game_against_bots_is_played_to_the_end(tmp_path: Path) -> None:
    rng = random.Random(4)
    async with table(tmp_path) as t:
        await t.start()
        started = await t.slash("ana", "skyjo solo", bots=2, level="hard", target_score=30)
        assert started.type == 4 and not started.ephemeral, started.errors
        assert "Skyjo" in shown(started).embeds[0]["title"]
        session = await t.session()
        assert [seat.is_bot for seat in session.record.seats] == [False, True, True]
        assert "Round 1 is dealt" in shown(started).text(), "dealing reaches the log"
        await choose_opening_cards(t, "ana", rng)
        turns = 0
        while session.record.status == "running":
            await t.settled(
                lambda s: (
                    s.record.status != "running"
                    or (0 in s.engine.to_move and skyjo(s).phase in ("turn", "opening"))
                ),
                "ana's turn or the end",
                session,
            )
            if session.record.status != "running":
                break
            if skyjo(session).phase == "opening":
                await choose_opening_cards(t, "ana", rng)
                continue
            await play_turn(t, "ana", rng)
            turns += 1
        await t.settled(lambda s: True, "the final standings", session)
        assert session.record.status == "finished"
        assert turns > 3
        final = await t.table_message(session)
        assert "wins" in final.embeds[0]["title"] or "share" in final.embeds[0]["title"]
        results = await t.running.sessions.store.results(session.record.id)
        assert [r.user_id for r in results] == [t.users["ana"].id, None, None]
        assert sum(r.won for r in results) >= 1
        assert [r.seat_kind for r in results] == ["member", "bot", "bot"]
        assert session not in t.running.sessions.registry.open, "a finished game leaves memory"
        game = skyjo(session)
        assert {r.seat for r in results if r.place == 1} == set(game.winners or ())


def level_choices(t: Table, command: str, subcommand: str) -> list[dict[str, Any]]:
    """The choices of the `level` option of `/command subcommand`, as synced to Discord."""
    synced = {c["name"]: c for c in t.dc.synced_commands()}
    sub = next(o for o in synced[command]["options"] if o["name"] == subcommand)
    return list(next(o for o in sub["options"] if o["name"] == "level")["choices"])


async def test_a_solo_game_against_an_expert_reaches_the_experts_first_turn(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    rng = random.Random(5)
    async with table(tmp_path) as t:
        await t.start()
        for command in ("skyjo", "skyjo-junior", "skyfive"):
            levels = [choice["value"] for choice in level_choices(t, command, "solo")]
            assert levels == ["easy", "normal", "hard", "expert"], command
        brains = t.running.sessions.context.brains
        thinking = brains.thinking
        asked: list[tuple[str, str]] = []

        def recorded(adapter: Any, engine: Any, seat: int, level: str, seed: str) -> Any:
            asked.append((level, engine.phase))
            return thinking(adapter, engine, seat, level, seed)

        monkeypatch.setattr(brains, "thinking", recorded)
        started = await t.slash("ana", "skyjo solo", bots=1, level="expert", target_score=30)
        assert started.type == 4 and not started.ephemeral, started.errors
        session = await t.session()
        assert [seat.bot_level for seat in session.record.seats] == [None, "expert"]
        await choose_opening_cards(t, "ana", rng)
        await t.settled(lambda s: skyjo(s).phase == "turn", "the first turn", session)
        if skyjo(session).current == 0:
            await play_turn(t, "ana", rng)
        await t.settled(
            lambda s: skyjo(s).phase == "turn" and skyjo(s).current == 0 and skyjo(s).turns > 0,
            "the expert's first turn played",
            session,
        )
        assert ("expert", "turn") in asked, "the expert chose its turn off the event loop"
        assert {level for level, _ in asked} == {"expert"}
        assert session.record.status == "running"
