"""Round scores with the finisher's penalty, and the winners of a finished game."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from games.skyjo.settings import PenaltyType


class PenaltyRules(Protocol):
    """The settings the finisher's penalty depends on (a game's, or a score sheet's)."""

    @property
    def penalty(self) -> PenaltyType: ...
    @property
    def penalty_factor(self) -> int: ...
    @property
    def penalty_flat(self) -> int: ...


def _multiply(score: int, factor: int) -> int:
    return score * factor if score > 0 else score


def penalized(score: int, settings: PenaltyRules) -> int:
    """The finisher's score when they are not strictly lowest.

    A multiplier never applies to a score of 0 or less (checked at the step where it applies);
    a flat penalty always applies.
    """
    penalty = settings.penalty
    if penalty is PenaltyType.MULTIPLIER:
        return _multiply(score, settings.penalty_factor)
    if penalty is PenaltyType.FLAT:
        return score + settings.penalty_flat
    if penalty is PenaltyType.FLAT_THEN_MULTIPLIER:
        return _multiply(score + settings.penalty_flat, settings.penalty_factor)
    if penalty is PenaltyType.MULTIPLIER_THEN_FLAT:
        return _multiply(score, settings.penalty_factor) + settings.penalty_flat
    return score


def round_scores(raw: Sequence[int], finisher: int, settings: PenaltyRules) -> tuple[int, ...]:
    mine = raw[finisher]
    strictly_lowest = all(mine < other for seat, other in enumerate(raw) if seat != finisher)
    if strictly_lowest:
        return tuple(raw)
    scores = list(raw)
    scores[finisher] = penalized(mine, settings)
    return tuple(scores)


def lowest(totals: Sequence[int]) -> tuple[int, ...]:
    best = min(totals)
    return tuple(seat for seat, total in enumerate(totals) if total == best)
