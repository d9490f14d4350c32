"""Playing Skyjo through its buttons, as a user would."""

from __future__ import annotations

import random
from typing import Any

from bot.sessions.session import GameSession
from games.skyjo import SkyjoGame
from games.skyjo.policies import GreedyPolicy
from tests.e2e.harness import Table, button, enabled, engine_of, shown
from tests.standin import InteractionResult


def answered(result: InteractionResult) -> str:
    """How a click was answered, for a failed assertion."""
    said = result.message.text() if result.message is not None else None
    return f"type {result.type}, errors {result.errors}, message {said!r}"


def skyjo(session: GameSession) -> SkyjoGame:
    return engine_of(session, SkyjoGame)


async def play_turn(table: Table, user: str, rng: random.Random) -> None:
    """One whole turn for `user` through the table's buttons: take, or draw then place/flip."""
    message = await table.table_message()
    if rng.random() < 0.5:
        picked = await table.click(user, message, button(message, "mode", "take"))
        assert picked.type == 7, answered(picked)
        slot = rng.choice(enabled(shown(picked), "take"))
        result = await table.click(user, shown(picked), slot)
        assert result.type == 7, answered(result)
        return
    drawn = await table.click(user, message, button(message, "draw"))
    assert drawn.type == 7, answered(drawn)
    if enabled(shown(drawn), "mode") and rng.random() < 0.4:
        flipping = await table.click(user, shown(drawn), button(shown(drawn), "mode", "flip"))
        target = rng.choice(enabled(shown(flipping), "flip"))
        result = await table.click(user, shown(flipping), target)
    else:
        result = await table.click(user, shown(drawn), rng.choice(enabled(shown(drawn), "swap")))
    assert result.type == 7, answered(result)


async def play_turn_well(table: Table, user: str, seat: int, rng: random.Random) -> None:
    """One turn chosen by the greedy policy from the seat's view, played through the buttons."""
    session = await table.session()
    game = skyjo(session)
    policy = GreedyPolicy(rng)
    action = policy.choose(game.legal_actions(seat), lambda: game.view(seat))
    message = await table.table_message()
    if action.kind == "take":
        picked = await table.click(user, message, button(message, "mode", "take"))
        result = await table.click(
            user, shown(picked), button(shown(picked), "take", str(action.slot))
        )
        assert result.type == 7, answered(result)
        return
    drawn = await table.click(user, message, button(message, "draw"))
    assert drawn.type == 7, answered(drawn)
    follow = policy.choose(game.legal_actions(seat), lambda: game.view(seat))
    after = shown(drawn)
    if follow.kind == "flip":
        flipping = await table.click(user, after, button(after, "mode", "flip"))
        after = shown(flipping)
    result = await table.click(user, after, button(after, follow.kind, str(follow.slot)))
    assert result.type == 7, answered(result)


async def choose_opening_cards(table: Table, user: str, rng: random.Random) -> None:
    message = await table.table_message()
    opened = await table.click(user, message, button(message, "mine"))
    assert opened.type == 4 and opened.ephemeral, opened.errors
    personal = shown(opened)
    while enabled(personal, "reveal"):
        result = await table.click(user, personal, rng.choice(enabled(personal, "reveal")))
        assert result.type == 7, answered(result)
        personal = shown(result)


async def two_players_at_first_turn(t: Table, rng: random.Random, **options: Any) -> GameSession:
    """Ana opens a Skyjo table with these options, Leo joins, both turn up their opening cards:
    the game as its first turn begins."""
    lobby = shown(await t.slash("ana", "skyjo start", **options))
    lobby = shown(await t.click("leo", lobby, button(lobby, "join")))
    await t.click("ana", lobby, button(lobby, "start"))
    for user in ("ana", "leo"):
        await choose_opening_cards(t, user, rng)
    return await t.settled(lambda s: skyjo(s).phase == "turn", "the first turn")


async def play_solo_to_the_end(t: Table, session: GameSession, rng: random.Random) -> None:
    """Ana, alone with bots, plays each of her decisions until the standings are shown."""

    def ana_decides(s: GameSession) -> bool:
        return s.record.status != "running" or (
            skyjo(s).phase in ("turn", "opening") and 0 in s.engine.to_move
        )

    while session.record.status == "running":
        await t.settled(ana_decides, "ana's decision or the end", session)
        if session.record.status != "running":
            break
        if skyjo(session).phase == "opening":
            await choose_opening_cards(t, "ana", rng)
        else:
            await play_turn(t, "ana", rng)
    await t.settled(lambda s: True, "the standings", session)
