"""Which servers this process serves: Discord splits a bot's servers into shards, and a
process run with `SHARD_COUNT` and `SHARD_IDS` owns only some of them. It restores, times and
plays only the games of its own shards' servers; the others' are another process's."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Shards:
    count: int = 1
    ids: frozenset[int] | None = None
    """The shards owned; None for every one."""

    def of(self, guild_id: int | None) -> int:
        """The shard of a server (a DM's, None, is shard 0's), by Discord's rule."""
        return 0 if guild_id is None else (guild_id >> 22) % self.count

    def owns(self, guild_id: int | None) -> bool:
        return self.ids is None or self.of(guild_id) in self.ids

    def describe(self) -> str:
        if self.ids is None:
            return f"every shard of {self.count}"
        return f"shard(s) {', '.join(map(str, sorted(self.ids)))} of {self.count}"


EVERY = Shards()
