"""The Sky Five ceiling bench: the clairvoyant bot uses what it sees coming, and the figure is a
win share with its interval."""

from __future__ import annotations

from bench.sky_five_ceiling import measure, play


def test_the_clairvoyant_never_draws_into_a_colour_bust() -> None:
    """Seeing a card of a colour every player holds coming, it banks instead; hard, in the
    other seat of the same games, does draw into such busts."""
    games = [play(7, number)[1] for number in range(30)]
    assert sum(busts[number % 2] for number, busts in enumerate(games)) == 0
    assert sum(busts[1 - number % 2] for number, busts in enumerate(games)) > 0


def test_the_figure_is_a_share_of_the_games_with_its_interval() -> None:
    result = measure(games=8, seed=3, workers=1)
    assert result["games"] == 8
    assert 0.0 <= result["win_share"] <= 1.0
    assert result["interval_95"] >= 0.0
