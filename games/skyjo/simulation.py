"""How the simulator plays and measures Skyjo."""

from __future__ import annotations

from collections import Counter
from typing import Any

from games.core.policy import RandomPolicy
from games.core.seats import Seat
from games.simulation import Counters, GameSpec
from games.skyjo.game import SkyjoGame
from games.skyjo.levels import BOTS
from games.skyjo.settings import MAX_SEATS, MIN_SEATS, SkyjoSettings

DEFAULT_SETTINGS = SkyjoSettings()


SEATS = tuple(Seat(name=f"Player {i + 1}", bot=True) for i in range(MAX_SEATS))


def create(players: int, seed: int) -> SkyjoGame:
    return SkyjoGame.new(DEFAULT_SETTINGS, SEATS[:players], seed)


def count(game: SkyjoGame) -> Counters:
    return Counter(
        games=1,
        rounds=len(game.history),
        turns=sum(record.turns for record in game.history),
        player_rounds=sum(len(record.scores) for record in game.history),
        round_score_sum=sum(sum(record.scores) for record in game.history),
    )


def seat_scores(game: SkyjoGame) -> list[tuple[int, int]]:
    """Each seat's round scores, summed, and the number of rounds."""
    rounds = len(game.history)
    return [
        (sum(record.scores[seat] for record in game.history), rounds)
        for seat in range(len(game.seats))
    ]


def report(totals: Counters) -> dict[str, float]:
    return {
        "rounds": totals["rounds"],
        "rounds_per_game": totals["rounds"] / totals["games"],
        "turns_per_round": totals["turns"] / totals["rounds"],
        "mean_round_score": totals["round_score_sum"] / totals["player_rounds"],
    }


def summary(result: dict[str, Any]) -> list[str]:
    return [
        f"rounds per second   {result['rounds_per_second']:,.0f}",
        f"rounds per game     {result['rounds_per_game']:.2f}",
        f"turns per round     {result['turns_per_round']:.1f}",
        f"mean round score    {result['mean_round_score']:.2f} per player",
    ]


SPEC = GameSpec(
    name="skyjo",
    min_players=MIN_SEATS,
    max_players=MAX_SEATS,
    create=create,
    policies={"random": RandomPolicy, **BOTS},
    count=count,
    report=report,
    summary=summary,
    seat_scores=seat_scores,
    score_name="mean round score",
)
