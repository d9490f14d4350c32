"""Bot moves are shown at the table's pace: moves made within a second of the table's last
showing go on it together, so a burst of bot moves costs one edit of the channel's table, and
its log still tells every move."""

from __future__ import annotations

import random
from pathlib import Path

from bot.sessions.display import TABLE_PACE
from bot.sessions.session import GameSession
from tests.e2e.harness import Table, table
from tests.e2e.skyjo_play import choose_opening_cards, play_turn, skyjo

BOTS = 7


def anas_turn(session: GameSession) -> bool:
    return session.record.status != "running" or (
        skyjo(session).phase in ("turn", "opening") and 0 in session.engine.to_move
    )


def channel_edits(t: Table, since: int) -> int:
    return sum(
        1
        for request in t.dc.requests[since:]
        if request.method == "PATCH"
        and request.path.startswith(f"/channels/{t.channel.id}/messages/")
    )


async def test_a_burst_of_bot_moves_is_one_edit_whose_log_tells_every_move(
    tmp_path: Path,
) -> None:
    rng = random.Random(3)
    async with table(tmp_path) as t:
        await t.start()
        t.running.sessions.context.bot_delay = TABLE_PACE / 20
        await t.slash("ana", "skyjo solo", bots=BOTS)
        await choose_opening_cards(t, "ana", rng)
        session = await t.session()
        since = len(t.dc.requests)
        first = session.record.version
        turns = 0
        while turns < 6:
            await t.settled(anas_turn, "ana's turn", session)
            if session.record.status != "running":
                break
            if skyjo(session).phase == "turn":
                shown = (await t.table_message(session)).embeds[0]
                log = "\n".join(f["value"] for f in shown.get("fields", []))
                if turns:
                    missing = [f"Bot {n}" for n in range(1, BOTS + 1) if f"Bot {n}" not in log]
                    assert not missing, f"the log leaves out {missing}:\n{log}"
                await play_turn(t, "ana", rng)
                turns += 1
            else:
                await choose_opening_cards(t, "ana", rng)
        moves = session.record.version - first
        edits = channel_edits(t, since)
        assert moves >= 5 * BOTS, "the bots played"
        assert edits <= 2 * turns, f"{edits} edits of the table for {moves} moves"
