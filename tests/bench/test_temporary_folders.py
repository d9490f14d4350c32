"""The benches keep their databases and bot files in a temporary folder, and remove it when
they end, also when they fail on the way."""

from __future__ import annotations

import tempfile
from pathlib import Path
from types import TracebackType

import pytest

from bench import bot_latency, crash, load, stats


class Unreachable(Exception):
    """What the stand-in below raises."""


class StandInThatFails:
    """A Discord stand-in that cannot start, so that a bench fails after making its folder."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        pass

    async def __aenter__(self) -> StandInThatFails:
        raise Unreachable

    async def __aexit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        return None


@pytest.fixture
def temp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The folder where temporary folders are made during the test."""
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    return tmp_path


async def test_the_latency_bench_removes_its_folder(
    temp: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(bot_latency, "DiscordStandIn", StandInThatFails)
    with pytest.raises(Unreachable):
        await bot_latency.run(1, 1.0, (1.0, 1.0), 0.0, 0.0)
    assert list(temp.iterdir()) == []


async def test_the_crash_bench_removes_its_folder(
    temp: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(crash, "DiscordStandIn", StandInThatFails)
    with pytest.raises(Unreachable):
        await crash.run(crash.Config(games=1, kills=1), lambda line: None)
    assert list(temp.iterdir()) == []


async def test_the_crash_bench_keeps_the_folder_it_is_given(
    temp: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    kept = temp / "kept"
    kept.mkdir()
    monkeypatch.setattr(crash, "DiscordStandIn", StandInThatFails)
    with pytest.raises(Unreachable):
        await crash.run(crash.Config(games=1, kills=1, workdir=kept), lambda line: None)
    assert list(temp.iterdir()) == [kept]


async def test_the_load_bench_removes_its_folder(
    temp: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(load, "DiscordStandIn", StandInThatFails)
    with pytest.raises(Unreachable):
        await load.run(load.arguments(["--games", "1", "--quick"]))
    assert list(temp.iterdir()) == []


async def test_the_stats_bench_removes_its_database(temp: Path) -> None:
    figures = await stats.measure(results=40, servers=2)
    assert figures["results"] >= 40
    assert list(temp.iterdir()) == []


async def test_the_stats_bench_removes_its_database_when_it_fails(
    temp: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def fill(*args: object) -> int:
        raise Unreachable

    monkeypatch.setattr(stats, "fill", fill)
    with pytest.raises(Unreachable):
        await stats.measure(results=40, servers=2)
    assert list(temp.iterdir()) == []
