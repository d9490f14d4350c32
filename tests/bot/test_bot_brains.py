"""The game bots' moves chosen in a process of their own are the moves the bot's process would
choose: same game, seat, level and seed, same move, in every game with bots; a bots' process
that dies is started again, and a move it cannot choose is chosen in the bot's process."""

from __future__ import annotations

import asyncio
import logging
import os
import random
import signal
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from multiprocessing.process import BaseProcess
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.adapters.base import GameAdapter
from bot.catalog import Catalog, installed
from bot.config import BotSettings
from bot.sessions.brains import GIVE_WAY, BotBrains
from games.core.engine import Engine
from games.core.seats import Seat

WITH_BOTS = [game.adapter for game in installed() if game.adapter.has_bots]
SHORT = {"skyjo": {"target_score": 20}}
"""Settings that keep a whole game short."""
SLOW, EXPERT_MOVES = "expert", 3
"""The level whose moves cost tens of milliseconds, and how many of them a game compares."""


@pytest.fixture(scope="module")
def brains() -> Iterator[BotBrains]:
    thinking = BotBrains(installed(), processes=1)
    try:
        yield thinking
    finally:
        thinking.close()


def reference(adapter: GameAdapter, engine: Engine, seat: int, level: str, seed: str) -> Any:
    """The move the bot's own process chose on the event loop before moves were chosen off
    it: the game's policy, its generator seeded with the game's seed, version and seat."""
    assert adapter.bots is not None
    policy = adapter.bots.policy(level, random.Random(seed))
    return policy.choose(engine.legal_actions(seat), lambda: engine.view(seat))


def new_game(adapter: GameAdapter, seed: int, seats: int) -> Engine:
    bots = [Seat(name=f"bot {i}", bot=True) for i in range(seats)]
    engine, _ = adapter.new_engine(adapter.build_settings(SHORT.get(adapter.kind, {})), bots, seed)
    return engine


async def play_comparing(brains: BotBrains, adapter: GameAdapter, seed: int, seats: int) -> int:
    """Play a whole game of bots of random levels, each move chosen by `brains` and checked
    against the reference; return the number of moves. An expert's move costs tens of
    milliseconds: the expert is compared on its first `EXPERT_MOVES` draws only (the hard bot
    stands in for it after that), and the game is played on by the quicker levels."""
    engine = new_game(adapter, seed, seats)
    levels = random.Random(seed)
    quick = [level for level in adapter.bot_levels if level != SLOW]
    experts = EXPERT_MOVES
    version = 1
    while not engine.is_over:
        for seat in engine.to_move:
            level = levels.choice(adapter.bot_levels)
            if level == SLOW:
                level, experts = (level, experts - 1) if experts > 0 else ("hard", 0)
            key = f"{seed}:{version}:{seat}"
            chosen = await brains.choose(adapter, engine, seat, level, key)
            assert chosen == reference(adapter, engine, seat, level, key), (seed, version)
        seat = engine.to_move[0]
        level = levels.choice(quick)
        engine.apply(seat, reference(adapter, engine, seat, level, f"{seed}:{version}:{seat}"))
        version += 1
    return version - 1


@pytest.mark.parametrize("adapter", WITH_BOTS, ids=lambda adapter: adapter.kind)
@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**32), seats=st.integers(2, 4))
def test_a_bots_process_chooses_the_move_the_bots_own_process_would(
    brains: BotBrains, adapter: GameAdapter, seed: int, seats: int
) -> None:
    moves = asyncio.run(play_comparing(brains, adapter, seed, seats))
    assert moves > 10
    assert isinstance(brains._thinker, ProcessPoolExecutor)


def workers(brains: BotBrains) -> list[BaseProcess]:
    thinker = brains._thinker
    assert isinstance(thinker, ProcessPoolExecutor)
    return list((thinker._processes or {}).values())


async def some_moves(brains: BotBrains, adapter: GameAdapter, seed: int) -> None:
    engine = new_game(adapter, seed, 3)
    for version in range(1, 6):
        seat = engine.to_move[0]
        key = f"{seed}:{version}:{seat}"
        chosen = await brains.choose(adapter, engine, seat, "hard", key)
        assert chosen == reference(adapter, engine, seat, "hard", key)
        engine.apply(seat, chosen)


async def test_a_bots_process_that_dies_is_started_again(caplog: pytest.LogCaptureFixture) -> None:
    brains = BotBrains(installed(), processes=1)
    try:
        adapter = WITH_BOTS[0]
        await some_moves(brains, adapter, 1)
        (worker,) = workers(brains)
        assert worker.pid is not None and worker.pid != os.getpid()

        os.kill(worker.pid, signal.SIGKILL)
        await asyncio.to_thread(worker.join, 10)
        with caplog.at_level(logging.WARNING, logger="bot.sessions.brains"):
            await some_moves(brains, adapter, 2)
        (replacement,) = workers(brains)
        assert replacement.pid != worker.pid and replacement.is_alive()
        assert "starting it again" in caplog.text
        assert "choosing it here" not in caplog.text, "the new process chose the moves"
    finally:
        brains.close()
    await asyncio.to_thread(replacement.join, 10)
    assert not replacement.is_alive(), "closing ends the bots' process"


async def test_a_move_the_bots_process_cannot_choose_is_chosen_here(
    caplog: pytest.LogCaptureFixture,
) -> None:
    adapter = WITH_BOTS[0]
    others = Catalog(game for game in installed() if game.adapter.kind != adapter.kind)
    brains = BotBrains(others, processes=1)
    try:
        with caplog.at_level(logging.WARNING, logger="bot.sessions.brains"):
            await some_moves(brains, adapter, 3)
    finally:
        brains.close()
    assert caplog.text.count("choosing it here") == 5
    assert "not available on this bot" in caplog.text, "the process's error is logged"


async def test_without_processes_moves_are_chosen_in_a_thread() -> None:
    brains = BotBrains(installed(), processes=0)
    try:
        for adapter in WITH_BOTS:
            await some_moves(brains, adapter, 4)
        assert not isinstance(brains._thinker, ProcessPoolExecutor)
    finally:
        brains.close()


@pytest.mark.parametrize(
    ("pictures", "variable", "processes"),
    [(1, None, 1), (0, None, 0), (1, "", 1), (0, "1", 1), (1, "0", 0), (1, "2", 2)],
)
def test_moves_are_chosen_in_a_process_unless_the_bot_runs_on_one_core(
    monkeypatch: pytest.MonkeyPatch, pictures: int, variable: str | None, processes: int
) -> None:
    monkeypatch.delenv("BOT_MOVE_PROCESSES", raising=False)
    if variable is not None:
        monkeypatch.setenv("BOT_MOVE_PROCESSES", variable)
    settings = BotSettings(_env_file=None, picture_processes=pictures)
    assert settings.bot_move_workers == processes


@pytest.mark.skipif(not hasattr(os, "getpriority"), reason="no process priorities here")
async def test_the_bots_process_gives_way_to_the_bots_own() -> None:
    """When both want the CPU, the bot's own process (answering clicks) comes first."""
    brains = BotBrains(installed(), processes=1)
    try:
        await some_moves(brains, WITH_BOTS[0], 5)
        (worker,) = workers(brains)
        assert worker.pid is not None
        own = os.getpriority(os.PRIO_PROCESS, 0)
        assert os.getpriority(os.PRIO_PROCESS, worker.pid) == min(19, own + GIVE_WAY)
    finally:
        brains.close()
