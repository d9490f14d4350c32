"""How the simulator plays and measures Sky Five."""

from __future__ import annotations

from collections import Counter
from typing import Any

from games.core.policy import RandomPolicy
from games.core.seats import Seat
from games.simulation import Counters, GameSpec
from games.sky_five.game import SkyFiveGame
from games.sky_five.levels import BOTS
from games.sky_five.settings import MAX_SEATS, MIN_SEATS, SkyFiveSettings

DEFAULT_SETTINGS = SkyFiveSettings()

SEATS = tuple(Seat(name=f"Player {i + 1}", bot=True) for i in range(MAX_SEATS))


def create(players: int, seed: int) -> SkyFiveGame:
    return SkyFiveGame.new(DEFAULT_SETTINGS, SEATS[:players], seed)


def count(game: SkyFiveGame) -> Counters:
    return Counter(
        games=1,
        player_games=len(game.seats),
        points=sum(game.scores()),
        busts=game.busts,
        sky_fives=game.sky_fives,
        moves=game.moves,
    )


def seat_scores(game: SkyFiveGame) -> list[tuple[int, int]]:
    """Each seat's banked points, over one game."""
    return [(points, 1) for points in game.scores()]


def report(totals: Counters) -> dict[str, float]:
    games = totals["games"]
    return {
        "mean_points": totals["points"] / totals["player_games"],
        "busts_per_game": totals["busts"] / games,
        "sky_fives_per_game": totals["sky_fives"] / games,
        "moves_per_game": totals["moves"] / games,
    }


def summary(result: dict[str, Any]) -> list[str]:
    return [
        f"mean points         {result['mean_points']:.2f} banked per player",
        f"busts per game      {result['busts_per_game']:.2f}",
        f"Sky Fives per game  {result['sky_fives_per_game']:.3f}",
        f"moves per game      {result['moves_per_game']:.1f}",
    ]


SPEC = GameSpec(
    name="skyfive",
    min_players=MIN_SEATS,
    max_players=MAX_SEATS,
    create=create,
    policies={"random": RandomPolicy, **BOTS},
    count=count,
    report=report,
    summary=summary,
    seat_scores=seat_scores,
    score_name="mean points",
)
