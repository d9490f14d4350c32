"""Skyjo Junior bots: the `greedy` baseline and the easy, normal and hard levels.

A bot sees only its seat's view (face-up cards, the discard pile, the held card); it never
reads a face-down value or the draw pile. Its randomness comes only from its generator.

greedy: take the discard if it matches a face-up card in a column that has no triple yet, and
put it in that column on a card that does not match (the first such column from the left, and
in it the first face-up card that does not match, else the first face-down card, from the top);
otherwise draw and do the same with the drawn card, else decline it and turn up a random
face-down card.

How `hard` plays (`normal` and `easy` switch parts off, see `LEVELS`):

- **Unknown cards**: the deck less every face-up card, the discard pile and the held card.
- **A column's worth** is its best target value v times the chance of completing the triple of
  v in time: the cards still needed (face-down or other values) against how many v are unknown
  and how many turns the game may last (the fewest face-down cards anyone has). A finished
  triple is worth its value; after the last move, only the final reveal can still complete one.
- **Every option is scored**: the held card on each place, or declined with each face-down card
  turned up (the expectation over what it may be); taking the discard against drawing (the
  expectation of the best use of each unknown card).
- **Ending the game**: turning up the last card is good only when the points already made beat
  every opponent's estimate (their triples plus what one more move may bring); otherwise it is
  avoided.
- **Denial**: a card put on the discard pile is charged for the triple it may give the next
  player.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from games.skyjo_junior.actions import DECLINE_FLIP, DRAW, SWAP, TAKE, Action
from games.skyjo_junior.cards import VALUES
from games.skyjo_junior.settings import GRID_COLUMNS, GRID_SLOTS
from games.skyjo_junior.view import JuniorView

HIDDEN = 0
"""A face-down card (card values are 1 to 12)."""

COLUMN_OF = tuple(slot % GRID_COLUMNS for slot in range(GRID_SLOTS))
COLUMNS = tuple(tuple(range(c, GRID_SLOTS, GRID_COLUMNS)) for c in range(GRID_COLUMNS))


def _code(card: int | str) -> int:
    return card if type(card) is int else HIDDEN


def _is_triple(cards: Sequence[int]) -> bool:
    return cards[0] != HIDDEN and cards[0] == cards[1] == cards[2]


# ------------------------------------------------------------------------------ greedy


def greedy_target(cards: Sequence[int], card: int) -> int | None:
    """Where the greedy baseline puts `card`: in the first column without a triple that holds
    a face-up `card`, on its first face-up card that does not match, else its first face-down
    card; None if no column qualifies."""
    for column in COLUMNS:
        here = [cards[s] for s in column]
        if _is_triple(here) or card not in here:
            continue
        for slot in column:
            if cards[slot] != HIDDEN and cards[slot] != card:
                return slot
        for slot in column:
            if cards[slot] == HIDDEN:
                return slot
    return None


class GreedyPolicy:
    """The `greedy` baseline (see the module docstring)."""

    def __init__(self, rng: random.Random) -> None:
        self._rng = rng

    def choose(self, actions: Sequence[Action], view: Callable[[], JuniorView]) -> Action:
        seen = view()
        assert seen.seat is not None
        cards = [_code(card) for card in seen.players[seen.seat].cards]
        if seen.phase == "turn":
            top = seen.discard_top
            if top is not None and greedy_target(cards, top) is not None and TAKE in actions:
                return TAKE
            return DRAW if DRAW in actions else actions[0]
        held = seen.held
        assert held is not None
        slot = greedy_target(cards, held)
        if slot is not None:
            return SWAP[slot]
        declines = [action for action in actions if action.kind == "decline_flip"]
        return self._rng.choice(declines or list(actions))


# ------------------------------------------------------------------------------ levels


@dataclass(frozen=True, slots=True)
class Level:
    pace: float
    """Chances per turn of meeting a given card (the draw and the discards)."""
    horizon: float
    """Turns left per face-down card of the player nearest to finishing."""
    end_care: bool
    """Weigh ending the game against the opponents' points (else ignore it)."""
    denial: float
    """How much of a triple given to the next player by a discard is charged."""
    mistakes: float
    """The chance of a decision made by the greedy baseline instead."""
    slip: float = 0.0
    """Random noise (standard deviation, in points) added to each option's score."""


LEVELS: dict[str, Level] = {
    "easy": Level(1.5, 1.0, False, 0.0, 0.5, slip=1.5),
    "normal": Level(1.5, 1.0, False, 0.0, 0.0, slip=0.5),
    "hard": Level(1.5, 1.0, True, 0.5, 0.0),
}


def _at_least(mean: float, k: int) -> float:
    """P(Poisson(mean) >= k)."""
    if k <= 0:
        return 1.0
    term = math.exp(-mean)
    below = term
    for i in range(1, k):
        term *= mean / i
        below += term
    return max(0.0, 1.0 - below)


class _Decision:
    __slots__ = (
        "cache",
        "chance",
        "level",
        "next_cards",
        "opponents",
        "probabilities",
        "turns_left",
        "unknown",
        "view",
    )

    def __init__(self, view: JuniorView, level: Level) -> None:
        assert view.seat is not None
        self.view = view
        self.level = level
        counts = dict.fromkeys(VALUES, view.settings.copies_per_value)
        for player in view.players:
            for card in player.cards:
                if type(card) is int:
                    counts[card] -= 1
        for card in view.discard:
            counts[card] -= 1
        if view.held is not None:
            counts[view.held] -= 1
        unknown = max(1, sum(counts.values()))
        self.unknown = unknown
        self.probabilities = [(v, c / unknown) for v, c in counts.items() if c > 0]
        self.chance = {v: max(0, c) / unknown for v, c in counts.items()}
        nearest = min(sum(1 for c in p.cards if c == "down") for p in view.players)
        last = view.finisher is not None
        self.turns_left = 0.0 if last else max(1.0, nearest * level.horizon)
        self.cache: dict[tuple[int, int, int], float] = {}
        seat = view.seat
        n = len(view.players)
        self.opponents = [
            [_code(card) for card in player.cards]
            for s, player in enumerate(view.players)
            if s != seat
        ]
        self.next_cards = [_code(card) for card in view.players[(seat + 1) % n].cards]

    def column(self, a: int, b: int, c: int, turns: float | None = None) -> float:
        """The expected points of one column."""
        turns = self.turns_left if turns is None else turns
        key = (a, b, c) if turns == self.turns_left else None
        if key is not None:
            found = self.cache.get(key)
            if found is not None:
                return found
        best = 0.0
        if a != HIDDEN and a == b == c:
            best = float(a)
        else:
            cards = (a, b, c)
            for v in {a, b, c}:
                if v == HIDDEN:
                    continue
                need = 3 - cards.count(v)
                q = self.chance[v]
                hidden = cards.count(HIDDEN)
                # the final reveal may complete it when only face-down cards are missing
                reveal = q**need if hidden == need else 0.0
                if turns > 0:
                    expected = self.level.pace * turns * q
                    chance = max(_at_least(expected, need), reveal)
                else:
                    chance = reveal
                best = max(best, v * chance)
        if key is not None:
            self.cache[key] = best
        return best

    def worth(self, cards: Sequence[int], turns: float | None = None) -> float:
        return sum(self.column(cards[t], cards[m], cards[b], turns) for t, m, b in COLUMNS)

    def secured(self, cards: Sequence[int]) -> int:
        return sum(cards[t] for t, m, b in COLUMNS if _is_triple((cards[t], cards[m], cards[b])))

    def outcome(self, cards: list[int]) -> float:
        """A resulting grid's score: the game's end if it finishes, else its worth."""
        view = self.view
        if view.finisher is None and HIDDEN not in cards and self.level.end_care:
            mine = self.secured(cards)
            rivals = max(self.worth(other, 1.0) for other in self.opponents)
            return mine + (3.0 if mine > rivals + 0.5 else -30.0)
        if view.finisher is not None:
            return self.worth(cards, 0.0)
        return self.worth(cards)

    def gift(self, card: int) -> float:
        """What `card` on top of the discard pile may give the next player."""
        if not self.level.denial:
            return 0.0
        best = 0.0
        cards = self.next_cards
        for column in COLUMNS:
            here = [cards[s] for s in column]
            if not _is_triple(here) and here.count(card) == 2:
                best = max(best, float(card))
        return self.level.denial * best

    def placed(self, cards: list[int], slot: int, card: int) -> list[int]:
        after = list(cards)
        after[slot] = card
        return after

    def flip_worth(self, cards: list[int], slot: int) -> float:
        return sum(p * self.outcome(self.placed(cards, slot, v)) for v, p in self.probabilities)

    def holding_options(self, cards: list[int], held: int) -> list[tuple[float, Action]]:
        options: list[tuple[float, Action]] = []
        for slot in range(GRID_SLOTS):
            here = cards[slot]
            score = self.outcome(self.placed(cards, slot, held))
            if here != HIDDEN:
                score -= self.gift(here)
            options.append((score, SWAP[slot]))
        charge = self.gift(held)
        for slot in range(GRID_SLOTS):
            if cards[slot] == HIDDEN:
                options.append((self.flip_worth(cards, slot) - charge, DECLINE_FLIP[slot]))
        return options

    def best_holding(self, cards: list[int], held: int, flips: float) -> float:
        best = flips - self.gift(held)
        for slot in range(GRID_SLOTS):
            here = cards[slot]
            if here == held:
                continue
            score = self.outcome(self.placed(cards, slot, held))
            if here != HIDDEN:
                score -= self.gift(here)
            best = max(best, score)
        return best

    def turn_options(self, cards: list[int]) -> list[tuple[float, Action]]:
        hidden = [s for s in range(GRID_SLOTS) if cards[s] == HIDDEN]
        flips = max((self.flip_worth(cards, s) for s in hidden), default=-math.inf)
        top = self.view.discard_top
        options: list[tuple[float, Action]] = []
        if top is not None:
            options.append((self.best_holding(cards, top, flips), TAKE))
        drawing = sum(p * self.best_holding(cards, v, flips) for v, p in self.probabilities)
        options.append((drawing, DRAW))
        return options


def scored_options(
    view: JuniorView, level: Level, actions: Sequence[Action]
) -> list[tuple[float, Action]]:
    """Every legal option of a turn or a held card with its expected points (higher is better)."""
    assert view.seat is not None
    decision = _Decision(view, level)
    cards = [_code(card) for card in view.players[view.seat].cards]
    if view.phase == "holding":
        assert view.held is not None
        options = decision.holding_options(cards, view.held)
    else:
        options = decision.turn_options(cards)
    legal = set(actions)
    return [option for option in options if option[1] in legal]


class JuniorBot:
    def __init__(self, level: Level, rng: random.Random) -> None:
        self.level = level
        self._rng = rng
        self._greedy = GreedyPolicy(rng)

    def choose(self, actions: Sequence[Action], view: Callable[[], JuniorView]) -> Action:
        level = self.level
        if level.mistakes and self._rng.random() < level.mistakes:
            return self._greedy.choose(actions, view)
        options = scored_options(view(), level, actions)
        if not options:
            return actions[0]
        if level.slip:
            gauss = self._rng.gauss
            options = [(score + gauss(0.0, level.slip), action) for score, action in options]
        return max(options, key=lambda option: option[0])[1]
