"""The Skyjo score sheet in the bot: a game with no bots and no turns, whose players (members,
and guests the host seats by name) enter each round of a game played with real cards."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any, ClassVar, cast

from pydantic import BaseModel

from bot.adapters.base import (
    AskText,
    ButtonSpec,
    Command,
    GameAdapter,
    GameScreens,
    Outcome,
    Play,
    Redraw,
    Score,
    tally,
)
from bot.adapters.panel import SettingsPanel
from bot.games.sheet import screens
from bot.games.sheet import words as sheet_words
from bot.games.skyjo.adapter import PENALTIES, PENALTY, TARGET_SCORE, fields
from bot.i18n import Words
from games.core.engine import Engine
from games.core.errors import IllegalAction
from games.core.seats import Seat
from games.skyjo_sheet import Action, ScoreSheet, SheetSettings
from games.skyjo_sheet.sheet import MAX_SEATS, MIN_SEATS

PANEL = SettingsPanel((TARGET_SCORE, PENALTY), fields)
PLAIN = {
    "confirm": Action("confirm"),
    "discard": Action("discard"),
    "undo": Action("undo"),
    "endnow": Action("end"),
    "reopen": Action("reopen"),
}


def _sheet(engine: Engine) -> ScoreSheet:
    return cast(ScoreSheet, engine)


def _number(text: str | None) -> int:
    if text is None or not text.isdigit():
        raise IllegalAction("That button is not part of this game.")
    return int(text)


class SheetAdapter(GameAdapter):
    kind = "skyjo-sheet"
    title = "Skyjo score sheet"
    command = "skyjo-sheet"
    min_seats = MIN_SEATS
    max_seats = MAX_SEATS
    bots = None
    takeover_level = None
    allows_guests = True
    announces_turns = False
    host_verbs = frozenset({"end", "endnow"})
    form_verbs = frozenset({"totals"})
    reopen_verbs = frozenset({"undo", "edit", "reopen"})
    reopen_seconds = 15 * 60
    panel = PANEL
    engine_type = ScoreSheet
    settings_type = SheetSettings
    action_type = Action
    screens: ClassVar[GameScreens[ScoreSheet, SheetSettings]] = screens
    feats_shown = (PENALTIES,)

    def check_table(self, settings: BaseModel, seat_count: int) -> None:
        """Any number of players from 2 to 8 keeps score the same way."""

    def new_engine(
        self, settings: BaseModel, seats: Sequence[Seat], seed: int
    ) -> tuple[ScoreSheet, list[Any]]:
        return ScoreSheet.new(cast(SheetSettings, settings), seats), []

    def describe(self, engine: Engine, events: Sequence[Any], words: Words) -> list[str]:
        """The sheet itself is the record of every round: it keeps no log."""
        return []

    def story(self, engine: Engine, events: Sequence[Any], words: Words) -> list[str]:
        """Each round entered, corrected or taken back, for a replay."""
        sheet = _sheet(engine)
        return [line for event in events for line in sheet_words.describe(event, sheet, words)]

    def round_of(self, engine: Engine) -> int:
        """The round being entered; the last one entered once the game is over."""
        sheet = _sheet(engine)
        return len(sheet.rounds) + (not sheet.is_over)

    def feats(self, engine: Engine, events: Sequence[Any]) -> list[dict[str, int]]:
        """The penalties each player took, as the rounds stand after every correction."""
        counted: list[dict[str, int]] = [{} for _ in self.standings(engine)]
        for entered in _sheet(engine).rounds:
            if entered.scores[entered.finisher] != entered.raw[entered.finisher]:
                tally(counted, entered.finisher, "penalties")
        return counted

    def decided(self, engine: Engine) -> bool:
        ended = _sheet(engine).ended()
        return ended is not None and not ended.early

    def standings(self, engine: Engine) -> list[Score]:
        return [Score(seat, total) for seat, total in enumerate(_sheet(engine).totals)]

    def turn_token(self, engine: Engine) -> Hashable:
        return "sheet"

    def interpret(self, engine: Engine, seat: int, command: Command, words: Words) -> Outcome:
        sheet = _sheet(engine)
        verb = command.verb
        if verb == "finisher":
            return Play(Action("finisher", _number(command.value)))
        if verb == "totals":
            first = _number(command.arg)
            if first >= len(sheet.names):
                raise IllegalAction("That button is not part of this game.")
            return AskText(screens.totals_form(sheet, first, words))
        if verb == "entered":
            first = _number(command.arg)
            texts = screens.form_texts(command.fields, first, len(sheet.names))
            return Play(Action("totals", first, texts))
        if verb == "edit":
            return Play(Action("edit", _number(command.value)))
        if verb == "end":
            if not sheet.rounds:
                raise IllegalAction("Enter a round before ending the game.")
            return Redraw(screens.ENDING)
        if verb == "keep":
            return Redraw("")
        plain = PLAIN.get(verb)
        if plain is not None:
            return Play(plain)
        raise IllegalAction("That button is not part of this game.")

    def way_out(self, engine: Engine, words: Words) -> list[ButtonSpec]:
        return screens.way_out(_sheet(engine), words)
