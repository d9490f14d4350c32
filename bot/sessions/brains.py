"""The game bots' moves, chosen off the event loop.

Choosing a bot's move takes milliseconds of CPU; chosen on the event loop, it would hold up
every click of every other game meanwhile. `BotBrains` chooses it in a process of its own (by
default one, started with the bot, like the pictures' one but apart from it, so that a move
never waits behind pictures being drawn), from the game's saved state, its kind, the seat, the
level and the seed: the same move as chosen in the bot's own process, so games replay the same.
With `processes=0` moves are chosen in a thread of the bot's process. A process that dies is
started again; a move it fails to choose is chosen in the bot's own process instead, logged.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import multiprocessing
import os
import random
from collections.abc import Awaitable, Callable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

from bot.adapters.base import GameAdapter, InstalledGame
from bot.catalog import Catalog
from bot.ui.rendering import follow_parent
from games.core.engine import Engine

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Decision:
    """Everything a bot's move is chosen from, as sent to the bots' process."""

    kind: str
    state: str
    """The game's engine, dumped by its adapter."""
    seat: int
    level: str
    seed: str


def choose(adapter: GameAdapter, engine: Engine, seat: int, level: str, seed: str) -> Any:
    """The move the bot of `level` makes for `seat`, drawing on a generator seeded with
    `seed`: the same move for the same game, seat, level and seed, wherever it is chosen."""
    assert adapter.bots is not None, f"{adapter.title} has no bots"
    policy = adapter.bots.policy(level, random.Random(seed))
    return policy.choose(engine.legal_actions(seat), lambda: engine.view(seat))


def decide(catalog: Catalog, decision: Decision) -> str:
    """The bot's move for `decision`, chosen from the saved game and encoded as a recorded
    move is."""
    adapter = catalog.require(decision.kind)
    engine = adapter.load(decision.state)
    action = choose(adapter, engine, decision.seat, decision.level, decision.seed)
    return adapter.encode_action(action)


_games: Catalog | None = None
"""The games the bots' process knows, once started."""


GIVE_WAY = 10
"""How much lower the bots' processes run than the bot's own (`nice`): when both want the CPU,
answering clicks comes first, and a bot's move, which waits its `BOT_DELAY` anyway, after."""


def _start(parent: int, games: Sequence[InstalledGame]) -> None:
    """Starts a bots' process: it ends with the bot's, knows the bot's games, and gives way."""
    global _games
    follow_parent(parent)
    if hasattr(os, "nice"):
        os.nice(GIVE_WAY)
    _games = Catalog(games)


def _decide_in_process(decision: Decision) -> str:
    assert _games is not None, "the bots' process was started without its games"
    return decide(_games, decision)


def _ready() -> None:
    """The first task of a new bots' process, so that it starts with the bot."""


class BotBrains:
    """Chooses the game bots' moves off the event loop: in `processes` processes of their
    own, or with `processes=0` in a thread of this one."""

    def __init__(self, catalog: Catalog, processes: int = 1) -> None:
        self.catalog = catalog
        self.processes = processes
        self._thinker = self._start()

    def _start(self) -> Executor:
        if self.processes <= 0:
            return ThreadPoolExecutor(max_workers=1, thread_name_prefix="bot-moves")
        thinker = ProcessPoolExecutor(
            max_workers=self.processes,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=_start,
            initargs=(os.getpid(), tuple(self.catalog)),
        )
        thinker.submit(_ready)
        return thinker

    async def choose(
        self, adapter: GameAdapter, engine: Engine, seat: int, level: str, seed: str
    ) -> Any:
        """What `choose` returns for these, chosen off the event loop."""
        return await self.thinking(adapter, engine, seat, level, seed)

    def thinking(
        self, adapter: GameAdapter, engine: Engine, seat: int, level: str, seed: str
    ) -> Awaitable[Any]:
        """`choose`, from the engine as it is now: the move may be awaited after the engine
        changed (and is then played only if the game is still where it was)."""
        decision = Decision(adapter.kind, adapter.dump(engine), seat, level, seed)
        return self._chosen(adapter, decision)

    async def _chosen(self, adapter: GameAdapter, decision: Decision) -> Any:
        try:
            encoded = await self._decide(decision)
        except Exception:
            log.warning(
                "A bot's move in %s was not chosen off the event loop; choosing it here",
                adapter.title,
                exc_info=True,
            )
            engine = adapter.load(decision.state)
            return choose(adapter, engine, decision.seat, decision.level, decision.seed)
        return adapter.decode_action(encoded)

    async def _decide(self, decision: Decision) -> str:
        thinker = self._thinker
        try:
            return await self._run(thinker, decision)
        except BrokenProcessPool:
            if thinker is self._thinker:
                log.warning("The bots' process stopped; starting it again")
                thinker.shutdown(wait=False, cancel_futures=True)
                self._thinker = self._start()
            return await self._run(self._thinker, decision)

    async def _run(self, thinker: Executor, decision: Decision) -> str:
        task: Callable[[], str]
        if isinstance(thinker, ProcessPoolExecutor):
            task = functools.partial(_decide_in_process, decision)
        else:
            task = functools.partial(decide, self.catalog, decision)
        return await asyncio.get_running_loop().run_in_executor(thinker, task)

    def close(self) -> None:
        self._thinker.shutdown(wait=False, cancel_futures=True)
