"""Application commands as the bot synced them, global and per guild."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from .errors import StandInError
from .limits import validate_commands


class CommandRegistry:
    """Holds each sync's command list; ids stay the same for a name across syncs, as on Discord."""

    def __init__(self, application_id: int, snowflake: Callable[[], int]) -> None:
        self.application_id = application_id
        self._snowflake = snowflake
        self.global_commands: list[dict[str, Any]] = []
        self.guild_commands: dict[int, list[dict[str, Any]]] = {}
        self.syncs: list[tuple[int | None, list[dict[str, Any]]]] = []
        self._ids: dict[tuple[int | None, int, str], int] = {}

    def overwrite(self, guild_id: int | None, body: Any) -> list[dict[str, Any]]:
        """A bulk overwrite (`PUT .../commands`): validated, stored, returned with ids."""
        validate_commands(body)
        stored = []
        for command in body:
            kind = int(command.get("type", 1))
            key = (guild_id, kind, str(command["name"]))
            command_id = self._ids.setdefault(key, self._snowflake())
            full = copy.deepcopy(command)
            full.update(
                {
                    "id": str(command_id),
                    "application_id": str(self.application_id),
                    "version": str(self._snowflake()),
                    "type": kind,
                    "default_member_permissions": command.get("default_member_permissions"),
                    "nsfw": bool(command.get("nsfw", False)),
                    "description": command.get("description", ""),
                    "options": command.get("options", []),
                }
            )
            if guild_id is not None:
                full["guild_id"] = str(guild_id)
            stored.append(full)
        if guild_id is None:
            self.global_commands = stored
        else:
            self.guild_commands[guild_id] = stored
        self.syncs.append((guild_id, copy.deepcopy(stored)))
        return stored

    def upsert(self, guild_id: int | None, command: dict[str, Any]) -> dict[str, Any]:
        """A single create (`POST .../commands`): replaces the command of the same name."""
        current = self.listing(guild_id)
        others = [
            c
            for c in current
            if (c["name"], c["type"]) != (command.get("name"), int(command.get("type", 1)))
        ]
        stored = self.overwrite(guild_id, [*others, command])
        return stored[-1]

    def listing(self, guild_id: int | None) -> list[dict[str, Any]]:
        if guild_id is None:
            return self.global_commands
        return self.guild_commands.get(guild_id, [])

    def delete(self, guild_id: int | None, command_id: int) -> bool:
        current = self.listing(guild_id)
        kept = [c for c in current if int(c["id"]) != command_id]
        if guild_id is None:
            self.global_commands = kept
        else:
            self.guild_commands[guild_id] = kept
        return len(kept) != len(current)

    def find(self, name: str, guild_id: int | None, kind: int = 1) -> dict[str, Any]:
        """The command a user would pick in this guild (guild commands first, then global)."""
        pools = [self.guild_commands.get(guild_id, [])] if guild_id is not None else []
        pools.append(self.global_commands)
        for pool in pools:
            for command in pool:
                if command["name"] == name and command["type"] == kind:
                    return command
        known = sorted({c["name"] for pool in pools for c in pool})
        raise StandInError(f"no synced command {name!r} in reach; synced: {known}")

    def all(self) -> list[dict[str, Any]]:
        """Every synced command, global ones first."""
        result = list(self.global_commands)
        for commands in self.guild_commands.values():
            result += commands
        return result
