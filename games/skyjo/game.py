"""The Skyjo rules engine: one game, from the first deal to the winners.

Synchronous and pure. Cards are ints; a seat's grid is a list of values (None once cleared) and
two bit masks, `present` (slots still holding a card) and `hidden` (present and face down), so
legality and line checks are integer operations. Legal-action tuples are shared between games
and cached by those masks.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.core.card_grid import CardGridGame
from games.core.errors import IllegalAction, InvalidSettings
from games.core.events import record
from games.core.grid import Line, geometry, line_checks
from games.core.masks import ActionCache, bits
from games.core.randomness import Shuffler
from games.core.seats import Seat
from games.skyjo.actions import DRAW, FLIP, NO_SLOT, REVEAL, SWAP, TAKE, Action
from games.skyjo.cards import DECK
from games.skyjo.events import (
    DiscardedAndFlipped,
    Event,
    Finished,
    GameOver,
    LineCleared,
    Revealed,
    RoundScored,
    RoundStarted,
    Starts,
    Swapped,
    TookDiscard,
)
from games.skyjo.scoring import lowest, round_scores
from games.skyjo.settings import MAX_SEATS, MIN_SEATS, SkyjoSettings
from games.skyjo.state import Phase, RoundRecord, SkyjoState
from games.skyjo.view import PlayerView, SkyjoView, cards_seen


def _reveals(hidden: int) -> tuple[Action, ...]:
    return tuple(REVEAL[s] for s in bits(hidden))


def _turn_choices(key: int) -> tuple[Action, ...]:
    """`key` is the present mask shifted left once, plus 1 when drawing is possible."""
    takes = tuple(TAKE[s] for s in bits(key >> 1))
    return (DRAW, *takes) if key & 1 else takes


def _drawn_choices(key: tuple[int, int]) -> tuple[Action, ...]:
    present, hidden = key
    return tuple(SWAP[s] for s in bits(present)) + tuple(FLIP[s] for s in bits(hidden))


_reveal_actions = ActionCache[int, Action](_reveals)
_turn_actions = ActionCache[int, Action](_turn_choices)
_drawn_actions = ActionCache[tuple[int, int], Action](_drawn_choices)


class SkyjoGame(CardGridGame[int | None, SkyjoSettings]):
    """A game of Skyjo. Create it with `SkyjoGame.new`, or restore it with `from_state`."""

    __slots__ = (
        "drawn",
        "geometry",
        "history",
        "opening_left",
        "present",
        "round",
        "round_starter",
        "totals",
    )

    shuffle_label = "skyjo"
    min_seats = MIN_SEATS
    max_seats = MAX_SEATS

    phase: Phase
    round_starter: int | None
    present: list[int]
    drawn: int | None
    opening_left: list[int]
    totals: list[int]
    history: list[RoundRecord]
    to_move: tuple[int, ...]
    """The seats whose decision it is (several during the opening flips); empty once over."""

    def __init__(self, settings: SkyjoSettings, seats: Sequence[Seat], seed: int) -> None:
        super().__init__(settings, seats, seed)
        self.geometry = geometry(settings.rows, settings.columns)
        self._line_checks = line_checks(self.geometry, settings.clear_columns, settings.clear_rows)

    @property
    def last_turns(self) -> int:
        """The turns still to be played after the finisher's, once there is a finisher."""
        return self._last_turns

    # ----------------------------------------------------------------- creation and saving

    @classmethod
    def new(
        cls,
        settings: SkyjoSettings,
        seats: Sequence[Seat],
        seed: int,
        shuffler: Shuffler | None = None,
        events: list[Event] | None = None,
    ) -> SkyjoGame:
        """A game with its first round dealt; `events`, if given, receives what dealing did."""
        game = cls._seated(settings, seats, seed, shuffler)
        settings.check_seats(game._n)
        game.totals = [0] * game._n
        game.history = []
        game.winners = None
        game.moves = 0
        game._deal_round(1, None, [] if events is None else events)
        return game

    def to_state(self) -> SkyjoState:
        return SkyjoState(
            **self._saved_grids(),
            round=self.round,
            round_starter=self.round_starter,
            drawn=self.drawn,
            opening_left=list(self.opening_left),
            last_turns=self._last_turns,
            totals=list(self.totals),
            history=list(self.history),
        )

    @classmethod
    def from_state(cls, state: SkyjoState, shuffler: Shuffler | None = None) -> SkyjoGame:
        game = cls._seated(state.settings, state.seats, state.seed, shuffler)
        slots = game.geometry.slots
        if len(state.values) != game._n or any(len(v) != slots for v in state.values):
            raise InvalidSettings("The saved grids do not match the seats and grid size.")
        game._restore_grids(state)
        game.round = state.round
        game.round_starter = state.round_starter
        game.present = [
            sum(1 << s for s, v in enumerate(values) if v is not None) for values in state.values
        ]
        game.drawn = state.drawn
        game.opening_left = list(state.opening_left)
        if game.phase == "opening":
            game.to_move = tuple(s for s, left in enumerate(game.opening_left) if left)
        elif game.phase == "over":
            game.to_move = ()
        else:
            game.to_move = game._alone[game.current]
        game._last_turns = state.last_turns
        game.totals = list(state.totals)
        game.history = list(state.history)
        return game

    @classmethod
    def from_json(cls, data: str | bytes, shuffler: Shuffler | None = None) -> SkyjoGame:
        return cls.from_state(SkyjoState.model_validate_json(data), shuffler)

    # ----------------------------------------------------------------------------- queries

    def legal_actions(self, seat: int) -> tuple[Action, ...]:
        phase = self.phase
        if phase == "turn":
            if seat != self.current:
                return ()
            can_draw = 1 if self.draw_pile or len(self.discard) > 1 else 0
            return _turn_actions[self.present[seat] << 1 | can_draw]
        if phase == "drawn":
            if seat != self.current:
                return ()
            return _drawn_actions[self.present[seat], self.hidden[seat]]
        if phase == "opening" and 0 <= seat < self._n and self.opening_left[seat]:
            return _reveal_actions[self.hidden[seat]]
        return ()

    def round_score_visible(self, seat: int) -> int:
        """The sum of a seat's face-up cards: what the table may show during a round."""
        hidden = self.hidden[seat]
        return sum(
            value
            for slot, value in enumerate(self.values[seat])
            if value is not None and not hidden >> slot & 1
        )

    def view(self, seat: int | None = None) -> SkyjoView:
        """What `seat` may see (None: a spectator). No face-down value appears in it."""
        players = tuple(
            PlayerView(
                name=info.name,
                bot=info.bot,
                cards=cards_seen(self.values[s], self.hidden[s]),
                visible_score=self.round_score_visible(s),
                total=self.totals[s],
                opening_left=self.opening_left[s],
            )
            for s, info in enumerate(self.seats)
        )
        return SkyjoView(
            seat=seat,
            settings=self.settings,
            round=self.round,
            phase=self.phase,
            to_move=self.to_move,
            current=self.current if self.phase in ("turn", "drawn") else None,
            players=players,
            discard=tuple(self.discard),
            draw_pile_size=len(self.draw_pile),
            drawn=self.drawn,
            finisher=self.finisher,
            last_turns=self.last_turns,
            turns=self.turns,
            history=tuple(self.history),
            winners=self.winners,
            moves=self.moves,
        )

    # ------------------------------------------------------------------------------ actions

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Apply `seat`'s action and return what happened.

        An illegal action raises `IllegalAction` and leaves the game unchanged.
        """
        try:
            kind, slot = action
        except (TypeError, ValueError):
            raise IllegalAction("That is not a Skyjo action.") from None
        phase = self.phase
        if phase == "turn":
            if seat != self.current:
                raise self._not_your_turn(seat, self.current)
            if kind == "take":
                if type(slot) is not int or slot < 0 or not self.present[seat] >> slot & 1:
                    raise self._bad_slot(seat, slot)
                events = self._place(seat, slot, self.discard.pop(), TookDiscard)
            elif kind == "draw" and slot == NO_SLOT:
                events = []
                self.drawn = self._draw(seat, events)
                self.phase = "drawn"
            else:
                raise IllegalAction("Take the discard or draw a card first.")
        elif phase == "drawn":
            if seat != self.current:
                raise self._not_your_turn(seat, self.current)
            if kind == "swap":
                if type(slot) is not int or slot < 0 or not self.present[seat] >> slot & 1:
                    raise self._bad_slot(seat, slot)
                card = self.drawn
                assert card is not None
                self.drawn = None
                events = self._place(seat, slot, card, Swapped)
            elif kind == "flip":
                if type(slot) is not int or slot < 0 or not self.hidden[seat] >> slot & 1:
                    raise self._bad_slot(seat, slot)
                card = self.drawn
                assert card is not None
                self.drawn = None
                value = self.values[seat][slot]
                assert value is not None
                events = [record(DiscardedAndFlipped, (seat, card, slot, value))]
                self._turn_up(seat, slot, card, value, events)
            else:
                raise IllegalAction(
                    "You have drawn a card: put it in your grid, or discard it and turn one up."
                )
        elif phase == "opening":
            if kind != "reveal":
                raise IllegalAction("Everyone first turns up their opening cards.")
            if stranger := self._stranger(seat):
                raise stranger
            if not self.opening_left[seat]:
                raise IllegalAction("You have turned up your opening cards; wait for the others.")
            if type(slot) is not int or slot < 0 or not self.hidden[seat] >> slot & 1:
                raise self._bad_slot(seat, slot)
            events = self._reveal(seat, slot)
        else:
            raise IllegalAction("This game is over.")
        self.moves += 1
        return events

    def _bad_slot(self, seat: int, slot: object) -> IllegalAction:
        return self._misplaced(seat, slot) or IllegalAction(
            "That card is already face up: choose a face-down card."
        )

    def _reveal(self, seat: int, slot: int) -> list[Event]:
        self.hidden[seat] ^= 1 << slot
        self.opening_left[seat] -= 1
        value = self.values[seat][slot]
        assert value is not None
        events: list[Event] = [record(Revealed, (seat, slot, value))]
        self._clear_lines(seat, slot, events)
        if not self.opening_left[seat]:
            self.to_move = tuple(s for s in self.to_move if s != seat)
            if not self.to_move:
                self._begin_turns(events)
        return events

    # ------------------------------------------------------------------------------- rules

    def _clear_lines(self, seat: int, slot: int, events: list[Event]) -> None:
        """Clear every enabled line through `slot` whose cards are all face up and equal."""
        present = self.present[seat]
        hidden = self.hidden[seat]
        values = self.values[seat]
        value = values[slot]
        cleared = 0
        for mask, _, line in self._line_checks[slot]:
            if present & mask != mask or hidden & mask:
                continue
            for s in line.slots:
                if values[s] != value:
                    break
            else:
                assert value is not None
                cleared |= mask
                events.append(LineCleared(seat, line.kind, line.position, value, line.slots))
        if cleared:
            discard = self.discard
            for s in bits(cleared):
                card = values[s]
                assert card is not None
                discard.append(card)
                values[s] = None
            self.present[seat] = present & ~cleared

    def _line_completed(
        self, seat: int, slot: int, line: Line, value: int, events: list[Event]
    ) -> None:
        self._clear_lines(seat, slot, events)

    def _finished(self, seat: int, events: list[Event]) -> None:
        events.append(Finished(seat))

    def _begin_turns(self, events: list[Event]) -> None:
        starter = self.round_starter
        revealed_total: int | None = None
        if starter is None:
            starter, revealed_total = self._highest_revealed()
        self.current = starter
        self.to_move = self._alone[starter]
        self.phase = "turn"
        events.append(Starts(starter, revealed_total))

    def _highest_revealed(self) -> tuple[int, int]:
        """Round 1's first player: highest revealed sum, then highest single card, then seat."""
        best = (-1, 0)
        best_key = (0, 0)
        for seat in range(self._n):
            hidden = self.hidden[seat]
            up = [
                v for s, v in enumerate(self.values[seat]) if v is not None and not hidden >> s & 1
            ]
            key = (sum(up), max(up, default=-99))
            if best[0] < 0 or key > best_key:
                best, best_key = (seat, key[0]), key
        return best

    def _end_round(self, events: list[Event]) -> None:
        for seat in range(self._n):
            for slot in self._reveal_grid(seat, events):
                self._clear_lines(seat, slot, events)
        finisher = self.finisher
        assert finisher is not None
        raw = tuple(sum(filter(None, values)) for values in self.values)
        scores = round_scores(raw, finisher, self.settings)
        totals = self.totals
        for seat, score in enumerate(scores):
            totals[seat] += score
        self.history.append(
            RoundRecord(
                finisher=finisher,
                raw=raw,
                scores=scores,
                turns=self.turns,
                grids=tuple(tuple(values) for values in self.values),
            )
        )
        events.append(RoundScored(self.round, finisher, raw, scores, tuple(totals)))
        if max(totals) >= self.settings.target_score:
            self.winners = lowest(totals)
            self.phase = "over"
            self.to_move = ()
            self.drawn = None
            events.append(GameOver(self.winners, tuple(totals)))
        else:
            self._deal_round(self.round + 1, finisher, events)

    def _deal_round(self, round_number: int, starter: int | None, events: list[Event]) -> None:
        n = self._n
        self.round = round_number
        self._deal(DECK)
        self.present = [self.geometry.full_mask] * n
        self.drawn = None
        self.round_starter = starter
        self.current = -1 if starter is None else starter
        flips = self.settings.opening_flips
        self.opening_left = [flips] * n
        self.to_move = tuple(range(n)) if flips else ()
        events.append(RoundStarted(round_number, flips))
        if flips:
            self.phase = "opening"
        else:
            self._begin_turns(events)
