"""The rating model: OpenSkill's Weng-Lin Plackett-Luce model with its defaults (a new member
starts at mu 25, sigma 25/3), every rated seat a team of one, shared places ties.

Which games are rated: finished, decided (someone won: a score sheet ended early names no
winner), not an attempt at the daily deal, with at least one member and at least two rated
seats. Members and bots are rated seats; guests are left out. A bot plays at the fixed rating
of its level, which its game declares (`GameAdapter.bot_ratings`) and a game never changes; a
result saved before bots' levels were kept counts as `normal`.
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

BotRatings = Mapping[str, Mapping[str, Rating]]
"""Each game kind's fixed ratings of its bots, by level: what each game's adapter declares
(`GameAdapter.bot_ratings`), gathered by the catalog (`Catalog.bot_ratings`)."""


class UnratedBot(LookupError):
    """A bot seat of a game whose bots have no declared rating."""


@dataclass(frozen=True)
class RatedSeat:
    """What the model needs of one seat's result."""

    place: int
    seat_kind: str
    user_id: int | None = None
    bot_level: str | None = None
    won: bool = False


def bot_rating(levels: Mapping[str, Rating], level: str | None) -> Rating:
    """The fixed rating of a bot of `level` among its game's `levels`."""
    rating = levels.get(level or DEFAULT_LEVEL) or levels.get(DEFAULT_LEVEL)
    if rating is None:
        raise UnratedBot(f"no rating for a bot of level {level!r} among {sorted(levels)}")
    return rating


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
    bots: Mapping[str, Rating], seats: Sequence[RatedSeat], current: Mapping[int, Rating]
) -> dict[int, Rating]:
    """Each member's new rating after the game (`bots`: its game's bot ratings by level;
    `current`: the members' ratings before it, NEW for anyone missing). The caller checks
    `is_rated` first."""
    rated = rated_seats(seats)
    before = [
        current.get(seat.user_id, NEW)
        if seat.user_id is not None and seat.seat_kind == "member"
        else bot_rating(bots, seat.bot_level)
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
