"""`python -m bot` refuses to start with a clear paragraph, never a traceback."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

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
