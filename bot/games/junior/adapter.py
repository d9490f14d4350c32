"""Skyjo Junior in the bot: its settings panel, bots, the meaning of each button, its screens."""

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
    Play,
    Redraw,
    Score,
    SettingChoice,
    tally,
)
from bot.adapters.panel import HINTS, TURN_SECONDS, SettingsPanel
from bot.games.junior import screens, share
from bot.games.junior.words import describe, hint
from bot.i18n import N_, Words
from bot.ratings.model import Rating
from bot.ui.names import all_shown, shown
from games.core.engine import Engine
from games.core.errors import IllegalAction
from games.core.seats import Seat
from games.skyjo_junior import JuniorGame, JuniorSettings, actions, levels
from games.skyjo_junior.events import CODEC, FinalReveal, GameOver, Scored, TripleMade
from games.skyjo_junior.settings import MAX_SEATS, MIN_SEATS

PLAYS = {"swap": actions.swap, "decline": actions.decline_flip}
LINES_APART: dict[type, str] = {FinalReveal: "end", Scored: "end", GameOver: "over"}
"""The last cards turned up and the scores, then the end of the game, on lines of the log."""
PANEL = SettingsPanel(
    [
        SettingChoice(
            "copies_per_value",
            N_("Copies of each card value"),
            [(str(v), str(v)) for v in (6, 8, 10, 12, 15, 20)],
        ),
        TURN_SECONDS,
        HINTS,
    ]
)


def _game(engine: Engine) -> JuniorGame:
    return cast(JuniorGame, engine)


def _slot(arg: str) -> int:
    if not arg.isdigit():
        raise IllegalAction("That button does not name a card.")
    return int(arg)


class JuniorAdapter(GameAdapter):
    kind = "junior"
    title = "Skyjo Junior"
    command = "skyjo-junior"
    min_seats = MIN_SEATS
    max_seats = MAX_SEATS
    high_score_wins = True
    bots = levels.BOT_LEVELS
    bot_ratings: ClassVar[dict[str, Rating]] = {
        "easy": Rating(18.60, 1.61),
        "normal": Rating(24.71, 1.58),
        "hard": Rating(30.94, 1.61),
        "expert": Rating(31.44, 1.82),
    }
    """Calibrated from 3,000 bot games with `python -m bench.bot_ratings --games 3000 --seed 1`
    (docs/bots.md, "Ratings of the bots"); `expert`'s from 1,500 games of a pool of all four
    levels, placed around hard's (`--anchor hard`)."""
    daily_bots = 3
    """The table of four the rules are written for."""
    events = CODEC
    panel = PANEL
    engine_type = JuniorGame
    settings_type = JuniorSettings
    action_type = actions.Action
    screens: ClassVar[GameScreens[JuniorGame, JuniorSettings]] = screens
    feats_shown = (Feat("triples", "{n} triple", "{n} triples"),)

    def check_table(self, settings: BaseModel, seat_count: int) -> None:
        cast(JuniorSettings, settings).check_seats(seat_count)

    def new_engine(
        self, settings: BaseModel, seats: Sequence[Seat], seed: int
    ) -> tuple[JuniorGame, list[Any]]:
        game = JuniorGame.new(cast(JuniorSettings, settings), seats, seed)
        return game, [game.dealt()]

    def describe(self, engine: Engine, events: Sequence[Any], words: Words) -> list[str]:
        game = _game(engine)
        names = all_shown(seat.name for seat in game.seats)
        return [describe(event, names, game.geometry, words) for event in events]

    def log_apart(self, event: Any) -> Hashable | None:
        return LINES_APART.get(type(event))

    def share_squares(self, engine: Engine, seat: int) -> list[str]:
        return share.squares(cast(JuniorGame, engine), seat)

    def feats(self, engine: Engine, events: Sequence[Any]) -> list[dict[str, int]]:
        counted: list[dict[str, int]] = [{} for _ in self.standings(engine)]
        for event in events:
            if isinstance(event, TripleMade):
                tally(counted, event.seat, "triples")
        return counted

    def standings(self, engine: Engine) -> list[Score]:
        view = _game(engine).view(None)
        return [Score(seat, player.visible_points) for seat, player in enumerate(view.players)]

    def turn_token(self, engine: Engine) -> Hashable:
        return _game(engine).turns

    def interpret(self, engine: Engine, seat: int, command: Command, words: Words) -> Outcome:
        game = _game(engine)
        verb, arg = command.verb, command.arg
        if verb == "draw":
            return Play(actions.draw())
        if verb == "take":
            return Play(actions.take())
        if verb == "hint":
            return self._hint(game, seat, words)
        if verb == "mode":
            if game.phase != "holding" or arg not in ("", "flip"):
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

    def _hint(self, game: JuniorGame, seat: int, words: Words) -> Hint:
        if not game.settings.hints:
            raise IllegalAction("Hints are off at this table.")
        if game.phase == "over" or seat != game.current:
            raise IllegalAction("Hints are for the player whose turn it is.")
        view, geometry = game.view(seat), game.geometry
        return Hint(
            f"hint:{game.seed}:{game.moves}",
            lambda action: "💡 " + hint(action, view, geometry, words),
        )
