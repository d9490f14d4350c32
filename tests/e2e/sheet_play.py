"""Keeping a score sheet through its controls, as players at a real table would."""

from __future__ import annotations

from collections.abc import Sequence

from bot.sessions.session import GameSession
from games.skyjo_sheet import ScoreSheet
from tests.e2e.harness import Table, button, engine_of, shown
from tests.standin import InteractionResult, StoredMessage


def sheet(session: GameSession) -> ScoreSheet:
    return engine_of(session, ScoreSheet)


def select_id(message: StoredMessage, verb: str) -> str:
    for component in message.walk_components():
        if component.get("type") == 3 and component["custom_id"].split(":")[3] == verb:
            return str(component["custom_id"])
    raise AssertionError(f"no {verb} select in {message.custom_ids}")


async def open_sheet(
    t: Table, members: Sequence[str], guests: Sequence[str] = (), **options: object
) -> GameSession:
    """The first member opens a sheet with these options, the others join, the guests are
    seated by name, and the sheet starts."""
    host, *others = members
    lobby = shown(await t.slash(host, "skyjo-sheet start", **options))
    for member in others:
        lobby = shown(await t.click(member, lobby, button(lobby, "join")))
    for guest in guests:
        form = await t.click(host, lobby, button(lobby, "guest"))
        assert form.modal is not None, form.errors
        seated = await t.dc.submit_modal(
            t.users[host], t.channel, form.modal["custom_id"], {"name": guest}
        )
        assert seated.error is None, seated.errors
        lobby = await t.table_message()
    started = await t.click(host, lobby, button(lobby, "start"))
    assert started.type == 7, started.errors
    return await t.session()


async def choose_finisher(t: Table, user: str, seat: int) -> InteractionResult:
    message = await t.table_message()
    return await t.select(user, message, select_id(message, "finisher"), str(seat))


async def type_totals(t: Table, user: str, totals: Sequence[object]) -> list[InteractionResult]:
    """Fill in every player's total, five to a form, as `user`."""
    results = []
    for first in range(0, len(totals), 5):
        message = await t.table_message()
        opened = await t.click(user, message, button(message, "totals", str(first)))
        assert opened.modal is not None, opened.errors
        values = {str(first + i): str(v) for i, v in enumerate(totals[first : first + 5])}
        results.append(
            await t.dc.submit_modal(t.users[user], t.channel, opened.modal["custom_id"], values)
        )
    return results


async def enter_round(
    t: Table, user: str, finisher: int, totals: Sequence[object]
) -> InteractionResult:
    """A whole round: who ended it, every total, then Confirm."""
    chosen = await choose_finisher(t, user, finisher)
    assert chosen.type == 7, chosen.errors
    for typed in await type_totals(t, user, totals):
        assert typed.error is None, typed.errors
    message = await t.table_message()
    return await t.click(user, message, button(message, "confirm"))
