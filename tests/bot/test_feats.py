"""Each game counts its feats from a whole game's events (the sheet from its rounds)."""

from __future__ import annotations

from bot.catalog import installed
from bot.games.junior.adapter import JuniorAdapter
from bot.games.sheet.adapter import SheetAdapter
from bot.games.sky_five.adapter import SkyFiveAdapter
from bot.games.skyjo.adapter import SkyjoAdapter
from bot.i18n import Words
from bot.ui.records import feat_texts
from games.core.seats import Seat
from games.sky_five import SkyFiveGame, SkyFiveSettings
from games.sky_five.events import Banked, Busted, SkyFive
from games.skyjo import SkyjoGame, SkyjoSettings
from games.skyjo.events import LineCleared, RoundScored
from games.skyjo_junior import JuniorGame, JuniorSettings
from games.skyjo_junior.events import TripleMade
from games.skyjo_sheet import Action, ScoreSheet, SheetSettings

SEATS = [Seat(name="Ana"), Seat(name="Leo")]


def test_skyjo_counts_cleared_lines_and_penalties() -> None:
    game = SkyjoGame.new(SkyjoSettings(), SEATS, 1)
    events = [
        LineCleared(0, "column", 1, 5, (1, 5, 9)),
        LineCleared(0, "column", 2, 3, (2, 6, 10)),
        LineCleared(1, "row", 0, 4, (0, 1, 2, 3)),
        RoundScored(1, 1, (10, 12), (10, 24), (10, 24)),
        RoundScored(2, 0, (1, 12), (1, 12), (11, 36)),
    ]
    assert SkyjoAdapter().feats(game, events) == [
        {"columns_cleared": 2},
        {"rows_cleared": 1, "penalties": 1},
    ]


def test_junior_counts_triples() -> None:
    game = JuniorGame.new(JuniorSettings(), SEATS, 1)
    events = [TripleMade(1, 0, 5), TripleMade(1, 2, 7), TripleMade(0, 1, 3)]
    assert JuniorAdapter().feats(game, events) == [{"triples": 1}, {"triples": 2}]


def test_sky_five_counts_busts_sky_fives_and_the_biggest_bank() -> None:
    game = SkyFiveGame.new(SkyFiveSettings(), SEATS, 1)
    events = [
        Busted(0, "roll", 4, (1, 2)),
        Banked(1, (1, 2, 3), 12, 12),
        Banked(1, (4,), 30, 42),
        SkyFive(1),
        Busted(0, "colour", 7, ()),
    ]
    assert SkyFiveAdapter().feats(game, events) == [
        {"busts": 2},
        {"biggest_bank": 30, "sky_fives": 1},
    ]


def test_the_sheet_counts_penalties_as_its_rounds_stand() -> None:
    sheet = ScoreSheet.new(SheetSettings(), SEATS)
    for finisher, totals in ((0, ("9", "3")), (1, ("2", "8"))):
        sheet.apply(0, Action("finisher", finisher))
        sheet.apply(0, Action("totals", 0, totals))
        sheet.apply(0, Action("confirm"))
    assert SheetAdapter().feats(sheet, []) == [{"penalties": 1}, {"penalties": 1}]
    sheet.apply(0, Action("edit", 1))
    sheet.apply(0, Action("totals", 0, ("9", "1")))
    sheet.apply(0, Action("confirm"))
    assert SheetAdapter().feats(sheet, []) == [{"penalties": 1}, {}], "a corrected round counts"


def test_the_stats_show_a_feat_in_the_words_its_game_declares() -> None:
    en, fr = Words("en"), Words("fr")
    feats = {"sky_fives": 2, "busts": 0, "biggest_bank": 1, "not_a_feat": 3}
    assert feat_texts(SkyFiveAdapter(), feats, en) == ["biggest bank: 1 point", "2 Sky Fives"]
    assert feat_texts(JuniorAdapter(), {"triples": 1}, fr) == ["1 triplé"]
    assert feat_texts(SheetAdapter(), {"penalties": 2}, en) == ["2 penalties as finisher"]
    assert feat_texts(SkyjoAdapter(), {"triples": 2}, en) == [], "another game's feat"
    assert feat_texts(None, {"penalties": 2}, en) == [], "a game that is not installed"


def test_every_game_shows_its_feats_in_words() -> None:
    for game in installed():
        shown = {feat.name for feat in game.adapter.feats_shown}
        assert shown, game.adapter.kind
        for name in shown:
            text = game.adapter.feat_text(name, 2, Words("de"))
            assert text is not None and "2" in text, (game.adapter.kind, name)
