"""An attempt at the daily deal survives the bot process killed for real (SIGKILL): restarted
on the same database, the attempt goes on where it was saved, still the member's one attempt
of the day, and play goes on."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from pathlib import Path

from bot.sessions.daily_result import daily_seed
from tests.e2e.test_crash import (
    Crash,
    _button,
    ana_to_play,
    crash_table,
    never_released,
    restart_and_check,
    versions,
)


def saved_attempt(crash: Crash) -> tuple[str, int, str]:
    """The game's day (the bot process's clock is the real one) and seed, and the status of
    the attempt played in it, read from the file."""
    uri = f"{crash.setup.database.as_uri()}?mode=ro"
    with contextlib.closing(sqlite3.connect(uri, uri=True, timeout=5.0)) as connection:
        day, seed, game_id = connection.execute(
            "SELECT daily, seed, id FROM games WHERE channel_id = ? ORDER BY id DESC LIMIT 1",
            (crash.channel_id,),
        ).fetchone()
        status, kind = connection.execute(
            "SELECT status, kind FROM daily_results WHERE game_id = ? AND day = ?",
            (game_id, day),
        ).fetchone()
    assert kind == "skyjo" and seed == daily_seed(day, kind)
    return day, seed, status


async def test_a_daily_killed_mid_move_resumes_after_the_restart(tmp_path: Path) -> None:
    async with crash_table(tmp_path) as crash:
        started = await crash.slash("skyjo daily")
        assert started.type == 4 and not started.ephemeral, started.errors
        saved, message = await ana_to_play(crash)
        before = saved_attempt(crash)
        assert before[2] == "running"
        crash.look(message)
        with never_released(crash.dc.hold(method="POST", path_contains="/callback")) as hold:
            click = asyncio.create_task(crash.click(message, _button(message, "draw")))
            await hold.reached()
            assert crash.saved().version == saved.version + 1, "the draw was saved"
            await crash.bot.kill()
        click.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await click
        still = crash.message(saved.message_id)
        assert still is not None and versions(still) == {saved.version}
        await restart_and_check(crash)
        again = await crash.slash("skyjo daily")
        assert again.ephemeral and "under way" in again.content, again.errors
        assert saved_attempt(crash) == before, "the same attempt, still running"
