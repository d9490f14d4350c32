"""How many clicks a replay takes: `python -m bench.replay_steps [--games 10]`.

Plays `--games` games of every game with bots, for 2, 3, 4 and 6 players (seat 0 a member,
played by the same bot as the others), through the adapters as the bot records them, and
prints per game the recorded moves, the replay's steps (one a turn) and its rounds (what the
round jump goes through), as averages.
"""

from __future__ import annotations

import argparse
import random
from functools import partial

from bot.adapters.base import GameAdapter
from bot.catalog import installed
from bot.replay import dealt, round_starts, steps
from bot.storage.games import Move
from bot.storage.records import GameRecord, SeatRecord

PLAYERS = (2, 3, 4, 6)


def played(adapter: GameAdapter, players: int, seed: int) -> tuple[GameRecord, list[Move]]:
    """A game of normal bots, recorded move by move."""
    assert adapter.bots is not None
    seats = [SeatRecord(name="Ana", user_id=1)] + [
        SeatRecord(name=f"Bot {i}", bot_level="normal") for i in range(1, players)
    ]
    game = GameRecord(
        id=seed,
        guild_id=1,
        channel_id=1,
        kind=adapter.kind,
        status="finished",
        host_id=1,
        seed=seed,
        seats=seats,
    )
    engine, _ = dealt(adapter, game)
    rng = random.Random(seed)
    moves: list[Move] = []
    while not engine.is_over:
        seat = engine.to_move[0]
        policy = adapter.bots.policy("normal", rng)
        action = policy.choose(engine.legal_actions(seat), partial(engine.view, seat))
        engine.apply(seat, action)
        moves.append(Move(seat, adapter.encode_action(action)))
    return game, moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=10, help="games per game and line-up")
    games = parser.parse_args().games
    for adapter in (entry.adapter for entry in installed() if entry.adapter.has_bots):
        for players in PLAYERS:
            moves = found = rounds = 0
            for seed in range(games):
                game, recorded = played(adapter, players, seed)
                replay = steps(adapter, game, recorded)
                moves += len(recorded)
                found += len(replay)
                rounds += len(round_starts(replay))
            print(
                f"{adapter.title:13} {players} players: {moves / games:6.1f} moves · "
                f"{found / games:6.1f} steps ({found / moves:4.0%}) · {rounds / games:5.1f} rounds"
            )


if __name__ == "__main__":
    main()
