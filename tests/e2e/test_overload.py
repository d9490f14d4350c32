"""While the bot has more to do than it can (its event loop found late), a click is acknowledged
as soon as it arrives, and its table follows through the click's webhook; a click whose answer
is a form still gets its form."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

from bot.sessions.strain import OVERLOADED
from tests.e2e.harness import Table, button, enabled, parse, shown, table, until
from tests.e2e.skyjo_play import choose_opening_cards, skyjo, two_players_at_first_turn
from tests.standin import StoredMessage


def now_shown(t: Table, seen: StoredMessage) -> StoredMessage:
    message = t.dc.world.message(seen.id)
    assert message is not None
    return message


def overloaded(t: Table) -> None:
    strain = t.running.sessions.context.strain
    strain.noted(late=0.5, at=asyncio.get_running_loop().time())  # the loop far behind
    assert strain.hurried


async def test_a_move_under_overload_is_acknowledged_and_its_table_follows(
    tmp_path: Path,
) -> None:
    async with table(tmp_path) as t:
        t.strained = True
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

        await until(
            lambda: {parse(c)[1] for c in now_shown(t, seen).custom_ids} == {version + 1},
            "the table showing the move",
        )
        assert button(now_shown(t, seen), "swap"), "the drawn card waits to be placed"
        assert not t.dc.invalid_requests.total


async def test_a_form_under_overload_still_opens(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        t.strained = True
        t.dc.limits.enforce_rate_limits = False
        await t.start()
        lobby = shown(await t.slash("ana", "skyjo-sheet start"))

        overloaded(t)
        answer = await t.click("ana", lobby, button(lobby, "guest"))

        assert answer.type == 9 and answer.modal is not None, answer.errors


def pictured(data: dict[str, Any]) -> bool:
    return any("image" in embed for embed in data.get("embeds") or [])


def says_busy(data: dict[str, Any]) -> bool:
    return any("very busy" in (embed.get("description") or "") for embed in data["embeds"])


async def test_an_overloaded_table_is_text_while_only_bots_are_to_move(tmp_path: Path) -> None:
    """And every table says that bots play more slowly; a member's turn keeps its picture."""
    async with table(tmp_path) as t:
        t.strained = True
        t.dc.limits.enforce_rate_limits = False
        await t.start()
        await t.slash("ana", "skyjo solo", bots=1, level="easy")
        await choose_opening_cards(t, "ana", random.Random(2))
        session = await t.settled(
            lambda s: skyjo(s).phase == "turn" and skyjo(s).current == 0, "ana's turn"
        )
        t.running.sessions.context.strain.stretch = OVERLOADED
        seen = await t.table_message(session)

        drawn = await t.click("ana", seen, button(seen, "draw"))
        assert drawn.type == 7 and pictured(drawn.data) and says_busy(drawn.data)
        placed = await t.click("ana", shown(drawn), enabled(shown(drawn), "swap")[0])
        assert placed.type == 7 and says_busy(placed.data)
        assert not pictured(placed.data), "only the bot is to move: the table is text"

        back = await t.settled(lambda s: skyjo(s).current == 0, "ana's turn again", session)
        await until(lambda: pictured(now_shown(t, seen).payload), "ana's picture")
        assert back.record.status == "running"
