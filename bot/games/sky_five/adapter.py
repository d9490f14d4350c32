"""Sky Five in the bot: its settings panel, bots, the meaning of each button, and its screens."""

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
    OffTurn,
    Outcome,
    Personal,
    Play,
    Score,
    Screen,
    SettingChoice,
    tally,
)
from bot.adapters.panel import HINTS, TURN_SECONDS, SettingsPanel
from bot.games.sky_five import screens, share
from bot.games.sky_five.words import describe, hint
from bot.i18n import N_, Words
from bot.ratings.model import Rating
from bot.storage.records import GameRecord
from bot.ui.avatars import AvatarSource, badges
from bot.ui.names import all_shown
from games.core.engine import Engine
from games.core.errors import IllegalAction
from games.core.seats import Seat
from games.sky_five import SkyFiveGame, SkyFiveSettings, actions, levels
from games.sky_five.events import CODEC, Banked, Busted, FinalRound, GameOver, SkyFive
from games.sky_five.settings import MAX_SEATS, MIN_SEATS

BUST_SECONDS = SettingChoice(
    "bust_seconds",
    N_("Time to choose from a bust"),
    [(N_("10 s"), "10"), (N_("20 s"), "20"), (N_("30 s"), "30"), (N_("60 s"), "60")],
)
PANEL = SettingsPanel((TURN_SECONDS, BUST_SECONDS, HINTS))
LINES_APART: dict[type, str] = {FinalRound: "final", GameOver: "over"}
"""The start of the final round and the end of the game each have a line of the log."""


def _game(engine: Engine) -> SkyFiveGame:
    return cast(SkyFiveGame, engine)


def _number(arg: str) -> int:
    if not arg.isdigit():
        raise IllegalAction("That button is not part of this game.")
    return int(arg)


class SkyFiveAdapter(GameAdapter):
    kind = "skyfive"
    title = "Sky Five"
    command = "skyfive"
    min_seats = MIN_SEATS
    max_seats = MAX_SEATS
    bots = levels.BOT_LEVELS
    bot_ratings: ClassVar[dict[str, Rating]] = {
        "easy": Rating(22.02, 1.58),
        "normal": Rating(25.37, 1.55),
        "hard": Rating(27.88, 1.56),
        "expert": Rating(26.83, 1.77),
    }
    """Calibrated from 3,000 bot games with `python -m bench.bot_ratings --games 3000 --seed 1`
    (docs/bots.md, "Ratings of the bots"); `expert`'s from 1,500 games of a pool of all four
    levels, placed around hard's (`--anchor hard`)."""
    daily_bots = 3
    """The table of four the rules are written for."""
    high_score_wins = True
    tiebreak_label = N_("banked cards")
    safe_verbs = frozenset({"mine"})
    events = CODEC
    panel = PANEL
    engine_type = SkyFiveGame
    settings_type = SkyFiveSettings
    action_type = actions.Action
    screens: ClassVar[GameScreens[SkyFiveGame, SkyFiveSettings]] = screens
    feats_shown = (
        Feat("busts", "{n} bust", "{n} busts"),
        Feat("sky_fives", "{n} Sky Five", "{n} Sky Fives"),
        Feat("biggest_bank", "biggest bank: {n} point", "biggest bank: {n} points"),
    )

    def check_table(self, settings: BaseModel, seat_count: int) -> None:
        """Every setting suits any number of players from 2 to 6: nothing to refuse."""

    def new_engine(
        self, settings: BaseModel, seats: Sequence[Seat], seed: int
    ) -> tuple[SkyFiveGame, list[Any]]:
        return SkyFiveGame.new(cast(SkyFiveSettings, settings), seats, seed), []

    def describe(self, engine: Engine, events: Sequence[Any], words: Words) -> list[str]:
        names = all_shown(_game(engine).names)
        return [describe(event, names, words) for event in events]

    def log_apart(self, event: Any) -> Hashable | None:
        return LINES_APART.get(type(event))

    def share_squares(self, engine: Engine, seat: int) -> list[str]:
        return share.squares(cast(SkyFiveGame, engine), seat)

    def feats(self, engine: Engine, events: Sequence[Any]) -> list[dict[str, int]]:
        counted: list[dict[str, int]] = [{} for _ in self.standings(engine)]
        for event in events:
            if isinstance(event, Busted):
                tally(counted, event.seat, "busts")
            elif isinstance(event, SkyFive):
                tally(counted, event.seat, "sky_fives")
            elif isinstance(event, Banked):
                best = counted[event.seat].get("biggest_bank", 0)
                counted[event.seat]["biggest_bank"] = max(best, event.points)
        return counted

    def standings(self, engine: Engine) -> list[Score]:
        game = _game(engine)
        return [
            Score(seat, points, len(game.banked[seat])) for seat, points in enumerate(game.scores())
        ]

    def turn_token(self, engine: Engine) -> Hashable:
        """A turn keeps its token from the draw to the gift that may follow it; each choice
        from a bust has its own. `moves` counts every decision, so no two turns share one."""
        game = _game(engine)
        if game.phase == "over":
            return ("over",)
        if game.phase == "bust":
            return ("bust", game.to_move[0], game.moves)
        return ("turn", game.current, game.moves - (game.phase == "give"))

    def off_turn(self, engine: Engine, seat: int) -> OffTurn | None:
        """A choice from a bust: its own short timer, after which the seat's takeover bot
        chooses."""
        game = _game(engine)
        if game.phase != "bust" or game.to_move != (seat,):
            return None
        return OffTurn(game.settings.bust_seconds)

    def interpret(self, engine: Engine, seat: int, command: Command, words: Words) -> Outcome:
        verb, arg = command.verb, command.arg
        if verb == "mine":
            return Personal()
        if verb == "hint":
            return self._hint(_game(engine), seat, words)
        if verb == "draw":
            return Play(actions.draw())
        if verb == "bank":
            return Play(actions.bank())
        if verb == "pass":
            return Play(actions.pass_())
        if verb == "give":
            return Play(actions.give(_number(arg)))
        if verb == "take":
            return Play(actions.take(_number(arg)))
        raise IllegalAction("That button is not part of this game.")

    def _hint(self, game: SkyFiveGame, seat: int, words: Words) -> Hint:
        if not game.settings.hints:
            raise IllegalAction("Hints are off at this table.")
        if game.phase == "over" or game.to_move != (seat,):
            raise IllegalAction("Hints are for the player whose turn it is.")
        view = game.view(seat)
        return Hint(
            f"hint:{game.seed}:{game.moves}", lambda action: "💡 " + hint(action, view, words)
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
        return screens.moment_screens(all_shown(_game(engine).names), events, words)
