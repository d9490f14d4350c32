"""The contract between a rule engine and the generic lobby, table, storage and timers.

A game plugs into the bot with one `GameAdapter` subclass (its engine and settings classes, its
screens module, bots, the meaning of each button) and a cog for its own commands, which its
package (`bot/games/<game>/`) declares as an `InstalledGame` listed in `bot.catalog`; everything
else is shared.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol, Self, TypeVar, cast

import discord
from pydantic import BaseModel

from bot.adapters.panel import SettingsPanel
from bot.adapters.specs import (
    AskText,
    ButtonSpec,
    ButtonStyle,
    Command,
    Feat,
    Form,
    GameScreens,
    Hint,
    OffTurn,
    Outcome,
    Personal,
    Picture,
    Play,
    Redraw,
    Reply,
    Row,
    Score,
    Screen,
    SelectSpec,
    SettingChoice,
    TableContext,
    TextField,
)
from bot.i18n import Words
from bot.ratings.model import Rating
from bot.storage.games import DEFAULT_COACH
from bot.storage.records import GameRecord
from bot.ui.avatars import AvatarSource, badges
from games.core.engine import Engine
from games.core.events import EventCodec
from games.core.policy import BotLevels
from games.core.seats import Seat
from games.core.settings import GameSettings

__all__ = [
    "AskText",
    "ButtonSpec",
    "ButtonStyle",
    "Command",
    "Feat",
    "Form",
    "GameAdapter",
    "GameScreens",
    "Hint",
    "InstalledGame",
    "OffTurn",
    "Outcome",
    "Personal",
    "Picture",
    "Play",
    "Redraw",
    "Reply",
    "Row",
    "SavedEngine",
    "Score",
    "Screen",
    "SelectSpec",
    "SettingChoice",
    "TableContext",
    "TextField",
]


def tally(feats: list[dict[str, int]], seat: int, name: str, count: int = 1) -> None:
    """Count `count` more of the feat `name` for `seat`."""
    feats[seat][name] = feats[seat].get(name, 0) + count


class SavedEngine(Engine, Protocol):
    """An engine saved as JSON after every move, and read back from it."""

    def to_json(self) -> str: ...

    @classmethod
    def from_json(cls, data: str, /) -> Self: ...


SettingsT = TypeVar("SettingsT", bound=GameSettings)
SettingsT_co = TypeVar("SettingsT_co", bound=GameSettings, covariant=True)


class WithSettings(Protocol[SettingsT_co]):
    """An adapter as `build_settings` sees it: its settings class types what it returns."""

    @property
    def settings_type(self) -> type[SettingsT_co]: ...


class GameAdapter(ABC):
    kind: ClassVar[str]
    """The name games of this kind are stored under; never changes once games are saved."""
    title: ClassVar[str]
    command: ClassVar[str]
    """The slash-command group of the game's own commands (`/skyjo start`, …)."""
    min_seats: ClassVar[int]
    max_seats: ClassVar[int]
    bots: ClassVar[BotLevels[Any] | None]
    """The game's bot levels (`games.<game>.bots`); None for a game without bots: no bot
    seats, no solo play, no turn timer."""
    takeover_level: ClassVar[str | None] = "normal"
    """The level of the bot that plays a late turn or takes over a seat (None: no bots)."""
    bot_ratings: ClassVar[Mapping[str, Rating]] = {}
    """The fixed rating each bot level plays at in the members' ratings, calibrated once with
    `python -m bench.bot_ratings` (docs/bots.md); every level of `bots` needs one."""
    daily_bots: ClassVar[int] = 0
    """How many hard bots the daily deal seats against its member; 0: the game has no daily
    deal."""
    allows_guests: ClassVar[bool] = False
    """Whether the host may seat guests: a name only, played by the host."""
    high_score_wins: ClassVar[bool] = False
    tiebreak_label: ClassVar[str | None] = None
    """What breaks a tie of scores (higher is better), e.g. "banked cards"; None: ties share."""
    announces_turns: ClassVar[bool] = True
    """Whether members are told when their turn comes (a score sheet has no turns)."""
    safe_verbs: ClassVar[frozenset[str]] = frozenset()
    """Verbs still accepted from an outdated message; every other verb is refused there."""
    host_verbs: ClassVar[frozenset[str]] = frozenset()
    """Verbs only the game's host, or someone with Manage Server, may press."""
    form_verbs: ClassVar[frozenset[str]] = frozenset()
    """Verbs answered with a form, which must be the click's first answer."""
    reopen_verbs: ClassVar[frozenset[str]] = frozenset()
    """Verbs of the final standings that reopen the finished game (host or Manage Server),
    for `reopen_seconds` after it ended; its results are taken back."""
    reopen_seconds: ClassVar[int] = 0

    engine_type: ClassVar[type[SavedEngine]]
    """The game's engine: `load` and `dump` read and write its JSON."""
    settings_type: ClassVar[type[GameSettings]]
    """The game's settings: `build_settings` validates a host's choices with it."""
    action_type: ClassVar[Callable[..., Any]]
    """The game's action record (a NamedTuple): how a recorded move is read back."""
    panel: ClassVar[SettingsPanel]
    """The selects of the settings panel the host is offered."""
    screens: ClassVar[GameScreens[Any, Any]]
    """The game's screens module (`bot.games.<game>.screens`): its functions draw the table, a
    seat's own screen, the standings, the rules and the settings in words."""

    events: ClassVar[EventCodec[Any] | None] = None
    """How the game's events are saved; a game with `moments` needs it, so that moments not
    yet shown survive a restart."""
    feats_shown: ClassVar[tuple[Feat, ...]] = ()
    """The feats `feats` counts that a player's stats show, and how."""

    @property
    def has_bots(self) -> bool:
        return self.bots is not None

    @property
    def bot_levels(self) -> tuple[str, ...]:
        return tuple(self.bots.levels) if self.bots is not None else ()

    def coach_level(self, chosen: str) -> str:
        """The level of the bot whose moves hints give, in a server that chose `chosen`
        (`/table coach`): that level, or `DEFAULT_COACH` where the game has no such level."""
        assert self.bots is not None, f"{self.title} has no bots"
        levels = self.bot_levels
        if chosen in levels:
            return chosen
        return DEFAULT_COACH if DEFAULT_COACH in levels else levels[-1]

    def share_squares(self, engine: Engine, seat: int) -> list[str]:
        """`seat`'s final cards as lines of emoji for the daily deal's share line: their
        colours, never their values; none by default."""
        return []

    def feats(self, engine: Engine, events: Sequence[Any]) -> list[dict[str, int]]:
        """What each seat achieved in a finished game (`engine`), from all its events: counts
        by name ("columns_cleared", "busts"…)."""
        return [{} for _ in self.standings(engine)]

    def feat_text(self, name: str, n: int, words: Words) -> str | None:
        """The feat `name` counted `n` times, in words; None for one the stats do not show."""
        feat = next((feat for feat in self.feats_shown if feat.name == name), None)
        return None if feat is None else words.plural(feat.singular, feat.plural, n)

    def encode_action(self, action: Any) -> str:
        """A move as it is recorded, to replay the game."""
        return json.dumps(list(action))

    def decode_action(self, text: str) -> Any:
        fields = [tuple(value) if isinstance(value, list) else value for value in json.loads(text)]
        return self.action_type(*fields)

    # ------------------------------------------------------------------------ settings

    def build_settings(self: WithSettings[SettingsT], values: dict[str, Any]) -> SettingsT:
        """Validated settings; raises `InvalidSettings` with a message naming the setting."""
        return self.settings_type.build(**values)

    def settings_summary(self, settings: BaseModel, words: Words) -> list[str]:
        return self.screens.settings_summary(settings, words)

    def setting_choices(self, words: Words) -> Sequence[SettingChoice]:
        return self.panel.offered(words)

    def choose(self, values: dict[str, Any], key: str, value: str) -> dict[str, Any]:
        """The settings values after picking `value` for the panel's select `key`."""
        return self.panel.choose(values, key, value)

    def chosen(self, settings: BaseModel, key: str) -> str | None:
        """Which option of the select `key` the settings match, if any."""
        return self.panel.chosen(settings, key)

    def turn_seconds(self, settings: BaseModel) -> int | None:
        """Time per turn; a game without bots has no timer (nobody could play a late turn)."""
        if not self.has_bots:
            return None
        seconds = getattr(settings, "turn_seconds", None)
        return int(seconds) if seconds else None

    # -------------------------------------------------------------------------- engine

    @abstractmethod
    def check_table(self, settings: BaseModel, seat_count: int) -> None:
        """Raise `InvalidSettings` if these settings cannot be played by this many seats."""

    @abstractmethod
    def new_engine(
        self, settings: BaseModel, seats: Sequence[Seat], seed: int
    ) -> tuple[Engine, list[Any]]:
        """A dealt game, and the events of dealing it."""

    def load(self, state: str) -> Engine:
        return self.engine_type.from_json(state)

    def dump(self, engine: Engine) -> str:
        return cast(SavedEngine, engine).to_json()

    @abstractmethod
    def describe(self, engine: Engine, events: Sequence[Any], words: Words) -> list[str]:
        """Log lines for these events, in order."""

    def story(self, engine: Engine, events: Sequence[Any], words: Words) -> list[str]:
        """What these events did, told in a replay: the log's lines unless the game has more
        to say (what the table shows as messages of their own, what it keeps no log of)."""
        return self.describe(engine, events, words)

    def round_of(self, engine: Engine) -> int | None:
        """The round the game is in (a new deal, a new line of a score sheet); None for a game
        of one deal, whose replay counts a round each time the turn comes back to the seat that
        played first."""
        return None

    def log_apart(self, event: Any) -> Hashable | None:
        """The line of its own the log gives `event`, apart from the turn that brought it
        about: the same value for every event of that line ("end" for a round's end, "deal"
        for the next deal); None: it goes on the line of the events before it."""
        return None

    def decided(self, engine: Engine) -> bool:
        """Whether the finished game names its winners; one its players stopped early is
        recorded, but nobody is ranked as having won it."""
        return True

    @abstractmethod
    def standings(self, engine: Engine) -> list[Score]:
        """Every seat's final score (and tie-break) once the game is over."""

    # -------------------------------------------------------------------------- timing

    @abstractmethod
    def turn_token(self, engine: Engine) -> Hashable:
        """Names the decision now open: it changes exactly when a new turn (or a new off-turn
        decision) begins. A turn timer runs from one change to the next."""

    def off_turn(self, engine: Engine, seat: int) -> OffTurn | None:
        """The decision `seat` has to make outside its turn, if that is what it is doing."""
        return None

    # ---------------------------------------------------------------------------- UI

    @abstractmethod
    def interpret(self, engine: Engine, seat: int, command: Command, words: Words) -> Outcome:
        """What a click means for `seat` (a form it opens speaks the clicking player's
        `words`); raises `IllegalAction` if it means nothing now."""

    def table(self, game: GameRecord, engine: Engine, context: TableContext) -> Screen:
        """The public table: what everyone may see, and the controls of the seat to move."""
        return self.screens.table(game, engine, context)

    def personal(
        self,
        game: GameRecord,
        engine: Engine,
        seat: int,
        words: Words,
        avatars: AvatarSource = badges,
    ) -> Screen:
        """A seat's own controls, shown only to its player; its pictures draw `avatars` beside
        the names (by default, members' placeholders)."""
        return self.screens.personal(game, engine, seat, words, avatars)

    def moments(
        self,
        game: GameRecord,
        engine: Engine,
        events: Sequence[Any],
        words: Words,
        *,
        pictures: bool = True,
        avatars: AvatarSource = badges,
    ) -> list[Screen]:
        """Messages of their own that these events call for (a round's summary, a bust…),
        posted before the table moves on; where the server shows no `pictures`, they write
        out what their pictures would show. Their pictures draw `avatars` beside the names."""
        return []

    def way_out(self, engine: Engine, words: Words) -> Sequence[ButtonSpec]:
        """The buttons that take the last change back (Discard, Undo…), offered with Cancel
        on the plain table shown when the game's screens cannot draw it; none by default."""
        return ()

    def final(
        self, game: GameRecord, engine: Engine, words: Words, avatars: AvatarSource = badges
    ) -> Screen:
        """The standings at the end of the game (a Rematch button is added by the table); its
        picture draws `avatars` beside the names (by default, members' placeholders)."""
        return self.screens.final(game, engine, words, avatars)

    def rules(self, words: Words, settings: BaseModel) -> list[discord.Embed]:
        """The rules as played with `settings` (a table's, or the defaults); the settings
        themselves are listed after them by whoever shows them."""
        return self.screens.rules(words, settings)


@dataclass(frozen=True)
class InstalledGame:
    """What a game's package (`bot/games/<game>/__init__.py`) declares to be installed: its
    adapter, the extension of its own commands (`cogs.<game>`), and the modules its pictures
    are drawn with, loaded by a new drawing process before its first picture."""

    adapter: GameAdapter
    extension: str
    pictures: tuple[str, ...] = ()
