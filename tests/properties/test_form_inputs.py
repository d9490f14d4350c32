"""Whatever a person types into any field of any form (the score sheet's totals, a guest's
name), the table still draws, within Discord's limits, and the way back (Discard, Undo) leaves
the game exactly as it was."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.adapters.specs import AskText, Command, Form, Play, Screen, TableContext
from bot.games.sheet.adapter import SheetAdapter
from bot.i18n import LANGUAGES, Words
from bot.sessions.lobby import guest_form, guest_seat
from bot.storage.records import GameRecord, SeatRecord, Status
from bot.ui.lobby_screens import lobby_screen
from games.core.errors import IllegalAction
from games.core.seats import Seat
from games.skyjo_sheet import Action, ScoreSheet
from tests.bot.games.skyjo.test_screens import check_limits

SHEET = SheetAdapter()
TYPED = st.characters(exclude_categories=["Cs"])
"""Anything a keyboard can send: every character but lone surrogates, which no UTF-8 text
(and so no Discord form) can carry."""


def typed(field_limit: int) -> st.SearchStrategy[str]:
    """What a form field can hold: Discord refuses more than its `max_length`."""
    tricky = ["²", "③", "٣", "−3", " 7 ", "-", "**5**", "@here", "`", "||9||", "<@1>", "\u200b"]
    return st.one_of(
        st.text(TYPED, max_size=field_limit),
        st.sampled_from([text for text in tricky if len(text) <= field_limit]),
    )


def record(names: list[str], status: Status = "running") -> GameRecord:
    return GameRecord(
        id=1,
        guild_id=1,
        channel_id=2,
        kind=SHEET.kind,
        status=status,
        host_id=100,
        seed=1,
        seats=[SeatRecord(name=name, user_id=100 + i) for i, name in enumerate(names)],
    )


def drawn(screen: Screen) -> None:
    """The screen fits Discord, and each of its pictures draws."""
    check_limits(screen)
    assert len(screen.embed.description or "") <= 4096
    assert len(screen.embed.title or "") <= 256
    for picture in screen.pictures:
        assert picture.render()


def table(sheet: ScoreSheet, game: GameRecord, words: Words) -> None:
    for pictures in (True, False):
        drawn(SHEET.table(game, sheet, TableContext(words, pictures=pictures)))


def entered(players: int, rounds: list[tuple[int, list[int]]]) -> ScoreSheet:
    sheet = ScoreSheet.new(
        SHEET.build_settings({"target_score": 1000}),
        [Seat(name=f"P{seat}") for seat in range(players)],
    )
    for finisher, totals in rounds:
        sheet.apply(0, Action("finisher", finisher % players))
        sheet.apply(0, Action("totals", 0, tuple(str(t) for t in totals[:players])))
        sheet.apply(0, Action("confirm"))
    return sheet


def without_moves(sheet: ScoreSheet) -> dict[str, Any]:
    return sheet.state.model_dump(exclude={"moves"})


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(2, 8),
    rounds=st.lists(
        st.tuples(st.integers(0, 7), st.lists(st.integers(-24, 144), min_size=8, max_size=8)),
        max_size=3,
    ),
    language=st.sampled_from(LANGUAGES),
    data=st.data(),
)
def test_any_totals_typed_draw_and_are_taken_back(
    players: int,
    rounds: list[tuple[int, list[int]]],
    language: str,
    data: st.DataObject,
) -> None:
    words = Words(language)
    sheet = entered(players, rounds)
    game = record(list(sheet.names))
    before = without_moves(sheet)
    for first in range(0, players, 5):
        asked = SHEET.interpret(sheet, 0, Command("totals", str(first)), words)
        assert isinstance(asked, AskText)
        form: Form = asked.form
        fields = {field.key: data.draw(typed(field.max_length)) for field in form.fields}
        played = SHEET.interpret(sheet, 0, Command("entered", str(first), fields=fields), words)
        assert isinstance(played, Play)
        sheet.apply(0, played.action)
        table(sheet, game, words)
        again = SHEET.interpret(sheet, 0, Command("totals", str(first)), words)
        assert isinstance(again, AskText)
        assert all(len(field.default) <= field.max_length for field in again.form.fields)
    sheet.apply(0, Action("finisher", data.draw(st.integers(0, players - 1))))
    table(sheet, game, words)
    if sheet.preview() is None:
        try:
            sheet.apply(0, Action("confirm"))
            raise AssertionError("a round that cannot be scored was confirmed")
        except IllegalAction as refused:
            assert words.error(refused)
        sheet.apply(0, Action("discard"))
    else:
        sheet.apply(0, Action("confirm"))
        table(sheet, game, words)
        sheet.apply(0, Action("undo"))
    table(sheet, game, words)
    assert without_moves(sheet) == before, "taken back, nothing else changed"


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(language=st.sampled_from(LANGUAGES), data=st.data())
def test_any_guest_name_typed_draws_everywhere_or_is_refused(
    language: str, data: st.DataObject
) -> None:
    words = Words(language)
    [field] = guest_form(words).fields
    name = data.draw(typed(field.max_length))
    seats = [SeatRecord(name="ana", user_id=100)]
    lobby = record(["ana"], status="lobby")
    try:
        guest = guest_seat(SHEET, seats, name)
    except IllegalAction as refused:
        assert words.error(refused)
        return
    lobby.seats.append(guest)
    drawn(lobby_screen(lobby, SHEET, SHEET.build_settings({}), words))
    sheet = ScoreSheet.new(
        SHEET.build_settings({"target_score": 20}),
        [Seat(name=seat.name) for seat in lobby.seats],
    )
    game = lobby.model_copy(update={"status": "running"})
    table(sheet, game, words)
    sheet.apply(1, Action("finisher", 1))
    sheet.apply(1, Action("totals", 0, ("5", "-3")))
    table(sheet, game, words)
    sheet.apply(1, Action("confirm"))
    table(sheet, game, words)
    sheet.apply(1, Action("finisher", 0))
    sheet.apply(1, Action("totals", 0, ("3", "30")))
    sheet.apply(1, Action("confirm"))
    assert sheet.is_over
    drawn(SHEET.final(game, sheet, words))
