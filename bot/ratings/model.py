"""The rating model: OpenSkill's Weng-Lin Plackett-Luce model with its defaults (a new member
starts at mu 25, sigma 25/3), every rated seat a team of one, shared places ties.

Which games are rated: finished, decided (someone won: a score sheet ended early names no
winner), not an attempt at the daily deal, with at least one member and at least two rated
seats. Members and bots are rated seats; guests are left out. A bot plays at the fixed rating
of its level (`BOT_RATINGS`), which a game never changes; a result saved before bots' levels
were kept counts as `normal`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce, PlackettLuceRating

MODEL = PlackettLuce()
DEFAULT_LEVEL = "normal"
"""The level of a bot whose result was saved before levels were kept."""


@dataclass(frozen=True)
class Rating:
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """The conservative value the leaderboard ranks by: mu − 3·sigma."""
        return self.mu - 3 * self.sigma


NEW = Rating(MODEL.mu, MODEL.sigma)
"""A member's rating before their first rated game."""

BOT_RATINGS: dict[str, dict[str, Rating]] = {
    "skyjo": {
        "easy": Rating(13.38, 1.73),
        "normal": Rating(24.34, 1.67),
        "hard": Rating(37.40, 1.75),
    },
    "junior": {
        "easy": Rating(18.60, 1.61),
        "normal": Rating(24.71, 1.58),
        "hard": Rating(30.94, 1.61),
    },
    "skyfive": {
        "easy": Rating(22.02, 1.58),
        "normal": Rating(25.37, 1.55),
        "hard": Rating(27.88, 1.56),
    },
}
"""Each bot level's fixed rating per game kind, calibrated once from 3,000 bot games a kind
with `python -m bench.bot_ratings --games 3000 --seed 1` (docs/bots.md, "Ratings of the
bots")."""
BOT_RATINGS_OF_KIND = {"skyjo-sheet": "skyjo"}
"""Game kinds whose bots play at another kind's ratings."""


@dataclass(frozen=True)
class RatedSeat:
    """What the model needs of one seat's result."""

    place: int
    seat_kind: str
    user_id: int | None = None
    bot_level: str | None = None
    won: bool = False


def bot_rating(kind: str, level: str | None) -> Rating:
    levels = BOT_RATINGS[BOT_RATINGS_OF_KIND.get(kind, kind)]
    return levels.get(level or DEFAULT_LEVEL, levels[DEFAULT_LEVEL])


def rated_seats(seats: Sequence[RatedSeat]) -> list[RatedSeat]:
    """The seats that take part in the update: members (each once, at their best place) and
    bots; guests are left out."""
    members: dict[int, RatedSeat] = {}
    bots = []
    for seat in sorted(seats, key=lambda s: s.place):
        if seat.seat_kind == "member" and seat.user_id is not None:
            members.setdefault(seat.user_id, seat)
        elif seat.seat_kind == "bot":
            bots.append(seat)
    return [*members.values(), *bots]


def is_rated(
    seats: Sequence[RatedSeat], *, finished: bool = True, daily: str | None = None
) -> bool:
    """Whether a game with these results changes its members' ratings."""
    if not finished or daily is not None or not any(seat.won for seat in seats):
        return False
    rated = rated_seats(seats)
    return len(rated) >= 2 and any(seat.seat_kind == "member" for seat in rated)


def update(
    kind: str, seats: Sequence[RatedSeat], current: Mapping[int, Rating]
) -> dict[int, Rating]:
    """Each member's new rating after the game (`current`: their ratings before it, NEW for
    anyone missing). The caller checks `is_rated` first."""
    rated = rated_seats(seats)
    before = [
        current.get(seat.user_id, NEW)
        if seat.user_id is not None and seat.seat_kind == "member"
        else bot_rating(kind, seat.bot_level)
        for seat in rated
    ]
    teams = [[MODEL.rating(mu=rating.mu, sigma=rating.sigma)] for rating in before]
    after: list[list[PlackettLuceRating]] = MODEL.rate(
        teams, ranks=[float(seat.place) for seat in rated]
    )
    return {
        seat.user_id: Rating(team[0].mu, team[0].sigma)
        for seat, team in zip(rated, after, strict=True)
        if seat.seat_kind == "member" and seat.user_id is not None
    }
