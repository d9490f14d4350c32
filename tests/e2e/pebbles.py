"""Pebbles, a tiny game that uses every part of the game contract Skyjo does not: no bots,
guest seats, a form, off-turn decisions with their own timer, the highest score winning with a
tie-break, and a picture on the table. It is installed only in the tests that need it.

On your turn you add 1 to 9 pebbles to your pile (buttons for 1–3, a form for any number).
Adding exactly 3 lets every other player, one after another, claim a pebble or pass. The game
ends when a pile reaches the target; the biggest pile wins, then the most claims.
"""

from __future__ import annotations

import json
from collections.abc import Hashable, Sequence
from functools import partial
from typing import Any, NamedTuple

import discord
from discord import app_commands
from discord.ext import commands
from pydantic import BaseModel, Field, ValidationError

from bot.adapters.base import GameAdapter
from bot.adapters.specs import (
    AskText,
    ButtonSpec,
    Command,
    Form,
    OffTurn,
    Outcome,
    Picture,
    Play,
    Row,
    Score,
    Screen,
    SettingChoice,
    TableContext,
    TextField,
)
from bot.catalog import Catalog, InstalledGame, installed
from bot.i18n import Words
from bot.storage.records import GameRecord
from games.core.engine import Engine
from games.core.errors import IllegalAction, InvalidSettings
from games.core.seats import Seat
from tests.e2e.grey_png import png

DECISION_SECONDS = 20
"""The key of every picture drawn, in order: a test can tell a redraw from a cached one."""


class Added(NamedTuple):
    seat: int
    number: int


class Claimed(NamedTuple):
    seat: int


class Passed(NamedTuple):
    seat: int


class PebblesGame:
    def __init__(self, names: Sequence[str], target: int) -> None:
        self.names = list(names)
        self.target = target
        self.pebbles = [0] * len(names)
        self.claims = [0] * len(names)
        self.current = 0
        self.deciders: list[int] = []
        self.turns = 0
        self.over = False

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def to_move(self) -> tuple[int, ...]:
        if self.over:
            return ()
        return (self.deciders[0],) if self.deciders else (self.current,)

    def legal_actions(self, seat: int) -> list[tuple[str, int]]:
        if seat not in self.to_move:
            return []
        if self.deciders:
            return [("claim", 0), ("pass", 0)]
        return [("add", n) for n in range(1, 10)]

    def apply(self, seat: int, action: Any) -> list[Any]:
        if tuple(action) not in self.legal_actions(seat):
            raise IllegalAction("That is not your move now.")
        kind, count = action
        events: list[Any] = []
        if kind in ("claim", "pass"):
            self.deciders.pop(0)
            if kind == "claim":
                self.pebbles[seat] += 1
                self.claims[seat] += 1
                events.append(Claimed(seat))
            else:
                events.append(Passed(seat))
        else:
            self.pebbles[seat] += count
            self.turns += 1
            events.append(Added(seat, count))
            if count == 3:
                n = len(self.names)
                self.deciders = [(seat + k) % n for k in range(1, n)]
        if not self.deciders:
            if max(self.pebbles) >= self.target:
                self.over = True
            else:
                self.current = (self.current + 1) % len(self.names)
        return events

    def view(self, seat: int | None = None) -> dict[str, Any]:
        return {"pebbles": list(self.pebbles), "deciders": list(self.deciders)}

    def to_json(self) -> str:
        return json.dumps(self.__dict__)

    @classmethod
    def from_json(cls, text: str) -> PebblesGame:
        game = cls([], 1)
        game.__dict__.update(json.loads(text))
        return game


class PebblesSettings(BaseModel):
    target: int = Field(default=10, ge=5, le=50)


def _game(engine: Engine) -> PebblesGame:
    assert isinstance(engine, PebblesGame)
    return engine


def _picture(game: PebblesGame) -> Picture:
    key = ("pebbles", tuple(game.pebbles))
    shade = min(255, 40 + 10 * sum(game.pebbles))
    return Picture(
        name="pebbles.png", key=key, render=partial(png, 8 + len(game.pebbles), 8, shade)
    )


class PebblesAdapter(GameAdapter):
    kind = "pebbles"
    title = "Pebbles"
    command = "pebbles"
    min_seats = 2
    max_seats = 4
    bots = None
    takeover_level = None
    allows_guests = True
    high_score_wins = True
    tiebreak_label = "claims"

    def build_settings(self, values: dict[str, Any]) -> PebblesSettings:
        try:
            return PebblesSettings(**values)
        except ValidationError as error:
            raise InvalidSettings("The target is 5 to 50 pebbles.") from error

    def settings_summary(self, settings: BaseModel, words: Words) -> list[str]:
        assert isinstance(settings, PebblesSettings)
        return [f"Target: **{settings.target}** pebbles"]

    def setting_choices(self, words: Words) -> Sequence[SettingChoice]:
        return [SettingChoice("target", "Target", [("10", "10"), ("20", "20")])]

    def choose(self, values: dict[str, Any], key: str, value: str) -> dict[str, Any]:
        return {**values, key: int(value)}

    def chosen(self, settings: BaseModel, key: str) -> str | None:
        return str(getattr(settings, key))

    def check_table(self, settings: BaseModel, seat_count: int) -> None:
        if not 2 <= seat_count <= 4:
            raise InvalidSettings("Pebbles needs 2 to 4 players.")

    def new_engine(
        self, settings: BaseModel, seats: Sequence[Seat], seed: int
    ) -> tuple[Engine, list[Any]]:
        assert isinstance(settings, PebblesSettings)
        return PebblesGame([seat.name for seat in seats], settings.target), []

    def load(self, state: str) -> Engine:
        return PebblesGame.from_json(state)

    def dump(self, engine: Engine) -> str:
        return _game(engine).to_json()

    def describe(self, engine: Engine, events: Sequence[Any], words: Words) -> list[str]:
        names = _game(engine).names
        lines = []
        for event in events:
            if isinstance(event, Added):
                lines.append(f"{names[event.seat]} added {event.number}.")
            elif isinstance(event, Claimed):
                lines.append(f"{names[event.seat]} claimed a pebble.")
            else:
                lines.append(f"{names[event.seat]} passed.")
        return lines

    def standings(self, engine: Engine) -> list[Score]:
        game = _game(engine)
        return [
            Score(seat, pebbles, game.claims[seat]) for seat, pebbles in enumerate(game.pebbles)
        ]

    def decode_action(self, text: str) -> Any:
        return tuple(json.loads(text))

    def turn_token(self, engine: Engine) -> Hashable:
        game = _game(engine)
        return (game.turns, tuple(game.deciders))

    def off_turn(self, engine: Engine, seat: int) -> OffTurn | None:
        game = _game(engine)
        if game.deciders and game.deciders[0] == seat:
            return OffTurn(seconds=DECISION_SECONDS, default=("pass", 0))
        return None

    def interpret(self, engine: Engine, seat: int, command: Command, words: Words) -> Outcome:
        if command.verb == "add":
            return Play(("add", int(command.arg)))
        if command.verb in ("claim", "pass"):
            return Play((command.verb, 0))
        if command.verb == "count":
            return AskText(COUNT_FORM)
        if command.verb == "counted":
            text = command.fields.get("count", "").strip()
            if not text.isdigit() or not 1 <= int(text) <= 9:
                raise IllegalAction(f"“{text}” is not a number from 1 to 9.")
            return Play(("add", int(text)))
        raise IllegalAction("That button is not part of this game.")

    def table(self, game: GameRecord, engine: Engine, context: TableContext) -> Screen:
        pebbles = _game(engine)
        lines = [f"{name}: {n}" for name, n in zip(pebbles.names, pebbles.pebbles, strict=True)]
        embed = discord.Embed(title="Pebbles", description="\n".join([*lines, *context.log]))
        rows: list[Row]
        if pebbles.deciders:
            who = pebbles.names[pebbles.deciders[0]]
            embed.add_field(name="Deciding", value=who)
            rows = [[ButtonSpec("Claim one", "claim"), ButtonSpec("Pass", "pass")]]
        else:
            embed.add_field(name="To move", value=pebbles.names[pebbles.current])
            rows = [
                [ButtonSpec(f"Add {n}", "add", str(n)) for n in (1, 2, 3)]
                + [ButtonSpec("Another number…", "count")]
            ]
        return Screen(embed=embed, rows=rows, pictures=[_picture(pebbles)])

    def personal(self, game: GameRecord, engine: Engine, seat: int, words: Words) -> Screen:
        return Screen(embed=discord.Embed(title="Your pebbles"))

    def final(self, game: GameRecord, engine: Engine, words: Words) -> Screen:
        pebbles = _game(engine)
        return Screen(
            embed=discord.Embed(title="Pebbles · over", description=str(pebbles.pebbles)),
            pictures=[_picture(pebbles)],
        )

    def rules(self, words: Words, settings: BaseModel) -> list[discord.Embed]:
        return [discord.Embed(title="Pebbles", description=__doc__)]


COUNT_FORM = Form(
    title="Add pebbles",
    verb="counted",
    fields=[TextField(key="count", label="How many (1–9)?", max_length=2)],
)


class PebblesCog(commands.GroupCog, group_name="pebbles", group_description="Play Pebbles"):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="start", description="Open a Pebbles table")
    async def start(self, interaction: discord.Interaction[Any], target: int = 10) -> None:
        sessions = self.bot.sessions  # type: ignore[attr-defined]
        adapter = self.bot.catalog.require("pebbles")  # type: ignore[attr-defined]
        await sessions.lobby.open(interaction, adapter, {"target": target})


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(PebblesCog(bot))


def with_pebbles() -> Catalog:
    return Catalog([*installed(), InstalledGame(PebblesAdapter(), "tests.e2e.pebbles")])
