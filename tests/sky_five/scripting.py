"""Scripted Sky Five games: exact decks, die rolls and positions, every card accounted for.

Cards are written with one letter per colour and the number: `R(4)` is the red 4, `S(3)` the
Shooting Star 3. `scripted_game` starts a real game whose draws and rolls are scripted;
`position` builds a game in the middle of play (face-up cards, banked piles, the next draws),
the unused cards making up the removed pile.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from games.core import Seat
from games.sky_five import Action, SkyFiveGame, SkyFiveSettings, first_player
from games.sky_five.cards import DECK, STAR, card
from games.sky_five.events import Event
from games.sky_five.state import Phase, SkyFiveState

NAMES = ("Ana", "Leo", "Zoe", "Max", "Ida", "Tom")


def R(number: int) -> int:
    return card(0, number)


def Y(number: int) -> int:
    return card(1, number)


def G(number: int) -> int:
    return card(2, number)


def B(number: int) -> int:
    return card(3, number)


def P(number: int) -> int:
    return card(4, number)


def S(number: int) -> int:
    return card(STAR, number)


class ScriptedRoller:
    """Rolls `faces[n]` for roll number n, and records every roll number asked for."""

    def __init__(self, faces: Sequence[int] = ()) -> None:
        self.faces = list(faces)
        self.calls: list[int] = []

    def __call__(self, number: int) -> int:
        self.calls.append(number)
        if number >= len(self.faces):
            raise AssertionError(f"roll {number} is not scripted")
        return self.faces[number]


def rest_of_deck(used: Iterable[int]) -> list[int]:
    """The deck less `used`, in deck order; refuses cards the deck cannot supply."""
    rest = Counter(DECK)
    rest.subtract(used)
    short = {c: -count for c, count in rest.items() if count < 0}
    if short:
        raise ValueError(f"the deck cannot supply these cards: {short}")
    order = []
    for c in DECK:
        if rest[c] > 0:
            rest[c] -= 1
            order.append(c)
    return order


def deck_order(draws: Sequence[int]) -> list[int]:
    """A full permutation of the deck, top card first: `draws`, then the rest in deck order."""
    return [*draws, *rest_of_deck(draws)]


def seats(count: int) -> list[Seat]:
    return [Seat(name=name) for name in NAMES[:count]]


def seed_starting(seat: int, players: int) -> int:
    """The smallest seed with which `seat` starts a game of `players`."""
    return next(s for s in range(10_000) if first_player(s, players) == seat)


def scripted_game(
    players: int, draws: Sequence[int] = (), rolls: Sequence[int] = (), first: int = 0
) -> SkyFiveGame:
    """A new game started by seat `first`, drawing `draws` first and rolling `rolls` in order."""
    order = deck_order(draws)
    return SkyFiveGame.new(
        SkyFiveSettings(),
        seats(players),
        seed_starting(first, players),
        shuffler=lambda cards: list(order),
        roller=ScriptedRoller(rolls),
    )


def position(
    face_up: Sequence[Sequence[int]],
    draws: Sequence[int] = (),
    rolls: Sequence[int] = (),
    current: int = 0,
    banked: Sequence[Sequence[int]] | None = None,
    final_done: Sequence[bool] | None = None,
) -> SkyFiveGame:
    """A game at `current`'s turn. Seat i has `face_up[i]` face up and `banked[i]` banked; the
    draw pile holds exactly `draws` (first drawn first); with no draws it is the final round,
    `final_done` saying who has had their final turn."""
    players = len(face_up)
    piles = [list(p) for p in banked] if banked is not None else [[] for _ in face_up]
    used = [*draws, *(c for p in face_up for c in p), *(c for p in piles for c in p)]
    final = not draws
    phase: Phase = "turn"
    state = SkyFiveState(
        settings=SkyFiveSettings(),
        seats=tuple(seats(players)),
        seed=0,
        phase=phase,
        first=0,
        current=current,
        draw_pile=list(reversed(draws)),
        removed=rest_of_deck(used),
        discard=[],
        face_up=[list(p) for p in face_up],
        banked=piles,
        pending=None,
        busted=None,
        takers=[],
        final_round=final,
        final_done=list(final_done) if final_done is not None else [False] * players,
        rolls=0,
        busts=0,
        sky_fives=0,
        winners=None,
        moves=0,
    )
    return SkyFiveGame.from_state(state, roller=ScriptedRoller(rolls))


def play(game: SkyFiveGame, moves: Iterable[tuple[int, Action]]) -> list[Event]:
    """Apply (seat, action) pairs in order and return every event."""
    events: list[Event] = []
    for seat, action in moves:
        events += game.apply(seat, action)
    return events


def card_counts(game: SkyFiveGame) -> Counter[int]:
    """Every card of the game: draw pile, removed, face up (and a drawn card waiting for its
    recipient), banked and discarded."""
    cards = Counter(game.draw_pile)
    cards.update(game.removed)
    cards.update(game.discard)
    for pile in (*game.face_up, *game.banked):
        cards.update(pile)
    if game.pending is not None:
        cards[game.pending] += 1
    return cards


def snapshot(game: SkyFiveGame) -> tuple[str, str]:
    """The saved state and the public view: both must be untouched by an illegal action."""
    return game.to_json(), game.view(None).model_dump_json()
