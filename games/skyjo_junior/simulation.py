"""How the simulator plays and measures Skyjo Junior."""

from __future__ import annotations

from collections import Counter
from typing import Any

from games.core.policy import RandomPolicy
from games.core.seats import Seat
from games.simulation import Counters, GameSpec
from games.skyjo_junior.game import JuniorGame
from games.skyjo_junior.levels import BOTS
from games.skyjo_junior.scoring import triples
from games.skyjo_junior.settings import MAX_SEATS, MIN_SEATS, JuniorSettings

DEFAULT_SETTINGS = JuniorSettings()

SEATS = tuple(Seat(name=f"Player {i + 1}", bot=True) for i in range(MAX_SEATS))


def create(players: int, seed: int) -> JuniorGame:
    return JuniorGame.new(DEFAULT_SETTINGS, SEATS[:players], seed)


def count(game: JuniorGame) -> Counters:
    points = game.points or ()
    return Counter(
        games=1,
        turns=game.turns,
        player_games=len(points),
        points=sum(points),
        triples=sum(len(triples(values)) for values in game.values),
        shared_victories=int(len(game.winners or ()) > 1),
    )


def seat_scores(game: JuniorGame) -> list[tuple[int, int]]:
    """Each seat's points, over one game."""
    return [(points, 1) for points in game.points or ()]


def report(totals: Counters) -> dict[str, float]:
    return {
        "turns_per_game": totals["turns"] / totals["games"],
        "mean_points": totals["points"] / totals["player_games"],
        "triples_per_player": totals["triples"] / totals["player_games"],
        "shared_victory_share": totals["shared_victories"] / totals["games"],
    }


def summary(result: dict[str, Any]) -> list[str]:
    return [
        f"turns per game      {result['turns_per_game']:.1f}",
        f"mean points         {result['mean_points']:.2f} per player",
        f"triples             {result['triples_per_player']:.3f} per player",
        f"shared victories    {result['shared_victory_share']:.1%} of games",
    ]


SPEC = GameSpec(
    name="junior",
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
