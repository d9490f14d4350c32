"""What players typed on a score sheet is shown as typed, never as Discord formatting."""

from __future__ import annotations

from bot.games.sheet.adapter import SheetAdapter
from bot.games.sheet.screens import draft_lines
from bot.i18n import Words
from games.core.seats import Seat
from games.skyjo_sheet import Action, ScoreSheet


def test_typed_totals_and_names_cannot_format_the_sheet() -> None:
    sheet = ScoreSheet.new(
        SheetAdapter().build_settings({}), [Seat(name="a*b"), Seat(name="@everyone")]
    )
    sheet.apply(0, Action("totals", 0, ("**5**", "<@123456789012345678>")))
    _, typed, problems = draft_lines(sheet, Words("en"))
    assert typed == "a\\*b \\*\\*5\\*\\* · @\u200beveryone <@\u200b123456789012345678>"
    assert "a\\*b: “\\*\\*5\\*\\*” is not a number." in problems
    assert "@\u200beveryone: “<@\u200b123456789012345678>” is not a number." in problems
