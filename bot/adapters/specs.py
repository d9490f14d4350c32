"""What a game hands the table: screens, controls, forms, pictures, and what a click means."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol, TypeVar

import discord

from bot.i18n import Words
from bot.storage.records import GameRecord
from bot.ui.avatars import AvatarSource, badges
from games.core.engine import Engine
from games.core.settings import GameSettings

ButtonStyle = Literal["primary", "secondary", "success", "danger"]

FORM_TITLE_LIMIT = 45
FORM_FIELDS_LIMIT = 5
FIELD_LABEL_LIMIT = 45
FIELD_VALUE_LIMIT = 4000
DESCRIPTION_LIMIT = 4096
"""Characters of an embed's description at most."""
EMBED_LIMIT = 6000
"""Characters of an embed at most, its title, description, fields and footer together."""


@dataclass(frozen=True)
class ButtonSpec:
    """One button of a table or panel; its custom id is built from the game, version and verb."""

    label: str
    verb: str
    arg: str = ""
    style: ButtonStyle = "secondary"
    disabled: bool = False
    emoji: str | None = None
    url: str | None = None
    """A link button: opens this address, and sends the bot nothing (`verb` unused)."""


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
class Picture:
    """A PNG shown in a screen's embed. Pictures with equal keys have equal bytes, so a
    picture is drawn once per key, off the event loop."""

    name: str
    key: Hashable
    render: Callable[[], bytes] = field(compare=False)
    description: str = ""
    """What the picture shows, for screen readers (Discord's alt text)."""


ALT_TEXT_LIMIT = 1024


@dataclass(frozen=True)
class TableContext:
    """What the table is drawn from besides the game: the step the player to move is at
    (`mode`), the log in the reader's language, the events of the last turn played (to mark
    what changed) and whether the server shows pictures. A replay's table (`replay`) says
    what stands and asks nobody to act: no prompt, no timer, no one "thinking"."""

    words: Words
    mode: str = ""
    log: Sequence[str] = ()
    last_turn: Sequence[Any] = ()
    pictures: bool = True
    replay: bool = False
    avatars: AvatarSource = badges
    """What the picture draws beside each seat's name (by default a member's placeholder:
    only a session fetches avatars)."""


@dataclass(frozen=True)
class Screen:
    """A message to show: an embed, up to five rows of components, and pictures (the first
    one is the embed's image)."""

    embed: discord.Embed
    rows: Sequence[Row] = field(default_factory=tuple)
    content: str | None = None
    pictures: Sequence[Picture] = field(default_factory=tuple)


@dataclass(frozen=True)
class TextField:
    """One text input of a form; its answer reaches the game under `key`."""

    key: str
    label: str
    placeholder: str = ""
    default: str = ""
    required: bool = True
    min_length: int = 0
    max_length: int = FIELD_VALUE_LIMIT
    long: bool = False

    def __post_init__(self) -> None:
        if not 1 <= len(self.label) <= FIELD_LABEL_LIMIT:
            raise ValueError(f"a field label has 1 to {FIELD_LABEL_LIMIT} characters")
        if not 0 <= self.min_length <= self.max_length <= FIELD_VALUE_LIMIT:
            raise ValueError("a field's lengths must satisfy 0 ≤ min ≤ max ≤ 4000")


@dataclass(frozen=True)
class Form:
    """A modal of text inputs; its submission is routed like a click on `verb`/`arg`."""

    title: str
    verb: str
    fields: Sequence[TextField]
    arg: str = ""

    def __post_init__(self) -> None:
        if not 1 <= len(self.title) <= FORM_TITLE_LIMIT:
            raise ValueError(f"a form title has 1 to {FORM_TITLE_LIMIT} characters")
        if not 1 <= len(self.fields) <= FORM_FIELDS_LIMIT:
            raise ValueError(f"a form has 1 to {FORM_FIELDS_LIMIT} text inputs")


@dataclass(frozen=True)
class Command:
    """One press of a game's control: its verb and argument, the option picked from a select,
    or the answers of a submitted form."""

    verb: str
    arg: str = ""
    value: str | None = None
    fields: dict[str, str] = field(default_factory=dict)


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


@dataclass(frozen=True)
class AskText:
    """Open this form for the clicking user."""

    form: Form


@dataclass(frozen=True)
class Reply:
    """Answer only the clicking player with this text; nothing changes."""

    text: str


@dataclass(frozen=True)
class Hint:
    """Answer only the clicking player with the coach's advice; nothing changes. The coach is
    the bot of the level the server chose (`/table coach`): its move for the clicking seat is
    chosen off the event loop, drawing on a generator seeded with `seed`, and `explain` words
    it (from the seat's view as it was when the hint was asked)."""

    seed: str
    explain: Callable[[Any], str] = field(compare=False)


Outcome = Play | Redraw | Personal | AskText | Reply | Hint


@dataclass(frozen=True)
class SettingChoice:
    """A host setting offered in the settings panel as a select: (label, value) options."""

    key: str
    label: str
    options: Sequence[tuple[str, str]]


@dataclass(frozen=True)
class OffTurn:
    """A decision outside one's turn (Sky Five: taking a card from a bust): it has its own
    short timer, and when that runs out `default` is played for the seat (None: the game's
    takeover bot decides for it)."""

    seconds: int
    default: Any = None


@dataclass(frozen=True)
class Feat:
    """A feat a game counts (`feats`), by its `name`, and how a player's stats show it: a
    plural message counting `{n}`."""

    name: str
    singular: str
    plural: str


@dataclass(frozen=True)
class Score:
    """A seat's final score; `tiebreak` (higher is better) separates equal scores."""

    seat: int
    score: int
    tiebreak: int | None = None


EngineT_contra = TypeVar("EngineT_contra", bound=Engine, contravariant=True)
SettingsT_contra = TypeVar("SettingsT_contra", bound=GameSettings, contravariant=True)


class GameScreens(Protocol[EngineT_contra, SettingsT_contra]):
    """A game's screens module, as its adapter declares it: `screens:
    ClassVar[GameScreens[<its engine>, <its settings>]] = screens`. What `GameAdapter.table`,
    `personal`, `final`, `rules` and `settings_summary` show is drawn by the module's functions
    of the same names, called with the same arguments (mypy checks the module against this)."""

    def table(
        self, game: GameRecord, engine: EngineT_contra, context: TableContext, /
    ) -> Screen: ...

    def personal(
        self,
        game: GameRecord,
        engine: EngineT_contra,
        seat: int,
        words: Words,
        avatars: AvatarSource,
        /,
    ) -> Screen: ...

    def final(
        self, game: GameRecord, engine: EngineT_contra, words: Words, avatars: AvatarSource, /
    ) -> Screen: ...

    def rules(self, words: Words, settings: SettingsT_contra, /) -> list[discord.Embed]: ...

    def settings_summary(self, settings: SettingsT_contra, words: Words, /) -> list[str]: ...
