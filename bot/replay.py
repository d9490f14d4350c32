"""A finished game played again from its record: the same settings, seats and seed, then its
moves in order, so every table it showed can be shown again.

A replay goes step by step, not move by move. The first step is the deal; each later step is
one turn, whoever played it, bot or member: every click of it (a Skyjo draw and where the card
went, a Sky Five gift) and the decisions it called for outside anyone's turn (the choices from
a Sky Five bust's cards belong to the turn that busted). The opening flips of a Skyjo round,
made by everyone at once, are one step; a score sheet, which has no turns, has a step per round
entered or taken back. A step begins where the adapter's turn token changes for a decision of
someone's own turn, and wherever the round changes. Each step is shown as the table it left,
under what happened in it, and asks nobody to act.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import discord

from bot.adapters.base import GameAdapter, TableContext
from bot.adapters.specs import DESCRIPTION_LIMIT
from bot.i18n import Words
from bot.storage.games import Move
from bot.storage.records import GameRecord
from bot.ui.names import shown
from games.core.engine import Engine
from games.core.seats import Seat

STORY_LIMIT = 1800
"""Characters of a step's story at most: the rest of the embed keeps room for the table."""


@dataclass(frozen=True)
class Step:
    """A step of a replay: the game after its first `end` moves, what they did since the
    step before (`events`), and the round of the table it leaves."""

    end: int
    round: int
    events: tuple[Any, ...]


def replayed(adapter: GameAdapter, game: GameRecord, moves: Sequence[Move], step: int) -> Engine:
    """The game after its first `step` moves."""
    return played(adapter, game, moves[:step])[0]


def dealt(adapter: GameAdapter, game: GameRecord) -> tuple[Engine, list[Any]]:
    """The game as it was dealt, and the events of dealing it."""
    settings = adapter.build_settings(game.settings)
    seats = [Seat(name=seat.name, bot=seat.is_bot) for seat in game.seats]
    return adapter.new_engine(settings, seats, game.seed)


def played(
    adapter: GameAdapter, game: GameRecord, moves: Sequence[Move]
) -> tuple[Engine, list[Any]]:
    """The game after `moves`, and every event from its deal on."""
    engine, events = dealt(adapter, game)
    for move in moves:
        events += engine.apply(move.seat, adapter.decode_action(move.action))
    return engine, events


class _Rounds:
    """The round of each table a replay shows: the game's own round when it has rounds;
    otherwise one more each time the turn comes back to the seat that played first."""

    def __init__(self, adapter: GameAdapter, engine: Engine) -> None:
        self.adapter = adapter
        self.first = engine.to_move[:1]
        self.laps = 1

    def now(self, engine: Engine) -> int | None:
        """The game's own round, if it has rounds."""
        return self.adapter.round_of(engine)

    def dealt(self, engine: Engine) -> int:
        number = self.now(engine)
        return self.laps if number is None else number

    def after_step(self, engine: Engine) -> int:
        number = self.now(engine)
        if number is not None:
            return number
        if not engine.is_over and engine.to_move == self.first:
            self.laps += 1
        return self.laps


def _begins_step(
    adapter: GameAdapter, engine: Engine, seat: int, token: Hashable, round_now: int | None
) -> bool:
    """Whether `seat`'s move on `engine` begins a new step, the step under way having begun
    at turn `token` in round `round_now`."""
    if adapter.round_of(engine) != round_now:
        return True
    return adapter.turn_token(engine) != token and adapter.off_turn(engine, seat) is None


def walk(
    adapter: GameAdapter, game: GameRecord, moves: Sequence[Move]
) -> Iterator[tuple[Step, Engine]]:
    """Every step of the game, the deal first, each with the game as it left it: the same
    engine, played on once the next step is asked for."""
    engine, events = dealt(adapter, game)
    rounds = _Rounds(adapter, engine)
    yield Step(0, rounds.dealt(engine), tuple(events)), engine
    begun = 0
    token, round_now = adapter.turn_token(engine), rounds.now(engine)
    under_way: list[Any] = []
    for index, move in enumerate(moves):
        if index > begun and _begins_step(adapter, engine, move.seat, token, round_now):
            yield Step(index, rounds.after_step(engine), tuple(under_way)), engine
            begun, under_way = index, []
            token, round_now = adapter.turn_token(engine), rounds.now(engine)
        under_way += engine.apply(move.seat, adapter.decode_action(move.action))
    if moves:
        yield Step(len(moves), rounds.after_step(engine), tuple(under_way)), engine


def steps(adapter: GameAdapter, game: GameRecord, moves: Sequence[Move]) -> list[Step]:
    """Every step of the game, the deal first."""
    return [step for step, _ in walk(adapter, game, moves)]


def round_starts(found: Sequence[Step]) -> list[int]:
    """The steps whose table is the first of its round."""
    return [i for i, step in enumerate(found) if i == 0 or step.round != found[i - 1].round]


def previous_round(found: Sequence[Step], index: int) -> int | None:
    """The start of the round of step `index`, or of the round before when it is that start."""
    earlier = [start for start in round_starts(found) if start < index]
    return earlier[-1] if earlier else None


def next_round(found: Sequence[Step], index: int) -> int | None:
    """The start of the round after that of step `index`."""
    return next((start for start in round_starts(found) if start > index), None)


def story(
    adapter: GameAdapter, engine: Engine, found: Sequence[Step], index: int, words: Words
) -> list[str]:
    """What step `index` did (`engine` is the game after it), one line per sentence; a deal
    that tells nothing (Sky Five's) is the game's beginning."""
    told = adapter.story(engine, found[index].events, words)
    lines = [line for text in told for line in text.split("\n") if line]
    return lines if lines or index else [words("The game begins.")]


def quoted(lines: Sequence[str]) -> str:
    """The story as a quote, its first lines when it is longer than `STORY_LIMIT`."""
    kept: list[str] = []
    size = 0
    for line in lines:
        size += len(line) + 3
        if size > STORY_LIMIT:
            kept.append("…")
            break
        kept.append(line)
    return "\n".join(f"> {line}" for line in kept)


def next_up(adapter: GameAdapter, game: GameRecord, engine: Engine, words: Words) -> str | None:
    """Who plays next, in neutral words; None when the game is over or has no turns."""
    if engine.is_over or not adapter.announces_turns:
        return None
    names = [f"**{shown(game.seats[seat].name)}**" for seat in engine.to_move]
    return words("Next: {names}", names=words.listing(names))


def replay_embed(
    adapter: GameAdapter,
    game: GameRecord,
    moves: Sequence[Move],
    found: Sequence[Step],
    index: int,
    words: Words,
) -> discord.Embed:
    """Step `index` of the game's replay: what it did, then the table it left (the standings
    after the last step)."""
    engine = replayed(adapter, game, moves, found[index].end)
    if engine.is_over:
        embed = adapter.final(game.model_copy(update={"deadline": None}), engine, words).embed
    else:
        shown_game = game.model_copy(update={"deadline": None, "status": "running"})
        context = TableContext(words, pictures=False, replay=True)
        embed = adapter.table(shown_game, engine, context).embed
    top = [quoted(story(adapter, engine, found, index, words))]
    following = next_up(adapter, game, engine, words)
    if following is not None:
        top.append(following)
    if embed.description:
        top.append("\n" + embed.description)
    embed.description = "\n".join(top)[:DESCRIPTION_LIMIT]
    where = words(
        "Round {round} · step {step} of {steps}",
        round=found[index].round,
        step=index + 1,
        steps=len(found),
    )
    embed.set_footer(text=f"{where}\n{words('Replay of game {game}', game=game.id)}")
    return embed
