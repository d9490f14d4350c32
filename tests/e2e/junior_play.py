"""Playing Skyjo Junior through its buttons, as a user would."""

from __future__ import annotations

import random

from bot.sessions.session import GameSession
from games.skyjo_junior import JuniorGame
from games.skyjo_junior.levels import bot_policy
from tests.e2e.harness import Table, button, enabled, engine_of, shown


def junior(session: GameSession) -> JuniorGame:
    return engine_of(session, JuniorGame)


async def play_turn(
    table: Table, user: str, rng: random.Random, *, take: bool | None = None
) -> str:
    """One whole turn for `user`: take or draw, then swap or decline and turn a card up.
    Returns what was done with the card: "swap" or "decline"."""
    message = await table.table_message()
    taking = rng.random() < 0.5 if take is None else take
    first = await table.click(user, message, button(message, "take" if taking else "draw"))
    assert first.type == 7, first.errors
    holding = shown(first)
    if enabled(holding, "mode") and rng.random() < 0.4:
        declining = await table.click(user, holding, button(holding, "mode", "flip"))
        assert declining.type == 7, declining.errors
        result = await table.click(
            user, shown(declining), rng.choice(enabled(shown(declining), "decline"))
        )
        assert result.type == 7, result.errors
        return "decline"
    result = await table.click(user, holding, rng.choice(enabled(holding, "swap")))
    assert result.type == 7, result.errors
    return "swap"


async def play_turn_well(table: Table, user: str, seat: int, rng: random.Random) -> str:
    """One turn chosen by the hard bot from the seat's view, played through the buttons."""
    session = await table.session()
    game = junior(session)
    policy = bot_policy("hard", rng)
    first = policy.choose(game.legal_actions(seat), lambda: game.view(seat))
    message = await table.table_message()
    result = await table.click(user, message, button(message, first.kind))
    assert result.type == 7, result.errors
    follow = policy.choose(game.legal_actions(seat), lambda: game.view(seat))
    holding = shown(result)
    if follow.kind == "decline_flip":
        declining = await table.click(user, holding, button(holding, "mode", "flip"))
        holding = shown(declining)
    verb = "decline" if follow.kind == "decline_flip" else "swap"
    result = await table.click(user, holding, button(holding, verb, str(follow.slot)))
    assert result.type == 7, result.errors
    return verb


def ana_decides(session: GameSession) -> bool:
    return session.record.status != "running" or junior(session).current == 0


async def play_solo_to_the_end(t: Table, session: GameSession, rng: random.Random) -> None:
    """Ana, alone with bots, plays each of her turns until the standings are shown."""
    while session.record.status == "running":
        await t.settled(ana_decides, "ana's turn or the end", session)
        if session.record.status != "running":
            break
        await play_turn(t, "ana", rng)
    await t.settled(lambda s: True, "the standings", session)
