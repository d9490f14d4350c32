"""What must hold of every open game the bot keeps, whenever its lock is free: the engine's own
invariants (every card accounted for, someone to move who can act), and the row saved in the
database equal to the game in memory."""

from __future__ import annotations

import contextlib
import sqlite3
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from bot.sessions.session import GameSession
from bot.storage.records import OPEN_STATUSES
from games.core.engine import Engine
from games.sky_five import SkyFiveGame
from games.sky_five.cards import colour_of, deck_counter, is_star
from games.skyjo import SkyjoGame
from games.skyjo.scoring import round_scores
from games.skyjo_junior import JuniorGame
from games.skyjo_junior.cards import deck_counter as junior_deck
from games.skyjo_sheet import ScoreSheet
from games.skyjo_sheet.sheet import HIGHEST_TOTAL, LOWEST_TOTAL
from tests.properties.strategies import DECK_COUNTER, cards_in_play
from tests.sky_five.scripting import card_counts as sky_five_cards
from tests.skyjo_junior.scripting import card_counts as junior_cards

SKY_FIVE_DECK = deck_counter()

SavedRow = tuple[int, str | None, str]
"""A game's version, state and status as saved."""


def check_cards(found: Counter[int], deck: Counter[int], game: str) -> None:
    if found != deck:
        raise AssertionError(
            f"every {game} card is accounted for: {dict(found - deck)} too many, "
            f"{dict(deck - found)} missing"
        )


def check_engine(engine: Engine) -> None:
    """The game's own invariants, and in a game still running someone to move who can act."""
    if isinstance(engine, SkyjoGame):
        check_cards(cards_in_play(engine), DECK_COUNTER, "Skyjo")
    elif isinstance(engine, JuniorGame):
        deck = junior_deck(engine.settings.copies_per_value)
        check_cards(junior_cards(engine), deck, "Skyjo Junior")
    elif isinstance(engine, SkyFiveGame):
        check_sky_five(engine)
    elif isinstance(engine, ScoreSheet):
        check_sheet(engine)
    else:
        raise AssertionError(f"no invariants known for {type(engine).__name__}")
    assert not engine.is_over, "a running game is not over"
    assert engine.to_move, "someone is to move in a running game"
    for seat in engine.to_move:
        assert engine.legal_actions(seat), f"seat {seat} is to move and has a legal action"


def check_sky_five(game: SkyFiveGame) -> None:
    check_cards(sky_five_cards(game), SKY_FIVE_DECK, "Sky Five")
    for seat, (up, mask) in enumerate(zip(game.face_up, game.colours, strict=True)):
        colours = [colour_of(card) for card in up if not is_star(card)]
        assert len(set(colours)) == len(colours), f"seat {seat} holds two cards of one colour"
        assert len(colours) < 5, f"seat {seat}: a fifth colour is banked at once"
        assert mask == sum(1 << colour for colour in colours), f"seat {seat}: colour mask"


def check_sheet(sheet: ScoreSheet) -> None:
    """Every round is scored from its card totals by the sheet's rules, and the totals are
    the sums of the rounds."""
    players = len(sheet.names)
    sums = [0] * players
    for number, entered in enumerate(sheet.rounds, start=1):
        assert len(entered.raw) == len(entered.scores) == players, f"round {number}: one each"
        assert 0 <= entered.finisher < players, f"round {number}: the finisher is seated"
        assert all(LOWEST_TOTAL <= raw <= HIGHEST_TOTAL for raw in entered.raw), (
            f"round {number}: every card total is one a grid can make: {entered.raw}"
        )
        expected = round_scores(entered.raw, entered.finisher, sheet.settings)
        assert entered.scores == expected, (
            f"round {number} is scored by the rules: {entered.scores}, not {expected}"
        )
        sums = [total + score for total, score in zip(sums, entered.scores, strict=True)]
    assert sheet.totals == tuple(sums), f"the totals {sheet.totals} are the sums {sums}"
    draft = sheet.draft
    if draft is not None:
        assert 0 <= draft.index <= len(sheet.rounds), "the draft is a round, new or past"
        assert len(draft.entries) == players, "the draft has an entry for each player"


def saved_rows(database: Path, game_ids: Sequence[int]) -> dict[int, SavedRow]:
    """The saved version, state and status of these games, and of every open one, read from
    the database file."""
    uri = f"file:{database}?mode=ro"
    with contextlib.closing(sqlite3.connect(uri, uri=True, isolation_level=None)) as db:
        marks = ", ".join("?" for _ in OPEN_STATUSES)
        wanted = ", ".join("?" for _ in game_ids) or "NULL"
        rows = db.execute(
            f"SELECT id, version, state, status FROM games"
            f" WHERE status IN ({marks}) OR id IN ({wanted})",
            (*OPEN_STATUSES, *game_ids),
        ).fetchall()
    return {int(row[0]): (int(row[1]), row[2], str(row[3])) for row in rows}


def check_saved(sessions: Sequence[GameSession], database: Path) -> None:
    """Each open game (its lock free) is saved as it is in memory, and every game open in the
    database is one the bot keeps."""
    rows = saved_rows(database, [session.record.id for session in sessions])
    for session in sessions:
        record = session.record
        assert not session.lock.locked(), f"game {record.id} is settled"
        state = None if record.state is None else session.adapter.dump(session.engine)
        live = (record.version, state, record.status)
        saved = rows.get(record.id)
        assert saved is not None, f"game {record.id} is saved"
        if saved != live:
            raise AssertionError(
                f"game {record.id} ({record.kind}) is saved as version {saved[0]} "
                f"({saved[2]}), kept as version {live[0]} ({live[2]})"
                + ("; the states differ" if saved[1] != live[1] else "")
            )
    kept = {session.record.id for session in sessions}
    open_saved = {game for game, row in rows.items() if row[2] in OPEN_STATUSES}
    assert open_saved == kept, f"games open in the database {open_saved}, kept open {kept}"


def check_session(session: GameSession) -> None:
    """The engine invariants of an open game, if it has begun."""
    record = session.record
    assert record.status in OPEN_STATUSES, f"game {record.id} kept open is {record.status}"
    if record.status == "running":
        assert record.state is not None, f"running game {record.id} has a state"
        try:
            check_engine(session.engine)
        except AssertionError as failure:
            raise AssertionError(f"game {record.id} ({record.kind}): {failure}") from None
