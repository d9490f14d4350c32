"""Every extension loads, and its slash commands are what Discord accepts."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from discord import app_commands

from bot.catalog import installed
from bot.client import SkyTableBot
from bot.config import BotSettings

NAME = re.compile(r"^[-_a-z0-9]{1,32}$")


def walk(command: dict[str, Any], path: str = "") -> list[tuple[str, dict[str, Any]]]:
    found = [(f"{path}{command['name']}", command)]
    for option in command.get("options", []):
        if option["type"] in (1, 2):
            found += walk(option, f"{path}{command['name']} ")
    return found


async def test_extensions_load_and_commands_are_valid(tmp_path: Path) -> None:
    bot = SkyTableBot(BotSettings(database_path=tmp_path / "sky.db"))
    for extension in installed().extensions:
        await bot.load_extension(extension)
    payloads = [command.to_dict(bot.tree) for command in bot.tree.get_commands()]
    assert {payload["name"] for payload in payloads} >= {"skyjo", "table"}
    names: set[str] = set()
    for payload in payloads:
        assert payload["name"] not in names
        names.add(payload["name"])
        for path, command in walk(payload):
            assert NAME.match(command["name"]), path
            assert 1 <= len(command["description"]) <= 100, path
            options = command.get("options", [])
            assert len(options) <= 25, path
            leaves = [o for o in options if o["type"] not in (1, 2)]
            required = [o.get("required", False) for o in leaves]
            assert required == sorted(required, reverse=True), f"{path}: required options first"
            for option in leaves:
                assert NAME.match(option["name"]), f"{path} {option['name']}"
                assert 1 <= len(option["description"]) <= 100, f"{path} {option['name']}"
                assert len(option.get("choices", [])) <= 25
    groups = {c.name: c for c in bot.tree.get_commands() if isinstance(c, app_commands.Group)}
    assert {c.name for c in groups["skyjo"].commands} == {"start", "solo", "daily", "rules"}
    assert {c.name for c in groups["table"].commands} == {
        "show",
        "leave",
        "cancel",
        "remind",
        "language",
        "pictures",
        "threads",
        "web",
        "coach",
    }
    await bot.close()
