"""The crash bench (`bench.crash`) in short: a few games of every kind, the bot killed a few
times at random moments and restarted on the same database; no game is lost, corrupted or
stuck, and play goes on after each restart.

Also here: what the bench found, reduced to one kill at one chosen moment.
"""

from __future__ import annotations

import asyncio
from dataclasses import replace
from pathlib import Path

from bench.crash import Config, run
from tests.e2e.harness import shown
from tests.e2e.test_crash import (
    Crash,
    Interrupted,
    crash_table,
    decide,
    enabled_ids,
    poll,
    start_solo,
)
from tests.standin import StoredMessage

SHORT = Config(games=6, kills=4, seed=3, settle_within=15.0)
"""At least one game of each kind (six channels take the four kinds in turn)."""


async def test_games_survive_kills_at_random_moments(tmp_path: Path) -> None:
    lines: list[str] = []
    report = await run(replace(SHORT, workdir=tmp_path), lines.append)
    log = "\n".join(lines)
    counts = report.counts
    assert counts["lost"] == counts["stuck"] == counts["corrupted"] == 0, log
    assert counts["kills"] == SHORT.kills
    assert counts["games"] >= SHORT.games
    assert report.moves_after_restarts > 0, f"no move was made after the restarts:\n{log}"
    assert report.tally.clicks > 0 and report.tally.opened >= SHORT.games, log
    assert not report.errors_logged, "\n".join(report.errors_logged[:40])


def pressable(crash: Crash, game_id: int) -> list[int]:
    """The channel's messages with a control of the game that can still be pressed."""
    found = []
    for message in crash.dc.messages(crash.setup.channel):
        if any(i.startswith(f"sky:{game_id}:") for i in enabled_ids(message)):
            found.append(message.id)
    return found


async def test_a_table_posted_as_the_bot_dies_is_not_left_pressable(tmp_path: Path) -> None:
    """A round ends; the bot posts the next round's table and dies before it reads Discord's
    answer: the message exists, its id was never saved. After the restart the game has one
    table to press: the post made again carries the same nonce, so Discord returns the message
    it took instead of creating another."""
    async with crash_table(tmp_path) as crash:
        await start_solo(crash)
        posts = f"/channels/{crash.channel_id}/messages"
        hold = crash.dc.hold(method="POST", path_contains=posts)

        def reached() -> bool:
            return hold.request is not None

        while not reached():
            try:
                saved, message = await crash.settled(stop=reached)
            except Interrupted:
                break
            await decide(crash, saved, message)
        await hold.reached()
        ended = crash.saved()
        assert ended.message_id is None and ended.game.round == 2
        await crash.bot.kill()
        hold.release()  # Discord had received the post: the table appears all the same
        request = await hold.reached()
        await poll(lambda: request.status or None, "the held post to be handled")
        orphan = crash.dc.last_message(crash.setup.channel)
        assert enabled_ids(orphan), "the next round's table was not posted"
        await crash.bot.start()

        def shown() -> StoredMessage | None:
            saved = crash.saved()
            return crash.showing(saved) if saved.message_id is not None else None

        await poll(shown, "the table posted again after the restart")
        game_id = int(enabled_ids(orphan)[0].split(":")[1])
        assert crash.saved().message_id == orphan.id, "the message Discord took is the table"
        assert pressable(crash, game_id) == [orphan.id]


async def test_a_lobby_shown_as_the_bot_dies_is_refused_with_a_link_to_the_current_one(
    tmp_path: Path,
) -> None:
    """`/skyjo start` opens a lobby; the bot answers with it and dies before it reads Discord's
    answer: ana sees the lobby, its id was never saved, and the restarted bot posts the lobby
    again. A press on the first one changes nothing and links to the current lobby."""
    async with crash_table(tmp_path) as crash:
        hold = crash.dc.hold(method="POST", path_contains="/callback")
        opening = asyncio.create_task(crash.slash("skyjo start"))
        await hold.reached()
        await crash.bot.kill()
        hold.release()  # Discord had received the answer: ana sees the lobby
        lobby = shown(await opening)
        assert crash.saved().message_id is None
        await crash.bot.start()

        def reposted() -> StoredMessage | None:
            saved = crash.saved()
            return crash.showing(saved) if saved.message_id not in (None, lobby.id) else None

        current = await poll(reposted, "the lobby posted again after the restart")
        version = crash.saved().version
        for custom_id in enabled_ids(lobby):
            pressed = await crash.click(lobby, custom_id)
            assert pressed.ephemeral and "out of date" in pressed.content, pressed.content
            assert str(current.id) in pressed.content, "the refusal links to the current lobby"
        assert crash.saved().version == version, "nothing changed in the game"
