"""A finished game on a page: its standings, and its replay with the same steps and the same
words as in Discord (what happened, who is next, the table it left), each step's table drawn
as a picture.

Every name on it is as the server's pages may show it: a member who hid from the pages, or
left the server, is "Player N" in the words and in the pictures alike.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property

from markupsafe import Markup

from bot.adapters.base import GameAdapter, TableContext
from bot.adapters.specs import Picture, Screen
from bot.i18n import N_, Words
from bot.replay import Step, next_up, quoted, round_starts, walk
from bot.storage.games import Move
from bot.storage.records import GameRecord
from bot.storage.web import Member
from bot.web.embeds import EmbedView, embed_view
from bot.web.text import html
from games.core.engine import Engine

HIDDEN_PLAYER = N_("Player {n}")


@dataclass(frozen=True)
class StepView:
    number: int
    """1 for the deal."""
    round: int
    story: Markup
    table: EmbedView
    alt: str
    """The step's picture, in words (none: the step has no picture)."""


@dataclass(frozen=True)
class Replay:
    steps: tuple[StepView, ...]
    found: tuple[Step, ...]

    @cached_property
    def _starts(self) -> list[int]:
        return round_starts(self.found)

    def previous_round(self, number: int) -> int | None:
        """The number of the step `bot.replay.previous_round` jumps to from step `number`."""
        before = bisect_left(self._starts, number - 1)
        return self._starts[before - 1] + 1 if before else None

    def next_round(self, number: int) -> int | None:
        """The number of the step `bot.replay.next_round` jumps to from step `number`."""
        after = bisect_right(self._starts, number - 1)
        return self._starts[after] + 1 if after < len(self._starts) else None


def as_shown(game: GameRecord, members: Mapping[int, Member], words: Words) -> GameRecord:
    """The game with each seat named as the pages may name it."""
    seats = []
    for number, seat in enumerate(game.seats, start=1):
        member = members.get(seat.user_id) if seat.user_id is not None else None
        if seat.user_id is not None and (member is None or not member.visible):
            seat = seat.model_copy(update={"name": words(HIDDEN_PLAYER, n=number), "avatar": None})
        seats.append(seat)
    return game.model_copy(update={"seats": seats, "deadline": None})


def _screen(adapter: GameAdapter, game: GameRecord, engine: Engine, words: Words) -> Screen:
    if engine.is_over:
        return adapter.final(game, engine, words)
    running = game.model_copy(update={"status": "running"})
    return adapter.table(running, engine, TableContext(words, pictures=True, replay=True))


def replay(adapter: GameAdapter, game: GameRecord, moves: Sequence[Move], words: Words) -> Replay:
    """Every step of `game` (named as shown), the deal first."""
    language = words.language
    views: list[StepView] = []
    found = []
    for step, engine in walk(adapter, game, moves):
        found.append(step)
        told = adapter.story(engine, step.events, words)
        lines = [line for text in told for line in text.split("\n") if line]
        if not lines and not views:
            lines = [words("The game begins.")]
        parts = [quoted(lines)] if lines else []
        following = next_up(adapter, game, engine, words)
        if following is not None:
            parts.append(following)
        screen = _screen(adapter, game, engine, words)
        alt = screen.pictures[0].description if screen.pictures else ""
        views.append(
            StepView(
                number=len(views) + 1,
                round=step.round,
                story=html("\n".join(parts), language),
                table=embed_view(screen.embed, language, footer=False),
                alt=alt,
            )
        )
    return Replay(tuple(views), tuple(found))


def step_picture(
    adapter: GameAdapter, game: GameRecord, moves: Sequence[Move], number: int, words: Words
) -> Picture | None:
    """The picture of step `number` (1 for the deal), None when there is no such step or it
    has no picture."""
    for index, (_, engine) in enumerate(walk(adapter, game, moves), start=1):
        if index == number:
            screen = _screen(adapter, game, engine, words)
            return screen.pictures[0] if screen.pictures else None
    return None
