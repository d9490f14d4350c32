"""The table's log: everything since the player to move last played, one line per turn."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.i18n import Words
from bot.sessions.game_log import KEPT, MAX_LINES, GameLog

EN = Words("en")


def describe(events: Sequence[Any], words: Words) -> list[str]:
    return [f"{event}." for event in events]


def played(log: GameLog, turns: Sequence[tuple[int, int, Sequence[str]]]) -> None:
    """Each (seat, turn number, events) is one change; a turn of two clicks is two changes
    with the same turn number."""
    for seat, turn, events in turns:
        log.moves(seat, turn, events)


def test_the_mover_sees_every_other_players_last_turn_as_one_line_each() -> None:
    log = GameLog()
    played(
        log,
        [
            (0, 1, ["Ana drew a 5"]),
            (0, 1, ["Ana put it at A1"]),
            (1, 2, ["Leo drew a 9"]),
            (1, 2, ["Leo discarded it", "Leo turned up B2"]),
            (2, 3, ["Zoe took the 9"]),
            (0, 4, ["Ana drew a 3"]),
            (0, 4, ["Ana put it at C1"]),
            (1, 5, ["Leo took the 3"]),
        ],
    )
    assert log.lines(describe, EN, movers=(2,), token=6) == [
        "Ana drew a 3. Ana put it at C1.",
        "Leo took the 3.",
    ]
    assert log.lines(describe, EN, movers=(0,), token=6) == ["Leo took the 3."], (
        "Zoe's turn 3 came before Ana's last turn"
    )
    assert log.last_turn(movers=(2,), token=6) == ("Leo took the 3",)


def test_the_movers_turn_in_progress_is_shown_but_not_marked_as_the_last_turn() -> None:
    log = GameLog()
    played(log, [(0, 1, ["Ana took the 4"]), (1, 2, ["Leo took the 7"]), (0, 3, ["Ana drew"])])
    assert log.lines(describe, EN, movers=(0,), token=3) == ["Leo took the 7.", "Ana drew."]
    assert log.last_turn(movers=(0,), token=3) == ("Leo took the 7",)


def test_notes_stay_in_their_place_between_turns() -> None:
    log = GameLog()
    played(log, [(0, 1, ["Ana took the 4"])])
    log.note("{name} left: the host plays their seat.", name="Leo")
    played(log, [(2, 2, ["Zoe drew"])])
    assert log.lines(describe, EN, movers=(1,), token=3) == [
        "Ana took the 4.",
        "Leo left: the host plays their seat.",
        "Zoe drew.",
    ]


def test_while_everyone_decides_at_once_only_the_latest_lines_are_shown() -> None:
    log = GameLog()
    played(log, [(seat, 0, [f"Seat {seat} turned up a card"]) for seat in range(8)])
    assert log.lines(describe, EN, movers=(0, 1, 2), token=0) == [
        f"Seat {seat} turned up a card." for seat in range(4, 8)
    ]
    assert log.last_turn(movers=(0, 1, 2), token=0) == ("Seat 7 turned up a card",)


def test_a_long_history_is_cut_to_the_last_lines() -> None:
    log = GameLog()
    played(log, [(seat, seat, [f"turn {seat}"]) for seat in range(1, 30)])
    lines = log.lines(describe, EN, movers=(0,), token=99)
    assert len(lines) == MAX_LINES and lines[-1] == "turn 29."


def test_each_entry_is_described_once_in_each_language_and_forgotten_when_dropped() -> None:
    told: list[tuple[str, str]] = []

    def counting(events: Sequence[Any], words: Words) -> list[str]:
        told.extend((str(event), words.language) for event in events)
        return [f"{event}." for event in events]

    log = GameLog()
    played(log, [(0, 1, ["Ana drew a 5"]), (1, 2, ["Leo drew a 9"])])
    for _ in range(3):
        assert log.lines(counting, EN, movers=(0,), token=3) == ["Leo drew a 9."]
    log.lines(counting, Words("fr"), movers=(0,), token=3)
    assert told == [("Leo drew a 9", "en"), ("Leo drew a 9", "fr")]
    for turn in range(3, 3 + 2 * KEPT):
        log.moves(turn % 2, turn, [f"move {turn}"])
        log.lines(counting, EN, movers=((turn + 1) % 2,), token=turn + 1)
    assert len(log._texts) <= len(log.entries), "texts of dropped entries are forgotten"


def test_entries_added_since_the_game_was_saved_are_taken_back_with_it() -> None:
    log = GameLog()
    played(log, [(0, 1, ["Ana drew a 5"]), (0, 1, ["Ana put it at A1"])])
    log.saved()
    log.moves(1, 2, ["Leo drew a 9"])
    log.note("⏰ {name} did not decide in time.", name="Leo")
    log.forget_unsaved()
    assert log.lines(describe, EN, movers=(1,), token=2) == ["Ana drew a 5. Ana put it at A1."]
    log.moves(1, 2, ["Leo drew a 4"])
    assert log.lines(describe, EN, movers=(0,), token=3) == ["Leo drew a 4."]
