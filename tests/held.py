"""The memory an object holds: its own and everything it reaches that is its alone (classes,
modules and functions are shared by every object, and not counted)."""

from __future__ import annotations

import gc
import sys
import types
from typing import Any

SHARED = (
    type,
    types.ModuleType,
    types.FunctionType,
    types.BuiltinFunctionType,
    types.MethodType,
)


def held(root: Any, *shared: Any) -> int:
    """Bytes `root` holds, as `sys.getsizeof` counts them, not counting `shared` objects
    (nor what only they reach)."""
    seen = {id(thing) for thing in shared}
    waiting = [root]
    total = 0
    while waiting:
        thing = waiting.pop()
        if id(thing) in seen or thing is None or isinstance(thing, SHARED):
            continue
        seen.add(id(thing))
        total += sys.getsizeof(thing)
        waiting.extend(gc.get_referents(thing))
    return total
