"""Skyjo bots: the easy, normal and hard levels (and the `greedy` baseline, in `policies`).

A bot sees only its seat's view: its face-up cards, everyone else's face-up cards and the
discard pile. It never reads a face-down value or the order of the draw pile. Its randomness
comes only from the generator it is built with, so a game replays the same from its seed.

How `hard` plays (and `normal`, with parts switched off, see `LEVELS`):

- **Unknown cards.** The cards not yet seen are the deck less every face-up card and the whole
  discard pile (and a drawn card). A face-down card, its own included, is worth their mean.
- **A grid's worth** is the sum of its face-up cards, the unknown mean for each face-down one,
  less a bonus for each column (or row, when rows are removed) that can still be completed:
  two equal face-up cards and one other place are worth the chance of finding the third
  before the round ends times what removing the column saves.
- **Every option is scored**: the discard on each place; drawing, as the expectation over the
  unknown cards of the best thing to do with each; a drawn card on each place, or discarded
  with each face-down card turned up (the expectation over what it may be).
- **Finishing the round** (turning up the last card) is scored as the round's end: the exact
  score, the chance of being strictly lowest (each opponent's score estimated from their
  face-up cards, the unknown mean for their face-down ones and their one last turn), and the
  finisher's penalty otherwise. On a last turn after someone else finished there is no future:
  only the score counts.
- **Denial**: a card put on the discard pile is charged for what it gives the next player
  (a card below their worst, or the third card of their column).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from operator import itemgetter

from games.core.grid import geometry
from games.skyjo.actions import DRAW, FLIP, SWAP, TAKE, Action
from games.skyjo.cards import DECK_COUNTS
from games.skyjo.policies import GreedyPolicy
from games.skyjo.scoring import penalized
from games.skyjo.view import SkyjoView

LONG_ROUND = 60
"""Turns per seat in one round after which a bot plays the greedy baseline, which keeps turning
cards up, so that a round nobody wants to end still ends. Read from the view, so a bot built
afresh for every decision (as the Discord bot does) behaves the same."""

HIDDEN = 99
CLEARED = 98
_VALUES = tuple(sorted(DECK_COUNTS))


@dataclass(frozen=True, slots=True)
class Level:
    """How one level weighs its options (see the module docstring)."""

    line_weight: float
    """How much of a line's completion bonus counts (0: lines are ignored)."""
    horizon: float
    """Turns left in the round, per face-down card of the player nearest to finishing."""
    finish_care: bool
    """Score the end of the round with the finisher's penalty (else: finish whenever able)."""
    finish_bonus: float
    """What ending the round while lowest is worth beyond the score itself."""
    denial: float
    """How much of what a discard gives the next player is charged (0: not at all)."""
    mistakes: float
    """The chance of a decision made by the greedy baseline instead."""
    slip: float = 0.0
    """Random noise (standard deviation, in points) added to each option's score."""


LEVELS: dict[str, Level] = {
    "easy": Level(0.0, 1.5, False, 0.0, 0.0, 0.35, slip=3.0),
    "normal": Level(0.5, 1.5, False, 0.0, 0.0, 0.0, slip=1.0),
    "hard": Level(0.8, 1.5, True, 2.0, 0.4, 0.0),
}


class _Decision:
    """Everything one decision needs, worked out once from the view."""

    __slots__ = (
        "all_lines",
        "counts",
        "crossing",
        "denial",
        "gifts",
        "last_turn",
        "level",
        "line_cache",
        "line_cards",
        "lines",
        "mean",
        "next_cards",
        "next_lines",
        "opponents",
        "own",
        "placed",
        "probabilities",
        "rows",
        "settings",
        "turns_left",
        "unknown",
        "variance",
        "view",
    )

    def __init__(self, view: SkyjoView, level: Level) -> None:
        assert view.seat is not None
        self.view = view
        self.level = level
        settings = self.settings = view.settings
        geo = geometry(settings.rows, settings.columns)
        self.lines = geo.lines_through(settings.clear_columns, settings.clear_rows)
        self.all_lines = [
            line.slots for line in geo.lines(settings.clear_columns, settings.clear_rows)
        ]
        self.line_cards = [itemgetter(*line) for line in self.all_lines]
        """Each line's cards of a grid, as the tuple `line_bonus` takes."""
        self.crossing = [
            [index for index, line in enumerate(self.all_lines) if slot in line]
            for slot in range(geo.slots)
        ]
        """For each slot, the lines (indices in `all_lines`) through it."""
        self.own: tuple[tuple[int, ...], float, list[float]] | None = None
        """The seat's own grid, its worth and its lines' bonuses, once worked out."""
        self.placed: dict[tuple[int, int], float] = {}
        self.gifts: dict[int, float] = {}
        self.rows = settings.rows
        counts = dict(DECK_COUNTS)
        for player in view.players:
            for card in player.cards:
                if type(card) is int:
                    counts[card] -= 1
        for card in view.discard:
            counts[card] -= 1
        if view.drawn is not None:
            counts[view.drawn] -= 1
        unknown = sum(counts.values())
        if unknown <= 0:  # cannot happen with a real deck; stay defined anyway
            counts = dict(DECK_COUNTS)
            unknown = sum(counts.values())
        self.counts = counts
        self.unknown = unknown
        self.probabilities = [(v, c / unknown) for v, c in counts.items() if c > 0]
        mean = self.mean = sum(v * p for v, p in self.probabilities)
        self.variance = sum(p * (v - mean) ** 2 for v, p in self.probabilities)
        self.last_turn = view.finisher is not None
        nearest = min(sum(1 for card in player.cards if card == "down") for player in view.players)
        self.turns_left = 0.0 if self.last_turn else max(1.0, nearest * level.horizon)
        self.line_cache: dict[tuple[int, ...], float] = {}
        seat = view.seat
        n = len(view.players)
        self.opponents = [
            (
                sum(card for card in player.cards if type(card) is int),
                sum(1 for card in player.cards if card == "down"),
            )
            for s, player in enumerate(view.players)
            if s != seat
        ]
        self.denial = level.denial if n == 2 else level.denial / 2
        nxt = view.players[(seat + 1) % n]
        self.next_cards = [_code(card) for card in nxt.cards]
        self.next_lines = self.lines

    # --------------------------------------------------------------------------- worth

    def base(self, card: int) -> float:
        if card == HIDDEN:
            return self.mean
        if card == CLEARED:
            return 0.0
        return card

    def line_bonus(self, cards: tuple[int, ...]) -> float:
        """The (negative) worth of a line's chance of being completed and removed."""
        cached = self.line_cache.get(cards)
        if cached is not None:
            return cached
        bonus = 0.0
        weight = self.level.line_weight
        if weight and CLEARED not in cards and self.turns_left > 0:
            faces = [c for c in cards if c != HIDDEN]
            if faces:
                best = max(faces, key=lambda v: (faces.count(v), v))
                need = len(cards) - faces.count(best)
                if 1 <= need <= 2 and len(cards) - need >= max(1, len(cards) - 2):
                    saved = sum(faces) + (len(cards) - len(faces)) * self.mean
                    left = self.counts.get(best, 0)
                    if saved > 0 and left >= need:
                        q = left / self.unknown
                        chance = 1.0 - (1.0 - q) ** (1.5 * self.turns_left)
                        if need == 2:
                            chance *= chance * 0.5
                        bonus = -weight * saved * chance
        self.line_cache[cards] = bonus
        return bonus

    def worth(self, cards: list[int]) -> float:
        """The expected final score of a grid (lower is better)."""
        total = 0.0
        mean = self.mean
        for card in cards:
            if card == HIDDEN:
                total += mean
            elif card != CLEARED:
                total += card
        if self.level.line_weight and not self.last_turn:
            known = self.line_cache.get
            for line_cards in self.line_cards:
                key = line_cards(cards)
                bonus = known(key)
                total += self.line_bonus(key) if bonus is None else bonus
        return total

    def place(self, cards: list[int], slot: int, card: int) -> list[int]:
        """The grid after `card` lands face up at `slot`, completed lines removed."""
        after = list(cards)
        after[slot] = card
        for line in self.lines[slot]:
            if all(after[s] == card for s in line.slots):
                for s in line.slots:
                    after[s] = CLEARED
        return after

    # ------------------------------------------------------------------- end of round

    def finishing(self, cards: list[int]) -> bool:
        return not self.last_turn and HIDDEN not in cards

    def end_score(self, cards: list[int]) -> float:
        """The expected score of ending the round with this (all face-up) grid."""
        score = sum(c for c in cards if c != CLEARED and c != HIDDEN)
        if not self.level.finish_care:
            return score - self.level.finish_bonus
        lowest = 1.0
        sd_card = math.sqrt(self.variance)
        for visible, hidden in self.opponents:
            improvement = 2.0 if hidden else 0.5
            expected = visible + hidden * self.mean - improvement
            spread = math.sqrt(hidden * sd_card * sd_card + 4.0)
            lowest *= 0.5 * math.erfc((score + 0.5 - expected) / (spread * math.sqrt(2.0)))
        penalty = penalized(score, self.settings)
        return lowest * (score - self.level.finish_bonus) + (1.0 - lowest) * penalty

    def outcome(self, cards: list[int]) -> float:
        """A resulting grid's score: the round's end if it finishes, else its worth."""
        if self.finishing(cards):
            return self.end_score(cards)
        return self.worth(cards)

    def placed_outcome(self, cards: list[int], slot: int, card: int) -> float:
        """`outcome` of `card` at `slot` of the seat's own grid, remembered."""
        key = (slot, card)
        found = self.placed.get(key)
        if found is None:
            found = self.placed[key] = self._placed_outcome(cards, slot, card)
        return found

    def _placed_outcome(self, cards: list[int], slot: int, card: int) -> float:
        """`outcome(place(cards, slot, card))`; the worth of a grid that neither finishes nor
        removes a line is worked out from the seat's grid's own: what the slot held and the
        lines through it change (the same value, to within rounding)."""
        after = self.place(cards, slot, card)
        if self.finishing(after) or after[slot] == CLEARED:
            return self.outcome(after)
        grid = tuple(cards)
        if self.own is None or self.own[0] != grid:
            bonuses = []
            if self.level.line_weight and not self.last_turn:
                bonuses = [self.line_bonus(line_cards(cards)) for line_cards in self.line_cards]
            self.own = (grid, self.worth(cards), bonuses)
        _, worth, bonuses = self.own
        worth += card - self.base(cards[slot])
        if bonuses:
            for index in self.crossing[slot]:
                worth += self.line_bonus(self.line_cards[index](after)) - bonuses[index]
        return worth

    # ------------------------------------------------------------------------ denial

    def gift(self, card: int) -> float:
        """What `card` on top of the discard pile is worth to the next player."""
        if not self.denial or (self.last_turn and self.view.last_turns <= 1):
            return 0.0
        found = self.gifts.get(card)
        if found is None:
            found = self.gifts[card] = self._gift(card)
        return found

    def _gift(self, card: int) -> float:
        cards = self.next_cards
        mean = self.mean
        best = 0.0
        for slot, here in enumerate(cards):
            if here == CLEARED:
                continue
            old = mean if here == HIDDEN else here
            gain = old - card
            for line in self.next_lines[slot]:
                others = [cards[s] for s in line.slots if s != slot]
                if all(o == card for o in others):
                    gain += sum(others) if card > 0 else 0
            best = max(best, gain)
        # drawing gains them about this much anyway
        return self.denial * max(0.0, best - 3.0)

    # --------------------------------------------------------------------- options

    def flip_worth(self, cards: list[int], slot: int) -> float:
        """The expected score after turning up the face-down card at `slot`."""
        return sum(p * self.placed_outcome(cards, slot, v) for v, p in self.probabilities)

    def drawn_options(self, cards: list[int], drawn: int) -> list[tuple[float, Action]]:
        options: list[tuple[float, Action]] = []
        for slot, here in enumerate(cards):
            if here == CLEARED:
                continue
            score = self.placed_outcome(cards, slot, drawn)
            if here != HIDDEN:
                score += self.gift(here)
            options.append((score, SWAP[slot]))
        charge = self.gift(drawn)
        for slot, here in enumerate(cards):
            if here == HIDDEN:
                options.append((self.flip_worth(cards, slot) + charge, FLIP[slot]))
        return options

    def draw_worth(self, cards: list[int]) -> float:
        """The expected score of drawing, then doing the best with the card."""
        flips = [self.flip_worth(cards, s) for s, here in enumerate(cards) if here == HIDDEN]
        best_flip = min(flips) if flips else math.inf
        total = 0.0
        for value, p in self.probabilities:
            best = best_flip + self.gift(value) if flips else math.inf
            for slot, here in enumerate(cards):
                if here == CLEARED:
                    continue
                score = self.placed_outcome(cards, slot, value)
                if here != HIDDEN:
                    score += self.gift(here)
                if score < best:
                    best = score
            total += p * best
        return total

    def turn_options(
        self, cards: list[int], actions: Sequence[Action]
    ) -> list[tuple[float, Action]]:
        top = self.view.discard[-1]
        options: list[tuple[float, Action]] = []
        for slot, here in enumerate(cards):
            if here == CLEARED:
                continue
            score = self.placed_outcome(cards, slot, top)
            if here != HIDDEN:
                score += self.gift(here)
            options.append((score, TAKE[slot]))
        if DRAW in actions:
            options.append((self.draw_worth(cards), DRAW))
        return options


def scored_options(
    view: SkyjoView, level: Level, actions: Sequence[Action]
) -> list[tuple[float, Action]]:
    """Every legal option of a turn or a drawn card with its expected score (lower is better)."""
    assert view.seat is not None
    decision = _Decision(view, level)
    cards = [_code(card) for card in view.players[view.seat].cards]
    if view.phase == "drawn":
        assert view.drawn is not None
        options = decision.drawn_options(cards, view.drawn)
    else:
        options = decision.turn_options(cards, actions)
    legal = set(actions)
    return [option for option in options if option[1] in legal]


def _code(card: int | str) -> int:
    if type(card) is int:
        return card
    return HIDDEN if card == "down" else CLEARED


class SkyjoBot:
    """A Skyjo bot of one level; see the module docstring."""

    def __init__(self, level: Level, rng: random.Random) -> None:
        self.level = level
        self._rng = rng
        self._greedy = GreedyPolicy(rng)

    def choose(self, actions: Sequence[Action], view: Callable[[], SkyjoView]) -> Action:
        kind = actions[0].kind
        if kind == "reveal":
            return self._opening(actions, view())
        level = self.level
        seen = view()
        if seen.turns >= LONG_ROUND * len(seen.players):
            return self._greedy.choose(actions, view)
        if level.mistakes and self._rng.random() < level.mistakes:
            return self._greedy.choose(actions, view)
        options = scored_options(seen, level, actions)
        if not options:
            return actions[0]
        if level.slip:
            gauss = self._rng.gauss
            options = [(score + gauss(0.0, level.slip), action) for score, action in options]
        return min(options, key=lambda option: option[0])[1]

    def _opening(self, actions: Sequence[Action], seen: SkyjoView) -> Action:
        """Turn up cards in one column while it has room: a pair there is worth knowing."""
        assert seen.seat is not None
        cards = seen.players[seen.seat].cards
        columns = seen.settings.columns
        up_columns = {slot % columns for slot, card in enumerate(cards) if type(card) is int}
        if self.level.line_weight:
            for action in actions:
                if action.slot % columns in up_columns:
                    return action
        return actions[int(self._rng.random() * len(actions))]
