"""The interface between a rule engine and the generic lobby, table, storage and timers.

A game plugs into the bot with one `GameAdapter` subclass (engine creation and saving, bots,
the meaning of each button, rendering) and a cog; everything else is shared.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal

import discord
from pydantic import BaseModel

from bot.storage.records import GameRecord, ResultRecord
from games.core.engine import Engine
from games.core.policy import Policy
from games.core.seats import Seat

ButtonStyle = Literal["primary", "secondary", "success", "danger"]


@dataclass(frozen=True)
class ButtonSpec:
    """One button of a table or panel; its custom id is built from the game, version and verb."""

    label: str
    verb: str
    arg: str = ""
    style: ButtonStyle = "secondary"
    disabled: bool = False
    emoji: str | None = None


@dataclass(frozen=True)
class SelectSpec:
    """A select menu; each option's value is passed as the click's argument."""

    verb: str
    placeholder: str
    options: Sequence[tuple[str, str]]
    arg: str = ""
    current: str | None = None
    disabled: bool = False


Row = Sequence[ButtonSpec] | SelectSpec


@dataclass(frozen=True)
class Screen:
    """A message to show: an embed and up to five rows of components."""

    embed: discord.Embed
    rows: Sequence[Row] = field(default_factory=tuple)
    content: str | None = None


@dataclass(frozen=True)
class Play:
    """Apply this engine action for the clicking seat."""

    action: Any


@dataclass(frozen=True)
class Redraw:
    """Show the public table in another mode (the seat to move is choosing where to put a card)."""

    mode: str


@dataclass(frozen=True)
class Personal:
    """Open the seat's own controls in an ephemeral message."""


Outcome = Play | Redraw | Personal


@dataclass(frozen=True)
class SettingChoice:
    """A host setting offered in the settings panel as a select: (label, value) options."""

    key: str
    label: str
    options: Sequence[tuple[str, str]]


class GameAdapter(ABC):
    kind: ClassVar[str]
    title: ClassVar[str]
    min_seats: ClassVar[int]
    max_seats: ClassVar[int]
    bot_levels: ClassVar[tuple[str, ...]] = ("easy", "normal", "hard")
    strict_verbs: ClassVar[frozenset[str]] = frozenset()
    """Verbs refused when clicked on an outdated message (the others are judged by legality)."""

    # ------------------------------------------------------------------------ settings

    @abstractmethod
    def build_settings(self, values: dict[str, Any]) -> BaseModel:
        """Validated settings; raises `InvalidSettings` with a message naming the setting."""

    @abstractmethod
    def settings_summary(self, settings: BaseModel) -> list[str]: ...

    @abstractmethod
    def setting_choices(self) -> Sequence[SettingChoice]: ...

    @abstractmethod
    def choose(self, values: dict[str, Any], key: str, value: str) -> dict[str, Any]:
        """The settings values after picking `value` for the panel's select `key`."""

    @abstractmethod
    def chosen(self, settings: BaseModel, key: str) -> str | None:
        """Which option of the select `key` the settings match, if any."""

    def turn_seconds(self, settings: BaseModel) -> int | None:
        seconds = getattr(settings, "turn_seconds", None)
        return int(seconds) if seconds else None

    # -------------------------------------------------------------------------- engine

    @abstractmethod
    def check_table(self, settings: BaseModel, seat_count: int) -> None:
        """Raise `InvalidSettings` if these settings cannot be played by this many seats."""

    @abstractmethod
    def new_engine(self, settings: BaseModel, seats: Sequence[Seat], seed: int) -> Engine: ...

    @abstractmethod
    def load(self, state: str) -> Engine: ...

    @abstractmethod
    def dump(self, engine: Engine) -> str: ...

    @abstractmethod
    def bot_policy(self, level: str, rng: random.Random) -> Policy: ...

    @abstractmethod
    def describe(self, engine: Engine, events: Sequence[Any]) -> list[str]: ...

    @abstractmethod
    def results(self, engine: Engine) -> list[ResultRecord]: ...

    # ---------------------------------------------------------------------------- UI

    @abstractmethod
    def interpret(self, engine: Engine, seat: int, verb: str, arg: str) -> Outcome:
        """What a click means for `seat`; raises `IllegalAction` if it means nothing now."""

    @abstractmethod
    def table(self, game: GameRecord, engine: Engine, mode: str, log: Sequence[str]) -> Screen:
        """The public table: what everyone may see, and the controls of the seat to move."""

    @abstractmethod
    def personal(self, game: GameRecord, engine: Engine, seat: int) -> Screen:
        """A seat's own controls, shown only to its player."""

    @abstractmethod
    def round_summary(
        self, game: GameRecord, engine: Engine, events: Sequence[Any]
    ) -> Screen | None:
        """A summary to post when these events ended a round (None when they did not)."""

    @abstractmethod
    def final(self, game: GameRecord, engine: Engine) -> Screen:
        """The standings at the end of the game (a Rematch button is added by the table)."""

    @abstractmethod
    def rules(self) -> list[discord.Embed]: ...


ADAPTERS: dict[str, GameAdapter] = {}


def register(adapter: GameAdapter) -> GameAdapter:
    ADAPTERS[adapter.kind] = adapter
    return adapter


def adapter_for(kind: str) -> GameAdapter:
    return ADAPTERS[kind]
