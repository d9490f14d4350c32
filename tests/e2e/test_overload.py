"""While the bot has more to do than it can (its event loop found late), a click is acknowledged
as soon as it arrives, and its table follows through the click's webhook; a click whose answer
is a form still gets its form."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

from tests.e2e.harness import Table, button, parse, shown, table, until
from tests.e2e.skyjo_play import skyjo, two_players_at_first_turn
from tests.standin import StoredMessage


def overloaded(t: Table) -> None:
    strain = t.running.sessions.context.strain
    strain.noted(late=0.5, at=asyncio.get_running_loop().time())  # the loop far behind
    assert strain.hurried


async def test_a_move_under_overload_is_acknowledged_and_its_table_follows(
    tmp_path: Path,
) -> None:
    async with table(tmp_path) as t:
        t.dc.limits.enforce_rate_limits = False
        await t.start()
        session = await two_players_at_first_turn(t, random.Random(5))
        version = session.record.version
        mover = ("ana", "leo")[skyjo(session).current]
        seen = await t.table_message(session)

        overloaded(t)
        answer = await t.click(mover, seen, button(seen, "draw"))

        assert answer.type == 6 and not answer.errors, answer.errors
        await t.settled(lambda s: s.record.version == version + 1, "the move saved", session)
        table_now = await t.table_message(session)
        assert table_now.id == seen.id, "the table is edited in place"

        def now_shown() -> StoredMessage:
            message = t.dc.world.message(seen.id)
            assert message is not None
            return message

        await until(
            lambda: {parse(c)[1] for c in now_shown().custom_ids} == {version + 1},
            "the table showing the move",
        )
        assert button(now_shown(), "swap"), "the drawn card waits to be placed"
        assert not t.dc.invalid_requests.total


async def test_a_form_under_overload_still_opens(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        t.dc.limits.enforce_rate_limits = False
        await t.start()
        lobby = shown(await t.slash("ana", "skyjo-sheet start"))

        overloaded(t)
        answer = await t.click("ana", lobby, button(lobby, "guest"))

        assert answer.type == 9 and answer.modal is not None, answer.errors
