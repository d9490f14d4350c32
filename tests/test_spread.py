"""On several workers the long tests are dealt out, one run of the collection each."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, cast

import pytest

from tests.conftest import spread


@dataclass
class Marker:
    kwargs: dict[str, Any]


@dataclass
class Item:
    name: str
    seconds: float | None = None

    def get_closest_marker(self, name: str) -> Marker | None:
        if name != "long" or self.seconds is None:
            return None
        return Marker({"seconds": self.seconds})


def runs(items: list[Any], workers: int) -> list[list[str]]:
    """The runs worksteal gives each worker at first: equal shares of the list, in order."""
    cut, left = [], list(items)
    for number in range(workers):
        size = len(left) // (workers - number)
        cut.append([item.name for item in left[:size]])
        left = left[size:]
    return cut


def test_each_run_starts_with_its_share_of_the_long_tests() -> None:
    items = [Item(f"t{n}") for n in range(20)]
    items[3] = Item("long95", 95)
    items[9] = Item("long40", 40)
    items[10] = Item("long35", 35)
    items[15] = Item("long20", 20)
    items[16] = Item("long15", 15)
    ordered = spread(cast(list[pytest.Item], items), 4)
    assert sorted(i.name for i in ordered) == sorted(i.name for i in items)
    firsts = [run[0] for run in runs(ordered, 4)]
    assert firsts == ["long95", "long40", "long35", "long20"]
    assert runs(ordered, 4)[3][:2] == ["long20", "long15"]
    regular = [i.name for i in ordered if not i.name.startswith("long")]
    assert regular == [i.name for i in items if not i.name.startswith("long")]
