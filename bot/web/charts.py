"""A member's rating over time as an SVG line drawn on the server: no script, its numbers
also given as a table (its text alternative)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.storage.stats import RatingStep

WIDTH, HEIGHT = 320.0, 120.0
MARGIN = 8.0


@dataclass(frozen=True)
class Chart:
    points: str
    """The line's points, `x,y x,y …`, in a WIDTH × HEIGHT box."""
    last: tuple[float, float]
    low: float
    high: float
    width: float = WIDTH
    height: float = HEIGHT


def chart(steps: Sequence[RatingStep]) -> Chart | None:
    """The line from the rating before the first game through each game's; None before a
    rated game."""
    if not steps:
        return None
    values = [steps[0].before, *(step.after for step in steps)]
    low, high = min(values), max(values)
    span = high - low or 1.0
    inner_w, inner_h = WIDTH - 2 * MARGIN, HEIGHT - 2 * MARGIN
    step_x = inner_w / max(1, len(values) - 1)
    coordinates = [
        (MARGIN + index * step_x, MARGIN + inner_h * (1 - (value - low) / span))
        for index, value in enumerate(values)
    ]
    points = " ".join(f"{x:.1f},{y:.1f}" for x, y in coordinates)
    return Chart(points, coordinates[-1], low, high)
