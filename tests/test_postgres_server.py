"""The throwaway PostgreSQL server the tests start for themselves."""

from __future__ import annotations

import os
import socket
from pathlib import Path

import asyncpg
import pytest

from tests.postgres_server import PostgresMissing, PostgresServer, binaries


def processes_of(directory: Path, postmaster: int) -> list[int]:
    """Processes working in the directory or in the postmaster's process group."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            cwd = os.readlink(entry / "cwd")
            cmdline = (entry / "cmdline").read_bytes().decode(errors="replace")
            group = int((entry / "stat").read_text().rpartition(")")[2].split()[2])
        except (OSError, ValueError):
            continue
        if cwd.startswith(str(directory)) or str(directory) in cmdline or group == postmaster:
            found.append(int(entry.name))
    return found


async def keep_a_note(url: str, note: str) -> list[str]:
    connection = await asyncpg.connect(url)
    try:
        await connection.execute("CREATE TABLE notes (id serial PRIMARY KEY, body text)")
        await connection.execute("INSERT INTO notes (body) VALUES ($1)", note)
        return [row["body"] for row in await connection.fetch("SELECT body FROM notes")]
    finally:
        await connection.close()


async def test_a_server_holds_separate_databases_and_leaves_nothing_behind() -> None:
    with PostgresServer() as server:
        directory, postmaster, port = server.directory, server.pid, server.port
        assert directory is not None and postmaster is not None and port is not None
        assert processes_of(directory, postmaster)

        first = server.create_database("first")
        second = server.create_database("second")
        assert first == f"postgresql://skytable@127.0.0.1:{port}/first"
        assert await keep_a_note(first, "in the first") == ["in the first"]
        assert await keep_a_note(second, "in the second") == ["in the second"]

        connection = await asyncpg.connect(first)
        try:
            assert await connection.fetchval("SELECT current_database()") == "first"
            assert await connection.fetchval("SELECT count(*) FROM notes") == 1
        finally:
            await connection.close()
        # An open connection must not hold the shutdown up.
        lingering = await asyncpg.connect(second)
        server.stop()

    lingering.terminate()
    assert not directory.exists()
    assert processes_of(directory, postmaster) == []
    with pytest.raises(ConnectionRefusedError):
        socket.create_connection(("127.0.0.1", port), timeout=2).close()
    with pytest.raises(RuntimeError):
        server.url()


def test_binaries_hold_the_server_programs() -> None:
    found = binaries()
    assert found is not None
    assert (found / "initdb").exists() and (found / "postgres").exists()


def test_a_missing_install_says_how_to_get_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SKYTABLE_POSTGRES_BIN", str(tmp_path))
    assert binaries() is None
    with pytest.raises(PostgresMissing, match="apt-get install postgresql"):
        PostgresServer().start()
