"""Sky Five bots: the `cautious` baseline and the easy, normal and hard levels.

A bot sees only its seat's view: every face-up card, the discard pile, its own banked cards and
how many cards the others have banked; never the draw pile, the removed cards or anyone else's
banked cards. Its randomness comes only from its generator.

cautious: bank when you have 3 or more face-up cards, otherwise draw; give a drawn card to a
random eligible player; from a bust, take the highest eligible card (the first of equal ones).

How `hard` plays (`normal` and `easy` switch parts off, see `LEVELS`):

- **Unknown cards**: the deck less every face-up card, the discard pile, the own banked cards
  and a card awaiting its recipient; the next card drawn is any of them, equally likely.
- **Bank or draw** is an optimal-stopping search a few draws deep. Banking is worth the face-up
  points times the chance the die misses all their numbers, less what a bust hands the others.
  Drawing is worth the expectation over the unknown cards: a new colour (or a Shooting Star)
  grows the hand, a fifth colour banks everything safely (Sky Five), a colour already held goes
  to someone else (their gain is charged), and a colour everyone holds is a bust. Every turn
  costs what an average turn earns, so a hand is banked once waiting stops paying.
- **Gifts** go to the player they help least: a card that adds a new number to a big hand makes
  its bank riskier; one that completes someone's five colours is given only if nothing else can.
- **From a bust**, the card that most raises the hand's worth is taken, or none.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from games.sky_five.actions import BANK, DRAW, PASS, Action
from games.sky_five.cards import ALL_COLOURS, COLOUR_BIT, DECK, NUMBER
from games.sky_five.view import SkyFiveView

_NUMBER_BIT = tuple(1 << NUMBER[card] if NUMBER[card] else 0 for card in range(60))


def _hand(cards: Sequence[int]) -> tuple[int, int, int]:
    """(colour mask, mask of the numbers 1–6 showing, points) of face-up cards."""
    colours = numbers = points = 0
    for card in cards:
        colours |= COLOUR_BIT[card]
        numbers |= _NUMBER_BIT[card]
        points += NUMBER[card]
    return colours, numbers, points


def _risk(numbers: int) -> float:
    """The chance the die shows one of these numbers."""
    return numbers.bit_count() / 6


class CautiousPolicy:
    """The `cautious` baseline (see the module docstring)."""

    def __init__(self, rng: random.Random) -> None:
        self._rng = rng

    def choose(self, actions: Sequence[Action], view: Callable[[], SkyFiveView]) -> Action:
        kind = actions[0].kind
        if kind in ("draw", "bank"):
            if BANK not in actions:
                return DRAW
            if DRAW not in actions:
                return BANK
            seen = view()
            assert seen.seat is not None
            return BANK if len(seen.players[seen.seat].face_up) >= 3 else DRAW
        if kind == "give":
            return self._rng.choice(actions)
        takes = [action for action in actions if action.kind == "take"]
        if not takes:
            return PASS
        seen = view()
        assert seen.busted is not None
        cards = seen.players[seen.busted].face_up
        return max(takes, key=lambda action: (NUMBER[cards[action.target]], -action.target))


@dataclass(frozen=True, slots=True)
class Level:
    depth: int
    """Draws looked ahead when choosing between banking and drawing."""
    turn_cost: float
    """What a turn is worth: the points an average turn earns."""
    gift_cost: float
    """How much of the points handed to others counts against the hand."""
    smart_gifts: bool
    """Choose recipients by harm (else at random)."""
    mistakes: float
    """The chance of a decision made by the cautious baseline instead."""


LEVELS: dict[str, Level] = {
    "easy": Level(1, 1.0, 0.0, False, 0.5),
    "normal": Level(1, 1.5, 0.3, False, 0.3),
    "hard": Level(2, 1.5, 0.5, True, 0.0),
}


class _Decision:
    __slots__ = ("draws", "level", "memo", "others", "seat", "view")

    def __init__(self, view: SkyFiveView, level: Level) -> None:
        assert view.seat is not None
        self.view = view
        self.level = level
        self.seat = view.seat
        unknown = Counter(DECK)
        for player in view.players:
            unknown.subtract(player.face_up)
        unknown.subtract(view.discard)
        mine = view.players[view.seat].banked
        if mine:
            unknown.subtract(mine)
        if view.pending is not None:
            unknown[view.pending] -= 1
        total = sum(c for c in unknown.values() if c > 0) or 1
        self.draws = [(card, count / total) for card, count in unknown.items() if count > 0]
        self.others = [
            _hand(player.face_up)[0]
            for s, player in enumerate(view.players)
            if s != view.seat and not player.final_turn_done
        ]
        self.memo: dict[tuple[int, int, int, int], float] = {}

    def bank_worth(self, numbers: int, points: int, biggest: int) -> float:
        risk = _risk(numbers)
        return (1.0 - risk) * points - risk * self.level.gift_cost * biggest

    def worth(self, colours: int, numbers: int, points: int, depth: int) -> float:
        """The hand's worth at the start of a turn, searching `depth` draws ahead."""
        key = (colours, numbers, points, depth)
        found = self.memo.get(key)
        if found is not None:
            return found
        bank = self.bank_worth(numbers, points, min(points, 6)) if points or colours else 0.0
        best = bank
        if depth > 0:
            best = max(bank, self.draw_worth(colours, numbers, points, depth))
        self.memo[key] = best
        return best

    def draw_worth(
        self,
        colours: int,
        numbers: int,
        points: int,
        depth: int,
        draws: Sequence[tuple[int, float]] = (),
    ) -> float:
        """The worth of drawing, over `draws` (card, chance) or else the unknown cards; the
        draws after it over the unknown cards."""
        level = self.level
        total = 0.0
        others = self.others
        for card, p in draws or self.draws:
            bit = COLOUR_BIT[card]
            number = NUMBER[card]
            if not bit & colours:
                new = colours | bit
                if new == ALL_COLOURS:
                    total += p * (points + number)
                else:
                    total += p * self.worth(
                        new, numbers | _NUMBER_BIT[card], points + number, depth - 1
                    )
            elif any(not bit & mask for mask in others):
                total += p * (
                    self.worth(colours, numbers, points, depth - 1) - level.gift_cost * number
                )
            else:
                total += p * (-level.gift_cost * min(points, 6))
        return total - level.turn_cost

    def harm(self, recipient: int, card: int) -> float:
        """How much a card helps `recipient` (their bank worth after, less before)."""
        colours, numbers, points = _hand(self.view.players[recipient].face_up)
        if colours | COLOUR_BIT[card] == ALL_COLOURS:
            return 100.0 + points + NUMBER[card]
        before = self.bank_worth(numbers, points, min(points, 6))
        after_points = points + NUMBER[card]
        after_numbers = numbers | _NUMBER_BIT[card]
        return self.bank_worth(after_numbers, after_points, min(after_points, 6)) - before


class SkyFiveBot:
    def __init__(self, level: Level, rng: random.Random) -> None:
        self.level = level
        self._rng = rng
        self._cautious = CautiousPolicy(rng)

    def choose(self, actions: Sequence[Action], view: Callable[[], SkyFiveView]) -> Action:
        if len(actions) == 1:
            return actions[0]
        level = self.level
        if level.mistakes and self._rng.random() < level.mistakes:
            return self._cautious.choose(actions, view)
        seen = view()
        decision = _Decision(seen, level)
        kind = actions[0].kind
        if kind in ("draw", "bank"):
            colours, numbers, points = _hand(seen.players[decision.seat].face_up)
            bank = decision.bank_worth(numbers, points, min(points, 6))
            draw = decision.draw_worth(colours, numbers, points, level.depth)
            return BANK if bank >= draw else DRAW
        if kind == "give":
            pending = seen.pending
            assert pending is not None
            if not level.smart_gifts:
                return actions[int(self._rng.random() * len(actions))]
            return min(actions, key=lambda action: decision.harm(action.target, pending))
        busted = seen.busted
        assert busted is not None
        cards = seen.players[busted].face_up
        colours, numbers, points = _hand(seen.players[decision.seat].face_up)
        depth = max(0, level.depth - 1)
        best, chosen = decision.worth(colours, numbers, points, depth), PASS
        for action in actions:
            if action.kind != "take":
                continue
            card = cards[action.target]
            new = colours | COLOUR_BIT[card]
            if new == ALL_COLOURS:
                return action
            score = decision.worth(new, numbers | _NUMBER_BIT[card], points + NUMBER[card], depth)
            if score > best:
                best, chosen = score, action
        return chosen
