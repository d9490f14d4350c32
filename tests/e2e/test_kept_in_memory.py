"""What playing leaves in the bot's memory: discord.py keeps nothing of the controls and forms
the bot sends (presses and submissions are routed by custom id), not even those of a private
answer or of a form never submitted, which it would otherwise keep for 15 minutes, each with a
task counting the time down; and a click handled is freed at once, not at the garbage
collector's next full pass."""

from __future__ import annotations

import asyncio
import gc
import random
from collections.abc import Callable
from pathlib import Path

import discord

from bot.sessions.session import GameSession
from tests.e2e.harness import Table, button, table
from tests.e2e.sheet_play import choose_finisher, open_sheet, sheet, type_totals
from tests.e2e.skyjo_play import play_turn_well, skyjo, two_players_at_first_turn


def kept_by_discord_py(t: Table) -> list[str]:
    """The views and forms discord.py keeps, and its tasks counting one down."""
    assert t.bot is not None
    store = t.bot._connection._view_store
    counting_down = [
        task.get_name()
        for task in asyncio.all_tasks()
        if getattr(task.get_coro(), "__qualname__", "").endswith("__timeout_task_impl")
    ]
    return [*store._modals, *map(str, store._views), *counting_down]


async def test_private_answers_with_buttons_leave_nothing_in_discord_py(tmp_path: Path) -> None:
    rng = random.Random(3)
    async with table(tmp_path) as t:
        await t.start()
        session = await two_players_at_first_turn(t, rng)
        assert skyjo(session).phase == "turn", "both chose their cards in private answers"
        assert kept_by_discord_py(t) == []


async def test_forms_submitted_or_not_leave_nothing_in_discord_py(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        await t.start()
        session = await open_sheet(t, ["ana", "leo"], guests=["Grandma"])
        await choose_finisher(t, "leo", 0)
        await type_totals(t, "ana", [10, 5, 30])
        message = await t.table_message()
        unsent = await t.click("leo", message, button(message, "totals", "0"))
        assert unsent.modal is not None, "leo opens the form again, and closes it"
        assert [seat.guest for seat in session.record.seats] == [False, False, True]
        assert sheet(session).totals == (0, 0, 0), "the round is not confirmed yet"
        assert kept_by_discord_py(t) == []


def clicks() -> list[discord.Interaction[discord.Client]]:
    """The interactions in memory, garbage not collected yet included."""
    return [thing for thing in gc.get_objects() if isinstance(thing, discord.Interaction)]


def moved_on(turn: tuple[int, int]) -> Callable[[GameSession], bool]:
    return lambda s: (skyjo(s).round, skyjo(s).turns) != turn


async def test_clicks_handled_are_freed_without_the_garbage_collector(tmp_path: Path) -> None:
    rng = random.Random(5)
    async with table(tmp_path) as t:
        await t.start()
        session = await two_players_at_first_turn(t, rng)
        gc.collect()
        gc.disable()
        before = {id(click) for click in clicks()}
        try:
            for _ in range(4):
                game = skyjo(session)
                turn = (game.round, game.turns)
                mover = game.current
                await play_turn_well(t, ("ana", "leo")[mover], mover, rng)
                await t.settled(moved_on(turn), "the next turn", session)
            alive = [click for click in clicks() if id(click) not in before]
        finally:
            gc.enable()
        assert len(alive) <= 3, f"{len(alive)} clicks in memory; the display keeps the latest"
