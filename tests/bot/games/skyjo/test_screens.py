"""Skyjo's screens stay within Discord's limits and never depend on a face-down card."""

from __future__ import annotations

import itertools
import json
import random
from typing import Any

import emoji
import pytest

from bot.adapters.base import ButtonSpec, Screen, SelectSpec, TableContext
from bot.adapters.specs import ALT_TEXT_LIMIT
from bot.games.skyjo import screens
from bot.games.skyjo.adapter import SkyjoAdapter
from bot.i18n import Words
from bot.storage.records import GameRecord, SeatRecord
from bot.ui.components import build_view
from games.core.seats import Seat
from games.skyjo import SkyjoGame, SkyjoSettings
from games.skyjo.events import RoundScored

MARKER = 987_654_321
SKYJO = SkyjoAdapter()
EN = Words("en")


def record(players: int) -> GameRecord:
    return GameRecord(
        id=7,
        guild_id=1,
        channel_id=2,
        kind="skyjo",
        status="running",
        host_id=100,
        seed=1,
        seats=[
            SeatRecord(name=f"Player number {i}", user_id=100 + i if i < 2 else None)
            for i in range(players)
        ],
        deadline=1_900_000_000.0,
    )


def rendered(screen: Screen) -> str:
    rows: list[Any] = []
    for row in screen.rows:
        if isinstance(row, SelectSpec):
            rows.append(("select", row.verb, row.arg, list(row.options)))
        else:
            rows.append([(b.label, b.verb, b.arg, b.disabled, b.style) for b in row])
    pictures = [(p.name, p.description, p.render().hex()) for p in screen.pictures]
    return json.dumps([screen.content, screen.embed.to_dict(), rows, pictures], sort_keys=True)


def check_limits(screen: Screen) -> None:
    embed = screen.embed
    assert len(embed) <= 6000
    assert len(embed.fields) <= 25
    assert all(len(field.value or "") <= 1024 for field in embed.fields)
    assert all(len(field.name or "") <= 256 for field in embed.fields)
    assert len(screen.rows) <= 5
    assert all(len(picture.description) <= ALT_TEXT_LIMIT for picture in screen.pictures)
    for row in screen.rows:
        if not isinstance(row, SelectSpec):
            assert 1 <= len(row) <= 5
            assert all(isinstance(b, ButtonSpec) and 1 <= len(b.label) <= 80 for b in row)
            assert all(b.emoji is None or emoji.is_emoji(b.emoji) for b in row)
    view = build_view(list(screen.rows), 7, 12345)
    assert all(len(item.custom_id or "") <= 100 for item in view.children)  # type: ignore[attr-defined]


def hide_values(game: SkyjoGame) -> SkyjoGame:
    copy = SkyjoGame.from_json(game.to_json())
    for seat, values in enumerate(copy.values):
        for slot in range(len(values)):
            if copy.hidden[seat] >> slot & 1:
                values[slot] = MARKER
    return copy


@pytest.mark.parametrize(
    ("players", "rows", "columns"), [(2, 3, 4), (4, 3, 4), (8, 3, 4), (7, 4, 5), (3, 2, 2)]
)
def test_every_screen_of_a_game_fits_and_hides_face_down_cards(
    players: int, rows: int, columns: int
) -> None:
    settings = SkyjoSettings(rows=rows, columns=columns, target_score=60)
    game = SkyjoGame.new(settings, [Seat(name=f"Player number {i}") for i in range(players)], 5)
    table = record(players)
    rng = random.Random(3)
    log = ["A line of the log that is quite long, as lines of the log can be."] * 6
    while not game.is_over:
        altered = hide_values(game)
        modes = {"turn": ["", "take"], "drawn": ["", "flip"]}.get(game.phase, [""])
        for mode, pictures in itertools.product(modes, (True, False)):
            context = TableContext(EN, mode, log, pictures=pictures)
            screen = SKYJO.table(table, game, context)
            check_limits(screen)
            assert rendered(screen) == rendered(SKYJO.table(table, altered, context))
        for seat in game.to_move:
            personal = SKYJO.personal(table, game, seat, EN)
            check_limits(personal)
            assert rendered(personal) == rendered(SKYJO.personal(table, altered, seat, EN))
        seat = rng.choice(game.to_move)
        events = game.apply(seat, rng.choice(game.legal_actions(seat)))
        for summary in SKYJO.moments(table, game, events, EN):
            check_limits(summary)
    check_limits(SKYJO.final(table, game, EN))


def test_controls_follow_the_phase_and_mode() -> None:
    game = SkyjoGame.new(SkyjoSettings(), [Seat(name="Ana"), Seat(name="Leo")], 11)
    table = record(2)
    opening = SKYJO.table(table, game, TableContext(EN, ""))
    assert [[b.verb for b in row] for row in opening.rows if not isinstance(row, SelectSpec)] == [
        ["mine"]
    ]
    while game.phase == "opening":
        seat = game.to_move[0]
        game.apply(seat, game.legal_actions(seat)[0])
    turn = SKYJO.table(table, game, TableContext(EN, ""))
    grid_rows, actions = list(turn.rows[:3]), turn.rows[3]
    assert all(b.disabled for row in grid_rows for b in row)  # type: ignore[union-attr]
    assert [b.verb for b in actions] == ["draw", "mode", "hint"]  # type: ignore[union-attr]
    take = SKYJO.table(table, game, TableContext(EN, "take"))
    assert all(not b.disabled and b.verb == "take" for row in take.rows[:3] for b in row)  # type: ignore[union-attr]
    game.apply(game.current, game.legal_actions(game.current)[0])  # draw
    assert game.phase == "drawn"
    flip = SKYJO.table(table, game, TableContext(EN, "flip"))
    cards = game.view(None).players[game.current].cards
    enabled = [not b.disabled for row in flip.rows[:3] for b in row]  # type: ignore[union-attr]
    assert enabled == [card == "down" for card in cards]


def test_a_bots_turn_has_no_live_button_and_says_it_is_thinking() -> None:
    game = SkyjoGame.new(SkyjoSettings(), [Seat(name="Ana"), Seat(name="Bot 1", bot=True)], 11)
    table = record(2)
    table.seats[1] = SeatRecord(name="Bot 1", bot_level="hard")
    while game.phase == "opening":
        seat = game.to_move[0]
        game.apply(seat, game.legal_actions(seat)[0])
    if game.current == 0:
        game.apply(0, game.legal_actions(0)[0])
        game.apply(0, game.legal_actions(0)[0])
    assert game.current == 1
    screen = SKYJO.table(table, game, TableContext(EN, ""))
    assert screen.rows == []
    assert "🤖 **Bot 1** is thinking…" in (screen.embed.description or "")


def test_the_prompt_follows_each_step_and_cards_show_their_colour() -> None:
    game = SkyjoGame.new(SkyjoSettings(), [Seat(name="Ana"), Seat(name="Leo")], 11)
    table = record(2)
    while game.phase == "opening":
        seat = game.to_move[0]
        game.apply(seat, game.legal_actions(seat)[0])
    name = game.names[game.current]
    top = game.view(None).discard_top
    taking = SKYJO.table(table, game, TableContext(EN, "take")).embed.description or ""
    assert f"**{name}** takes the **{top}**: tap the card it replaces." in taking
    game.apply(game.current, game.legal_actions(game.current)[0])  # draw
    drawn = game.view(None).drawn
    flipping = SKYJO.table(table, game, TableContext(EN, "flip")).embed.description or ""
    assert f"**{name}** discards the **{drawn}**: tap a face-down card to turn it up." in flipping
    cards = game.view(None).players[game.current].cards
    buttons = [b for row in SKYJO.table(table, game, TableContext(EN, "")).rows[:3] for b in row]  # type: ignore[union-attr]
    for card, spec in zip(cards, buttons, strict=True):
        yellow = isinstance(card, int) and 5 <= card <= 8
        assert (spec.emoji == "🟨") == yellow, (card, spec)
    grid = screens.grid_text([-2, 0, 3, 7, 12, "down", "cleared", 1, 2], 3)
    lines = grid.strip("`\n").split("\n")
    assert lines[0].split() == ["A", "B", "C"]
    assert lines[1].startswith("1 ") and lines[3].startswith("3 ")
    assert "🟦 \N{MINUS SIGN}2" in lines[1] and "🔵  0" in lines[1] and "🟩  3" in lines[1]
    assert "🟨  7" in lines[2] and "🟥 12" in lines[2] and "⬛  ?" in lines[2]
    assert "✕" in lines[3]


def solo_record(players: int) -> GameRecord:
    """One member against bots."""
    table = record(players)
    table.seats = [
        SeatRecord(name=f"Player number {i}", user_id=100 if i == 0 else None, bot_level="easy")
        for i in range(players)
    ]
    table.seats[0].bot_level = None
    return table


@pytest.mark.parametrize(
    ("language", "announced", "by_dm"),
    [
        ("en", "Your turn is announced in the channel", "/table remind sends you a DM"),
        ("fr", "Votre tour est annoncé dans le salon", "vous envoie un message privé"),
        ("de", "Dein Zug wird im Kanal angekündigt", "schickt dir eine Direktnachricht"),
    ],
)
def test_only_a_table_of_several_members_promises_an_alert_in_the_channel(
    language: str, announced: str, by_dm: str
) -> None:
    game = SkyjoGame.new(SkyjoSettings(), [Seat(name=f"P{i}") for i in range(3)], 11)
    words = Words(language)
    shared = SKYJO.table(record(3), game, TableContext(words)).embed.footer.text or ""
    alone = SKYJO.table(solo_record(3), game, TableContext(words)).embed.footer.text or ""
    assert announced in shared and by_dm not in shared
    assert announced not in alone and by_dm in alone


def test_discarding_a_drawn_card_is_not_shown_as_a_danger() -> None:
    game = SkyjoGame.new(SkyjoSettings(), [Seat(name="Ana"), Seat(name="Leo")], 11)
    while game.phase == "opening":
        seat = game.to_move[0]
        game.apply(seat, game.legal_actions(seat)[0])
    game.apply(game.current, game.legal_actions(game.current)[0])  # draw
    rows = SKYJO.table(record(2), game, TableContext(EN)).rows
    actions = [
        b for row in rows if not isinstance(row, SelectSpec) for b in row if b.verb != "swap"
    ]
    assert [(b.verb, b.arg, b.style) for b in actions] == [
        ("mode", "flip", "secondary"),
        ("hint", "", "secondary"),
    ]


LONG_NAMES = [f"{i} " + "Wüstenrennmausfreundin" + "x" * 8 for i in range(8)]
"""Eight names of 32 characters, Discord's longest."""


def played_to(game: SkyjoGame, seed: int, until: type) -> list[object]:
    """Random legal moves until a change brings an `until` event; that change's events."""
    rng = random.Random(seed)
    while not game.is_over:
        seat = rng.choice(game.to_move)
        events = game.apply(seat, rng.choice(game.legal_actions(seat)))
        if any(isinstance(event, until) for event in events):
            return list(events)
    raise AssertionError(f"no {until.__name__}")


def at_first_turn(game: SkyjoGame) -> SkyjoGame:
    while game.phase == "opening":
        seat = game.to_move[0]
        game.apply(seat, game.legal_actions(seat)[0])
    return game


@pytest.mark.parametrize(
    ("language", "turn", "scores"),
    [
        ("en", "{name}'s turn.", "{total} points in the game, {round} this round"),
        ("fr", "Au tour de {name}.", "{total} points dans la partie, {round} cette manche"),
        ("de", "{name} ist am Zug.", "{total} Punkte im Spiel, {round} in dieser Runde"),
    ],
)
def test_the_table_pictures_alt_text_says_whose_turn_it_is_and_each_players_points(
    language: str, turn: str, scores: str
) -> None:
    seats = [Seat(name=name) for name in ("Ana", "Leo", "Zoe")]
    game = at_first_turn(SkyjoGame.new(SkyjoSettings(), seats, 11))
    game.totals[:] = [-3, 41, 107]
    view = game.view(None)
    (picture,) = SKYJO.table(record(3), game, TableContext(Words(language))).pictures
    alt = picture.description
    assert turn.format(name=game.names[game.current]) in alt.split("\n")
    for player in view.players:
        said = scores.format(
            total=str(player.total).replace("-", "\N{MINUS SIGN}"),
            round=f"{player.visible_score:+d}".replace("-", "\N{MINUS SIGN}"),
        )
        assert f"{player.name} ({said}): 1: " in alt, (said, alt)
    hidden = SkyjoGame.new(SkyjoSettings(show_round_scores=False), seats, 11)
    opening = SKYJO.table(record(3), hidden, TableContext(EN)).pictures[0].description
    assert "Still choosing: Ana, Leo, Zoe" in opening
    assert "Ana (0 points in the game): 1: ? ? ? ?" in opening, opening


@pytest.mark.parametrize(("players", "rows", "columns"), [(8, 4, 4), (8, 3, 5), (7, 4, 5)])
def test_the_alt_texts_of_the_largest_tables_fit_discords_limit(
    players: int, rows: int, columns: int
) -> None:
    settings = SkyjoSettings(rows=rows, columns=columns, target_score=1000)
    seats = [Seat(name=name) for name in LONG_NAMES[:players]]
    for language in ("en", "fr", "de"):
        words = Words(language)
        game = at_first_turn(SkyjoGame.new(settings, seats, 3))
        game.totals[:] = [-124 + 37 * seat for seat in range(players)]
        (table,) = SKYJO.table(record(players), game, TableContext(words)).pictures
        assert len(table.description) <= ALT_TEXT_LIMIT
        events = played_to(game, 4, RoundScored)
        (summary,) = SKYJO.moments(record(players), game, events, words)
        (grids,) = summary.pictures
        assert len(grids.description) <= ALT_TEXT_LIMIT
        for said in (table.description, grids.description):
            lines = said.split("\n")
            assert not said.endswith("…") and len(lines) == players + (
                1 if said is grids.description else 3
            )
            assert all(
                line.split(" (")[0][:4] in LONG_NAMES[seat]
                for seat, line in enumerate(lines[-players:])
            )


def penalized_round(settings: SkyjoSettings, players: int = 3) -> tuple[SkyjoGame, list[object]]:
    """A game whose last change ended a round with the finisher's penalty."""
    seats = [Seat(name=name) for name in ("Ana", "Leo", "Zoe", "Max", "Ida", "Tom", "Eva", "Bob")]
    for seed in range(100):
        game = SkyjoGame.new(settings, seats[:players], seed)
        events = played_to(game, seed, RoundScored)
        scored = next(e for e in events if isinstance(e, RoundScored))
        if scored.penalized:
            return game, events
    raise AssertionError("no penalty in 100 games")


def test_the_round_summarys_alt_text_says_round_score_and_a_penalty_in_words() -> None:
    game, events = penalized_round(SkyjoSettings(target_score=1000))
    scored = next(e for e in events if isinstance(e, RoundScored))
    finisher = game.names[scored.finisher]
    raw, doubled = scored.raw[scored.finisher], scored.scores[scored.finisher]
    for language, penalty in [
        ("en", "{name} (ended the round, round score {raw}, doubled to {score} as a penalty, "),
        ("fr", "{name} (a terminé la manche, score de la manche {raw}, doublé à {score} en "),
        ("de", "{name} (hat die Runde beendet, Rundenergebnis {raw}, zur Strafe verdoppelt auf "),
    ]:
        (summary,) = SKYJO.moments(record(3), game, events, Words(language))
        alt = summary.pictures[0].description
        assert "→" not in alt
        assert penalty.format(name=finisher, raw=raw, score=doubled) in alt, alt
    (summary,) = SKYJO.moments(record(3), game, events, EN)
    alt = summary.pictures[0].description
    for seat, name in enumerate(game.names):
        if seat != scored.finisher:
            score = str(scored.scores[seat]).replace("-", "\N{MINUS SIGN}")
            assert f"{name} (round score {score}, total " in alt, alt
    tripled, events = penalized_round(SkyjoSettings(target_score=1000, penalty_factor=3))
    (summary,) = SKYJO.moments(record(3), tripled, events, EN)
    assert " with the penalty, total " in summary.pictures[0].description


@pytest.mark.parametrize(("players", "rows", "columns"), [(8, 4, 4), (7, 4, 5)])
def test_as_text_only_a_round_summary_writes_out_every_final_grid(
    players: int, rows: int, columns: int
) -> None:
    settings = SkyjoSettings(rows=rows, columns=columns, target_score=1000)
    seats = [Seat(name=name) for name in LONG_NAMES[:players]]
    game = SkyjoGame.new(settings, seats, 2)
    events = played_to(game, 2, RoundScored)
    for language in ("en", "fr", "de"):
        words = Words(language)
        (summary,) = SKYJO.moments(record(players), game, events, words, pictures=False)
        check_limits(summary)
        assert len(summary.embed.description or "") <= 4096
        assert not summary.pictures
        grids = [f for f in summary.embed.fields if (f.value or "").startswith("```")]
        assert len(grids) == players
        final = game.history[-1].grids
        for field, name, cards in zip(grids, LONG_NAMES[:players], final, strict=True):
            assert (field.name or "").startswith(name)
            assert field.value == screens.grid_text(
                ["cleared" if card is None else card for card in cards], columns
            )
        with_pictures = SKYJO.moments(record(players), game, events, words)[0].embed.fields
        assert not [f for f in with_pictures if (f.value or "").startswith("```")]
