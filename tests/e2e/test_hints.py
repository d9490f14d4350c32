"""The coach: the player to move may ask what the hard bot would do, and only they see it;
asking changes nothing, and a host can turn hints off."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tests.e2e.harness import button, enabled, shown, table
from tests.e2e.skyjo_play import choose_opening_cards, skyjo, two_players_at_first_turn
from tests.standin import StoredMessage


async def test_a_hint_is_only_for_the_player_to_move_and_changes_nothing(tmp_path: Path) -> None:
    rng = random.Random(51)
    async with table(tmp_path) as t:
        await t.start()
        session = await two_players_at_first_turn(t, rng)
        names = ["ana", "leo"]
        mover, other = names[skyjo(session).current], names[1 - skyjo(session).current]
        before = (session.record.version, session.record.state)
        message = await t.table_message()
        hint = await t.click(mover, message, button(message, "hint"))
        assert hint.ephemeral and hint.content.startswith("💡 ")
        assert "Draw" in hint.content or "Put the" in hint.content
        assert (session.record.version, session.record.state) == before, "asking changes nothing"
        refused = await t.click(other, message, button(message, "hint"))
        assert refused.ephemeral and "whose turn it is" in refused.content
        drawn = shown(await t.click(mover, message, button(message, "draw")))
        after_draw = await t.click(mover, drawn, button(drawn, "hint"))
        assert after_draw.ephemeral and after_draw.content.startswith("💡 ")
        assert "Put the" in after_draw.content or "Discard the" in after_draw.content


async def test_a_host_can_turn_hints_off(tmp_path: Path) -> None:
    rng = random.Random(52)
    async with table(tmp_path) as t:
        await t.start()
        await t.slash("ana", "skyjo solo", bots=1)
        await t.slash("ana", "table cancel")
        lobby = shown(await t.slash("ana", "skyjo start", hints=False))
        assert "Hints: **off**" in lobby.text()
        lobby = shown(await t.select("ana", lobby, addbot(lobby), "easy"))
        await t.click("ana", lobby, button(lobby, "start"))
        await choose_opening_cards(t, "ana", rng)
        await t.settled(lambda s: skyjo(s).phase == "turn" and skyjo(s).current == 0, "ana")
        message = await t.table_message()
        assert not enabled(message, "hint")


def addbot(message: StoredMessage) -> str:
    for component in message.walk_components():
        if component.get("type") == 3 and component["custom_id"].split(":")[3] == "addbot":
            return str(component["custom_id"])
    raise AssertionError("no addbot select")


@pytest.mark.parametrize("game", ["skyjo-junior", "skyfive"])
async def test_every_game_gives_its_hints_to_the_player_to_move_alone(
    tmp_path: Path, game: str
) -> None:
    async with table(tmp_path) as t:
        await t.start()
        lobby = shown(await t.slash("ana", f"{game} start"))
        lobby = shown(await t.click("leo", lobby, button(lobby, "join")))
        await t.click("ana", lobby, button(lobby, "start"))
        session = await t.settled(lambda s: len(s.engine.to_move) == 1, "the first turn")
        names = ["ana", "leo"]
        mover = names[session.engine.to_move[0]]
        other = names[1 - session.engine.to_move[0]]
        before = (session.record.version, session.record.state)
        message = await t.table_message()
        hint = await t.click(mover, message, button(message, "hint"))
        assert hint.ephemeral and hint.content.startswith("💡 ") and len(hint.content) > 20
        assert (session.record.version, session.record.state) == before, "asking changes nothing"
        refused = await t.click(other, message, button(message, "hint"))
        assert refused.ephemeral and "whose turn it is" in refused.content
        await t.slash("ana", "table cancel")
        lobby = shown(await t.slash("ana", f"{game} start", hints=False))
        assert "Hints: **off**" in lobby.text()
        lobby = shown(await t.click("leo", lobby, button(lobby, "join")))
        await t.click("ana", lobby, button(lobby, "start"))
        await t.settled(lambda s: len(s.engine.to_move) == 1, "the first turn")
        assert not enabled(await t.table_message(), "hint")
