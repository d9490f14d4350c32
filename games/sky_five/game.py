"""The Sky Five rules engine: one game, from the shuffle to the winners.

Synchronous and pure. Cards are ints (see `games.sky_five.cards`); each seat has a list of
face-up cards, a bit mask of the colours among them and a banked pile. All randomness comes
from the game's seed: the shuffle, the cards removed at setup, the first player, and each die
roll, derived from (seed, roll number) so no generator state is saved.

Rulings where the rule text is silent or leaves a choice:
- The Rainbow Die has faces 1–6, so a 0 card never makes a bank attempt fail.
- The cards removed at setup are exactly the rulebook's numbers (2 players: 52, 3: 39, 4: 26,
  5: 13, 6: 0), taken at random from the shuffled deck and never shown. The first player is
  chosen at random.
- Drawing a colour you already have face up: you give the card to a player of your choice
  among those with no face-up card of that colour (a decision of its own, `give(seat)`). When
  exactly one player is eligible the card goes to them at once, without a decision. When
  nobody is eligible, you included, you bust, and the drawn card goes straight to the discard
  pile: it is not one of your face-up cards, so it cannot be taken.
- A bust: starting with the player after the busted one and going clockwise, each other player
  who could take a card (one of a colour they have no face-up card of, or any Shooting Star)
  decides to `take(index)` one or to `pass_()`; a player with nothing to take is skipped
  without a decision. Whether a card can be taken is judged when that player's chance comes,
  after the earlier players' takes. The remaining cards are then discarded, and the turn passes
  to the player after the busted one.
- Sky Five: whenever a player has face-up cards of all five colours, whether by keeping a
  drawn card, receiving a gift or taking from a bust, and whoever's turn it is, they bank every
  face-up card at once, Shooting Stars included, without rolling.
- Final round: it starts once the draw that emptied the draw pile is fully resolved (its gift,
  bust or Sky Five). Starting with the player after the one who drew the last card, every
  player, that one included, has one final turn on which the only action is `bank()`. A player
  with no face-up cards when their final turn comes passes automatically (a `NothingToBank`
  event, no decision). A player who has had their final turn takes no part in later busts. The
  game ends after the last final turn.
- Scoring: the most banked points wins; a tie goes to the most banked cards; still tied, the
  victory is shared.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

from games.core.errors import IllegalAction, InvalidSettings, Term
from games.core.events import record
from games.core.randomness import derive_rng, seeded_order
from games.core.seated_game import SeatedGame
from games.core.seats import Seat, validate_seats
from games.sky_five.actions import BANK, DRAW, GIVE, NO_TARGET, PASS, TAKE, Action
from games.sky_five.cards import (
    ALL_COLOURS,
    COLOUR_BIT,
    DECK,
    NUMBER,
    REMOVED_BY_SEATS,
    colour_of,
)
from games.sky_five.events import (
    Banked,
    BustCause,
    Busted,
    ChoosingRecipient,
    Discarded,
    Drew,
    Event,
    FinalRound,
    GameOver,
    Gave,
    Kept,
    NothingToBank,
    Passed,
    Rolled,
    SkyFive,
    Took,
)
from games.sky_five.scoring import points, winning_seats
from games.sky_five.settings import MAX_SEATS, MIN_SEATS, SkyFiveSettings
from games.sky_five.state import LastRoll, Phase, SkyFiveState
from games.sky_five.view import PlayerView, SkyFiveView

Shuffler = Callable[[Sequence[int]], list[int]]
"""Orders the deck, top card first; the last cards of the order are the ones removed."""

Roller = Callable[[int], int]
"""The face (1–6) of a game's roll number n; the first roll of a game is number 0."""


COLOUR_NAMES: tuple[Term, ...] = (
    Term("red"),
    Term("yellow"),
    Term("green"),
    Term("blue"),
    Term("purple"),
)
"""How the colours are named in an error; the table translates them with the message."""

_DRAW_OR_BANK = (DRAW, BANK)
_DRAW_ONLY = (DRAW,)
_BANK_ONLY = (BANK,)


def seeded_shuffler(seed: int) -> Shuffler:
    def shuffle(cards: Sequence[int]) -> list[int]:
        return seeded_order(cards, seed, "skyfive", "deck")

    return shuffle


_ROLL_BLOCK = 64


def seeded_roller(seed: int) -> Roller:
    """Roll n is face n % 64 of block n // 64, a sequence derived from the seed and the block
    number; the last block used is kept, so a generator is seeded once per 64 rolls."""
    block: list[int] = [-1]

    def roll(number: int) -> int:
        index, offset = divmod(number, _ROLL_BLOCK)
        if block[0] != index:
            uniform = derive_rng(seed, "skyfive", "die", index).random
            block[:] = [index, *(1 + int(uniform() * 6) for _ in range(_ROLL_BLOCK))]
        return block[1 + offset]

    return roll


def first_player(seed: int, players: int) -> int:
    """The seat that starts a game of `players` with this seed."""
    return int(derive_rng(seed, "skyfive", "first").random() * players)


class SkyFiveGame(SeatedGame):
    """A game of Sky Five. Create it with `SkyFiveGame.new`, or restore it with `from_state`."""

    __slots__ = (
        "_alone",
        "_n",
        "_roller",
        "banked",
        "busted",
        "busts",
        "colours",
        "current",
        "discard",
        "draw_pile",
        "face_up",
        "final_done",
        "final_round",
        "first",
        "last_roll",
        "moves",
        "pending",
        "phase",
        "removed",
        "rolls",
        "seats",
        "seed",
        "settings",
        "sky_fives",
        "takers",
        "to_move",
        "winners",
    )

    settings: SkyFiveSettings
    seats: tuple[Seat, ...]
    seed: int
    phase: Phase
    first: int
    current: int
    draw_pile: list[int]
    removed: list[int]
    discard: list[int]
    face_up: list[list[int]]
    colours: list[int]
    banked: list[list[int]]
    pending: int | None
    busted: int | None
    takers: list[int]
    final_round: bool
    final_done: list[bool]
    rolls: int
    busts: int
    sky_fives: int
    winners: tuple[int, ...] | None
    moves: int
    last_roll: LastRoll | None
    """The roll of the last turn played, if that turn was a bank; the next draw clears it."""
    to_move: tuple[int, ...]
    """The seat whose decision it is, alone in a tuple; empty exactly when the game is over."""
    _alone: tuple[tuple[int], ...]

    def __init__(
        self, settings: SkyFiveSettings, seats: Sequence[Seat], seed: int, roller: Roller | None
    ) -> None:
        self.settings = settings
        self.seats = tuple(seats)
        self.seed = seed
        self._n = len(self.seats)
        self._alone = tuple((seat,) for seat in range(self._n))
        self._roller = roller or seeded_roller(seed)

    # ----------------------------------------------------------------- creation and saving

    @classmethod
    def new(
        cls,
        settings: SkyFiveSettings,
        seats: Sequence[Seat],
        seed: int,
        shuffler: Shuffler | None = None,
        roller: Roller | None = None,
    ) -> SkyFiveGame:
        seats = validate_seats(seats, MIN_SEATS, MAX_SEATS)
        game = cls(settings, seats, seed, roller)
        n = game._n
        order = (shuffler or seeded_shuffler(seed))(DECK)
        if Counter(order) != Counter(DECK):
            raise InvalidSettings("The shuffled deck is not the Sky Five deck.")
        keep = len(order) - REMOVED_BY_SEATS[n]
        game.removed = order[keep:]
        pile = order[:keep]
        pile.reverse()
        game.draw_pile = pile
        game.discard = []
        game.face_up = [[] for _ in range(n)]
        game.colours = [0] * n
        game.banked = [[] for _ in range(n)]
        game.pending = None
        game.busted = None
        game.takers = []
        game.final_round = False
        game.final_done = [False] * n
        game.rolls = game.busts = game.sky_fives = game.moves = 0
        game.winners = None
        game.last_roll = None
        game.first = game.current = first_player(seed, n)
        game.phase = "turn"
        game.to_move = game._alone[game.current]
        return game

    def to_state(self) -> SkyFiveState:
        return SkyFiveState(
            settings=self.settings,
            seats=self.seats,
            seed=self.seed,
            phase=self.phase,
            first=self.first,
            current=self.current,
            draw_pile=list(self.draw_pile),
            removed=list(self.removed),
            discard=list(self.discard),
            face_up=[list(cards) for cards in self.face_up],
            banked=[list(cards) for cards in self.banked],
            pending=self.pending,
            busted=self.busted,
            takers=list(self.takers),
            final_round=self.final_round,
            final_done=list(self.final_done),
            rolls=self.rolls,
            busts=self.busts,
            sky_fives=self.sky_fives,
            winners=self.winners,
            moves=self.moves,
            last_roll=self.last_roll,
        )

    @classmethod
    def from_state(cls, state: SkyFiveState, roller: Roller | None = None) -> SkyFiveGame:
        seats = validate_seats(state.seats, MIN_SEATS, MAX_SEATS)
        n = len(seats)
        per_seat = (state.face_up, state.banked, state.final_done)
        if any(len(part) != n for part in per_seat):
            raise InvalidSettings("The saved game does not match its seats.")
        cards = Counter(state.draw_pile + state.removed + state.discard)
        for pile in (*state.face_up, *state.banked):
            cards.update(pile)
        if state.pending is not None:
            cards[state.pending] += 1
        if cards != Counter(DECK):
            raise InvalidSettings("The saved game's cards are not the Sky Five deck.")
        game = cls(state.settings, seats, state.seed, roller)
        game.phase = state.phase
        game.first = state.first
        game.current = state.current
        game.draw_pile = list(state.draw_pile)
        game.removed = list(state.removed)
        game.discard = list(state.discard)
        game.face_up = [list(pile) for pile in state.face_up]
        game.colours = [_colours(pile) for pile in state.face_up]
        game.banked = [list(pile) for pile in state.banked]
        game.pending = state.pending
        game.busted = state.busted
        game.takers = list(state.takers)
        game.final_round = state.final_round
        game.final_done = list(state.final_done)
        game.rolls = state.rolls
        game.busts = state.busts
        game.sky_fives = state.sky_fives
        game.winners = state.winners
        game.moves = state.moves
        game.last_roll = state.last_roll
        if game.phase == "over":
            game.to_move = ()
        elif game.phase == "bust":
            game.to_move = game._alone[game.takers[0]]
        else:
            game.to_move = game._alone[game.current]
        return game

    @classmethod
    def from_json(cls, data: str | bytes, roller: Roller | None = None) -> SkyFiveGame:
        return cls.from_state(SkyFiveState.model_validate_json(data), roller)

    # ----------------------------------------------------------------------------- queries

    def scores(self) -> tuple[int, ...]:
        """Every seat's banked points (private information until the game is over)."""
        return tuple(points(pile) for pile in self.banked)

    def recipients(self) -> tuple[int, ...]:
        """Who may receive the drawn card waiting for a recipient, in turn order."""
        if self.pending is None:
            return ()
        return self._recipients(self.current, COLOUR_BIT[self.pending])

    def legal_actions(self, seat: int) -> tuple[Action, ...]:
        to_move = self.to_move
        if not to_move or seat != to_move[0] or type(seat) is not int:
            return ()
        phase = self.phase
        if phase == "turn":
            if self.final_round:
                return _BANK_ONLY
            return _DRAW_OR_BANK if self.face_up[seat] else _DRAW_ONLY
        if phase == "give":
            return tuple(GIVE[r] for r in self.recipients())
        busted = self.busted
        assert busted is not None
        mine = self.colours[seat]
        takes = tuple(
            TAKE[i] for i, card in enumerate(self.face_up[busted]) if not COLOUR_BIT[card] & mine
        )
        return (*takes, PASS)

    def view(self, seat: int | None = None) -> SkyFiveView:
        """What `seat` may see (None: a spectator); see `games.sky_five.view` for the ruling."""
        over = self.phase == "over"
        players = []
        for s, info in enumerate(self.seats):
            pile = self.banked[s]
            shown = over or s == seat
            players.append(
                PlayerView(
                    name=info.name,
                    bot=info.bot,
                    face_up=tuple(self.face_up[s]),
                    banked_count=len(pile),
                    banked=tuple(pile) if shown else None,
                    score=points(pile) if shown else None,
                    final_turn_done=self.final_done[s],
                )
            )
        return SkyFiveView(
            seat=seat,
            settings=self.settings,
            phase=self.phase,
            final_round=self.final_round,
            to_move=self.to_move,
            current=None if over else self.current,
            first=self.first,
            players=tuple(players),
            draw_pile_size=len(self.draw_pile),
            removed_count=len(self.removed),
            discard=tuple(self.discard),
            pending=self.pending,
            recipients=self.recipients(),
            busted=self.busted,
            winners=self.winners,
            moves=self.moves,
            last_roll=self.last_roll,
        )

    # ------------------------------------------------------------------------------ actions

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Apply `seat`'s action and return what happened.

        An illegal action raises `IllegalAction` and leaves the game unchanged.
        """
        try:
            kind, target = action
        except (TypeError, ValueError):
            raise IllegalAction("That is not a Sky Five action.") from None
        if self.phase == "over":
            raise IllegalAction("This game is over.")
        if type(seat) is not int or seat != self.to_move[0]:
            raise self._not_your_decision(seat)
        phase = self.phase
        events: list[Event] = []
        if phase == "turn":
            if kind == "draw" and target == NO_TARGET:
                if self.final_round:
                    raise IllegalAction("The draw pile is empty: on your final turn you must bank.")
                self._draw(seat, events)
            elif kind == "bank" and target == NO_TARGET:
                if not self.face_up[seat]:
                    raise IllegalAction("You have no face-up cards to bank: draw a card.")
                self._bank(seat, events)
            elif self.final_round:
                raise IllegalAction("It is your final turn: bank your face-up cards.")
            else:
                raise IllegalAction("It is your turn: draw a card or bank your face-up cards.")
        elif phase == "give":
            self._check_recipient(seat, kind, target)
            card = self.pending
            assert card is not None
            self.pending = None
            self._give(seat, target, card, True, events)
            self._end_turn(events)
        else:
            busted = self.busted
            assert busted is not None
            if kind == "pass" and target == NO_TARGET:
                events.append(record(Passed, (seat, busted)))
                del self.takers[0]
                self._offer(events)
            elif kind == "take":
                self._check_take(seat, busted, target)
                self._take(seat, busted, target, events)
            else:
                raise IllegalAction(
                    "{name} busted: take one of their face-up cards or pass.",
                    name=self.seats[busted].name,
                )
        self.moves += 1
        return events

    def _not_your_decision(self, seat: object) -> IllegalAction:
        if stranger := self._stranger(seat):
            return stranger
        name = self.seats[self.to_move[0]].name
        if self.phase == "bust":
            assert self.busted is not None
            busted = self.seats[self.busted].name
            if seat == self.busted:
                return IllegalAction(
                    "You busted: the others may take your cards. It is {name}'s choice now.",
                    name=name,
                )
            return IllegalAction(
                "It is {name}'s choice of {busted}'s cards, not yours; wait for your chance.",
                name=name,
                busted=busted,
            )
        return IllegalAction("It is {name}'s turn, not yours.", name=name)

    def _check_recipient(self, seat: int, kind: str, target: object) -> None:
        card = self.pending
        assert card is not None
        recipients = self.recipients()
        colour = COLOUR_NAMES[colour_of(card)]
        number = NUMBER[card]
        if kind != "give":
            names = [self.seats[r].name for r in recipients]
            raise IllegalAction(
                "You already have {colour}: choose who gets the {colour} {number} "
                "({first} or {last}).",
                colour=colour,
                number=number,
                first=", ".join(names[:-1]),
                last=names[-1],
            )
        if type(target) is not int or not 0 <= target < self._n:
            raise IllegalAction("There is no such player.")
        if target == seat:
            raise IllegalAction(
                "You already have {colour}: give the {colour} {number} to another player.",
                colour=colour,
                number=number,
            )
        if target not in recipients:
            raise IllegalAction(
                "{name} already has a {colour} card face up.",
                name=self.seats[target].name,
                colour=colour,
            )

    def _check_take(self, seat: int, busted: int, index: object) -> None:
        cards = self.face_up[busted]
        if type(index) is not int or not 0 <= index < len(cards):
            raise IllegalAction("{name} has no such face-up card.", name=self.seats[busted].name)
        card = cards[index]
        if COLOUR_BIT[card] & self.colours[seat]:
            raise IllegalAction(
                "You already have a {colour} card face up: you cannot take the {colour} {number}.",
                colour=COLOUR_NAMES[colour_of(card)],
                number=NUMBER[card],
            )

    # ------------------------------------------------------------------------------- rules

    def _recipients(self, drawer: int, bit: int) -> tuple[int, ...]:
        n = self._n
        colours = self.colours
        found = []
        seat = drawer
        for _ in range(n - 1):
            seat = seat + 1 if seat + 1 < n else 0
            if not colours[seat] & bit:
                found.append(seat)
        return tuple(found)

    def _draw(self, seat: int, events: list[Event]) -> None:
        pile = self.draw_pile
        card = pile.pop()
        self.last_roll = None
        events.append(record(Drew, (seat, card, len(pile))))
        bit = COLOUR_BIT[card]
        if not bit & self.colours[seat]:
            events.append(record(Kept, (seat, card)))
            self._receive(seat, card, events)
            self._end_turn(events)
            return
        recipients = self._recipients(seat, bit)
        if not recipients:
            self.discard.append(card)
            self._bust(seat, "colour", card, events)
        elif len(recipients) == 1:
            self._give(seat, recipients[0], card, False, events)
            self._end_turn(events)
        else:
            self.pending = card
            self.phase = "give"
            events.append(record(ChoosingRecipient, (seat, card, recipients)))

    def _give(self, seat: int, to: int, card: int, chosen: bool, events: list[Event]) -> None:
        events.append(record(Gave, (seat, to, card, chosen)))
        self._receive(to, card, events)

    def _receive(self, seat: int, card: int, events: list[Event]) -> None:
        """Put `card` face up in front of `seat`; a fifth colour is a Sky Five."""
        self.face_up[seat].append(card)
        colours = self.colours[seat] = self.colours[seat] | COLOUR_BIT[card]
        if colours == ALL_COLOURS:
            self.sky_fives += 1
            events.append(record(SkyFive, (seat,)))
            self._bank_all(seat, events)

    def _bank_all(self, seat: int, events: list[Event]) -> None:
        cards = self.face_up[seat]
        pile = self.banked[seat]
        pile += cards
        events.append(record(Banked, (seat, tuple(cards), points(cards), points(pile))))
        self.face_up[seat] = []
        self.colours[seat] = 0

    def _bank(self, seat: int, events: list[Event]) -> None:
        if self.final_round:
            self.final_done[seat] = True
        roll = self._roller(self.rolls)
        self.rolls += 1
        events.append(record(Rolled, (seat, roll)))
        self.last_roll = LastRoll(seat, roll, tuple(self.face_up[seat]))
        for card in self.face_up[seat]:
            if NUMBER[card] == roll:
                self._bust(seat, "roll", roll, events)
                return
        self._bank_all(seat, events)
        self._end_turn(events)

    def _bust(self, seat: int, cause: BustCause, value: int, events: list[Event]) -> None:
        self.busts += 1
        events.append(record(Busted, (seat, cause, value, tuple(self.face_up[seat]))))
        n = self._n
        done = self.final_done
        self.busted = seat
        self.takers = [t for t in ((seat + k) % n for k in range(1, n)) if not done[t]]
        self._offer(events)

    def _offer(self, events: list[Event]) -> None:
        """Offer the busted player's cards to the next player who could take one; when nobody
        is left, discard the rest and end the busted player's turn."""
        busted = self.busted
        assert busted is not None
        cards = self.face_up[busted]
        takers = self.takers
        colours = self.colours
        while takers and cards:
            mine = colours[takers[0]]
            for card in cards:
                if not COLOUR_BIT[card] & mine:
                    self.phase = "bust"
                    self.to_move = self._alone[takers[0]]
                    return
            del takers[0]
        takers.clear()
        self.discard += cards
        events.append(record(Discarded, (busted, tuple(cards))))
        self.face_up[busted] = []
        self.colours[busted] = 0
        self.busted = None
        self._end_turn(events)

    def _take(self, seat: int, busted: int, index: int, events: list[Event]) -> None:
        card = self.face_up[busted].pop(index)
        self.colours[busted] &= ~COLOUR_BIT[card]
        events.append(record(Took, (seat, busted, card)))
        del self.takers[0]
        self._receive(seat, card, events)
        self._offer(events)

    def _end_turn(self, events: list[Event]) -> None:
        """Pass the turn on from the current player, starting or running the final round."""
        n = self._n
        seat = self.current
        self.phase = "turn"
        if not self.final_round:
            if self.draw_pile:
                seat = self.current = seat + 1 if seat + 1 < n else 0
                self.to_move = self._alone[seat]
                return
            self.final_round = True
            events.append(record(FinalRound, (seat,)))
        done = self.final_done
        for _ in range(n):
            seat = seat + 1 if seat + 1 < n else 0
            if done[seat]:
                continue
            if self.face_up[seat]:
                self.current = seat
                self.to_move = self._alone[seat]
                return
            done[seat] = True
            events.append(record(NothingToBank, (seat,)))
        self._finish(events)

    def _finish(self, events: list[Event]) -> None:
        scores = self.scores()
        counts = tuple(len(pile) for pile in self.banked)
        self.winners = winning_seats(scores, counts)
        self.phase = "over"
        self.to_move = ()
        events.append(GameOver(scores, counts, self.winners))


def _colours(cards: Sequence[int]) -> int:
    mask = 0
    for card in cards:
        mask |= COLOUR_BIT[card]
    return mask
