"""The Skyjo rules engine: one game, from the first deal to the winners.

Synchronous and pure. Cards are ints; a seat's grid is a list of values (None once cleared) and
two bit masks, `present` (slots still holding a card) and `hidden` (present and face down), so
legality and line checks are integer operations. Legal-action tuples are shared between games
and cached by those masks.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.core.errors import IllegalAction, InvalidSettings
from games.core.events import record
from games.core.grid import Geometry, geometry
from games.core.masks import ActionCache, bits
from games.core.randomness import Shuffler, seeded_shuffler
from games.core.seated_game import SeatedGame
from games.core.seats import Seat, validate_seats
from games.skyjo.actions import DRAW, FLIP, NO_SLOT, REVEAL, SWAP, TAKE, Action
from games.skyjo.cards import DECK
from games.skyjo.events import (
    DiscardedAndFlipped,
    Drew,
    Event,
    FinalReveal,
    Finished,
    GameOver,
    LineCleared,
    Reshuffled,
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
from games.skyjo.view import SkyjoView, build_view


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


class SkyjoGame(SeatedGame):
    """A game of Skyjo. Create it with `SkyjoGame.new`, or restore it with `from_state`."""

    __slots__ = (
        "_alone",
        "_lines",
        "_n",
        "_shuffler",
        "current",
        "discard",
        "draw_pile",
        "drawn",
        "finisher",
        "geometry",
        "hidden",
        "history",
        "last_turns",
        "moves",
        "opening_left",
        "phase",
        "present",
        "reshuffles",
        "round",
        "round_starter",
        "seats",
        "seed",
        "settings",
        "to_move",
        "totals",
        "turns",
        "values",
        "winners",
    )

    settings: SkyjoSettings
    seats: tuple[Seat, ...]
    seed: int
    geometry: Geometry
    round: int
    phase: Phase
    current: int
    round_starter: int | None
    values: list[list[int | None]]
    present: list[int]
    hidden: list[int]
    draw_pile: list[int]
    discard: list[int]
    drawn: int | None
    opening_left: list[int]
    finisher: int | None
    last_turns: int
    reshuffles: int
    turns: int
    totals: list[int]
    history: list[RoundRecord]
    winners: tuple[int, ...] | None
    moves: int
    to_move: tuple[int, ...]
    """The seats whose decision it is (several during the opening flips); empty once over."""
    _alone: tuple[tuple[int], ...]

    def __init__(self, settings: SkyjoSettings, seats: Sequence[Seat], seed: int) -> None:
        self.settings = settings
        self.seats = tuple(seats)
        self.seed = seed
        self.geometry = geometry(settings.rows, settings.columns)
        self._n = len(self.seats)
        self._alone = tuple((seat,) for seat in range(self._n))
        self._shuffler = seeded_shuffler(seed, "skyjo")
        self._lines = self.geometry.lines_through(settings.clear_columns, settings.clear_rows)

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
        seats = validate_seats(seats, MIN_SEATS, MAX_SEATS)
        settings.check_seats(len(seats))
        game = cls(settings, seats, seed)
        if shuffler is not None:
            game._shuffler = shuffler
        game.totals = [0] * game._n
        game.history = []
        game.winners = None
        game.moves = 0
        game._deal(1, None, [] if events is None else events)
        return game

    def to_state(self) -> SkyjoState:
        return SkyjoState(
            settings=self.settings,
            seats=self.seats,
            seed=self.seed,
            round=self.round,
            phase=self.phase,
            current=self.current,
            round_starter=self.round_starter,
            values=[list(v) for v in self.values],
            face_up=[
                [not hidden >> s & 1 for s in range(self.geometry.slots)] for hidden in self.hidden
            ],
            draw_pile=list(self.draw_pile),
            discard=list(self.discard),
            drawn=self.drawn,
            opening_left=list(self.opening_left),
            finisher=self.finisher,
            last_turns=self.last_turns,
            reshuffles=self.reshuffles,
            turns=self.turns,
            totals=list(self.totals),
            history=list(self.history),
            winners=self.winners,
            moves=self.moves,
        )

    @classmethod
    def from_state(cls, state: SkyjoState, shuffler: Shuffler | None = None) -> SkyjoGame:
        validate_seats(state.seats, MIN_SEATS, MAX_SEATS)
        game = cls(state.settings, state.seats, state.seed)
        if shuffler is not None:
            game._shuffler = shuffler
        slots = game.geometry.slots
        if len(state.values) != game._n or any(len(v) != slots for v in state.values):
            raise InvalidSettings("The saved grids do not match the seats and grid size.")
        game.round = state.round
        game.phase = state.phase
        game.current = state.current
        game.round_starter = state.round_starter
        game.values = [list(v) for v in state.values]
        game.present = [
            sum(1 << s for s, v in enumerate(values) if v is not None) for values in state.values
        ]
        game.hidden = [
            sum(1 << s for s in range(slots) if values[s] is not None and not up[s])
            for values, up in zip(state.values, state.face_up, strict=True)
        ]
        game.draw_pile = list(state.draw_pile)
        game.discard = list(state.discard)
        game.drawn = state.drawn
        game.opening_left = list(state.opening_left)
        if game.phase == "opening":
            game.to_move = tuple(s for s, left in enumerate(game.opening_left) if left)
        elif game.phase == "over":
            game.to_move = ()
        else:
            game.to_move = game._alone[game.current]
        game.finisher = state.finisher
        game.last_turns = state.last_turns
        game.reshuffles = state.reshuffles
        game.turns = state.turns
        game.totals = list(state.totals)
        game.history = list(state.history)
        game.winners = state.winners
        game.moves = state.moves
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
        return build_view(self, seat)

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
                    raise self._bad_slot(seat, slot, False)
                events = self._place(seat, slot, self.discard.pop(), TookDiscard)
            elif kind == "draw" and slot == NO_SLOT:
                events = self._draw(seat)
            else:
                raise IllegalAction("Take the discard or draw a card first.")
        elif phase == "drawn":
            if seat != self.current:
                raise self._not_your_turn(seat, self.current)
            if kind == "swap":
                if type(slot) is not int or slot < 0 or not self.present[seat] >> slot & 1:
                    raise self._bad_slot(seat, slot, False)
                card = self.drawn
                assert card is not None
                self.drawn = None
                events = self._place(seat, slot, card, Swapped)
            elif kind == "flip":
                if type(slot) is not int or slot < 0 or not self.hidden[seat] >> slot & 1:
                    raise self._bad_slot(seat, slot, True)
                events = self._flip(seat, slot)
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
                raise self._bad_slot(seat, slot, True)
            events = self._reveal(seat, slot)
        else:
            raise IllegalAction("This game is over.")
        self.moves += 1
        return events

    def _bad_slot(self, seat: int, slot: object, face_down: bool) -> IllegalAction:
        if type(slot) is not int or not 0 <= slot < self.geometry.slots:
            return IllegalAction("There is no such place in your grid.")
        if not self.present[seat] >> slot & 1:
            return IllegalAction("That place is empty: its line was cleared.")
        return IllegalAction("That card is already face up: choose a face-down card.")

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

    def _place(
        self, seat: int, slot: int, card: int, event_type: type[TookDiscard] | type[Swapped]
    ) -> list[Event]:
        """Put `card` (taken or drawn) at `slot`; the card there goes face up on the discard."""
        values = self.values[seat]
        old = values[slot]
        assert old is not None
        values[slot] = card
        bit = 1 << slot
        hidden = self.hidden[seat]
        was_hidden = hidden & bit != 0
        if was_hidden:
            self.hidden[seat] = hidden ^ bit
        self.discard.append(old)
        events: list[Event] = [record(event_type, (seat, card, slot, old, was_hidden))]
        self._end_turn(seat, slot, card, events)
        return events

    def _draw(self, seat: int) -> list[Event]:
        events: list[Event] = []
        if not self.draw_pile:
            if len(self.discard) < 2:
                raise IllegalAction(
                    "The draw pile is empty and cannot be refilled: take the discard."
                )
            self._reshuffle(events)
        card = self.drawn = self.draw_pile.pop()
        self.phase = "drawn"
        events.append(record(Drew, (seat, card)))
        return events

    def _flip(self, seat: int, slot: int) -> list[Event]:
        card = self.drawn
        assert card is not None
        self.drawn = None
        self.discard.append(card)
        self.hidden[seat] ^= 1 << slot
        value = self.values[seat][slot]
        assert value is not None
        events: list[Event] = [record(DiscardedAndFlipped, (seat, card, slot, value))]
        self._end_turn(seat, slot, value, events)
        return events

    # ------------------------------------------------------------------------------- rules

    def _clear_lines(self, seat: int, slot: int, events: list[Event]) -> None:
        """Clear every enabled line through `slot` whose cards are all face up and equal."""
        present = self.present[seat]
        hidden = self.hidden[seat]
        values = self.values[seat]
        value = values[slot]
        cleared = 0
        for line in self._lines[slot]:
            mask = line.mask
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

    def _end_turn(self, seat: int, slot: int, value: int, events: list[Event]) -> None:
        """Clear lines completed by `value` at `slot`, then pass the turn or end the round."""
        self.turns += 1
        present = self.present[seat]
        hidden = self.hidden[seat]
        for line in self._lines[slot]:
            mask = line.mask
            if present & mask == mask and not hidden & mask:
                values = self.values[seat]
                for s in line.slots:
                    if values[s] != value:
                        break
                else:
                    self._clear_lines(seat, slot, events)
                    break
        if self.finisher is None:
            if not hidden:
                self.finisher = seat
                self.last_turns = self._n - 1
                events.append(Finished(seat))
        else:
            self.last_turns -= 1
            if not self.last_turns:
                self._end_round(events)
                return
        current = self.current = seat + 1 if seat + 1 < self._n else 0
        self.to_move = self._alone[current]
        self.phase = "turn"

    def _reshuffle(self, events: list[Event]) -> None:
        top = self.discard.pop()
        self.reshuffles += 1
        order = self._shuffler(self.discard, self.round, self.reshuffles)
        order.reverse()
        self.draw_pile = order
        self.discard = [top]
        events.append(Reshuffled(len(order)))

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
            hidden = self.hidden[seat]
            if hidden:
                slots = tuple(bits(hidden))
                self.hidden[seat] = 0
                values = self.values[seat]
                revealed = tuple(v for v in map(values.__getitem__, slots) if v is not None)
                events.append(FinalReveal(seat, slots, revealed))
                for slot in slots:
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
            self._deal(self.round + 1, finisher, events)

    def _deal(self, round_number: int, starter: int | None, events: list[Event]) -> None:
        n = self._n
        size = self.geometry.slots
        order = self._shuffler(DECK, round_number, 0)
        full = self.geometry.full_mask
        self.values = [list(order[i * size : (i + 1) * size]) for i in range(n)]
        self.present = [full] * n
        self.hidden = [full] * n
        self.discard = [order[n * size]]
        pile = order[n * size + 1 :]
        pile.reverse()
        self.draw_pile = pile
        self.drawn = None
        self.finisher = None
        self.last_turns = 0
        self.reshuffles = 0
        self.turns = 0
        self.round = round_number
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
