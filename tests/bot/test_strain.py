"""A lagging event loop stretches bots' pauses, up to a bound, and a loop on time gives them
back, down to the set pace."""

from __future__ import annotations

import asyncio
import time

from hypothesis import given
from hypothesis import strategies as st

from bot.sessions.strain import BACKLOG, HURRY, HURRY_FOR, MOST, ON_TIME, TICK, LoopStrain


def test_late_ticks_stretch_the_pause_and_ticks_on_time_give_it_back() -> None:
    strain = LoopStrain()
    for _ in range(5):
        strain.noted(0.2)
    stretched = strain.stretch
    assert stretched > 2
    strain.noted(0.0)
    assert 1 < strain.stretch < stretched
    for _ in range(100):
        strain.noted(0.0)
    assert strain.stretch == 1.0


@given(st.lists(st.floats(0, 2), max_size=200))
def test_the_stretch_stays_within_its_bounds(lateness: list[float]) -> None:
    strain = LoopStrain()
    for late in lateness:
        strain.noted(late)
        assert 1.0 <= strain.stretch <= MOST
    assert strain.late_ticks == sum(late > ON_TIME for late in lateness)


async def test_a_loop_kept_busy_is_found_late() -> None:
    strain = LoopStrain()
    strain.start()
    await asyncio.sleep(TICK / 2)
    for _ in range(3):
        time.sleep(3 * TICK)
        await asyncio.sleep(TICK)
    assert strain.late_ticks >= 2 and strain.stretch > 1
    await strain.stop()


async def test_clicks_are_hurried_for_a_while_after_the_loop_was_found_far_behind() -> None:
    strain = LoopStrain()
    now = asyncio.get_running_loop().time()
    strain.noted(HURRY / 2, now)
    assert not strain.hurried, "a little late: clicks take their usual way"
    strain.noted(HURRY * 2, now)
    assert strain.hurried
    strain.noted(HURRY * 2, now - HURRY_FOR - 0.01)
    assert not strain.hurried, "long ago: no longer"


async def test_requests_waiting_long_for_the_budget_slow_the_bots_as_a_late_loop_does() -> None:
    strain = LoopStrain()
    strain.noted(0.0, backlog=BACKLOG / 2)
    assert strain.stretch == 1.0
    for _ in range(4):
        strain.noted(0.0, backlog=BACKLOG * 3)
    assert strain.stretch > 2
    assert not strain.hurried, "clicks take their usual way: the loop itself is on time"
