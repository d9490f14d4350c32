"""The Skyjo Junior rules engine: one game, from the deal to the winners.

Synchronous and pure. Cards are ints; a seat's grid is a list of twelve values in reading order
and a bit mask `hidden` of its face-down slots, so legality and "everything revealed" are integer
operations. Legal-action tuples are shared between games and cached by that mask.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from games.core.card_grid import CardGridGame
from games.core.errors import IllegalAction, InvalidSettings
from games.core.events import record
from games.core.grid import Geometry, Line, line_checks
from games.core.masks import ActionCache, bits
from games.core.randomness import Shuffler, derive_rng
from games.core.seats import Seat
from games.skyjo_junior.actions import DECLINE_FLIP, DRAW, NO_SLOT, SWAP, TAKE, Action
from games.skyjo_junior.cards import deck
from games.skyjo_junior.events import (
    Dealt,
    Declined,
    Event,
    GameOver,
    LastMoves,
    Scored,
    Swapped,
    TookDiscard,
    TripleMade,
)
from games.skyjo_junior.scoring import GEOMETRY, highest, triples, visible_points
from games.skyjo_junior.settings import GRID_SLOTS, MAX_SEATS, MIN_SEATS, JuniorSettings
from games.skyjo_junior.state import JuniorState, Phase, Source
from games.skyjo_junior.view import JuniorView, PlayerView, cards_seen

ROUND = 1
"""A game of Skyjo Junior is a single deal: its round number, for the shuffler."""


_TAKE_OR_DRAW = (TAKE, DRAW)

_COLUMNS = line_checks(GEOMETRY, columns=True, rows=False)
"""For each slot, its column: where a triple is made."""


def _holding_choices(hidden: int) -> tuple[Action, ...]:
    return SWAP + tuple(DECLINE_FLIP[s] for s in bits(hidden))


_holding_actions = ActionCache[int, Action](_holding_choices)


def first_player(seed: int, players: int) -> int:
    """The seat drawn by lot to start, fixed by the seed."""
    return derive_rng(seed, "junior", "starter").randrange(players)


class JuniorGame(CardGridGame[int, JuniorSettings]):
    """A game of Skyjo Junior. Create it with `JuniorGame.new`, or restore it with `from_state`."""

    __slots__ = (
        "_following",
        "held",
        "held_from",
        "points",
        "starter",
    )

    shuffle_label = "junior"
    min_seats = MIN_SEATS
    max_seats = MAX_SEATS

    starter: int
    phase: Phase
    held: int | None
    held_from: Source | None
    points: tuple[int, ...] | None
    to_move: tuple[int, ...]
    """The seat whose decision it is, alone in a tuple; empty exactly when the game is over."""
    _following: tuple[tuple[int, ...], ...]

    geometry: Geometry = GEOMETRY
    round: int = ROUND

    def __init__(self, settings: JuniorSettings, seats: Sequence[Seat], seed: int) -> None:
        super().__init__(settings, seats, seed)
        self._line_checks = _COLUMNS
        n = self._n
        self._following = tuple(
            tuple((seat + step) % n for step in range(1, n)) for seat in range(n)
        )

    @property
    def last_moves(self) -> int:
        """The moves still to be played after the finisher's, once there is a finisher."""
        return self._last_turns

    # ----------------------------------------------------------------- creation and saving

    @classmethod
    def new(
        cls,
        settings: JuniorSettings,
        seats: Sequence[Seat],
        seed: int,
        shuffler: Shuffler | None = None,
    ) -> JuniorGame:
        game = cls._seated(settings, seats, seed, shuffler)
        settings.check_seats(game._n)
        game._deal(deck(settings.copies_per_value))
        game.held = None
        game.held_from = None
        game.points = None
        game.winners = None
        game.moves = 0
        game.starter = game.current = first_player(seed, game._n)
        game.to_move = game._alone[game.starter]
        game.phase = "turn"
        return game

    def to_state(self) -> JuniorState:
        return JuniorState(
            **self._saved_grids(),
            starter=self.starter,
            held=self.held,
            held_from=self.held_from,
            last_moves=self._last_turns,
            points=self.points,
        )

    @classmethod
    def from_state(cls, state: JuniorState, shuffler: Shuffler | None = None) -> JuniorGame:
        game = cls._seated(state.settings, state.seats, state.seed, shuffler)
        state.settings.check_seats(game._n)
        _check_saved(state, game._n)
        game._restore_grids(state)
        game.starter = state.starter
        game.held = state.held
        game.held_from = state.held_from
        game._last_turns = state.last_moves
        game.points = state.points
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
        players = tuple(
            PlayerView(
                name=info.name,
                bot=info.bot,
                cards=cards_seen(self.values[s], self.hidden[s]),
                visible_points=visible_points(self.values[s], self.hidden[s]),
            )
            for s, info in enumerate(self.seats)
        )
        return JuniorView(
            seat=seat,
            settings=self.settings,
            phase=self.phase,
            to_move=self.to_move,
            current=None if self.phase == "over" else self.current,
            starter=self.starter,
            players=players,
            discard=tuple(self.discard),
            draw_pile_size=len(self.draw_pile),
            held=self.held,
            held_from=self.held_from,
            finisher=self.finisher,
            last_moves=self.last_moves,
            winners=self.winners,
            moves=self.moves,
        )

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
                    raise self._bad_slot(seat, slot)
                card = self.held
                assert card is not None
                self.held = self.held_from = None
                events = self._place(seat, slot, card, Swapped)
            elif kind == "decline_flip":
                if type(slot) is not int or slot < 0 or not self.hidden[seat] >> slot & 1:
                    raise self._bad_slot(seat, slot)
                card = self.held
                assert card is not None
                value = self.values[seat][slot]
                from_discard = self.held_from == "discard"
                events = [record(Declined, (seat, card, from_discard, slot, value))]
                self.held = self.held_from = None
                self._turn_up(seat, slot, card, value, events)
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
                events = []
                self.held = self._draw(seat, events)
                self.held_from = "draw"
                self.phase = "holding"
            elif kind in ("swap", "decline_flip"):
                raise IllegalAction("Take the discard or draw a card first.")
            else:
                raise IllegalAction("That is not a Skyjo Junior action.")
        else:
            raise IllegalAction("This game is over.")
        self.moves += 1
        return events

    def _bad_slot(self, seat: int, slot: object) -> IllegalAction:
        return self._misplaced(seat, slot) or IllegalAction(
            "That card is already face up: choose a face-down card to turn up."
        )

    def _take(self, seat: int) -> list[Event]:
        card = self.held = self.discard.pop()
        self.held_from = "discard"
        self.phase = "holding"
        return [record(TookDiscard, (seat, card))]

    # ------------------------------------------------------------------------------- rules

    def _line_completed(
        self, seat: int, slot: int, line: Line, value: int, events: list[Event]
    ) -> None:
        """A face-up triple: reported, it stays in place until the end."""
        events.append(record(TripleMade, (seat, line.position, value)))

    def _finished(self, seat: int, events: list[Event]) -> None:
        events.append(record(LastMoves, (seat, self._following[seat])))

    def _end_round(self, events: list[Event]) -> None:
        """Turn up every remaining card, score each seat's triples and name the winners."""
        for seat in range(self._n):
            self._reveal_grid(seat, events)
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
