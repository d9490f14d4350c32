"""Pebbles in the bot: guests and no bots, a form, a claim decided off turn, the highest pile
winning with the most claims as tie-break."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any, ClassVar, cast

from pydantic import BaseModel

from bot.adapters.base import (
    AskText,
    Command,
    GameAdapter,
    GameScreens,
    OffTurn,
    Outcome,
    Play,
    Score,
    SettingChoice,
)
from bot.adapters.panel import SettingsPanel
from bot.i18n import Words
from games.core.engine import Engine
from games.core.errors import IllegalAction, InvalidSettings
from games.core.seats import Seat
from tests.bot.games.pebbles import screens
from tests.bot.games.pebbles.words import describe
from tests.games.pebbles import Action, PebblesGame, PebblesSettings

DECISION_SECONDS = 20
PANEL = SettingsPanel([SettingChoice("target", "Target", [("10", "10"), ("20", "20")])])


def _game(engine: Engine) -> PebblesGame:
    return cast(PebblesGame, engine)


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
    panel = PANEL
    engine_type = PebblesGame
    settings_type = PebblesSettings
    action_type = Action
    screens: ClassVar[GameScreens[PebblesGame, PebblesSettings]] = screens

    def check_table(self, settings: BaseModel, seat_count: int) -> None:
        if not 2 <= seat_count <= 4:
            raise InvalidSettings("Pebbles needs 2 to 4 players.")

    def new_engine(
        self, settings: BaseModel, seats: Sequence[Seat], seed: int
    ) -> tuple[PebblesGame, list[Any]]:
        target = cast(PebblesSettings, settings).target
        return PebblesGame([seat.name for seat in seats], target), []

    def describe(self, engine: Engine, events: Sequence[Any], words: Words) -> list[str]:
        return [describe(event, _game(engine).names) for event in events]

    def standings(self, engine: Engine) -> list[Score]:
        game = _game(engine)
        return [Score(seat, n, game.claims[seat]) for seat, n in enumerate(game.pebbles)]

    def turn_token(self, engine: Engine) -> Hashable:
        game = _game(engine)
        return (game.turns, tuple(game.deciders))

    def off_turn(self, engine: Engine, seat: int) -> OffTurn | None:
        game = _game(engine)
        if game.deciders and game.deciders[0] == seat:
            return OffTurn(seconds=DECISION_SECONDS, default=Action("pass"))
        return None

    def interpret(self, engine: Engine, seat: int, command: Command, words: Words) -> Outcome:
        if command.verb == "add":
            return Play(Action("add", int(command.arg)))
        if command.verb in ("claim", "pass"):
            return Play(Action(command.verb))
        if command.verb == "count":
            return AskText(screens.COUNT_FORM)
        if command.verb == "counted":
            text = command.fields.get("count", "").strip()
            if not text.isdigit() or not 1 <= int(text) <= 9:
                raise IllegalAction(f"“{text}” is not a number from 1 to 9.")
            return Play(Action("add", int(text)))
        raise IllegalAction("That button is not part of this game.")
