"""A solo game against bots, played to the end through Discord."""

from __future__ import annotations

import random
from pathlib import Path

from tests.e2e.harness import shown, table
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
