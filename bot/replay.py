"""A finished game played again from its record: the same settings, seats and seed, then its
moves in order, so every table it showed can be shown again."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

from bot.adapters.base import GameAdapter, TableContext
from bot.i18n import Words
from bot.storage.games import Move
from bot.storage.records import GameRecord
from games.core.engine import Engine
from games.core.seats import Seat


def replayed(adapter: GameAdapter, game: GameRecord, moves: Sequence[Move], step: int) -> Engine:
    """The game after its first `step` moves."""
    return played(adapter, game, moves[:step])[0]


def played(
    adapter: GameAdapter, game: GameRecord, moves: Sequence[Move]
) -> tuple[Engine, list[Any]]:
    """The game after `moves`, and every event from its deal on."""
    settings = adapter.build_settings(game.settings)
    seats = [Seat(name=seat.name, bot=seat.is_bot) for seat in game.seats]
    engine, events = adapter.new_engine(settings, seats, game.seed)
    for move in moves:
        events += engine.apply(move.seat, adapter.decode_action(move.action))
    return engine, events


def replay_embed(
    adapter: GameAdapter, game: GameRecord, moves: Sequence[Move], step: int, words: Words
) -> discord.Embed:
    """The table as it stood after `step` moves, or the standings after the last."""
    engine = replayed(adapter, game, moves, step)
    if engine.is_over:
        embed = adapter.final(game, engine, words).embed
    else:
        shown = game.model_copy(update={"deadline": None, "status": "running"})
        embed = adapter.table(shown, engine, TableContext(words, pictures=False)).embed
    embed.set_footer(
        text=words(
            "Replay of game {game} · move {step} of {moves}",
            game=game.id,
            step=step,
            moves=len(moves),
        )
    )
    return embed
