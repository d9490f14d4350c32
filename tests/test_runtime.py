"""Sky Table's processes run on uvloop's event loop, the bot and the benches' bots alike."""

from __future__ import annotations

import subprocess
import sys


def test_the_fast_loop_is_uvloops() -> None:
    probe = (
        "import asyncio\n"
        "from bot.runtime import use_fast_loop\n"
        "use_fast_loop()\n"
        "async def main():\n"
        "    print(type(asyncio.get_running_loop()).__module__)\n"
        "asyncio.run(main())\n"
    )
    shown = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True
    ).stdout
    assert shown.strip().startswith("uvloop")
