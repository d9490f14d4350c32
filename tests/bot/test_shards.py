"""Which servers a process serves: Discord's shard rule, and the settings that choose shards."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from bot.config import BotSettings
from bot.shards import EVERY, Shards


@pytest.mark.parametrize(
    ("guild_id", "count", "shard"),
    [
        (None, 4, 0),
        (0, 2, 0),
        (1 << 22, 2, 1),
        (3 << 22 | 123, 2, 1),
        (81384788765712384, 4, (81384788765712384 >> 22) % 4),
    ],
)
def test_a_server_belongs_to_the_shard_discord_gives_it(
    guild_id: int | None, count: int, shard: int
) -> None:
    assert Shards(count).of(guild_id) == shard


def test_a_process_owns_only_its_shards_and_an_unsharded_one_every_server() -> None:
    one_of_two = Shards(2, frozenset({1}))
    assert one_of_two.owns(1 << 22) and not one_of_two.owns(2 << 22)
    assert not one_of_two.owns(None), "DMs are shard 0's"
    assert EVERY.owns(1 << 22) and EVERY.owns(None)


def test_settings_choose_the_shards() -> None:
    assert BotSettings().shards == EVERY
    assert BotSettings(shard_count=4).shards == Shards(4)
    assert BotSettings(shard_count=4, shard_ids=" 3, 1").shards == Shards(4, frozenset({1, 3}))


@pytest.mark.parametrize(
    ("options", "named"),
    [
        ({"shard_ids": "0"}, "SHARD_IDS needs SHARD_COUNT"),
        ({"shard_count": 2, "shard_ids": "2"}, "numbered 0 to 1"),
        ({"shard_count": 2, "shard_ids": "0;1"}, "separated by commas"),
        ({"shard_count": 2, "shard_ids": "1,1"}, "lists a shard twice"),
        ({"shard_count": 0}, "greater than or equal to 1"),
    ],
)
def test_shard_settings_that_cannot_work_are_refused(
    options: dict[str, object], named: str
) -> None:
    with pytest.raises(ValidationError, match=named):
        BotSettings(**options)  # type: ignore[arg-type]
