"""A click on the table whose picture is slow to draw is answered at once, without a message,
and the table follows through the click's webhook, at the click's version."""

from __future__ import annotations

import random
from pathlib import Path

from tests.e2e.harness import button, enabled, shown, table, until
from tests.e2e.skyjo_play import choose_opening_cards, skyjo


async def test_a_click_whose_picture_is_slow_is_answered_at_once_and_the_table_follows(
    tmp_path: Path,
) -> None:
    rng = random.Random(71)
    async with table(tmp_path) as t:
        await t.start()
        await t.slash("ana", "skyjo solo", bots=1, target_score=1000)
        await choose_opening_cards(t, "ana", rng)
        session = await t.settled(
            lambda s: skyjo(s).phase == "turn" and skyjo(s).current == 0, "ana's first turn"
        )
        message = await t.table_message(session)
        drawn = await t.click("ana", message, button(message, "draw"))
        assert drawn.type == 7, "a picture already drawn answers the click with the table"
        session.context.answer_within = 0.0
        since = len(t.dc.requests)
        swap = rng.choice(enabled(shown(drawn), "swap"))
        swapped = await t.click("ana", shown(drawn), swap)
        assert swapped.type == 6 and not swapped.errors, swapped
        assert skyjo(session).drawn is None, "the swap is saved"

        def through_webhook() -> list[str]:
            return [
                r.path
                for r in t.dc.requests[since:]
                if r.method == "PATCH" and "/webhooks/" in r.path and r.status == 200
            ]

        await until(through_webhook, "the table shown through a click's webhook")
        assert swapped.token in through_webhook()[0], "the swap's own webhook showed its table"
        await t.settled(lambda s: True, "the table to show the latest version", session)
        latest = await t.table_message(session)
        assert {int(i.split(":")[2]) for i in latest.custom_ids} <= {session.record.version}
