"""Scores as players read them: a negative score with a true minus sign (−3) wherever a game
shows one, and standings of a finished game that count no points left to the target."""

from __future__ import annotations

from typing import Any

from bot.adapters.base import TableContext
from bot.games.sheet import screens as sheet_screens
from bot.games.sheet.adapter import SheetAdapter
from bot.games.skyjo import picture as skyjo_picture
from bot.games.skyjo import screens
from bot.games.skyjo.adapter import SkyjoAdapter
from bot.i18n import Words
from bot.storage.records import GameRecord, SeatRecord
from games.core.seats import Seat
from games.skyjo import SkyjoGame, SkyjoSettings
from games.skyjo.events import RoundScored
from games.skyjo_sheet import ScoreSheet, SheetSettings
from games.skyjo_sheet.sheet import Action
from tests.bot.games.skyjo.test_screens import at_first_turn, played_to, record

EN = Words("en")
MINUS = "\N{MINUS SIGN}"
NAMES = ("Grandma", "Leo", "Zoe")


def skyjo_at_first_turn() -> SkyjoGame:
    game = at_first_turn(SkyjoGame.new(SkyjoSettings(), [Seat(name=n) for n in NAMES], 11))
    game.totals[:] = [-3, 41, -12]
    return game


def test_a_skyjo_table_shows_negative_totals_with_a_minus_sign() -> None:
    game = skyjo_at_first_turn()
    table = SkyjoAdapter().table(record(3), game, TableContext(EN, pictures=False))
    titles = [field.name or "" for field in table.embed.fields[:3]]
    assert titles[0].startswith(f"Grandma — {MINUS}3 pts") and "-" not in titles[0], titles
    assert f"{MINUS}12 pts" in titles[2]
    drawing = skyjo_picture.table_picture(game.view(None))
    visible = game.view(None).players[0].visible_score
    assert drawing.panels[0].score == f"{MINUS}3 (+{visible})"
    game.totals[:] = [-3, 100, 41]
    game.winners = (0,)
    final = screens.final(record(3), game, EN).embed.description or ""
    assert f"🏆 **Grandma** — {MINUS}3 points" in final.split("\n")


def test_a_round_summary_shows_negative_scores_and_totals_with_a_minus_sign() -> None:
    game = SkyjoGame.new(SkyjoSettings(target_score=1000), [Seat(name=n) for n in NAMES], 2)
    played_to(game, 2, RoundScored)
    scored = RoundScored(1, 1, (-4, 9, 30), (-4, 18, 30), (-4, 18, 30))
    summary = screens.round_summary_screen(game, scored, [], EN)
    assert (summary.embed.description or "").split("\n")[0] == (
        f"**Grandma**: {MINUS}4 · total **{MINUS}4**"
    )
    assert f"Grandma (round score {MINUS}4, total {MINUS}4)" in summary.pictures[0].description


def sheet(**settings: Any) -> ScoreSheet:
    return ScoreSheet.new(SheetSettings(**settings), [Seat(name=name) for name in NAMES])


def enter(game: ScoreSheet, finisher: int, totals: tuple[int, ...]) -> None:
    game.apply(0, Action("finisher", finisher))
    game.apply(1, Action("totals", 0, tuple(str(t) for t in totals)))
    game.apply(2, Action("confirm"))


def sheet_record() -> GameRecord:
    return GameRecord(
        id=4,
        guild_id=1,
        channel_id=2,
        kind=SheetAdapter.kind,
        status="running",
        host_id=100,
        seed=1,
        seats=[SeatRecord(name=name, guest=True) for name in NAMES],
    )


def test_the_score_sheet_shows_a_minus_sign_and_no_points_to_the_target_once_over() -> None:
    game = sheet()
    enter(game, 0, (-3, 20, 8))
    standings = sheet_screens.standings_lines(game, EN)
    assert standings[0] == f"👑 **Grandma** — {MINUS}3 · 103 points to the target"
    assert f"{MINUS}3" in sheet_screens.rounds_table(
        game
    ) and "-3" not in sheet_screens.rounds_table(game)
    enter(game, 2, (10, 90, 2))
    assert game.is_over
    for language, to_the_target in [("en", "to the target"), ("fr", "avant"), ("de", "bis")]:
        final = SheetAdapter().final(sheet_record(), game, Words(language)).embed.description or ""
        assert to_the_target not in final, final
    final = SheetAdapter().final(sheet_record(), game, EN).embed.description or ""
    assert "🏆 **Grandma** — 7 points" in final.split("\n")
    assert "**Leo** — 110 points · reached the target" in final.split("\n")
