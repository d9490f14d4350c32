"""The table's log: everything since the player to move last played, one line per turn, and
lines of their own for a round's end and the next deal."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from bot.adapters.base import GameAdapter
from bot.games.junior.adapter import JuniorAdapter
from bot.games.sky_five.adapter import SkyFiveAdapter
from bot.games.skyjo.adapter import SkyjoAdapter
from bot.i18n import Words
from bot.sessions.game_log import KEPT, MAX_LINES, GameLog
from games.core.engine import Engine
from games.core.seats import Seat
from games.sky_five import SkyFiveGame, SkyFiveSettings
from games.sky_five import events as sky_five_events
from games.skyjo import SkyjoGame, SkyjoSettings
from games.skyjo import events as skyjo_events
from games.skyjo_junior import JuniorGame, JuniorSettings
from games.skyjo_junior import events as junior_events
from tests.held import held

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
    kept = {id(entry) for entry in log.entries}
    assert all(set(texts) <= kept for texts in log._texts.values()), (
        "texts of dropped entries are forgotten"
    )


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


def logged_until(adapter: GameAdapter, engine: Engine, stop: type, seed: int) -> GameLog:
    """Random legal moves logged as the table logs them, until a change brings a `stop`
    event."""
    rng = random.Random(seed)
    log = GameLog()
    while not engine.is_over:
        seat = rng.choice(engine.to_move)
        token = adapter.turn_token(engine)
        events = list(engine.apply(seat, rng.choice(engine.legal_actions(seat))))
        log.moves(seat, token, events, adapter.log_apart)
        if any(isinstance(event, stop) for event in events):
            return log
    raise AssertionError(f"the game ended without {stop.__name__}")


def told(log: GameLog, adapter: GameAdapter, engine: Engine, words: Words) -> list[str]:
    return log.lines(
        lambda events, words: adapter.describe(engine, events, words),
        words,
        engine.to_move,
        adapter.turn_token(engine),
    )


SEATS = [Seat(name=name) for name in ("Ana", "Leo", "Zoe")]


@pytest.mark.parametrize("seed", range(3))
def test_a_rounds_end_and_the_next_deal_have_lines_of_their_own(seed: int) -> None:
    adapter = SkyjoAdapter()
    game = SkyjoGame.new(SkyjoSettings(target_score=1000), SEATS, seed)
    log = logged_until(adapter, game, skyjo_events.RoundScored, seed)
    *_, turn, end, deal = told(log, adapter, game, EN)
    assert turn.split()[0] in ("Ana", "Leo", "Zoe"), turn
    assert "Round" not in turn and "turned up:" not in turn, turn
    assert end.endswith("Round 1 is over."), end
    assert " Ana" not in end.replace("Ana's last", ""), "no move of a player's turn"
    assert deal == "Round 2 is dealt: everyone turns up 2 cards.", deal
    french = told(log, adapter, game, Words("fr"))
    assert french[-2].endswith("Fin de la manche 1."), french[-2]
    assert french[-1].startswith("Manche 2 : les cartes sont distribuées"), french[-1]


def test_the_next_deal_without_opening_cards_says_who_starts_on_its_line() -> None:
    adapter = SkyjoAdapter()
    game = SkyjoGame.new(SkyjoSettings(target_score=1000, opening_flips=0), SEATS, 4)
    log = logged_until(adapter, game, skyjo_events.RoundScored, 4)
    starter = SEATS[game.current].name
    lines = told(log, adapter, game, Words("de"))
    assert lines[-1] == (
        f"Runde 2 ist ausgeteilt. {starter} hat die letzte Runde beendet und beginnt diese."
    ), lines[-1]
    assert lines[-2].endswith("Runde 1 ist vorbei."), lines[-2]


def test_the_end_of_a_junior_game_has_lines_of_its_own() -> None:
    adapter = JuniorAdapter()
    game = JuniorGame.new(JuniorSettings(), SEATS, 6)
    log = logged_until(adapter, game, junior_events.GameOver, 6)
    *_, turn, end, over = told(log, adapter, game, EN)
    assert "scores" not in turn and "no triple" not in turn and "Game over" not in turn, turn
    assert all(f"{seat.name} scores" in end or f"{seat.name} has no" in end for seat in SEATS)
    assert over.startswith("Game over:"), over


def test_the_final_round_of_sky_five_has_a_line_of_its_own() -> None:
    adapter = SkyFiveAdapter()
    game = SkyFiveGame.new(SkyFiveSettings(), SEATS, 3)
    log = logged_until(adapter, game, sky_five_events.FinalRound, 3)
    lines = told(log, adapter, game, EN)
    final = next(i for i, line in enumerate(lines) if "the final round begins" in line)
    assert lines[final].split()[1:4] == ["drew", "the", "last"], lines[final]
    assert " draws " in lines[final - 1] or " gives " in lines[final - 1], lines[final - 1]


def test_a_long_games_log_keeps_the_text_of_what_it_last_told_only() -> None:
    adapter = SkyjoAdapter()
    game = SkyjoGame.new(SkyjoSettings(target_score=1000), SEATS, 2)
    rng = random.Random(2)
    log = GameLog()
    for _ in range(4 * KEPT):
        seat = rng.choice(game.to_move)
        token = adapter.turn_token(game)
        log.moves(seat, token, list(game.apply(seat, rng.choice(game.legal_actions(seat)))))
        lines = told(log, adapter, game, EN)
    kept = sum(len(texts) for texts in log._texts.values())
    assert len(log.entries) == KEPT
    assert kept <= MAX_LINES * 3 < KEPT, f"{kept} entries' texts kept for {len(lines)} lines"


def test_a_long_games_log_holds_little_memory() -> None:
    """Every open game keeps its log: its entries are kept lean."""
    adapter = SkyjoAdapter()
    seats = [Seat(name=f"Player {number}") for number in range(1, 9)]
    game = SkyjoGame.new(SkyjoSettings(target_score=1000), seats, 5)
    rng = random.Random(5)
    log = GameLog()
    for _ in range(4 * KEPT):
        seat = rng.choice(game.to_move)
        token = adapter.turn_token(game)
        log.moves(seat, token, list(game.apply(seat, rng.choice(game.legal_actions(seat)))))
        told(log, adapter, game, EN)
    assert held(log) < 20 * 1024, f"{held(log)} bytes"
