"""A game's bots choose their moves in a process of their own, off the bot's event loop: the
moves the bot's own process would choose, for bots' turns and for a late member's turn alike;
the process ends with the bot."""

from __future__ import annotations

import random
from concurrent.futures import ProcessPoolExecutor
from multiprocessing.process import BaseProcess
from pathlib import Path
from typing import Any

import pytest

from bot.client import SkyTableBot
from bot.sessions.session import GameSession
from tests.e2e.harness import Table, table, until
from tests.e2e.skyjo_play import choose_opening_cards, play_turn, skyjo

HOUR = 3600.0


def bots_process(bot: SkyTableBot) -> BaseProcess:
    thinker = bot.sessions.context.brains._thinker
    assert isinstance(thinker, ProcessPoolExecutor)
    (worker,) = (thinker._processes or {}).values()
    return worker


def chosen_on_the_loop(*_: Any) -> Any:
    raise AssertionError("a bot's move was chosen on the event loop")


def bot_to_move(session: GameSession) -> int | None:
    if session.record.status != "running":
        return None
    seats = session.record.seats
    return next((seat for seat in session.engine.to_move if seats[seat].is_bot), None)


def ana_decides(session: GameSession) -> bool:
    return session.record.status != "running" or (
        skyjo(session).phase in ("turn", "opening") and 0 in session.engine.to_move
    )


async def compare_next_bot_move(t: Table, session: GameSession, rng: random.Random) -> bool:
    """Ana plays her decision; the bots wait meanwhile, and the move of the first to move,
    chosen in the bots' process, is compared with the one chosen on the event loop. False
    once the game is over."""
    context = t.running.sessions.context
    await t.settled(ana_decides, "ana's decision or the end", session)
    if session.record.status != "running":
        return False
    context.bot_delay = HOUR
    if skyjo(session).phase == "opening":
        await choose_opening_cards(t, "ana", rng)
    else:
        await play_turn(t, "ana", rng)
    await t.settled_engine(lambda s: bot_to_move(s) is not None, "a bot's move", session)
    async with session.lock:
        seat = bot_to_move(session)
        assert seat is not None
        here = GameSession.bot_action(session, seat)
        there = await session.choose_bot_action(seat)
    assert there == here
    context.bot_delay = 0.0
    session.autoplay.stop()
    session.wake()
    return True


async def test_bots_choose_in_a_process_the_moves_chosen_on_the_loop(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("BOT_MOVE_PROCESSES", "1")
    rng = random.Random(11)
    async with table(tmp_path) as t:
        bot = await t.start()
        worker = bots_process(bot)
        started = await t.slash("ana", "skyjo solo", bots=2, level="hard", target_score=20)
        assert started.type == 4, started.errors
        session = await t.session()
        monkeypatch.setattr(session, "bot_action", chosen_on_the_loop)
        compared = 0
        while compared < 6 and await compare_next_bot_move(t, session, rng):
            compared += 1
        assert compared == 6

        await t.settled(ana_decides, "ana's decision", session)
        while skyjo(session).phase == "opening":
            await choose_opening_cards(t, "ana", rng)
            await t.settled(ana_decides, "ana's turn", session)
        assert session.record.status == "running" and session.record.deadline is not None
        version = session.record.version
        t.clock.advance(session.record.deadline - t.clock.now() + 1)
        await t.settled_engine(lambda s: s.record.version > version, "ana's late turn", session)
        assert session.record.seats[0].timeouts == 1, "a bot played ana's late turn"
        assert bots_process(bot) is worker and worker.is_alive()

        await t.stop()
        await until(lambda: not worker.is_alive(), "the bots' process to end with the bot")
