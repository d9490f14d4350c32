"""`python -m bot.web`: the pages served alone, without the bot, from the same settings and
store, until stopped; and refused at once without a port."""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import sys
from pathlib import Path

import aiohttp

from bot.storage import open_database
from bot.storage.records import SeatRecord
from tests.web.stored import pages_on, played_game

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def pages_alone(folder: Path, environment: dict[str, str]) -> asyncio.subprocess.Process:
    """`python -m bot.web` started in `folder`, its log read from its standard error."""
    return await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot.web", cwd=folder, env=environment, stderr=asyncio.subprocess.PIPE
    )


async def test_the_pages_are_served_alone_against_the_bots_store(tmp_path: Path) -> None:
    path = tmp_path / "sky.db"
    database = await open_database(path)
    game = await played_game(
        database,
        "junior",
        [SeatRecord(name="Ana", user_id=1), SeatRecord(name="Leo", user_id=2)],
        guild_id=7,
        seed=2,
    )
    token = await pages_on(database, 7)
    await database.close()
    port = free_port()
    environment = {
        **os.environ,
        "DATABASE_PATH": str(path),
        "DATABASE_URL": "",
        "WEB_PORT": str(port),
        "PICTURE_PROCESSES": "0",
        "AVATAR_CDN": "",
    }
    process = await pages_alone(tmp_path, environment)
    try:
        async with aiohttp.ClientSession() as http:
            for _ in range(100):
                try:
                    async with http.get(f"http://127.0.0.1:{port}/s/{token}/game/{game}") as page:
                        assert page.status == 200 and "Leo" in await page.text()
                        break
                except aiohttp.ClientConnectionError:
                    await asyncio.sleep(0.1)
            else:
                raise AssertionError("the pages were never served")
    finally:
        process.send_signal(signal.SIGTERM)
        _, errors = await asyncio.wait_for(process.communicate(), 10)
    assert process.returncode == 0, errors.decode()
    assert f"Web pages served on http://127.0.0.1:{port}" in errors.decode()


async def test_without_a_port_nothing_is_served_and_it_says_why(tmp_path: Path) -> None:
    environment = {**os.environ, "WEB_PORT": "", "DATABASE_PATH": str(tmp_path / "sky.db")}
    process = await pages_alone(tmp_path, environment)
    _, errors = await asyncio.wait_for(process.communicate(), 20)
    assert process.returncode == 2 and "WEB_PORT is empty" in errors.decode()
