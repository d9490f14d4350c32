"""A replay goes turn by turn over real played games: a bot's or a member's whole turn is one
step, told in words above the table it left, in the viewer's language; the round jumps land
where rounds start; nothing in a replay asks anyone to act."""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from functools import partial
from typing import Any

import pytest

from bot.adapters.base import GameAdapter, Screen
from bot.games.junior.adapter import JuniorAdapter
from bot.games.sheet.adapter import SheetAdapter
from bot.games.sky_five.adapter import SkyFiveAdapter
from bot.games.skyjo.adapter import SkyjoAdapter
from bot.i18n import Words
from bot.replay import (
    Step,
    dealt,
    next_round,
    previous_round,
    replay_embed,
    replayed,
    round_starts,
    steps,
)
from bot.storage.games import Move
from bot.storage.records import GameRecord, SeatRecord
from cogs.stats import ReplayButton, replay_buttons
from games.sky_five import events as sky_five
from games.skyjo import events as skyjo
from games.skyjo_junior import events as junior
from games.skyjo_sheet import Action
from tests.bot.games.skyjo.test_screens import check_limits

SKYJO, JUNIOR, SKY_FIVE, SHEET = SkyjoAdapter(), JuniorAdapter(), SkyFiveAdapter(), SheetAdapter()
PLAYED = [(SKYJO, 3), (JUNIOR, 3), (SKY_FIVE, 3), (SKY_FIVE, 2)]
PROMPTS = {
    "en": ("press", "thinking", "tap ", "your turn", "'s turn", "time runs out", "choose my"),
    "fr": ("appuyez", "réfléchit", "touchez", "au tour de", "temps imparti", "choisir mes"),
    "de": ("drück", "überlegt", "tippe", "am zug", "zeit läuft", "meine karten wählen"),
}
"""Words only a prompt to act uses, in each language."""


def record(adapter: GameAdapter, players: int, seed: int) -> GameRecord:
    """A finished game's record: a member in the first seat, bots in the others (a score
    sheet: members only)."""
    seats = [SeatRecord(name="Ana", user_id=100)] + [
        SeatRecord(name=f"Bot {i}", bot_level="normal")
        if adapter.has_bots
        else SeatRecord(name=f"Player {i}", user_id=100 + i)
        for i in range(1, players)
    ]
    return GameRecord(
        id=seed,
        guild_id=1,
        channel_id=2,
        kind=adapter.kind,
        status="finished",
        host_id=100,
        seed=seed,
        seats=seats,
    )


def bots_play(adapter: GameAdapter, players: int, seed: int) -> tuple[GameRecord, list[Move]]:
    """A whole game played by the game's bots (the member's seat too), as it is recorded."""
    game = record(adapter, players, seed)
    engine, _ = dealt(adapter, game)
    assert adapter.bots is not None
    rng = random.Random(seed)
    moves = []
    while not engine.is_over:
        seat = engine.to_move[0]
        policy = adapter.bots.policy("normal", rng)
        action = policy.choose(engine.legal_actions(seat), partial(engine.view, seat))
        engine.apply(seat, action)
        moves.append(Move(seat, adapter.encode_action(action)))
    return game, moves


def entered(finisher: int, totals: tuple[str, ...]) -> list[Action]:
    return [Action("finisher", finisher), Action("totals", 0, totals), Action("confirm")]


def sheet_played() -> tuple[GameRecord, list[Move]]:
    """A score sheet kept to its target: a round corrected, one taken back and entered again."""
    game = record(SHEET, 3, 1).model_copy(update={"settings": {"target_score": 40}})
    actions = [
        *entered(0, ("5", "12", "9")),
        *entered(1, ("8", "3", "20")),
        Action("edit", 0),
        Action("totals", 0, ("5", "12", "2")),
        Action("confirm"),
        *entered(2, ("10", "4", "1")),
        Action("undo"),
        *entered(2, ("25", "4", "1")),
        Action("undo"),
        *entered(2, ("25", "4", "1")),
    ]
    finished = game.model_copy(update={"status": "finished", "deadline": 1_900_000_900.0})
    return finished, [Move(0, SHEET.encode_action(action)) for action in actions]


def games() -> list[tuple[GameAdapter, GameRecord, list[Move]]]:
    found = [(adapter, *bots_play(adapter, players, 5)) for adapter, players in PLAYED]
    return [*found, (SHEET, *sheet_played())]


GAMES = games()
IDS = [f"{adapter.kind}-{len(game.seats)}" for adapter, game, _ in GAMES]


def step_moves(moves: Sequence[Move], found: Sequence[Step], index: int) -> Sequence[Move]:
    return moves[found[index - 1].end : found[index].end] if index else ()


def kinds(step: Step) -> list[str]:
    return [type(event).__name__ for event in step.events]


# ------------------------------------------------------------------------------ steps


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (5, 3)])
def test_a_sky_five_step_is_a_whole_turn_with_the_gift_and_the_bust_it_brought(
    players: int, seed: int
) -> None:
    game, moves = bots_play(SKY_FIVE, players, seed)
    found = steps(SKY_FIVE, game, moves)
    assert not found[0].events and found[0].end == 0, "the first step is the deal"
    for index, step in enumerate(found[1:], start=1):
        plays = [e for e in step.events if isinstance(e, sky_five.Drew | sky_five.Rolled)]
        assert len(plays) == 1, f"step {index} is one turn: {kinds(step)}"
        seat = plays[0].seat
        assert step_moves(moves, found, index)[0].seat == seat, "the turn's player moves first"
        busts = [e for e in step.events if isinstance(e, sky_five.Busted)]
        if busts:
            assert any(isinstance(e, sky_five.Discarded) and e.seat == seat for e in step.events), (
                "every choice from a bust's cards is in the bust's step"
            )
        if any(isinstance(e, sky_five.ChoosingRecipient) for e in step.events):
            assert any(isinstance(e, sky_five.Gave) for e in step.events), "and the gift"
    turns = sum(isinstance(e, sky_five.Drew | sky_five.Rolled) for s in found for e in s.events)
    assert len(found) == turns + 1, "the deal, then a step per turn"
    joined = sum(
        isinstance(e, sky_five.Took | sky_five.Passed)
        or (isinstance(e, sky_five.Gave) and e.chosen)
        for s in found
        for e in s.events
    )
    assert joined and turns == len(moves) - joined, "gifts and bust choices join their turn"


@pytest.mark.parametrize("players", [2, 4])
def test_a_skyjo_step_is_a_turn_or_a_round_s_opening_flips(players: int) -> None:
    game, moves = bots_play(SKYJO, players, players)
    found = steps(SKYJO, game, moves)
    placing = skyjo.TookDiscard | skyjo.Swapped | skyjo.DiscardedAndFlipped
    for index, step in enumerate(found[1:], start=1):
        placed = [e for e in step.events if isinstance(e, placing)]
        flips = [e for e in step.events if isinstance(e, skyjo.Revealed)]
        if flips:
            assert not placed, f"step {index}: the opening flips are a step of their own"
            assert len(flips) == players * 2, "everyone's opening flips, all in one step"
            continue
        assert len(placed) == 1, f"step {index} is one turn: {kinds(step)}"
        assert {m.seat for m in step_moves(moves, found, index)} == {placed[0].seat}
        drew = [e for e in step.events if isinstance(e, skyjo.Drew)]
        assert all(e.seat == placed[0].seat for e in drew), "a draw is in its turn's step"
    assert len(found) < 0.6 * len(moves), "a turn of a draw and a swap is one step"


def test_a_junior_step_is_a_turn() -> None:
    game, moves = bots_play(JUNIOR, 3, 4)
    found = steps(JUNIOR, game, moves)
    for index, step in enumerate(found[1:], start=1):
        placed = [e for e in step.events if isinstance(e, junior.Swapped | junior.Declined)]
        assert len(placed) == 1, f"step {index} is one turn: {kinds(step)}"
        assert {m.seat for m in step_moves(moves, found, index)} == {placed[0].seat}
    assert len(found) < 0.6 * len(moves)


def test_a_sheet_step_is_a_round_entered_or_taken_back() -> None:
    game, moves = sheet_played()
    found = steps(SHEET, game, moves)
    told = [SHEET.story(replayed(SHEET, game, moves, s.end), s.events, Words("en")) for s in found]
    assert [lines[0] if lines else "" for lines in told] == [
        "",
        "Round 1 entered, ended by Ana:",
        "Round 2 entered, ended by Player 1:",
        "Round 1 corrected, ended by Ana:",
        "Round 3 is taken back.",
        "Round 3 entered, ended by Player 2:",
    ]
    reopened = told[-1]
    assert reopened.index("The finished game is reopened after round 3.") < reopened.index(
        "Round 3 is taken back."
    ), "the finished sheet reopened, its last round taken back and entered again"
    assert "Round 3 entered, ended by Player 2:" in told[3], "a correction rides with the next"
    assert "Ana: +10 (total 10)" in told[3], "the corrected round as it is now scored"
    assert [step.round for step in found] == [1, 2, 3, 4, 3, 3]
    assert replayed(SHEET, game, moves, found[-1].end).is_over


# ----------------------------------------------------------------------------- rounds


def test_skyjo_round_jumps_land_on_each_new_deal() -> None:
    game, moves = bots_play(SKYJO, 3, 6)
    found = steps(SKYJO, game, moves)
    starts = round_starts(found)
    played_rounds = replayed(SKYJO, game, moves, len(moves)).round  # type: ignore[attr-defined]
    assert len(starts) == played_rounds > 1
    for number, start in enumerate(starts, start=1):
        engine: Any = replayed(SKYJO, game, moves, found[start].end)
        assert engine.round == number and engine.phase == "opening", "a round's fresh deal"
        assert found[start].round == number
        if start:
            assert any(isinstance(e, skyjo.RoundScored) for e in found[start].events), (
                "it tells how the round before ended"
            )


@pytest.mark.parametrize(("adapter", "players"), [(SKY_FIVE, 2), (SKY_FIVE, 4), (JUNIOR, 3)])
def test_a_game_of_one_deal_has_a_round_each_time_the_first_player_s_turn_comes(
    adapter: GameAdapter, players: int
) -> None:
    game, moves = bots_play(adapter, players, 8)
    found = steps(adapter, game, moves)
    first = moves[0].seat
    starts = round_starts(found)
    assert [found[start].round for start in starts] == list(range(1, len(starts) + 1))
    for index, step in enumerate(found):
        engine = replayed(adapter, game, moves, step.end)
        first_to_move = not engine.is_over and engine.to_move == (first,)
        assert (index in starts) == first_to_move, f"step {index}"
    assert len(starts) * players >= len(found) - 1 - players, "a round is a turn each"


@pytest.mark.parametrize(("adapter", "game", "moves"), GAMES, ids=IDS)
def test_the_jumps_go_to_the_start_of_the_round_shown_then_the_one_before_or_after(
    adapter: GameAdapter, game: GameRecord, moves: list[Move]
) -> None:
    found = steps(adapter, game, moves)
    starts = round_starts(found)
    for index in range(len(found)):
        later = next_round(found, index)
        earlier = previous_round(found, index)
        assert later is None or (later in starts and found[later].round != found[index].round)
        assert later is None or all(s not in starts for s in range(index + 1, later))
        assert earlier is None or (earlier in starts and earlier < index)
        assert earlier is None or all(s not in starts for s in range(earlier + 1, index))
    assert next_round(found, len(found) - 1) is None and previous_round(found, 0) is None


# ------------------------------------------------------------------------------ words


def text_of(screen: Screen) -> str:
    embed = screen.embed
    parts = [embed.title or "", embed.description or "", embed.footer.text or ""]
    parts += [f"{field.name}\n{field.value}" for field in embed.fields]
    return "\n".join(parts)


@pytest.mark.parametrize("language", ["en", "fr", "de"])
@pytest.mark.parametrize(("adapter", "game", "moves"), GAMES, ids=IDS)
def test_every_step_says_what_happened_and_asks_nobody_to_act(
    adapter: GameAdapter, game: GameRecord, moves: list[Move], language: str
) -> None:
    words = Words(language)
    found = steps(adapter, game, moves)
    for index, step in enumerate(found):
        embed = replay_embed(adapter, game, moves, found, index, words)
        check_limits(Screen(embed))
        text = text_of(Screen(embed)).lower()
        said = [w for w in PROMPTS[language] if w in text]
        assert not said and "<t:" not in text, f"step {index} asks to act: {said}\n{text}"
        description = embed.description or ""
        story = [line[2:] for line in description.split("\n") if line.startswith("> ")]
        assert story and all(line.strip() for line in story), f"step {index} says nothing"
        assert description.startswith("> "), "what happened comes first"
        engine = replayed(adapter, game, moves, step.end)
        for told in adapter.describe(engine, step.events, words):
            for line in told.split("\n"):
                assert line in story, f"step {index} leaves out {line!r}"
        if language == "en":
            assert embed.footer.text is not None
            assert embed.footer.text.startswith(
                f"Round {step.round} · step {index + 1} of {len(found)}"
            )
            if not engine.is_over and adapter.announces_turns:
                assert "Next: **" in description, "who plays next, in neutral words"


def test_a_bot_s_whole_turn_is_told_in_its_step() -> None:
    game, moves = bots_play(SKYJO, 2, 11)
    found = steps(SKYJO, game, moves)
    drawn = [
        index
        for index, step in enumerate(found)
        if any(isinstance(e, skyjo.Drew) and e.seat == 1 for e in step.events)
    ]
    assert game.seats[1].is_bot and drawn
    description = replay_embed(SKYJO, game, moves, found, drawn[0], Words("en")).description
    assert re.search(r"^> Bot 1 drew .*\n> Bot 1 (put|discarded) ", description or "", re.M), (
        "the draw and what became of the card, in one step"
    )


# ---------------------------------------------------------------------------- buttons


@pytest.mark.parametrize(("adapter", "game", "moves"), GAMES, ids=IDS)
def test_the_buttons_fit_discord_and_say_where_they_go(
    adapter: GameAdapter, game: GameRecord, moves: list[Move]
) -> None:
    found = steps(adapter, game, moves)
    starts = round_starts(found)
    template = ReplayButton.__discord_ui_compiled_template__
    for index in {0, 1, starts[-1], len(found) - 2, len(found) - 1}:
        view = replay_buttons(123_456_789_012_345_678, found, index, Words("en"))
        buttons: list[Any] = list(view.children)
        rows = [[b for b in buttons if b.row == row] for row in (0, 1)]
        assert [len(row) for row in rows] == [2, 4], "steps on one row, jumps on the other"
        ids = [b.custom_id for b in buttons]
        assert len(set(ids)) == len(ids) and all(len(i) <= 100 for i in ids)
        assert all(template.fullmatch(i) for i in ids), ids
        targets = {b.custom_id.split(":")[3]: b for b in buttons}
        rnext = targets["rnext"]
        later = next_round(found, index)
        assert rnext.disabled == (later is None)
        if later is not None:
            assert rnext.custom_id.split(":")[2] == str(later)
            assert rnext.label == f"Round {found[later].round}"
        assert targets["back"].disabled == (index == 0)
        assert targets["next"].disabled == (index == len(found) - 1)
