"""The coach: the player to move may ask what the server's coach would do (the hard bot, or
the expert one a server chooses with `/table coach`), and only they see it; asking changes
nothing, and a host can turn hints off."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import pytest

from bot.games.junior import words as junior_words
from bot.games.sky_five import words as sky_five_words
from bot.games.skyjo import words as skyjo_words
from bot.i18n import Words
from bot.sessions import patience
from bot.sessions.session import GameSession
from tests.e2e.harness import Table, button, enabled, shown, table
from tests.e2e.skyjo_play import choose_opening_cards, skyjo, two_players_at_first_turn
from tests.standin import StoredMessage

EN = Words("en")


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


def coach_says(session: GameSession, seat: int, level: str) -> str:
    """The hint the bot of `level` gives `seat` now: its move, chosen from the seat's view with
    the hint's seed, in the game's words."""
    adapter, game = session.adapter, hint_seed(session)[1]
    assert adapter.bots is not None
    view = game.view(seat)
    policy = adapter.bots.policy(level, random.Random(hint_seed(session)[0]))
    action = policy.choose(game.legal_actions(seat), lambda: view)
    if adapter.kind == "skyjo":
        return "💡 " + skyjo_words.hint(action, view, game.geometry, EN)
    if adapter.kind == "junior":
        return "💡 " + junior_words.hint(action, view, game.geometry, EN)
    return "💡 " + sky_five_words.hint(action, view, EN)


def hint_seed(session: GameSession) -> tuple[str, Any]:
    """The seed of a hint asked now, and the game (whichever it is)."""
    game: Any = session.engine
    return f"hint:{game.seed}:{game.moves}", game


def asked_of_the_bots(t: Table, monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str]]:
    """Each (level, seed) the bots' process is asked a move for, from now on."""
    brains = t.running.sessions.context.brains
    asked: list[tuple[str, str]] = []
    choose = brains.choose

    async def recorded(adapter: Any, engine: Any, seat: int, level: str, seed: str) -> Any:
        asked.append((level, seed))
        return await choose(adapter, engine, seat, level, seed)

    monkeypatch.setattr(brains, "choose", recorded)
    return asked


async def test_a_server_chooses_the_expert_as_its_coach(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    rng = random.Random(53)
    async with table(tmp_path) as t:
        await t.start()
        session = await two_players_at_first_turn(t, rng)
        guilds = t.running.sessions.guilds
        refused = await t.slash("leo", "table coach", level="expert")
        assert refused.ephemeral and "Manage Server" in refused.content
        assert await guilds.coach(t.guild.id) == "hard"
        admins = t.guild.add_role("Admins", manage_guild=True)
        t.guild.members[t.users["ana"].id].roles.append(admins)
        chosen = await t.slash("ana", "table coach", level="expert")
        assert chosen.ephemeral and "what the expert bot would do" in chosen.content
        bad = await t.dc.slash_unchecked(t.users["ana"], t.channel, "table coach", level="best")
        assert bad.ephemeral and "Choose a level from the list." in bad.content
        assert await guilds.coach(t.guild.id) == "expert", "a bad value changes nothing"

        asked = asked_of_the_bots(t, monkeypatch)
        names = ["ana", "leo"]
        seat = skyjo(session).current
        seed, _ = hint_seed(session)
        expert, hard = coach_says(session, seat, "expert"), coach_says(session, seat, "hard")
        message = await t.table_message()
        hint = await t.click(names[seat], message, button(message, "hint"))
        assert hint.ephemeral and hint.content == expert
        assert asked == [("expert", seed)], "the expert's move is chosen off the event loop"
        await t.slash("ana", "table coach", level="hard")
        again = await t.click(names[seat], message, button(message, "hint"))
        assert again.ephemeral and again.content == hard
        assert asked[1:] == [("hard", seed)]

        choose = t.running.sessions.context.brains.choose

        async def busy(*decision: Any) -> Any:
            await asyncio.sleep(0.3)
            return await choose(*decision)

        monkeypatch.setattr(patience, "ANSWER_BY", 0.05)
        monkeypatch.setattr(t.running.sessions.context.brains, "choose", busy)
        slow = await t.click(names[seat], message, button(message, "hint"))
        assert slow.type == 6, "a coach slow to answer: the click is acknowledged first"
        assert (await slow.wait_followup()).content == hard


@pytest.mark.parametrize("game", ["skyjo-junior", "skyfive"])
async def test_every_game_gives_the_experts_hints(tmp_path: Path, game: str) -> None:
    async with table(tmp_path) as t:
        await t.start()
        await t.running.sessions.guilds.set_coach(t.guild.id, "expert")
        lobby = shown(await t.slash("ana", f"{game} start"))
        lobby = shown(await t.click("leo", lobby, button(lobby, "join")))
        await t.click("ana", lobby, button(lobby, "start"))
        session = await t.settled(lambda s: len(s.engine.to_move) == 1, "the first turn")
        seat = session.engine.to_move[0]
        expected = coach_says(session, seat, "expert")
        message = await t.table_message()
        hint = await t.click(["ana", "leo"][seat], message, button(message, "hint"))
        assert hint.ephemeral and hint.content == expected
