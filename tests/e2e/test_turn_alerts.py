"""Players are told their turn has come by a new message that mentions them (an edit notifies
nobody), removed once their turn is over; a solo player is not pinged, and not told so."""

from __future__ import annotations

import random
from pathlib import Path

from tests.e2e.harness import Table, button, shown, table
from tests.e2e.skyjo_play import choose_opening_cards, play_turn_well, skyjo
from tests.standin import StoredMessage


def alerts(t: Table) -> list[StoredMessage]:
    return [m for m in t.dc.messages(t.channel) if "your turn in Skyjo" in (m.content or "")]


def mentions(t: Table, message: StoredMessage) -> set[str]:
    return {name for name, user in t.users.items() if f"<@{user.id}>" in (message.content or "")}


async def test_the_players_to_move_are_mentioned_until_their_turn_is_over(tmp_path: Path) -> None:
    rng = random.Random(41)
    async with table(tmp_path) as t:
        await t.start()
        lobby = shown(await t.slash("ana", "skyjo start"))
        lobby = shown(await t.click("leo", lobby, button(lobby, "join")))
        await t.click("ana", lobby, button(lobby, "start"))
        session = await t.settled(lambda s: skyjo(s).phase == "opening", "the opening")
        [opening] = alerts(t)
        assert mentions(t, opening) == {"ana", "leo"}
        footer = (await t.table_message(session)).embeds[0]["footer"]["text"]
        assert "Your turn is announced in the channel" in footer
        posted = next(
            r
            for r in t.dc.requests
            if r.method == "POST" and r.json and "your turn" in str(r.json.get("content"))
        )
        assert posted.json is not None
        notified = {int(user) for user in posted.json["allowed_mentions"]["users"]}
        assert notified == {t.users["ana"].id, t.users["leo"].id}, "only the players to move"
        await choose_opening_cards(t, "ana", rng)
        assert alerts(t) == [opening], "leo is still choosing"
        await choose_opening_cards(t, "leo", rng)
        names = ["ana", "leo"]
        for _ in range(3):
            session = await t.settled(lambda s: skyjo(s).phase == "turn", "a turn", session)
            [alert] = alerts(t)
            mover = names[skyjo(session).current]
            assert mentions(t, alert) == {mover}
            assert alert.id != opening.id
            await play_turn_well(t, mover, skyjo(session).current, rng)
            await t.settled(lambda s: skyjo(s).phase == "turn", "the next turn", session)
            assert alert.id not in {m.id for m in alerts(t)}, "the finished turn's alert is gone"
        deleted = [r for r in t.dc.requests if r.method == "DELETE"]
        assert len(deleted) >= 3


async def test_a_solo_player_is_not_pinged(tmp_path: Path) -> None:
    rng = random.Random(42)
    async with table(tmp_path) as t:
        await t.start()
        await t.slash("ana", "skyjo solo", bots=2)
        await choose_opening_cards(t, "ana", rng)
        await t.settled(lambda s: 0 in s.engine.to_move and skyjo(s).phase == "turn", "ana")
        assert alerts(t) == []
        table_message = await t.table_message()
        footer = table_message.embeds[0]["footer"]["text"]
        assert "announced" not in footer, "no alert is posted, so none is promised"
        assert "/table remind sends you a DM when your turn comes." in footer
