"""The score sheet: rounds in, the finisher's penalty and the running totals out, nothing
typed lost, every bad input refused with its reason."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.core.errors import IllegalAction
from games.core.seats import Seat
from games.skyjo.settings import PenaltyType
from games.skyjo_sheet import (
    Action,
    Ended,
    Reopened,
    Scored,
    ScoreSheet,
    SheetSettings,
    Undone,
    total_of,
)


def sheet(players: int = 3, **rules: Any) -> ScoreSheet:
    names = ["Ana", "Leo", "Zoe", "Max", "Ida", "Tom", "Eva", "Bob"][:players]
    return ScoreSheet.new(SheetSettings(**rules), [Seat(name=name) for name in names])


def enter(game: ScoreSheet, finisher: int, totals: Sequence[object]) -> list[object]:
    game.apply(0, Action("finisher", finisher))
    game.apply(1, Action("totals", 0, tuple(str(t) for t in totals)))
    return list(game.apply(2 % len(totals), Action("confirm")))


@pytest.mark.parametrize(
    ("rules", "finisher", "raw", "scores"),
    [
        ({}, 0, (12, 8, 20), (24, 8, 20)),  # not strictly lowest: doubled
        ({}, 0, (8, 8, 20), (16, 8, 20)),  # tied for lowest: doubled
        ({}, 0, (-3, -5, 20), (-3, -5, 20)),  # negative: a multiplier never applies
        ({}, 0, (0, -5, 20), (0, -5, 20)),  # zero: neither
        ({}, 1, (12, 3, 20), (12, 3, 20)),  # strictly lowest: as it is
        ({"penalty": PenaltyType.FLAT, "penalty_flat": 10}, 0, (-3, -5, 2), (7, -5, 2)),
        ({"penalty": PenaltyType.MULTIPLIER, "penalty_factor": 3}, 2, (1, 2, 5), (1, 2, 15)),
        (
            {"penalty": PenaltyType.FLAT_THEN_MULTIPLIER, "penalty_flat": 5},
            0,
            (-2, -5, 9),
            (6, -5, 9),
        ),
        ({"penalty": PenaltyType.NONE}, 0, (30, 1, 2), (30, 1, 2)),
    ],
)
def test_the_finishers_penalty_is_skyjos(
    rules: dict[str, Any], finisher: int, raw: tuple[int, ...], scores: tuple[int, ...]
) -> None:
    game = sheet(**rules)
    game.apply(0, Action("finisher", finisher))
    game.apply(1, Action("totals", 0, tuple(map(str, raw))))
    preview = game.preview()
    assert preview is not None and preview.scores == scores
    assert enter(game, finisher, raw) == [Scored(0, finisher, raw, scores, False)]
    assert game.totals == scores


def test_a_three_player_game_to_100_with_a_doubled_finisher() -> None:
    game = sheet()
    enter(game, 0, (10, 5, 30))  # Ana doubled: 20
    enter(game, 1, (9, 2, 40))
    assert game.totals == (29, 7, 70)
    assert not game.is_over
    events = enter(game, 2, (20, 30, 25))  # Zoe not lowest: 50 → 120
    assert game.totals == (49, 37, 120)
    assert game.is_over and game.winners == (1,)
    assert events == [Scored(2, 2, (20, 30, 25), (20, 30, 50), False)]
    assert game.ended() == Ended((1,), (49, 37, 120), False)
    for refused in ("finisher", "totals", "confirm", "discard", "end"):
        with pytest.raises(IllegalAction, match="over"):
            game.apply(0, Action(refused))


def test_shared_victories() -> None:
    game = sheet(2, target_score=10)
    enter(game, 0, (2, 8))
    enter(game, 1, (8, 2))
    assert game.is_over and game.winners == (0, 1)


def test_eight_players_in_two_forms() -> None:
    game = sheet(8)
    game.apply(3, Action("finisher", 7))
    game.apply(3, Action("totals", 0, ("1", "2", "3", "4", "5")))
    assert game.preview() is None, "three totals are missing"
    game.apply(5, Action("totals", 5, ("6", "7", "-2")))
    preview = game.preview()
    assert preview is not None and preview.scores == (1, 2, 3, 4, 5, 6, 7, -2)
    game.apply(0, Action("confirm"))
    assert game.totals == (1, 2, 3, 4, 5, 6, 7, -2)


def test_undo_and_correcting_round_2_after_round_5() -> None:
    game = sheet()
    for number in range(5):
        enter(game, number % 3, (10 + number, 11, 12))
    before = game.running_totals()
    assert game.apply(0, Action("undo")) == [Undone(4)]
    assert game.running_totals() == before[:4]
    enter(game, 1, (14, 11, 12))
    game.apply(0, Action("edit", 1))
    draft = game.draft
    assert draft is not None and draft.entries == ("11", "11", "12") and draft.finisher == 1
    game.apply(0, Action("totals", 1, ("30",)))
    assert game.apply(0, Action("confirm")) == [Scored(1, 1, (11, 30, 12), (11, 60, 12), True)]
    after = game.running_totals()
    assert after[0] == before[0]
    # Leo's round 2 was 11, tied for lowest: 22; corrected to 30, not lowest: 60.
    assert [t[1] - b[1] for t, b in zip(after[1:], before[1:], strict=True)] == [38] * 4
    assert len(game.rounds) == 5


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("abc", "“abc” is not a number."),
        ("1.5", "“1.5” is not a number."),
        ("--3", "“--3” is not a number."),
        ("145", "145 is impossible for 12 cards"),
        ("-25", "−25 is impossible for 12 cards"),
        ("", "No total yet."),
        ("²", "“²” is not a number."),
        ("³", "“³” is not a number."),
        ("①", "“①” is not a number."),
        ("⁻3", "“⁻3” is not a number."),
        ("1 2", "“1 2” is not a number."),
        ("-", "“-” is not a number."),
        ("99999999", "99999999 is impossible for 12 cards"),
        ("0000150", "150 is impossible for 12 cards"),
    ],
)
def test_a_bad_total_is_refused_with_its_reason_and_kept(text: str, reason: str) -> None:
    game = sheet()
    game.apply(0, Action("finisher", 1))
    game.apply(0, Action("totals", 0, (text, "4", "9")))
    with pytest.raises(IllegalAction) as refused:
        game.apply(0, Action("confirm"))
    assert "Ana:" in refused.value.message and reason in refused.value.message
    draft = game.draft
    assert draft is not None and draft.entries[1:] == ("4", "9"), "nothing entered is lost"
    assert draft.entries[0] == (text or None)
    assert game.rounds == []


@pytest.mark.parametrize(
    ("text", "total"),
    [
        ("-3", -3),
        ("−3", -3),
        ("–3", -3),
        ("—3", -3),
        ("‐3", -3),
        ("－3", -3),
        ("﹣3", -3),
        ("- 3", -3),
        (" 7 ", 7),
        ("\u00a07\u200b", 7),
        ("+5", 5),
        ("＋5", 5),
        ("-24", -24),
        ("144", 144),
        ("007", 7),
        ("٣", 3),
        ("-١٢", -12),
        ("१२", 12),
        ("１２", 12),
    ],
)
def test_what_a_person_means_is_read(text: str, total: int) -> None:
    """Any minus or dash, digits of any script, spaces and invisible characters around."""
    assert total_of(text) == total


def test_other_refusals() -> None:
    game = sheet()
    game.apply(0, Action("totals", 0, ("1", "2", "3")))
    with pytest.raises(IllegalAction, match="Who ended the round is not chosen yet"):
        game.apply(0, Action("confirm"))
    with pytest.raises(IllegalAction, match="not at this table"):
        game.apply(0, Action("finisher", 3))
    with pytest.raises(IllegalAction, match="not for this table's players"):
        game.apply(0, Action("totals", 2, ("1", "2")))
    with pytest.raises(IllegalAction, match="not playing"):
        game.apply(5, Action("finisher", 0))
    with pytest.raises(IllegalAction, match="Finish or discard"):
        game.apply(0, Action("undo"))
    game.apply(0, Action("discard"))
    with pytest.raises(IllegalAction, match="no round to undo"):
        game.apply(0, Action("undo"))
    with pytest.raises(IllegalAction, match="no round 1 to correct"):
        game.apply(0, Action("edit", 0))
    with pytest.raises(IllegalAction, match="before ending"):
        game.apply(0, Action("end"))


def test_ending_early_names_the_lowest() -> None:
    game = sheet()
    enter(game, 0, (1, 20, 30))
    assert game.apply(1, Action("end")) == [Ended((0,), (1, 20, 30), True)]
    assert game.is_over and game.to_move == ()


def test_a_finished_sheet_reopens_to_undo_or_correct_its_last_round() -> None:
    game = sheet(3, target_score=50)
    enter(game, 0, (1, 20, 30))
    enter(game, 1, (2, 10, 25))  # Cyd reaches 55: over
    assert game.is_over
    assert game.apply(0, Action("undo")) == [Reopened(2), Undone(1)]
    assert not game.is_over and len(game.rounds) == 1
    enter(game, 1, (2, 10, 25))
    assert game.is_over
    assert game.apply(2, Action("edit", 1)) == [Reopened(2)]
    assert not game.is_over and game.draft is not None and game.draft.index == 1
    game.apply(2, Action("totals", 2, ("5",)))
    game.apply(2, Action("confirm"))
    assert not game.is_over, "the corrected last round leaves everyone under the target"
    assert game.totals == (3, 40, 35)
    game.apply(2, Action("edit", 1))
    game.apply(2, Action("totals", 2, ("20",)))
    game.apply(2, Action("confirm"))
    assert game.is_over and game.totals == (3, 40, 50), "corrected back to the target: over"


def test_a_sheet_ended_early_plays_on_when_reopened() -> None:
    game = sheet()
    enter(game, 0, (1, 20, 30))
    game.apply(1, Action("end"))
    assert game.apply(1, Action("reopen")) == [Reopened(1)]
    assert not game.is_over and game.ended() is None
    with pytest.raises(IllegalAction, match="not over"):
        game.apply(1, Action("reopen"))
    with pytest.raises(IllegalAction, match="over"):
        game.apply(1, Action("end"))
        game.apply(1, Action("confirm"))


actions = st.one_of(
    st.builds(Action, st.just("finisher"), st.integers(-1, 4)),
    st.builds(
        Action,
        st.just("totals"),
        st.integers(-1, 3),
        st.lists(st.one_of(st.integers(-30, 150).map(str), st.text(max_size=4)), max_size=3).map(
            tuple
        ),
    ),
    st.builds(Action, st.sampled_from(["confirm", "discard", "undo", "end", "reopen"])),
    st.builds(Action, st.just("edit"), st.integers(-1, 4)),
)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 3), actions), max_size=40))
def test_any_clicks_keep_the_sheet_whole(steps: list[tuple[int, Action]]) -> None:
    game = sheet(3, target_score=200)
    for seat, action in steps:
        saved = game.to_json()
        try:
            game.apply(seat, action)
        except IllegalAction:
            assert game.to_json() == saved, "a refused action changes nothing"
        assert ScoreSheet.from_json(game.to_json()).to_json() == game.to_json()
        totals = [0, 0, 0]
        for entered in game.rounds:
            assert all(-24 <= raw <= 144 for raw in entered.raw)
            totals = [t + s for t, s in zip(totals, entered.scores, strict=True)]
        assert tuple(totals) == game.totals
        ended = game.ended()
        if ended is not None and not ended.early:
            assert max(game.totals) >= 200, "only the target ends a game that was not stopped"
