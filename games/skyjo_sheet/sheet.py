"""A Skyjo score sheet for games played with physical cards: each round's card totals and who
ended it go in, the finisher's penalty (Skyjo's own, `games.skyjo.scoring`) and the running
totals come out.

A round is entered as a draft: who ended it, then each player's total as typed. The draft is
saved with the sheet, every keystroke of it, so nothing entered is lost; a draft whose totals
are not all numbers a 3 × 4 grid can make is refused when it is confirmed, with the reasons.
Any past round can be opened as a draft again and corrected; later totals follow. A finished
sheet can still have its last round undone or a round corrected, which reopens it; the game
ends again once its last round leaves someone at the target.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from typing import Any, Literal, NamedTuple

from pydantic import BaseModel, ConfigDict, Field

from games.core.errors import IllegalAction, Part, Term, part
from games.core.seats import Seat, validate_seats
from games.core.settings import GameSettings
from games.skyjo.scoring import lowest, round_scores
from games.skyjo.settings import PenaltyType

MIN_SEATS, MAX_SEATS = 2, 8
LOWEST_TOTAL, HIGHEST_TOTAL = -24, 144
"""The card totals a 3 × 4 grid can make: twelve −2s, twelve 12s."""

LABELS: dict[str, str] = {
    "target_score": Term("Target score"),
    "penalty": Term("Finisher's penalty"),
    "penalty_factor": Term("Penalty multiplier"),
    "penalty_flat": Term("Flat penalty"),
}


class SheetSettings(GameSettings):
    """The rules the sheet scores by: the target and the finisher's penalty."""

    game_title = "Skyjo score sheet"
    labels = LABELS

    target_score: int = Field(default=100, ge=10, le=1000)
    penalty: PenaltyType = PenaltyType.MULTIPLIER
    penalty_factor: int = Field(default=2, ge=1, le=10)
    penalty_flat: int = Field(default=10, ge=0, le=100)


class Round(BaseModel):
    model_config = ConfigDict(frozen=True)

    raw: tuple[int, ...]
    finisher: int
    scores: tuple[int, ...]


class Draft(BaseModel):
    """A round being entered (`index` = the number of rounds) or corrected."""

    model_config = ConfigDict(frozen=True)

    index: int
    finisher: int | None = None
    entries: tuple[str | None, ...]


ActionKind = Literal["finisher", "totals", "confirm", "discard", "edit", "undo", "end", "reopen"]
REOPENING: frozenset[str] = frozenset({"edit", "undo", "reopen"})
"""What a finished sheet still takes: its last round undone, a round corrected, or (ended
early) play going on; each reopens it."""


class Action(NamedTuple):
    kind: ActionKind
    number: int = -1
    """The finisher's seat, the first seat of `texts`, or the round to edit (from 0)."""
    texts: tuple[str, ...] = ()


class Scored(NamedTuple):
    """A round confirmed, new or corrected; `position` counts rounds from 0."""

    position: int
    finisher: int
    raw: tuple[int, ...]
    scores: tuple[int, ...]
    corrected: bool


class Undone(NamedTuple):
    position: int


class Ended(NamedTuple):
    winners: tuple[int, ...]
    totals: tuple[int, ...]
    early: bool


class Reopened(NamedTuple):
    """A finished sheet opened again, to correct it or to play on."""

    rounds: int


Event = Scored | Undone | Ended | Reopened


class SheetState(BaseModel):
    model_config = ConfigDict(extra="forbid")

    version: Literal[1] = 1
    settings: SheetSettings
    seats: tuple[Seat, ...]
    rounds: list[Round]
    draft: Draft | None
    over: bool
    early: bool = False
    moves: int


PLUS_SIGNS = frozenset("+＋﹢")
MINUS_SIGNS = frozenset("−﹣－")
"""Signs typed for minus besides every dash (Unicode's dash punctuation): the minus sign and
its small and full-width forms."""
LONGEST_TOTAL = 3
"""Digits past this many (leading zeros aside) cannot make a possible total."""


def _trimmed(text: str) -> str:
    """`text` without the spaces and invisible characters around it."""
    start, end = 0, len(text)
    while start < end and _blank(text[start]):
        start += 1
    while end > start and _blank(text[end - 1]):
        end -= 1
    return text[start:end]


def _blank(char: str) -> bool:
    return char.isspace() or unicodedata.category(char) in ("Cc", "Cf", "Zs", "Zl", "Zp")


def _is_minus(char: str) -> bool:
    return char in MINUS_SIGNS or unicodedata.category(char) == "Pd"


def total_of(text: str | None) -> int:
    """The card total a player typed, as a number; raises `IllegalAction` saying what is
    wrong with it. Digits of any script are read (٣, ३, ３), a minus may be any dash or minus
    sign, and spaces around the number or after its sign are ignored; nothing else is a
    number (not ², ①, 1.5 or 1 000)."""
    typed = _trimmed(text or "")
    if not typed:
        raise IllegalAction("No total yet.")
    sign, digits = 1, typed
    if _is_minus(typed[0]):
        sign, digits = -1, _trimmed(typed[1:])
    elif typed[0] in PLUS_SIGNS:
        digits = _trimmed(typed[1:])
    if not digits or not all(unicodedata.category(char) == "Nd" for char in digits):
        raise IllegalAction("“{text}” is not a number.", text=typed)
    significant = "".join(str(unicodedata.digit(char)) for char in digits).lstrip("0") or "0"
    if len(significant) > LONGEST_TOTAL:
        raise IllegalAction(
            "{total} is impossible for 12 cards: a total is from −24 to 144.",
            total=("−" if sign < 0 else "") + significant,
        )
    value = sign * int(significant)
    if not LOWEST_TOTAL <= value <= HIGHEST_TOTAL:
        raise IllegalAction(
            "{total} is impossible for 12 cards: a total is from −24 to 144.",
            total=signed(value),
        )
    return value


def signed(number: int) -> str:
    """A number as players read it, with a true minus sign (−3, not -3)."""
    return f"−{-number}" if number < 0 else str(number)


class ScoreSheet:
    """The sheet of one game. Everyone seated may enter and correct rounds."""

    def __init__(self, state: SheetState) -> None:
        self.state = state

    @classmethod
    def new(cls, settings: SheetSettings, seats: Sequence[Seat]) -> ScoreSheet:
        seated = validate_seats(seats, MIN_SEATS, MAX_SEATS)
        state = SheetState(
            settings=settings, seats=seated, rounds=[], draft=None, over=False, moves=0
        )
        return cls(state)

    @classmethod
    def from_json(cls, data: str | bytes) -> ScoreSheet:
        return cls(SheetState.model_validate_json(data))

    def to_json(self) -> str:
        return self.state.model_dump_json()

    # ------------------------------------------------------------------------- reading

    @property
    def settings(self) -> SheetSettings:
        return self.state.settings

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(seat.name for seat in self.state.seats)

    @property
    def rounds(self) -> list[Round]:
        return self.state.rounds

    @property
    def draft(self) -> Draft | None:
        return self.state.draft

    @property
    def is_over(self) -> bool:
        return self.state.over

    @property
    def to_move(self) -> tuple[int, ...]:
        return () if self.state.over else tuple(range(len(self.state.seats)))

    def running_totals(self) -> list[tuple[int, ...]]:
        """Every player's total after each round."""
        totals = [0] * len(self.state.seats)
        found = []
        for entered in self.state.rounds:
            totals = [t + s for t, s in zip(totals, entered.scores, strict=True)]
            found.append(tuple(totals))
        return found

    @property
    def totals(self) -> tuple[int, ...]:
        running = self.running_totals()
        return running[-1] if running else (0,) * len(self.state.seats)

    @property
    def winners(self) -> tuple[int, ...] | None:
        return lowest(self.totals) if self.state.over else None

    def draft_problems(self) -> list[Part]:
        """Why the draft cannot be scored yet (none: it can)."""
        draft = self.state.draft
        if draft is None:
            return []
        problems: list[Part] = []
        if draft.finisher is None:
            problems.append(part("Who ended the round is not chosen yet."))
        for name, text in zip(self.names, draft.entries, strict=True):
            try:
                total_of(text)
            except IllegalAction as error:
                problems += [part("{name}:", name=name), *error.parts]
        return problems

    def preview(self) -> Scored | None:
        """The draft as it would be scored, once it can be."""
        draft = self.state.draft
        if draft is None or draft.finisher is None or self.draft_problems():
            return None
        raw = tuple(total_of(text) for text in draft.entries)
        scores = round_scores(raw, draft.finisher, self.settings)
        corrected = draft.index < len(self.state.rounds)
        return Scored(draft.index, draft.finisher, raw, scores, corrected)

    def legal_actions(self, seat: int) -> tuple[Action, ...]:
        return () if self.state.over else (Action("finisher"),)

    def view(self, seat: int | None = None) -> ScoreSheet:
        """Everything on a sheet is public."""
        return self

    # ------------------------------------------------------------------------- writing

    def apply(self, seat: int, action: Action) -> list[Event]:
        state = self.state
        kind = action.kind
        if state.over and kind not in REOPENING:
            raise IllegalAction("The game is over.")
        if not 0 <= seat < len(state.seats):
            raise IllegalAction("You are not playing in this game.")
        events: list[Event] = []
        if state.over:
            self._set(over=False, early=False)
            events.append(Reopened(len(state.rounds)))
        if kind == "finisher":
            self._check_seat(action.number)
            draft = self._draft()
            self._set(draft=draft.model_copy(update={"finisher": action.number}))
        elif kind == "totals":
            draft = self._draft()
            entries = list(draft.entries)
            first = action.number
            if not first >= 0 or first + len(action.texts) > len(entries):
                raise IllegalAction("Those totals are not for this table's players.")
            for offset, text in enumerate(action.texts):
                entries[first + offset] = _trimmed(text) or None
            self._set(draft=draft.model_copy(update={"entries": tuple(entries)}))
        elif kind == "confirm":
            events.append(self._confirm())
        elif kind == "discard":
            if state.draft is None:
                raise IllegalAction("There is no round being entered.")
            self._set(draft=None)
        elif kind == "edit":
            events += self._edit(action.number)
        elif kind == "undo":
            events.append(self._undo())
        elif kind == "reopen":
            if not events:
                raise IllegalAction("The game is not over.")
        elif kind == "end":
            if not state.rounds:
                raise IllegalAction("Enter a round before ending the game.")
            self._set(over=True, early=True, draft=None)
            events.append(Ended(lowest(self.totals), self.totals, True))
        else:
            raise IllegalAction("That is not something a score sheet can do.")
        return events

    def _set(self, **changes: Any) -> None:
        self.state = self.state.model_copy(update={**changes, "moves": self.state.moves + 1})

    def _check_seat(self, seat: int) -> None:
        if not 0 <= seat < len(self.state.seats):
            raise IllegalAction("That player is not at this table.")

    def _draft(self) -> Draft:
        """The draft being entered, or a new one for the next round."""
        draft = self.state.draft
        if draft is None:
            draft = Draft(index=len(self.state.rounds), entries=(None,) * len(self.state.seats))
        return draft

    def _confirm(self) -> Event:
        draft = self.state.draft
        if draft is None:
            raise IllegalAction("There is no round being entered.")
        problems = self.draft_problems()
        if problems:
            raise IllegalAction.of(problems)
        scored = self.preview()
        assert scored is not None
        rounds = list(self.state.rounds)
        entered = Round(raw=scored.raw, finisher=scored.finisher, scores=scored.scores)
        if scored.corrected:
            rounds[draft.index] = entered
        else:
            rounds.append(entered)
        self._set(rounds=rounds, draft=None)
        last = draft.index == len(rounds) - 1
        if last and max(self.totals) >= self.settings.target_score:
            self._set(over=True)
        return scored

    def ended(self) -> Ended | None:
        """How the game ended, once it has."""
        if not self.state.over:
            return None
        return Ended(lowest(self.totals), self.totals, self.state.early)

    def _edit(self, index: int) -> list[Event]:
        rounds = self.state.rounds
        if not 0 <= index < len(rounds):
            raise IllegalAction("There is no round {number} to correct.", number=index + 1)
        if self.state.draft is not None:
            raise IllegalAction("Finish or discard the round being entered first.")
        chosen = rounds[index]
        draft = Draft(
            index=index,
            finisher=chosen.finisher,
            entries=tuple(str(total) for total in chosen.raw),
        )
        self._set(draft=draft)
        return []

    def _undo(self) -> Event:
        if self.state.draft is not None:
            raise IllegalAction("Finish or discard the round being entered first.")
        if not self.state.rounds:
            raise IllegalAction("There is no round to undo.")
        self._set(rounds=self.state.rounds[:-1])
        return Undone(len(self.state.rounds))
