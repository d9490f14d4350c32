"""`python -m bot` refuses to start with a clear paragraph, never a traceback."""

from __future__ import annotations

import asyncio
import os
import socket
import subprocess
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest
from aiohttp import web

ROOT = Path(__file__).resolve().parents[2]


def run_bot(tmp_path: Path, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if k not in {"DISCORD_TOKEN", "DATABASE_PATH"}}
    clean["PYTHONPATH"] = str(ROOT)
    return subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=tmp_path,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=60,
    )


@pytest.mark.parametrize("token", [None, "", "   "])
def test_missing_token_explains_how_to_get_one(tmp_path: Path, token: str | None) -> None:
    result = run_bot(tmp_path, **({} if token is None else {"DISCORD_TOKEN": token}))
    assert result.returncode == 2
    assert "no Discord bot token is set" in result.stderr
    assert "DISCORD_TOKEN=" in result.stderr
    assert "Traceback" not in result.stderr


def test_token_is_read_from_dotenv(tmp_path: Path) -> None:
    (tmp_path / ".env").write_text("DISCORD_TOKEN=x\nLOG_LEVEL=noisy\n")
    result = run_bot(tmp_path)
    assert result.returncode == 2
    assert "LOG_LEVEL" in result.stderr
    assert "Traceback" not in result.stderr


def test_unwritable_database_is_named(tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    result = run_bot(tmp_path, DISCORD_TOKEN="x", DATABASE_PATH=str(blocker / "sky.db"))
    assert result.returncode == 2
    assert "cannot be written" in result.stderr
    assert str(blocker / "sky.db") in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize("value", ["-1", "9", "many"])
def test_bad_picture_processes_is_named(tmp_path: Path, value: str) -> None:
    result = run_bot(tmp_path, DISCORD_TOKEN="x", PICTURE_PROCESSES=value)
    assert result.returncode == 2
    assert "PICTURE_PROCESSES" in result.stderr
    assert "Traceback" not in result.stderr


def test_a_database_url_of_another_kind_is_named(tmp_path: Path) -> None:
    result = run_bot(tmp_path, DISCORD_TOKEN="x", DATABASE_URL="mysql://sky@localhost/sky")
    assert result.returncode == 2
    assert "DATABASE_URL" in result.stderr and "PostgreSQL URL" in result.stderr
    assert "Traceback" not in result.stderr


def test_an_unreachable_postgresql_server_is_named(tmp_path: Path) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    url = f"postgresql://sky:secret@127.0.0.1:{port}/sky"
    result = run_bot(tmp_path, DISCORD_TOKEN="x", DATABASE_URL=url)
    assert result.returncode == 2
    assert f"PostgreSQL database 127.0.0.1:{port}/sky cannot be used" in result.stderr
    assert "secret" not in result.stderr
    assert "Traceback" not in result.stderr


def test_shards_that_do_not_fit_are_named(tmp_path: Path) -> None:
    result = run_bot(tmp_path, DISCORD_TOKEN="x", SHARD_COUNT="2", SHARD_IDS="3")
    assert result.returncode == 2
    assert "(SHARD_IDS names shard 3, but shards are numbered 0 to 1" in result.stderr
    assert "Traceback" not in result.stderr


AT_DISCORD = (
    "import runpy, sys, discord.http; discord.http.Route.BASE = sys.argv[1] + '/api/v10'; "
    "runpy.run_module('bot', run_name='__main__', alter_sys=True)"
)
"""`python -m bot` with discord.py talking to the address given instead of Discord."""


def closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


@asynccontextmanager
async def discord_refusing_tokens() -> AsyncIterator[str]:
    """A local Discord that answers every request as Discord does a bad token: 401."""

    async def refuse(request: web.Request) -> web.Response:
        return web.json_response({"message": "401: Unauthorized", "code": 0}, status=401)

    app = web.Application()
    app.router.add_route("*", "/{tail:.*}", refuse)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    try:
        yield f"http://127.0.0.1:{runner.addresses[0][1]}"
    finally:
        await runner.cleanup()


async def start_bot_at(tmp_path: Path, discord_url: str, **env: str) -> tuple[int, str]:
    clean = {k: v for k, v in os.environ.items() if k not in {"DISCORD_TOKEN", "DATABASE_PATH"}}
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-c",
        AT_DISCORD,
        discord_url,
        cwd=tmp_path,
        env={**clean, "PYTHONPATH": str(ROOT), **env},
        stderr=asyncio.subprocess.PIPE,
    )
    _, stderr = await asyncio.wait_for(process.communicate(), 60)
    assert process.returncode is not None
    return process.returncode, stderr.decode()


FAILED_STARTS = {
    "no token": {},
    "a bad setting": {"DISCORD_TOKEN": "x", "PICTURE_PROCESSES": "many"},
    "unreachable PostgreSQL": {
        "DISCORD_TOKEN": "x",
        "DATABASE_URL": f"postgresql://sky@127.0.0.1:{closed_port()}/sky",
    },
    "unreachable Discord": {"DISCORD_TOKEN": "x"},
    "a database in new folders, Discord unreachable": {
        "DISCORD_TOKEN": "x",
        "DATABASE_PATH": "new/folders/sky.db",
    },
}


@pytest.mark.parametrize("env", FAILED_STARTS.values(), ids=FAILED_STARTS.keys())
async def test_a_failed_start_leaves_no_file_or_folder_behind(
    tmp_path: Path, env: dict[str, str]
) -> None:
    code, stderr = await start_bot_at(tmp_path, f"http://127.0.0.1:{closed_port()}", **env)
    assert code == 2, stderr
    assert "Sky Table cannot start" in stderr and "Traceback" not in stderr
    assert sorted(tmp_path.rglob("*")) == []


async def test_a_rejected_token_leaves_nothing_behind_and_says_so(tmp_path: Path) -> None:
    async with discord_refusing_tokens() as discord_url:
        code, stderr = await start_bot_at(tmp_path, discord_url, DISCORD_TOKEN="x")
    assert code == 2, stderr
    assert "Discord rejected the bot token" in stderr
    assert sorted(tmp_path.rglob("*")) == []


async def test_the_start_logs_nothing_about_voice(tmp_path: Path) -> None:
    """The bot joins no voice channel, so discord.py's warnings about voice are not shown."""
    async with discord_refusing_tokens() as discord_url:
        _, stderr = await start_bot_at(tmp_path, discord_url, DISCORD_TOKEN="x", LOG_LEVEL="DEBUG")
    assert "logging in using static token" in stderr, "the start's log was read"
    assert "voice" not in stderr.lower(), stderr
