"""Which games are rated, how a game moves its members' ratings, and the bots' fixed ratings
each game declares."""

from __future__ import annotations

import pytest

from bot.catalog import installed
from bot.ratings.model import (
    NEW,
    RatedSeat,
    Rating,
    UnratedBot,
    bot_rating,
    is_rated,
    update,
)
from tests.catalog import bot_ratings, with_pebbles

ANA, LEO = 1, 2
BOTS = bot_ratings()
WITH_BOTS = [game.adapter.kind for game in installed() if game.adapter.has_bots]


def member(place: int, user: int = ANA) -> RatedSeat:
    return RatedSeat(place, "member", user, won=place == 1)


def bot(place: int, level: str | None = "normal") -> RatedSeat:
    return RatedSeat(place, "bot", bot_level=level, won=place == 1)


def guest(place: int) -> RatedSeat:
    return RatedSeat(place, "guest", won=place == 1)


def gain(seats: list[RatedSeat], kind: str = "skyjo", user: int = ANA) -> float:
    return update(BOTS[kind], seats, {})[user].mu - NEW.mu


@pytest.mark.parametrize(
    ("case", "seats", "finished", "daily", "rated"),
    [
        ("solo against one bot", [member(1), bot(2)], True, None, True),
        ("two members", [member(2), member(1, LEO)], True, None, True),
        ("a member and a guest only", [member(1), guest(2)], True, None, False),
        ("a member, a guest and a bot", [member(1), guest(2), bot(3)], True, None, True),
        ("bots only", [bot(1), bot(2, "hard")], True, None, False),
        ("a lone member", [member(1)], True, None, False),
        (
            "a sheet ended early: nobody won",
            [RatedSeat(1, "member", ANA), RatedSeat(2, "member", LEO)],
            True,
            None,
            False,
        ),
        ("a daily attempt", [member(1), bot(2, "hard")], True, "2026-12-02", False),
        ("a game not finished", [member(1), bot(2)], False, None, False),
    ],
)
def test_which_games_are_rated(
    case: str, seats: list[RatedSeat], finished: bool, daily: str | None, rated: bool
) -> None:
    assert is_rated(seats, finished=finished, daily=daily) is rated, case


@pytest.mark.parametrize("kind", WITH_BOTS)
def test_a_win_over_three_hard_bots_counts_more_than_one_over_an_easy_bot(kind: str) -> None:
    over_hard = gain([member(1), bot(2, "hard"), bot(3, "hard"), bot(4, "hard")], kind)
    over_easy = gain([member(1), bot(2, "easy")], kind)
    assert over_hard > over_easy > 0


@pytest.mark.parametrize("kind", WITH_BOTS)
def test_a_loss_to_an_easy_bot_costs_more_than_one_to_a_hard_bot(kind: str) -> None:
    assert gain([member(2), bot(1, "easy")], kind) < gain([member(2), bot(1, "hard")], kind) < 0


@pytest.mark.parametrize("kind", WITH_BOTS)
def test_the_rules_of_thumb_levels_are_ordered(kind: str) -> None:
    levels = BOTS[kind]
    assert levels["easy"].mu < levels["normal"].mu < levels["hard"].mu


@pytest.mark.parametrize("kind", WITH_BOTS)
def test_a_win_counts_more_over_the_higher_rated_of_hard_and_expert(kind: str) -> None:
    levels = BOTS[kind]
    higher, lower = sorted(("hard", "expert"), key=lambda level: levels[level].mu, reverse=True)
    assert gain([member(1), bot(2, higher)], kind) > gain([member(1), bot(2, lower)], kind) > 0


def test_every_game_with_bots_rates_each_of_its_levels_and_one_without_rates_none() -> None:
    assert len(WITH_BOTS) >= 3
    for game in with_pebbles():
        adapter = game.adapter
        assert set(adapter.bot_ratings) == set(adapter.bot_levels), adapter.kind
        assert with_pebbles().bot_ratings[adapter.kind] == adapter.bot_ratings
    assert not installed().require("skyjo-sheet").has_bots


def test_a_bot_of_a_game_without_bot_ratings_cannot_be_rated() -> None:
    with pytest.raises(UnratedBot):
        update({}, [member(1), bot(2, "hard")], {})
    assert update({}, [member(1), member(2, LEO)], {}) == update(
        BOTS["skyjo"], [member(1), member(2, LEO)], {}
    ), "members alone need no bot's rating"


def test_a_shared_place_is_a_tie() -> None:
    tied = update(BOTS["skyjo"], [member(1), member(1, LEO)], {})
    assert tied[ANA] == tied[LEO]
    assert tied[ANA].mu == pytest.approx(NEW.mu)
    assert tied[ANA].sigma < NEW.sigma, "a tie still tells something"
    won = update(BOTS["skyjo"], [member(1), member(2, LEO)], {})
    assert won[ANA].mu > tied[ANA].mu > won[LEO].mu


def test_sharing_a_win_with_a_bot_gains_less_than_beating_it() -> None:
    assert 0 < gain([member(1), bot(1, "hard")]) < gain([member(1), bot(2, "hard")])


def test_guests_are_left_out_of_the_update() -> None:
    with_guests = update(BOTS["skyjo"], [guest(1), member(2), guest(3), bot(4, "easy")], {})
    without = update(BOTS["skyjo"], [member(1), bot(2, "easy")], {})
    assert with_guests == without


def test_only_members_get_a_new_rating_and_their_own_current_one_counts() -> None:
    strong = Rating(35.0, 2.0)
    after = update(BOTS["junior"], [member(1), bot(2, "hard"), member(3, LEO)], {LEO: strong})
    assert set(after) == {ANA, LEO}
    assert after[LEO].mu < strong.mu and after[LEO].sigma < strong.sigma
    assert abs(after[LEO].mu - strong.mu) < after[ANA].mu - NEW.mu, "a sure rating moves less"


def test_a_bot_saved_without_its_level_plays_as_normal() -> None:
    assert update(BOTS["skyfive"], [member(2), bot(1, None)], {}) == update(
        BOTS["skyfive"], [member(2), bot(1, "normal")], {}
    )
    assert bot_rating(BOTS["skyjo"], None) == BOTS["skyjo"]["normal"]


def test_the_conservative_value_is_mu_less_three_sigma() -> None:
    assert Rating(30.0, 2.0).ordinal == 24.0
    assert NEW.ordinal == pytest.approx(0.0)
