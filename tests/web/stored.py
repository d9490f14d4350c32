"""Servers whose games were played to their end by bots and stored as the bot stores them
(every move, the results, the ratings, the members seen), for the pages to show."""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import partial

from bot.adapters.base import GameAdapter
from bot.catalog import installed
from bot.replay import dealt
from bot.standings import rank
from bot.storage import Database, GameRepository
from bot.storage.games import Move
from bot.storage.records import SeatRecord
from bot.storage.web import WebRepository

CATALOG = installed()


async def played_game(
    database: Database,
    kind: str,
    seats: Sequence[SeatRecord],
    *,
    guild_id: int,
    seed: int,
    ended_at: float = 1_800_000_000.0,
) -> int:
    """A game of `kind` at `seats` played to its end, every seat by a normal bot's choices;
    its id."""
    adapter: GameAdapter = CATALOG.require(kind)
    games = GameRepository(database, CATALOG.bot_ratings)
    record = await games.create(
        guild_id=guild_id,
        channel_id=guild_id * 1000 + seed,
        kind=kind,
        host_id=next((s.user_id for s in seats if s.user_id is not None), 1),
        seed=seed,
        seats=list(seats),
        settings={},
    )
    record.status = "running"
    engine, _ = dealt(adapter, record)
    assert adapter.bots is not None
    rng = random.Random(seed)
    while not engine.is_over:
        seat = engine.to_move[0]
        policy = adapter.bots.policy("normal", rng)
        action = policy.choose(engine.legal_actions(seat), partial(engine.view, seat))
        engine.apply(seat, action)
        over = record.version
        record.version += 1
        record.state = adapter.dump(engine)
        move = Move(seat, adapter.encode_action(action))
        if engine.is_over:
            record.status = "finished"
            record.ended_at = ended_at
            results = rank(
                adapter.standings(engine), record.seats, high_score_wins=adapter.high_score_wins
            )
            await games.finish(record, results, move, over=over)
        else:
            await games.save(record, move, over=over)
    return record.id


async def pages_on(database: Database, guild_id: int) -> str:
    return await WebRepository(database).turn_on(guild_id)
