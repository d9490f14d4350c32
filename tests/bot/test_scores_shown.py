"""Scores and cards as players read them: a negative score or card value with a true minus
sign (−3) wherever it is shown (logs, prompts, buttons, grids, pictures and their alt texts,
stats and the daily deal), and standings of a finished game that count no points left to the
target."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageDraw

from bot.adapters.base import Screen, SelectSpec, TableContext
from bot.games.sheet import screens as sheet_screens
from bot.games.sheet.adapter import SheetAdapter
from bot.games.skyjo import picture as skyjo_picture
from bot.games.skyjo import screens
from bot.games.skyjo.adapter import SkyjoAdapter
from bot.games.skyjo.words import hint
from bot.i18n import Words
from bot.storage.daily import DailyPlace, DailyResult
from bot.storage.records import GameRecord, SeatRecord
from bot.storage.stats import KindStats
from bot.ui import grid_picture
from bot.ui.daily_board import today_lines
from bot.ui.daily_screens import result_text, share_line
from cogs.stats import best_and_worst_line
from games.core.seats import Seat
from games.skyjo import SkyjoGame, SkyjoSettings, draw, flip, swap, take
from games.skyjo.events import RoundScored
from games.skyjo_sheet import ScoreSheet, SheetSettings
from games.skyjo_sheet.sheet import Action
from tests.bot.games.skyjo.test_screens import at_first_turn, played_to, record
from tests.skyjo.scripting import grid, open_round, scripted_game

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


HYPHENATED = re.compile(r"-\d")
"""A number written with a hyphen-minus, as `str()` writes a negative one."""


def with_negative_cards() -> SkyjoGame:
    """Ana turns up a −2 and a 12, Leo a −1 and a 3: Ana starts, a −2 on the discard pile,
    and the first card drawn is a −1."""
    ana = grid((-2, 12, 1, 2), (3, 4, 5, 6), (7, 8, 9, 10))
    leo = grid((-1, 3, 1, 2), (3, 4, 5, 6), (7, 8, 9, 10))
    game, _ = scripted_game([ana, leo], discard=-2, draws=(-1,))
    open_round(game, [(0, 1), (0, 1)])
    assert game.current == 0
    return game


def shown_texts(screen: Screen) -> list[str]:
    """Every text of a screen a person reads: the embed, the buttons' labels, the pictures'
    alt texts (not the custom ids)."""
    embed = screen.embed
    texts = [embed.title or "", embed.description or "", embed.footer.text or ""]
    texts += [f"{field.name}\n{field.value}" for field in embed.fields]
    texts += [b.label for row in screen.rows if not isinstance(row, SelectSpec) for b in row]
    return texts + [picture.description for picture in screen.pictures]


TABLES: dict[str, tuple[bool, str, bool, list[str]]] = {
    "a turn: the prompt, the discard pile, its button and the alt text": (
        False,
        "",
        True,
        [
            "**Ana**'s turn: draw, or take the **\N{MINUS SIGN}2**.",
            "Discard pile: **\N{MINUS SIGN}2**",
            "Take the \N{MINUS SIGN}2",
            "Discard pile: \N{MINUS SIGN}2",
            "Ana (0 points in the game, +10 this round): 1: \N{MINUS SIGN}2 12 ? ?",
            "Leo (0 points in the game, +2 this round): 1: \N{MINUS SIGN}1 3 ? ?",
        ],
    ),
    "taking the discard as text only: the prompt, the grids and their buttons": (
        False,
        "take",
        False,
        [
            "**Ana** takes the **\N{MINUS SIGN}2**: tap the card it replaces.",
            "🟦 \N{MINUS SIGN}2 🟥 12",
            "🟦 \N{MINUS SIGN}1 🟩  3",
            "\N{MINUS SIGN}2",
        ],
    ),
    "a drawn card: the prompt and the discard button": (
        True,
        "",
        True,
        [
            "**Ana** drew a **\N{MINUS SIGN}1**: place it, or discard it and turn a card up.",
            "Discard the \N{MINUS SIGN}1, turn a card up",
        ],
    ),
    "discarding the drawn card": (
        True,
        "flip",
        True,
        ["**Ana** discards the **\N{MINUS SIGN}1**: tap a face-down card to turn it up."],
    ),
}


@pytest.mark.parametrize(("drawn", "mode", "pictures", "expected"), TABLES.values(), ids=TABLES)
def test_the_skyjo_table_shows_negative_cards_with_a_minus_sign(
    drawn: bool, mode: str, pictures: bool, expected: list[str]
) -> None:
    game = with_negative_cards()
    if drawn:
        game.apply(0, draw())
    screen = SkyjoAdapter().table(record(2), game, TableContext(EN, mode, pictures=pictures))
    texts = shown_texts(screen)
    for text in expected:
        assert any(text in shown for shown in texts), (text, texts)
    assert not [shown for shown in texts if HYPHENATED.search(shown)]


HINTS = {
    "draw": (False, draw(), "Draw: the \N{MINUS SIGN}2 on the discard pile would not improve"),
    "take on a card": (False, take(1), "Put the \N{MINUS SIGN}2 at B1, on your 12: 14 points"),
    "take on a face-down card": (False, take(2), "Put the \N{MINUS SIGN}2 at C1, on a face-down"),
    "discard and flip": (True, flip(2), "Discard the \N{MINUS SIGN}1 and turn up the card at C1"),
    "swap": (
        True,
        swap(0),
        "Put the \N{MINUS SIGN}1 at A1, on your \N{MINUS SIGN}2: it works toward a column of "
        "\N{MINUS SIGN}1s.",
    ),
}


@pytest.mark.parametrize(("drawn", "action", "expected"), HINTS.values(), ids=HINTS)
def test_a_hint_names_negative_cards_with_a_minus_sign(
    drawn: bool, action: Any, expected: str
) -> None:
    game = with_negative_cards()
    if drawn:
        game.apply(0, draw())
    said = hint(action, game.view(0), game.geometry, EN)
    assert said.startswith(expected), said
    assert not HYPHENATED.search(said)


def solid_width(image: Image.Image) -> int:
    """How wide the fully inked pixels (255) of a greyscale image spread."""
    box = image.point(lambda value: 255 if value > 247 else 0).getbbox()
    assert box is not None
    return box[2] - box[0]


def written_width(text: str, size: int) -> int:
    """How wide `text` is inked in the pictures' font."""
    image = Image.new("L", (4 * size, 2 * size))
    ImageDraw.Draw(image).text((size, size), text, fill=255, font=grid_picture.font(size))
    return solid_width(image)


def test_a_negative_card_is_drawn_with_a_minus_sign() -> None:
    width, colours = 64, skyjo_picture.COLOURS
    tile = grid_picture.card_tile(-2, width, colours).copy()
    tile.putpalette(grid_picture.palette(colours).getpalette() or [])
    drawn = tile.convert("RGB")
    ink = ImageChops.difference(drawn, Image.new("RGB", drawn.size, colours.ink(-2)))
    minus, hyphen = (written_width(text, width * 9 // 16) for text in ("\N{MINUS SIGN}2", "-2"))
    assert minus - hyphen > 6, "the two signs are told apart by their width"
    assert abs(solid_width(ImageChops.invert(ink.convert("L"))) - minus) <= 1, (minus, hyphen)


def kind_stats(kind: str, lowest: int, highest: int) -> KindStats:
    return KindStats(
        kind=kind,
        games=3,
        wins=1,
        average_score=10.0,
        lowest_score=lowest,
        highest_score=highest,
        streak=0,
        feats={},
    )


def daily(score: int) -> DailyResult:
    return DailyResult("2025-03-01", "skyjo", 100, 1, 7, "finished", score, score, 1, 1.0, "", None)


SCORES: dict[str, tuple[Callable[[], str], str]] = {
    "/stats' best and worst games": (
        lambda: best_and_worst_line(kind_stats("skyjo", -12, 40), EN),
        "Best game \N{MINUS SIGN}12 · worst game 40",
    ),
    "the daily deal's share line": (
        lambda: share_line("Skyjo", "2025-03-01", [], -4, False, EN),
        "Score: \N{MINUS SIGN}4",
    ),
    "the daily deal's result": (
        lambda: result_text(daily(-4), DailyPlace(0, 2, 3), DailyPlace(0, 2, 3), EN),
        "Daily deal of 2025-03-01: you scored \N{MINUS SIGN}4.",
    ),
    "the daily deal's board": (
        lambda: today_lines([daily(-4)], EN)[0],
        "\N{MINUS SIGN}4 points",
    ),
}


@pytest.mark.parametrize(("text", "expected"), SCORES.values(), ids=SCORES)
def test_stats_and_the_daily_deal_show_negative_scores_with_a_minus_sign(
    text: Callable[[], str], expected: str
) -> None:
    said = text()
    assert expected in said, said
    assert not HYPHENATED.search(said.replace("2025-03-01", ""))
