"""Scripted decks for Skyjo scenarios: exact deals and reshuffles, every card accounted for.

A shuffler returns cards top card first. For a deal (reshuffle number 0) the engine gives seat i
the cards `order[i*S:(i+1)*S]` in slot order, starts the discard pile with `order[n*S]` and
draws `order[n*S+1]` first. For a reshuffle the returned order is the new draw pile, first
element drawn first.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence

from games.core import Seat
from games.skyjo import Action, SkyjoGame, SkyjoSettings, draw, flip, reveal
from games.skyjo.cards import DECK
from games.skyjo.events import Event

NAMES = ("Ana", "Leo", "Zoe", "Max", "Ida", "Tom", "Eva", "Sam")

Order = Sequence[int] | Callable[[Sequence[int]], list[int]]

QUICK = SkyjoSettings(rows=2, columns=2, opening_flips=3, clear_columns=False)
"""A 2×2 grid with three cards turned up at the start: a round lasts one turn per seat."""


def grid(*rows: Sequence[int]) -> list[int]:
    """A grid written row by row, flattened into slot order."""
    return [card for row in rows for card in row]


def deal_order(
    grids: Sequence[Sequence[int]],
    discard: int,
    draws: Sequence[int] = (),
    deck: Sequence[int] = DECK,
) -> list[int]:
    """A full permutation of `deck`: the scripted cards first, then the rest in deck order."""
    sizes = {len(g) for g in grids}
    if len(sizes) != 1:
        raise ValueError(f"every grid must have the same size, not {sorted(sizes)}")
    scripted = [card for g in grids for card in g] + [discard, *draws]
    rest = Counter(deck)
    rest.subtract(scripted)
    short = {card: -count for card, count in rest.items() if count < 0}
    unknown = set(scripted) - set(deck)
    if short or unknown:
        raise ValueError(f"the deck cannot supply these cards: {short or sorted(unknown)}")
    filler = []
    for card in deck:
        if rest[card] > 0:
            rest[card] -= 1
            filler.append(card)
    return scripted + filler


class ScriptedShuffler:
    """Returns the scripted order for a (round, reshuffle), else the cards in the given order.

    Every call is recorded in `calls` as (cards, round, reshuffle).
    """

    def __init__(self, orders: Mapping[tuple[int, int], Order] | None = None) -> None:
        self.orders: dict[tuple[int, int], Order] = dict(orders or {})
        self.calls: list[tuple[tuple[int, ...], int, int]] = []

    def __call__(self, cards: Sequence[int], round_number: int, reshuffle: int) -> list[int]:
        self.calls.append((tuple(cards), round_number, reshuffle))
        script = self.orders.get((round_number, reshuffle))
        if script is None:
            return list(cards)
        order = script(cards) if callable(script) else list(script)
        if Counter(order) != Counter(cards):
            raise AssertionError(
                f"the script for round {round_number}, reshuffle {reshuffle} "
                "is not a permutation of the cards given"
            )
        return order


def seats(count: int) -> list[Seat]:
    return [Seat(name=name) for name in NAMES[:count]]


def scripted_game(
    grids: Sequence[Sequence[int]],
    discard: int,
    draws: Sequence[int] = (),
    settings: SkyjoSettings | None = None,
    later: Mapping[tuple[int, int], Order] | None = None,
) -> tuple[SkyjoGame, ScriptedShuffler]:
    """A new game whose round 1 deals `grids`, `discard` and then `draws` (first drawn first).

    `later` scripts the orders of other deals and reshuffles, keyed by (round, reshuffle).
    """
    settings = settings or SkyjoSettings()
    if any(len(g) != settings.slots for g in grids):
        raise ValueError(f"each grid must have {settings.slots} cards")
    shuffler = ScriptedShuffler({(1, 0): deal_order(grids, discard, draws), **(later or {})})
    game = SkyjoGame.new(settings, seats(len(grids)), seed=0, shuffler=shuffler)
    return game, shuffler


def play(game: SkyjoGame, moves: Iterable[tuple[int, Action]]) -> list[Event]:
    """Apply (seat, action) pairs in order and return every event."""
    events: list[Event] = []
    for seat, action in moves:
        events += game.apply(seat, action)
    return events


def open_round(game: SkyjoGame, slots_by_seat: Sequence[Sequence[int]]) -> list[Event]:
    """Apply the opening reveals seat by seat: seat i turns up `slots_by_seat[i]` in order."""
    return play(
        game, ((s, reveal(slot)) for s, slots in enumerate(slots_by_seat) for slot in slots)
    )


def every_slot_but(game: SkyjoGame, *kept: int) -> list[int]:
    return [slot for slot in range(game.settings.slots) if slot not in kept]


def card_counts(game: SkyjoGame) -> Counter[int]:
    """Every card in the game: grids, both piles and a drawn card."""
    cards: Counter[int] = Counter()
    for values in game.values:
        cards.update(v for v in values if v is not None)
    cards.update(game.draw_pile)
    cards.update(game.discard)
    if game.drawn is not None:
        cards[game.drawn] += 1
    return cards


def snapshot(game: SkyjoGame) -> tuple[str, str]:
    """The saved state and the public view: both must be untouched by an illegal action."""
    return game.to_json(), game.view(None).to_json()


def cards_shown(game: SkyjoGame, seat: int) -> tuple[int | str, ...]:
    """A seat's grid as the table sees it: values, "down" or "cleared"."""
    return game.view(None).players[seat].cards


def quick_round(game: SkyjoGame, finisher: int) -> list[Event]:
    """Play a round of the QUICK settings: opening reveals of slots 0-2, then each seat in
    turn, starting with `finisher`, draws, discards and turns up its last card (slot 3)."""
    n = len(game.seats)
    events = open_round(game, [(0, 1, 2)] * n)
    if game.current != finisher:
        raise AssertionError(f"seat {game.current} starts, not seat {finisher}: fix the script")
    for turn in range(n):
        seat = (finisher + turn) % n
        events += play(game, [(seat, draw()), (seat, flip(3))])
    return events


def status(game: SkyjoGame) -> tuple[str, tuple[int, ...]]:
    """The phase and the seats to move."""
    return game.phase, game.to_move
