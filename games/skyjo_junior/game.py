"""The Skyjo Junior rules engine: one game, from the deal to the winners.

Synchronous and pure. Cards are ints; a seat's grid is a list of twelve values in reading order
and a bit mask `hidden` of its face-down slots, so legality and "everything revealed" are integer
operations. Legal-action tuples are shared between games and cached by that mask.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from games.core.errors import IllegalAction, InvalidSettings
from games.core.events import record
from games.core.grid import Geometry
from games.core.masks import ActionCache, bits
from games.core.randomness import Shuffler, derive_rng, seeded_shuffler
from games.core.seated_game import SeatedGame
from games.core.seats import Seat, validate_seats
from games.skyjo_junior.actions import DECLINE_FLIP, DRAW, NO_SLOT, SWAP, TAKE, Action
from games.skyjo_junior.cards import deck
from games.skyjo_junior.events import (
    Dealt,
    Declined,
    Drew,
    Event,
    FinalReveal,
    GameOver,
    LastMoves,
    Reshuffled,
    Scored,
    Swapped,
    TookDiscard,
    TripleMade,
)
from games.skyjo_junior.scoring import GEOMETRY, highest, triples
from games.skyjo_junior.settings import GRID_SLOTS, MAX_SEATS, MIN_SEATS, JuniorSettings
from games.skyjo_junior.state import JuniorState, Phase, Source
from games.skyjo_junior.view import JuniorView, build_view

ROUND = 1
"""A game of Skyjo Junior is a single deal: its round number, for the shuffler."""


_TAKE_OR_DRAW = (TAKE, DRAW)

_COLUMN_OF_SLOT = tuple(
    (column, GEOMETRY.column_masks[column], GEOMETRY.column_slots[column])
    for column in GEOMETRY.column_of
)
"""For each slot: its column, the column's mask and its three slots."""


def _holding_choices(hidden: int) -> tuple[Action, ...]:
    return SWAP + tuple(DECLINE_FLIP[s] for s in bits(hidden))


_holding_actions = ActionCache[int, Action](_holding_choices)


def first_player(seed: int, players: int) -> int:
    """The seat drawn by lot to start, fixed by the seed."""
    return derive_rng(seed, "junior", "starter").randrange(players)


class JuniorGame(SeatedGame):
    """A game of Skyjo Junior. Create it with `JuniorGame.new`, or restore it with `from_state`."""

    __slots__ = (
        "_alone",
        "_following",
        "_n",
        "_shuffler",
        "current",
        "discard",
        "draw_pile",
        "finisher",
        "held",
        "held_from",
        "hidden",
        "last_moves",
        "moves",
        "phase",
        "points",
        "reshuffles",
        "seats",
        "seed",
        "settings",
        "starter",
        "to_move",
        "turns",
        "values",
        "winners",
    )

    settings: JuniorSettings
    seats: tuple[Seat, ...]
    seed: int
    starter: int
    phase: Phase
    current: int
    values: list[list[int]]
    hidden: list[int]
    draw_pile: list[int]
    discard: list[int]
    held: int | None
    held_from: Source | None
    finisher: int | None
    last_moves: int
    reshuffles: int
    turns: int
    points: tuple[int, ...] | None
    winners: tuple[int, ...] | None
    moves: int
    to_move: tuple[int, ...]
    """The seat whose decision it is, alone in a tuple; empty exactly when the game is over."""
    _alone: tuple[tuple[int], ...]
    _following: tuple[tuple[int, ...], ...]

    geometry: Geometry = GEOMETRY

    def __init__(self, settings: JuniorSettings, seats: Sequence[Seat], seed: int) -> None:
        self.settings = settings
        self.seats = tuple(seats)
        self.seed = seed
        n = self._n = len(self.seats)
        self._alone = tuple((seat,) for seat in range(n))
        self._following = tuple(
            tuple((seat + step) % n for step in range(1, n)) for seat in range(n)
        )
        self._shuffler = seeded_shuffler(seed, "junior")

    # ----------------------------------------------------------------- creation and saving

    @classmethod
    def new(
        cls,
        settings: JuniorSettings,
        seats: Sequence[Seat],
        seed: int,
        shuffler: Shuffler | None = None,
    ) -> JuniorGame:
        seats = validate_seats(seats, MIN_SEATS, MAX_SEATS)
        settings.check_seats(len(seats))
        game = cls(settings, seats, seed)
        if shuffler is not None:
            game._shuffler = shuffler
        game._deal(first_player(seed, game._n))
        return game

    def to_state(self) -> JuniorState:
        return JuniorState(
            settings=self.settings,
            seats=self.seats,
            seed=self.seed,
            starter=self.starter,
            phase=self.phase,
            current=self.current,
            values=[list(v) for v in self.values],
            face_up=[[not hidden >> s & 1 for s in range(GRID_SLOTS)] for hidden in self.hidden],
            draw_pile=list(self.draw_pile),
            discard=list(self.discard),
            held=self.held,
            held_from=self.held_from,
            finisher=self.finisher,
            last_moves=self.last_moves,
            reshuffles=self.reshuffles,
            turns=self.turns,
            points=self.points,
            winners=self.winners,
            moves=self.moves,
        )

    @classmethod
    def from_state(cls, state: JuniorState, shuffler: Shuffler | None = None) -> JuniorGame:
        validate_seats(state.seats, MIN_SEATS, MAX_SEATS)
        state.settings.check_seats(len(state.seats))
        game = cls(state.settings, state.seats, state.seed)
        if shuffler is not None:
            game._shuffler = shuffler
        _check_saved(state, game._n)
        game.starter = state.starter
        game.phase = state.phase
        game.current = state.current
        game.values = [list(v) for v in state.values]
        game.hidden = [
            sum(1 << s for s, up in enumerate(face_up) if not up) for face_up in state.face_up
        ]
        game.draw_pile = list(state.draw_pile)
        game.discard = list(state.discard)
        game.held = state.held
        game.held_from = state.held_from
        game.finisher = state.finisher
        game.last_moves = state.last_moves
        game.reshuffles = state.reshuffles
        game.turns = state.turns
        game.points = state.points
        game.winners = state.winners
        game.moves = state.moves
        game.to_move = () if state.phase == "over" else game._alone[state.current]
        return game

    @classmethod
    def from_json(cls, data: str | bytes, shuffler: Shuffler | None = None) -> JuniorGame:
        return cls.from_state(JuniorState.model_validate_json(data), shuffler)

    # ----------------------------------------------------------------------------- queries

    def legal_actions(self, seat: int) -> tuple[Action, ...]:
        phase = self.phase
        if phase == "holding":
            return _holding_actions[self.hidden[seat]] if seat == self.current else ()
        if phase == "turn" and seat == self.current:
            return _TAKE_OR_DRAW
        return ()

    def view(self, seat: int | None = None) -> JuniorView:
        """What `seat` may see (None: a spectator). No face-down value appears in it."""
        return build_view(self, seat)

    def dealt(self) -> Dealt:
        """The event that opens the game's log: who was drawn by lot to start."""
        return Dealt(self.starter)

    # ------------------------------------------------------------------------------ actions

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Apply `seat`'s action and return what happened.

        An illegal action raises `IllegalAction` and leaves the game unchanged.
        """
        try:
            kind, slot = action
        except (TypeError, ValueError):
            raise IllegalAction("That is not a Skyjo Junior action.") from None
        phase = self.phase
        if phase == "holding":
            if type(seat) is not int or seat != self.current:
                raise self._not_your_turn(seat, self.current)
            if kind == "swap":
                if type(slot) is not int or not 0 <= slot < GRID_SLOTS:
                    raise self._bad_slot(slot)
                events = self._swap(seat, slot)
            elif kind == "decline_flip":
                if type(slot) is not int or slot < 0 or not self.hidden[seat] >> slot & 1:
                    raise self._bad_slot(slot)
                events = self._decline(seat, slot)
            else:
                held = self.held
                assert held is not None
                raise IllegalAction(
                    "You are holding the {card}: swap it with one of your cards, or decline it "
                    "and turn up one of your face-down cards.",
                    card=held,
                )
        elif phase == "turn":
            if type(seat) is not int or seat != self.current:
                raise self._not_your_turn(seat, self.current)
            if kind == "take" and slot == NO_SLOT:
                events = self._take(seat)
            elif kind == "draw" and slot == NO_SLOT:
                events = self._draw(seat)
            elif kind in ("swap", "decline_flip"):
                raise IllegalAction("Take the discard or draw a card first.")
            else:
                raise IllegalAction("That is not a Skyjo Junior action.")
        else:
            raise IllegalAction("This game is over.")
        self.moves += 1
        return events

    def _bad_slot(self, slot: object) -> IllegalAction:
        if type(slot) is not int or not 0 <= slot < GRID_SLOTS:
            return IllegalAction("There is no such place in your grid.")
        return IllegalAction("That card is already face up: choose a face-down card to turn up.")

    def _take(self, seat: int) -> list[Event]:
        card = self.held = self.discard.pop()
        self.held_from = "discard"
        self.phase = "holding"
        return [record(TookDiscard, (seat, card))]

    def _draw(self, seat: int) -> list[Event]:
        events: list[Event] = []
        if not self.draw_pile:
            self._reshuffle(events)
        card = self.held = self.draw_pile.pop()
        self.held_from = "draw"
        self.phase = "holding"
        events.append(record(Drew, (seat, card)))
        return events

    def _swap(self, seat: int, slot: int) -> list[Event]:
        """Put the held card face up at `slot`; the card there goes face up on the discard."""
        card = self.held
        assert card is not None
        values = self.values[seat]
        old = values[slot]
        values[slot] = card
        bit = 1 << slot
        hidden = self.hidden[seat]
        was_hidden = hidden & bit != 0
        if was_hidden:
            self.hidden[seat] = hidden ^ bit
        self.discard.append(old)
        events: list[Event] = [record(Swapped, (seat, card, slot, old, was_hidden))]
        if was_hidden or old != card:
            self._spot_triple(seat, slot, card, events)
        self._end_turn(seat, events)
        return events

    def _decline(self, seat: int, slot: int) -> list[Event]:
        """Put the held card on the discard pile and turn up the face-down card at `slot`."""
        card = self.held
        assert card is not None
        self.discard.append(card)
        self.hidden[seat] ^= 1 << slot
        value = self.values[seat][slot]
        events: list[Event] = [
            record(Declined, (seat, card, self.held_from == "discard", slot, value))
        ]
        self._spot_triple(seat, slot, value, events)
        self._end_turn(seat, events)
        return events

    # ------------------------------------------------------------------------------- rules

    def _spot_triple(self, seat: int, slot: int, value: int, events: list[Event]) -> None:
        """Report a column the card now at `slot` has made a face-up triple (it stays)."""
        column, mask, (top, middle, bottom) = _COLUMN_OF_SLOT[slot]
        if not self.hidden[seat] & mask:
            values = self.values[seat]
            if values[top] == values[middle] == values[bottom]:
                events.append(record(TripleMade, (seat, column, value)))

    def _end_turn(self, seat: int, events: list[Event]) -> None:
        """Pass the turn, start the last moves, or end the game after the last of them."""
        self.held = None
        self.held_from = None
        self.turns += 1
        if self.finisher is None:
            if not self.hidden[seat]:
                self.finisher = seat
                self.last_moves = self._n - 1
                events.append(record(LastMoves, (seat, self._following[seat])))
        else:
            self.last_moves -= 1
            if not self.last_moves:
                self._finish(events)
                return
        current = self.current = seat + 1 if seat + 1 < self._n else 0
        self.to_move = self._alone[current]
        self.phase = "turn"

    def _reshuffle(self, events: list[Event]) -> None:
        """Shuffle the discard pile, less its top card, into a new draw pile.

        The deck always leaves at least two cards outside the grids, so at the start of a turn
        an empty draw pile means at least two discards: there is always a card to draw.
        """
        top = self.discard.pop()
        self.reshuffles += 1
        order = self._shuffler(self.discard, ROUND, self.reshuffles)
        order.reverse()
        self.draw_pile = order
        self.discard = [top]
        events.append(Reshuffled(len(order)))

    def _finish(self, events: list[Event]) -> None:
        """Turn up every remaining card, score each seat's triples and name the winners."""
        for seat in range(self._n):
            hidden = self.hidden[seat]
            if hidden:
                slots = tuple(bits(hidden))
                self.hidden[seat] = 0
                values = self.values[seat]
                events.append(FinalReveal(seat, slots, tuple(values[s] for s in slots)))
        points = []
        for seat in range(self._n):
            found = triples(self.values[seat])
            score = sum(value for _, value in found)
            points.append(score)
            columns = tuple(column for column, _ in found)
            events.append(Scored(seat, columns, tuple(value for _, value in found), score))
        self.points = tuple(points)
        self.winners = highest(points)
        self.phase = "over"
        self.to_move = ()
        events.append(GameOver(self.winners, self.points))

    def _deal(self, starter: int) -> None:
        n = self._n
        order = self._shuffler(deck(self.settings.copies_per_value), ROUND, 0)
        dealt = n * GRID_SLOTS
        self.values = [order[i * GRID_SLOTS : (i + 1) * GRID_SLOTS] for i in range(n)]
        self.hidden = [GEOMETRY.full_mask] * n
        self.discard = [order[dealt]]
        pile = order[dealt + 1 :]
        pile.reverse()
        self.draw_pile = pile
        self.held = None
        self.held_from = None
        self.finisher = None
        self.last_moves = 0
        self.reshuffles = 0
        self.turns = 0
        self.points = None
        self.winners = None
        self.moves = 0
        self.starter = self.current = starter
        self.to_move = self._alone[starter]
        self.phase = "turn"


def _check_saved(state: JuniorState, n: int) -> None:
    """Refuse a saved game whose grids, cards or turn do not fit together."""
    if len(state.values) != n or any(len(v) != GRID_SLOTS for v in state.values):
        raise InvalidSettings("The saved grids do not match the seats.")
    if len(state.face_up) != n or any(len(up) != GRID_SLOTS for up in state.face_up):
        raise InvalidSettings("The saved face-up cards do not match the seats.")
    if not (0 <= state.current < n and 0 <= state.starter < n):
        raise InvalidSettings("The saved game names a seat that is not at the table.")
    if (state.held is None) != (state.phase != "holding") or (
        (state.held is None) != (state.held_from is None)
    ):
        raise InvalidSettings("The saved held card does not match the phase of the turn.")
    if state.phase == "turn" and not state.discard:
        raise InvalidSettings("The saved discard pile is empty at the start of a turn.")
    cards: Counter[int] = Counter(state.draw_pile)
    cards.update(state.discard)
    for values in state.values:
        cards.update(values)
    if state.held is not None:
        cards[state.held] += 1
    if cards != Counter(deck(state.settings.copies_per_value)):
        raise InvalidSettings("The saved cards do not make up the deck.")
