"""The mechanics of the card-grid games (Skyjo, Skyjo Junior): a draw pile and a discard pile,
and a grid of cards per seat.

A seat's grid is a list of values in slot order and a bit mask `hidden` of its face-down slots.
The games differ in what a completed line does, how the finisher's countdown is announced and
how a round is scored: `CardGridGame` leaves those to them as hooks.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Sequence
from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar

from games.core.errors import IllegalAction
from games.core.events import record
from games.core.grid import Geometry, Line, LineCheck
from games.core.grid_events import Drew, FinalReveal, Reshuffled
from games.core.masks import bits
from games.core.randomness import Shuffler, seeded_shuffler
from games.core.seated_game import SeatedGame
from games.core.seats import Seat, validate_seats

Cell = TypeVar("Cell", int, int | None)
"""What a slot holds: a card's value, or None where a game empties slots (Skyjo's cleared
lines)."""
Settings = TypeVar("Settings")
Cell_co = TypeVar("Cell_co", covariant=True)

Log = list[Any]
"""A game's events of one action: those of `games.core.grid_events` and its own."""


class SavedGrids(Protocol[Cell_co]):
    """The part of a game's saved state that every card-grid game has."""

    @property
    def phase(self) -> str: ...
    @property
    def current(self) -> int: ...
    @property
    def values(self) -> Sequence[Sequence[Cell_co]]: ...
    @property
    def face_up(self) -> Sequence[Sequence[bool]]: ...
    @property
    def draw_pile(self) -> Sequence[int]: ...
    @property
    def discard(self) -> Sequence[int]: ...
    @property
    def finisher(self) -> int | None: ...
    @property
    def reshuffles(self) -> int: ...
    @property
    def turns(self) -> int: ...
    @property
    def winners(self) -> tuple[int, ...] | None: ...
    @property
    def moves(self) -> int: ...


class CardGridGame(SeatedGame, Generic[Cell, Settings]):
    """A game where each seat has a grid of cards, turned up one by one, and everyone draws from
    and discards onto the same two piles. Subclasses add their own state in `__slots__`."""

    __slots__ = (
        "_alone",
        "_last_turns",
        "_line_checks",
        "_n",
        "_shuffler",
        "current",
        "discard",
        "draw_pile",
        "finisher",
        "hidden",
        "moves",
        "phase",
        "reshuffles",
        "seats",
        "seed",
        "settings",
        "to_move",
        "turns",
        "values",
        "winners",
    )

    shuffle_label: ClassVar[str]
    """Mixed with the seed into every shuffle, so that each game shuffles its own way."""
    min_seats: ClassVar[int]
    max_seats: ClassVar[int]

    settings: Settings
    seats: tuple[Seat, ...]
    seed: int
    geometry: Geometry
    round: int
    """The deal being played: the shuffler is given it with each reshuffle."""
    phase: str
    current: int
    values: list[list[Cell]]
    hidden: list[int]
    draw_pile: list[int]
    """Bottom to top: the last card is drawn first."""
    discard: list[int]
    """Bottom to top: the last card is the one shown."""
    finisher: int | None
    """The first seat to have every card face up at the end of a turn, once there is one."""
    reshuffles: int
    turns: int
    winners: tuple[int, ...] | None
    moves: int
    to_move: tuple[int, ...]
    _last_turns: int
    """The turns still to be played after the finisher's, once there is a finisher."""
    _line_checks: tuple[tuple[LineCheck, ...], ...]
    """For each slot, the lines through it that the game watches for equal face-up cards."""
    _alone: tuple[tuple[int], ...]

    def __init__(self, settings: Settings, seats: Sequence[Seat], seed: int) -> None:
        self.settings = settings
        self.seats = tuple(seats)
        self.seed = seed
        self._n = len(self.seats)
        self._alone = tuple((seat,) for seat in range(self._n))
        self._shuffler = seeded_shuffler(seed, self.shuffle_label)

    @classmethod
    def _seated(
        cls, settings: Settings, seats: Sequence[Seat], seed: int, shuffler: Shuffler | None
    ) -> Self:
        """A game at checked seats, before its deal or its restored state."""
        game = cls(settings, validate_seats(seats, cls.min_seats, cls.max_seats), seed)
        if shuffler is not None:
            game._shuffler = shuffler
        return game

    # ---------------------------------------------------------------------------- hooks

    @abstractmethod
    def _line_completed(self, seat: int, slot: int, line: Line, value: int, events: Log) -> None:
        """`line`, through `slot`, has just become face up with every card worth `value`."""

    @abstractmethod
    def _finished(self, seat: int, events: Log) -> None:
        """`seat` has every card face up at the end of its turn: the last turns begin."""

    @abstractmethod
    def _end_round(self, events: Log) -> None:
        """The last turn after the finisher's has been played."""

    # ---------------------------------------------------------------------------- piles

    def _deal(self, cards: Sequence[int]) -> None:
        """Shuffle `cards` for the round's deal: each seat's grid, face down, in seat order, then
        the first card of the discard pile; the rest is the draw pile."""
        n = self._n
        geo = self.geometry
        size = geo.slots
        order = self._shuffler(cards, self.round, 0)
        self.values = [list(order[i * size : (i + 1) * size]) for i in range(n)]
        self.hidden = [geo.full_mask] * n
        self.discard = [order[n * size]]
        pile = order[n * size + 1 :]
        pile.reverse()
        self.draw_pile = pile
        self.finisher = None
        self._last_turns = 0
        self.reshuffles = 0
        self.turns = 0

    def _draw(self, seat: int, events: Log) -> int:
        """The top card of the draw pile, refilled first from the discard pile if empty."""
        if not self.draw_pile:
            if len(self.discard) < 2:
                raise IllegalAction(
                    "The draw pile is empty and cannot be refilled: take the discard."
                )
            self._reshuffle(events)
        card = self.draw_pile.pop()
        events.append(record(Drew, (seat, card)))
        return card

    def _reshuffle(self, events: Log) -> None:
        """Shuffle the discard pile, less its top card, into a new draw pile."""
        top = self.discard.pop()
        self.reshuffles += 1
        order = self._shuffler(self.discard, self.round, self.reshuffles)
        order.reverse()
        self.draw_pile = order
        self.discard = [top]
        events.append(Reshuffled(len(order)))

    # ---------------------------------------------------------------------------- grids

    def _misplaced(self, seat: int, slot: object) -> IllegalAction | None:
        """The error for a slot outside the grid or emptied, if it is one."""
        if type(slot) is not int or not 0 <= slot < self.geometry.slots:
            return IllegalAction("There is no such place in your grid.")
        if self.values[seat][slot] is None:
            return IllegalAction("That place is empty: its line was cleared.")
        return None

    def _place(self, seat: int, slot: int, card: int, placed: type[tuple[Any, ...]]) -> Log:
        """Put `card` face up at `slot` and the card there face up on the discard pile, recorded
        as a `placed` event (seat, card, slot, replaced card, was hidden); then end the turn."""
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
        events: Log = [record(placed, (seat, card, slot, old, was_hidden))]
        self._end_turn(seat, slot, card if was_hidden or old != card else None, events)
        return events

    def _turn_up(self, seat: int, slot: int, card: int, value: int, events: Log) -> None:
        """Put `card` on the discard pile and turn up the face-down `value` at `slot`; then end
        the turn."""
        self.discard.append(card)
        self.hidden[seat] ^= 1 << slot
        self._end_turn(seat, slot, value, events)

    def _end_turn(self, seat: int, slot: int, value: int | None, events: Log) -> None:
        """Report a line that `value`, just placed or turned up at `slot`, completes (None: the
        grid has not changed); then pass the turn, begin the last turns, or end the round after
        the last of them."""
        self.turns += 1
        hidden = self.hidden[seat]
        if value is not None:
            for mask, others, line in self._line_checks[slot]:
                if not hidden & mask:
                    values = self.values[seat]
                    for s in others:
                        if values[s] != value:
                            break
                    else:
                        self._line_completed(seat, slot, line, value, events)
                        break
        if self.finisher is None:
            if not hidden:
                self.finisher = seat
                self._last_turns = self._n - 1
                self._finished(seat, events)
        else:
            self._last_turns -= 1
            if not self._last_turns:
                self._end_round(events)
                return
        current = self.current = seat + 1 if seat + 1 < self._n else 0
        self.to_move = self._alone[current]
        self.phase = "turn"

    def _reveal_grid(self, seat: int, events: Log) -> tuple[int, ...]:
        """Turn up every face-down card of `seat` (a `FinalReveal`) and return their slots."""
        hidden = self.hidden[seat]
        if not hidden:
            return ()
        slots = tuple(bits(hidden))
        self.hidden[seat] = 0
        values = self.values[seat]
        revealed = tuple(v for v in map(values.__getitem__, slots) if v is not None)
        events.append(FinalReveal(seat, slots, revealed))
        return slots

    # --------------------------------------------------------------------------- saving

    def _saved_grids(self) -> dict[str, Any]:
        """The fields of `SavedGrids`, and the settings and seats, as the saved state names
        them."""
        slots = range(self.geometry.slots)
        return {
            "settings": self.settings,
            "seats": self.seats,
            "seed": self.seed,
            "phase": self.phase,
            "current": self.current,
            "values": [list(v) for v in self.values],
            "face_up": [[not hidden >> s & 1 for s in slots] for hidden in self.hidden],
            "draw_pile": list(self.draw_pile),
            "discard": list(self.discard),
            "finisher": self.finisher,
            "reshuffles": self.reshuffles,
            "turns": self.turns,
            "winners": self.winners,
            "moves": self.moves,
        }

    def _restore_grids(self, state: SavedGrids[Cell]) -> None:
        """Take the fields of `SavedGrids` from a saved state."""
        self.phase = state.phase
        self.current = state.current
        self.values = [list(v) for v in state.values]
        self.hidden = [
            sum(1 << s for s in range(len(values)) if values[s] is not None and not up[s])
            for values, up in zip(state.values, state.face_up, strict=True)
        ]
        self.draw_pile = list(state.draw_pile)
        self.discard = list(state.discard)
        self.finisher = state.finisher
        self.reshuffles = state.reshuffles
        self.turns = state.turns
        self.winners = state.winners
        self.moves = state.moves
