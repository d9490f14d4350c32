"""Random users press random visible buttons and pick random options of every game: no
interaction fails, and the bot logs no error.

Four members click whatever they see — the table, messages left behind (summaries, old tables,
lobbies) and their own private messages — and now and then use a command (open a game, play
solo, leave, cancel…), while bots play and turn timers run out now and then."""

from __future__ import annotations

import logging
import random
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.harness import Table, table
from tests.standin import StoredMessage

GAMES = ["skyjo", "skyjo-junior", "skyfive"]
CLICKS = 300
USERS = ("ana", "leo", "zoe", "max")
COMMANDS = (
    "{game} start",
    "{game} solo",
    "{game} rules",
    "table show",
    "table leave",
    "table cancel",
    "table remind",
)
UPDATED = 7
"""The answer that edits the clicked message: a move, a join, a redraw."""


def controls(message: StoredMessage) -> list[dict[str, Any]]:
    """The message's enabled buttons and selects that send a custom id."""
    return [
        component
        for component in message.walk_components()
        if component.get("type") in (2, 3)
        and "custom_id" in component
        and not component.get("disabled", False)
    ]


async def act(t: Table, rng: random.Random, game: str, private: dict[str, StoredMessage]) -> int:
    """One user does one thing: mostly a click on what they see, now and then a command (and
    always one when nothing is left to click). Returns the answer's callback type."""
    user = rng.choice(USERS)
    session = await t.running.sessions.in_channel(t.channel.id)
    if session is not None and session.record.state is not None and rng.random() < 0.6:
        members = {t.users[name].id: name for name in USERS}
        movers = [
            members[seat.user_id]
            for number, seat in enumerate(session.record.seats)
            if number in session.engine.to_move and seat.user_id in members
        ]
        user = rng.choice(movers) if movers else user
    public = [m for m in t.dc.messages(t.channel) if controls(m)]
    seen = [*public[-3:], *([private[user]] if user in private else [])]
    seen = [message for message in seen if controls(message)]
    if not seen or rng.random() < 0.08:
        command = rng.choice(COMMANDS).format(game=game)
        options = {"bots": rng.randint(1, 3)} if command.endswith("solo") else {}
        result = await t.slash(user, command, **options)
    else:
        message = rng.choice(seen)
        component = rng.choice(controls(message))
        if component["type"] == 3:
            option = rng.choice(component["options"])["value"]
            result = await t.select(user, message, component["custom_id"], option)
        else:
            result = await t.click(user, message, component["custom_id"])
    assert result.type is not None, f"{result} was not answered"
    assert not result.errors, f"{result}: Discord refused the answer"
    if result.ephemeral and result.message is not None and controls(result.message):
        private[user] = result.message
    return result.type


@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize("game", GAMES)
async def test_random_clicks_never_fail(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, game: str, seed: int
) -> None:
    rng = random.Random(f"{game}:{seed}")
    caplog.set_level(logging.WARNING)
    async with table(tmp_path) as t:
        await t.start()
        private: dict[str, StoredMessage] = {}
        updates = 0
        step = 0
        # Bots move in their own time, so how many clicks land varies: a few more are made
        # when too few moved a game along.
        while step < CLICKS or (updates <= CLICKS // 8 and step < 3 * CLICKS):
            updates += await act(t, rng, game, private) == UPDATED
            step += 1
            if step % 40 == 0:
                t.clock.advance(rng.choice([5, 30, 90]))
        assert updates > CLICKS // 8, "the clicks moved games along"
        errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
        assert not errors, [r.getMessage() for r in errors]
