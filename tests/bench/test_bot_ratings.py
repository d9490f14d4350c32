"""The calibration of the bots' ratings: places as the bot gives them, and levels rated apart."""

from __future__ import annotations

import inspect
from dataclasses import dataclass, replace

from bench.bot_ratings import calibrate, declaration, line_ups, places
from bot.catalog import installed
from games.sky_five.simulation import SPEC as SKY_FIVE
from games.skyjo.simulation import SPEC as SKYJO


@dataclass
class Ended:
    winners: tuple[int, ...]
    totals: list[int]
    to_move: tuple[int, ...] = ()


def test_places_put_the_winners_first_and_share_equal_results() -> None:
    skyjo = replace(SKYJO, seat_scores=lambda game: [(t, 3) for t in game.totals])
    assert places("skyjo", Ended((1,), [40, 12, 40, 55]), skyjo) == [2, 1, 2, 4]
    five = replace(SKY_FIVE, seat_scores=lambda game: [(t, 1) for t in game.totals])
    assert places("skyfive", Ended((0, 2), [80, 60, 80]), five) == [1, 3, 1]
    assert places("skyfive", Ended((0,), [1, 2], to_move=(1,)), five) is None


def test_line_ups_seat_two_to_four_different_bots() -> None:
    seats = line_ups(200, 4, seed=3, levels=3)
    assert seats == line_ups(200, 4, seed=3, levels=3)
    assert {len(line) for line in seats} == {2, 3, 4}
    assert all(len(set(line)) == len(line) and max(line) < 12 for line in seats)


def test_a_short_calibration_rates_the_levels_in_order() -> None:
    three = ("easy", "normal", "hard")
    table = calibrate("skyfive", games=200, seed=1, pool=4, workers=1, levels=three)
    assert (table["games"], table["stalled"]) == (200, 0)
    levels = table["levels"]
    assert levels["easy"]["mu"] < levels["normal"]["mu"] < levels["hard"]["mu"]
    assert all(0 < level["sigma"] < 25 / 3 for level in levels.values())


def test_an_anchored_calibration_keeps_the_anchor_where_its_game_declares_it() -> None:
    two = ("normal", "hard")
    plain = calibrate("skyfive", games=60, seed=2, pool=2, workers=1, levels=two)["levels"]
    anchored = calibrate("skyfive", games=60, seed=2, pool=2, workers=1, levels=two, anchor="hard")
    declared = installed().require("skyfive").bot_ratings["hard"].mu
    assert anchored["levels"]["hard"]["mu"] == round(declared, 2)
    gap = plain["hard"]["mu"] - plain["normal"]["mu"]
    moved = anchored["levels"]["hard"]["mu"] - anchored["levels"]["normal"]["mu"]
    assert abs(gap - moved) < 0.02


def test_the_declaration_to_paste_is_the_one_each_game_holds() -> None:
    for game in installed():
        adapter = type(game.adapter)
        if not adapter.bot_ratings:
            continue
        levels = {
            level: {"mu": rating.mu, "sigma": rating.sigma}
            for level, rating in adapter.bot_ratings.items()
        }
        lines = declaration(adapter.kind, levels)
        assert lines[0] == f"# {adapter.__module__}.{adapter.__name__}"
        source = inspect.getsource(adapter)
        assert "\n".join(f"    {line}" for line in lines[1:]) in source, adapter.kind
