"""Skyjo in the bot: its settings panel, bots, the meaning of each button, and its screens."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any, ClassVar, cast

from pydantic import BaseModel

from bot.adapters.base import (
    Command,
    Feat,
    GameAdapter,
    GameScreens,
    Hint,
    Outcome,
    Personal,
    Play,
    Redraw,
    Score,
    Screen,
    SettingChoice,
    tally,
)
from bot.adapters.panel import HINTS, TURN_SECONDS, SettingsPanel, plain_fields
from bot.games.skyjo import screens, share
from bot.games.skyjo.words import describe, hint
from bot.i18n import N_, Words
from bot.ratings.model import Rating
from bot.storage.records import GameRecord
from bot.ui.avatars import AvatarSource, badges
from bot.ui.names import all_shown, shown
from games.core.engine import Engine
from games.core.errors import IllegalAction
from games.core.seats import Seat
from games.skyjo import SkyjoGame, SkyjoSettings, actions, levels
from games.skyjo.events import (
    CODEC,
    Event,
    FinalReveal,
    GameOver,
    LineCleared,
    RoundScored,
    RoundStarted,
)
from games.skyjo.settings import MAX_SEATS, MIN_SEATS

MODES = {"turn": ("", "take"), "drawn": ("", "flip")}
LINES_APART: dict[type, str] = {
    FinalReveal: "end",
    RoundScored: "end",
    RoundStarted: "deal",
    GameOver: "over",
}
"""The end of a round, the next deal and the end of the game each have a line of the log."""
PLAYS = {"take": actions.take, "swap": actions.swap, "flip": actions.flip, "reveal": actions.reveal}
PENALTIES = Feat("penalties", "{n} penalty as finisher", "{n} penalties as finisher")
"""A finisher's penalty in a player's stats (the score sheet counts them too)."""


def _game(engine: Engine) -> SkyjoGame:
    return cast(SkyjoGame, engine)


def _slot(arg: str) -> int:
    if not arg.isdigit():
        raise IllegalAction("That button does not name a card.")
    return int(arg)


def fields(key: str, value: str) -> dict[str, Any]:
    """The settings fields one option of the panel sets."""
    if key == "grid":
        rows, columns = value.split("x")
        return {"rows": int(rows), "columns": int(columns)}
    if key == "penalty":
        kind, *numbers = value.split(":")
        if kind == "flat":
            return {"penalty": "flat", "penalty_flat": int(numbers[0])}
        fields: dict[str, Any] = {"penalty": kind}
        if numbers:
            fields["penalty_factor"] = int(numbers[0])
        if len(numbers) > 1:
            fields["penalty_flat"] = int(numbers[1])
        return fields
    return plain_fields(key, value)


TARGET_SCORE = SettingChoice(
    "target_score", N_("Target score"), [(str(v), str(v)) for v in (50, 75, 100, 150, 200)]
)
PENALTY = SettingChoice(
    "penalty",
    N_("Finisher's penalty"),
    [
        (N_("×2 (published rules)"), "multiplier:2"),
        ("×3", "multiplier:3"),
        ("+10", "flat:10"),
        (N_("+5 then ×2"), "flat_then_multiplier:2:5"),
        (N_("×2 then +5"), "multiplier_then_flat:2:5"),
        (N_("none"), "none"),
    ],
)

CHOICES: tuple[SettingChoice, ...] = (
    TARGET_SCORE,
    SettingChoice(
        "grid",
        N_("Grid size"),
        [(f"{r} × {c}", f"{r}x{c}") for r, c in ((3, 4), (3, 3), (4, 4), (3, 5), (2, 4))],
    ),
    SettingChoice(
        "opening_flips", N_("Cards turned up at the start"), [(str(v), str(v)) for v in range(5)]
    ),
    PENALTY,
    SettingChoice(
        "clear_columns",
        N_("Remove identical columns"),
        [(N_("on"), "on"), (N_("off"), "off")],
    ),
    SettingChoice(
        "clear_rows", N_("Remove identical rows"), [(N_("off"), "off"), (N_("on"), "on")]
    ),
    SettingChoice(
        "show_round_scores",
        N_("Running round scores"),
        [(N_("shown"), "on"), (N_("hidden"), "off")],
    ),
    TURN_SECONDS,
    HINTS,
)
PANEL = SettingsPanel(CHOICES, fields)


class SkyjoAdapter(GameAdapter):
    kind = "skyjo"
    title = "Skyjo"
    command = "skyjo"
    min_seats = MIN_SEATS
    max_seats = MAX_SEATS
    safe_verbs = frozenset({"mine", "reveal"})
    bots = levels.BOT_LEVELS
    bot_ratings: ClassVar[dict[str, Rating]] = {
        "easy": Rating(13.38, 1.73),
        "normal": Rating(24.34, 1.67),
        "hard": Rating(37.40, 1.75),
        "expert": Rating(38.00, 1.99),
    }
    """Calibrated from 3,000 bot games with `python -m bench.bot_ratings --games 3000 --seed 1`
    (docs/bots.md, "Ratings of the bots"); `expert`'s from 1,500 games of a pool of all four
    levels, placed around hard's (`--anchor hard`)."""
    daily_bots = 3
    """The table of four the rules are written for."""
    events = CODEC
    panel = PANEL
    engine_type = SkyjoGame
    settings_type = SkyjoSettings
    action_type = actions.Action
    screens: ClassVar[GameScreens[SkyjoGame, SkyjoSettings]] = screens
    feats_shown = (
        Feat("columns_cleared", "{n} column cleared", "{n} columns cleared"),
        Feat("rows_cleared", "{n} row cleared", "{n} rows cleared"),
        PENALTIES,
    )

    def check_table(self, settings: BaseModel, seat_count: int) -> None:
        cast(SkyjoSettings, settings).check_seats(seat_count)

    def new_engine(
        self, settings: BaseModel, seats: Sequence[Seat], seed: int
    ) -> tuple[SkyjoGame, list[Any]]:
        events: list[Event] = []
        game = SkyjoGame.new(cast(SkyjoSettings, settings), seats, seed, events=events)
        return game, list(events)

    def describe(self, engine: Engine, events: Sequence[Any], words: Words) -> list[str]:
        """The log's sentences; a round's scores are left to its summary."""
        game = _game(engine)
        return [
            words("Round {round} is over.", round=event.round)
            if isinstance(event, RoundScored)
            else describe(event, all_shown(game.names), game.geometry, words)
            for event in events
        ]

    def log_apart(self, event: Any) -> Hashable | None:
        return LINES_APART.get(type(event))

    def share_squares(self, engine: Engine, seat: int) -> list[str]:
        return share.squares(cast(SkyjoGame, engine), seat)

    def feats(self, engine: Engine, events: Sequence[Any]) -> list[dict[str, int]]:
        counted: list[dict[str, int]] = [{} for _ in self.standings(engine)]
        for event in events:
            if isinstance(event, LineCleared):
                key = "columns_cleared" if event.line == "column" else "rows_cleared"
                tally(counted, event.seat, key)
            elif isinstance(event, RoundScored) and event.penalized:
                tally(counted, event.finisher, "penalties")
        return counted

    def standings(self, engine: Engine) -> list[Score]:
        return [Score(seat, total) for seat, total in enumerate(_game(engine).totals)]

    def turn_token(self, engine: Engine) -> Hashable:
        game = _game(engine)
        return (game.round, game.phase == "opening", game.turns)

    def story(self, engine: Engine, events: Sequence[Any], words: Words) -> list[str]:
        """The log's sentences, and each round's scores, which the table shows apart."""
        game = _game(engine)
        names = all_shown(game.names)
        return [describe(event, names, game.geometry, words) for event in events]

    def round_of(self, engine: Engine) -> int:
        return _game(engine).round

    def interpret(self, engine: Engine, seat: int, command: Command, words: Words) -> Outcome:
        game = _game(engine)
        verb, arg = command.verb, command.arg
        if verb == "mine":
            if game.phase != "opening":
                raise IllegalAction("The opening flips are over.")
            return Personal()
        if verb == "draw":
            return Play(actions.draw())
        if verb == "hint":
            return self._hint(game, seat, words)
        if verb == "mode":
            allowed = MODES.get(game.phase, ())
            if arg not in allowed:
                raise IllegalAction("That choice is no longer open.")
            if seat != game.current:
                raise IllegalAction(
                    "It is {name}'s turn, not yours.",
                    name=shown(game.seats[game.current].name),
                )
            return Redraw(arg)
        make = PLAYS.get(verb)
        if make is None:
            raise IllegalAction("That button is not part of this game.")
        return Play(make(_slot(arg)))

    def _hint(self, game: SkyjoGame, seat: int, words: Words) -> Hint:
        if not game.settings.hints:
            raise IllegalAction("Hints are off at this table.")
        if game.phase not in ("turn", "drawn") or seat != game.current:
            raise IllegalAction("Hints are for the player whose turn it is.")
        view, geometry = game.view(seat), game.geometry
        return Hint(
            f"hint:{game.seed}:{game.moves}",
            lambda action: "💡 " + hint(action, view, geometry, words),
        )

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
        scored = [event for event in events if isinstance(event, RoundScored)]
        if not scored:
            return []
        reveal = self.describe(
            engine, [e for e in events if isinstance(e, FinalReveal | LineCleared)], words
        )
        skyjo = _game(engine)
        drawn = (
            screens.grid_avatars(game, skyjo.settings, len(skyjo.names), avatars)
            if pictures
            else []
        )
        return [
            screens.round_summary_screen(
                skyjo, event, reveal, words, pictures=pictures, avatars=drawn
            )
            for event in scored
        ]
