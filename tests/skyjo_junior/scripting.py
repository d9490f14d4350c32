"""Scripted decks for Skyjo Junior scenarios: exact deals and reshuffles, every card accounted for.

A shuffler returns cards top card first. For the deal (reshuffle number 0) the engine gives seat
i the cards `order[i*12:(i+1)*12]` in slot order (reading order: A1 B1 C1 D1, A2 … D3), starts
the discard pile with `order[n*12]` and draws `order[n*12+1]` first. For a reshuffle the
returned order is the new draw pile, first element drawn first.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence

from games.core import Seat
from games.skyjo_junior import (
    Action,
    JuniorGame,
    JuniorSettings,
    decline_flip,
    draw,
    first_player,
)
from games.skyjo_junior.cards import deck
from games.skyjo_junior.events import Event

NAMES = ("Ana", "Leo", "Zoe", "Max", "Ida", "Tom", "Eva", "Sam")

Order = Sequence[int] | Callable[[Sequence[int]], list[int]]


def grid(*rows: Sequence[int]) -> list[int]:
    """A grid written row by row, flattened into slot order."""
    if len(rows) != 3 or any(len(row) != 4 for row in rows):
        raise ValueError("a Skyjo Junior grid has 3 rows of 4 cards")
    return [card for row in rows for card in row]


def deal_order(
    grids: Sequence[Sequence[int]],
    discard: int,
    draws: Sequence[int] = (),
    cards: Sequence[int] = deck(),
) -> list[int]:
    """A full permutation of `cards`: the scripted cards first, then the rest in deck order."""
    scripted = [card for g in grids for card in g] + [discard, *draws]
    rest = Counter(cards)
    rest.subtract(scripted)
    short = {card: -count for card, count in rest.items() if count < 0}
    unknown = set(scripted) - set(cards)
    if short or unknown:
        raise ValueError(f"the deck cannot supply these cards: {short or sorted(unknown)}")
    filler = []
    for card in cards:
        if rest[card] > 0:
            rest[card] -= 1
            filler.append(card)
    return scripted + filler


class ScriptedShuffler:
    """Returns the scripted order for a reshuffle number, else the cards in the given order.

    Every call is recorded in `calls` as (cards, round, reshuffle).
    """

    def __init__(self, orders: Mapping[int, Order] | None = None) -> None:
        self.orders: dict[int, Order] = dict(orders or {})
        self.calls: list[tuple[tuple[int, ...], int, int]] = []

    def __call__(self, cards: Sequence[int], round_number: int, reshuffle: int) -> list[int]:
        self.calls.append((tuple(cards), round_number, reshuffle))
        script = self.orders.get(reshuffle)
        if script is None:
            return list(cards)
        order = script(cards) if callable(script) else list(script)
        if Counter(order) != Counter(cards):
            raise AssertionError(f"the script for reshuffle {reshuffle} is not a permutation")
        return order


def seats(count: int) -> list[Seat]:
    return [Seat(name=name) for name in NAMES[:count]]


def seed_for(starter: int, players: int) -> int:
    """The smallest seed whose lot makes `starter` the first player."""
    return next(seed for seed in range(10_000) if first_player(seed, players) == starter)


def scripted_game(
    grids: Sequence[Sequence[int]],
    discard: int,
    draws: Sequence[int] = (),
    starter: int = 0,
    settings: JuniorSettings | None = None,
    names: Sequence[str] | None = None,
    reshuffles: Mapping[int, Order] | None = None,
) -> tuple[JuniorGame, ScriptedShuffler]:
    """A new game dealing `grids`, `discard` and then `draws` (first drawn first), which
    `starter` begins. `reshuffles` scripts the orders of reshuffles by their number."""
    settings = settings or JuniorSettings()
    order = deal_order(grids, discard, draws, deck(settings.copies_per_value))
    shuffler = ScriptedShuffler({0: order, **(reshuffles or {})})
    table = [Seat(name=name) for name in names] if names else seats(len(grids))
    game = JuniorGame.new(settings, table, seed_for(starter, len(grids)), shuffler)
    return game, shuffler


def play(game: JuniorGame, moves: Iterable[tuple[int, Action]]) -> list[Event]:
    """Apply (seat, action) pairs in order and return every event."""
    events: list[Event] = []
    for seat, action in moves:
        events += game.apply(seat, action)
    return events


def decline_turns(
    game: JuniorGame, slots_by_seat: Sequence[Sequence[int]], turns: int
) -> list[Event]:
    """Play `turns` turns from the current seat: on each, the seat draws, declines the card
    and turns up the next slot of its own list in `slots_by_seat`."""
    used = [0] * len(slots_by_seat)
    events: list[Event] = []
    for _ in range(turns):
        seat = game.current
        slot = slots_by_seat[seat][used[seat]]
        used[seat] += 1
        events += play(game, [(seat, draw()), (seat, decline_flip(slot))])
    return events


def all_but(*kept: int) -> list[int]:
    """Every slot in reading order except `kept`."""
    return [slot for slot in range(12) if slot not in kept]


def card_counts(game: JuniorGame) -> Counter[int]:
    """Every card in the game: grids, both piles and a held card."""
    cards: Counter[int] = Counter(game.draw_pile)
    cards.update(game.discard)
    for values in game.values:
        cards.update(values)
    if game.held is not None:
        cards[game.held] += 1
    return cards


def shown(game: JuniorGame, seat: int) -> tuple[int | str, ...]:
    """A seat's grid as the table sees it: values or "down"."""
    return game.view(None).players[seat].cards


def points_shown(game: JuniorGame) -> list[int]:
    return [player.visible_points for player in game.view(None).players]
