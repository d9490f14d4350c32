"""The crash bench (`bench.crash`) in short: a few games of every kind, the bot killed a few
times at random moments and restarted on the same database; no game is lost, corrupted or
stuck, and play goes on after each restart.

Also here: what the bench found, reduced to one kill at one chosen moment.
"""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from dataclasses import replace
from pathlib import Path

import pytest

from bench.crash import Config, run
from bench.crash_checks import card_problem, cards_without_game
from bot.storage.records import GameRecord
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
from tests.standin import DiscordStandIn, StoredMessage

SHORT = Config(games=6, kills=4, seed=3, settle_within=15.0)
"""At least one game of each kind (six channels take the four kinds in turn)."""


@pytest.mark.long(seconds=16)
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


@pytest.mark.long(seconds=17)
async def test_games_in_threads_survive_kills_at_random_moments(tmp_path: Path) -> None:
    """The same with each game in a thread of its own, started from its card in the channel:
    the users follow every game into its thread, and rematches are played there."""
    config = replace(SHORT, threads=True, workdir=tmp_path)
    lines: list[str] = []
    report = await run(config, lines.append)
    log = "\n".join(lines)
    counts = report.counts
    assert counts["lost"] == counts["stuck"] == counts["corrupted"] == 0, log
    assert counts["kills"] == SHORT.kills and counts["games"] >= SHORT.games
    assert report.moves_after_restarts > 0, f"no move was made after the restarts:\n{log}"
    assert not report.errors_logged, "\n".join(report.errors_logged[:40])
    with contextlib.closing(sqlite3.connect(tmp_path / "data" / "sky.db")) as db:
        places = db.execute("SELECT parent_id, channel_id, card_id FROM games").fetchall()
    parents = {parent for parent, _, _ in places}
    assert None not in parents and len(parents) == SHORT.games, places
    assert all(thread == card for _, thread, card in places), "a game not in its card's thread"


async def test_the_checks_find_a_thread_game_whose_card_is_gone() -> None:
    async with DiscordStandIn() as dc:
        ana = dc.add_user("ana")
        guild = dc.add_guild("Crash Club", owner=ana)
        guild.add_member(ana)
        channel, other = guild.add_text_channel("skyjo"), guild.add_text_channel("other")
        card = dc.post(ana, channel, "Skyjo, hosted by ana")
        thread = dc.start_thread_as(ana, channel, card, "Ana's Skyjo")
        game = GameRecord(
            id=1,
            guild_id=guild.id,
            channel_id=thread.id,
            kind="skyjo",
            status="running",
            host_id=ana.id,
            seed=1,
            seats=[],
            parent_id=channel.id,
            card_id=card.id,
        )
        assert card_problem(game, dc.world) is None
        elsewhere = dc.post(ana, other, "elsewhere").id
        moved = card_problem(game.model_copy(update={"card_id": elsewhere}), dc.world)
        assert moved == f"its card {elsewhere} is in channel {other.id}, not its parent"
        dc.delete_message(card)
        assert card_problem(game, dc.world) == f"its card {card.id} is gone from the channel"
        ended = game.model_copy(update={"status": "finished"})
        assert card_problem(ended, dc.world) is None, "a game over needs no card"
        in_channel = game.model_copy(update={"parent_id": None, "card_id": None})
        assert card_problem(in_channel, dc.world) is None, "a game in its channel has none"


def test_the_checks_find_a_card_no_game_names() -> None:
    def message(message_id: int, interaction_id: int | None) -> StoredMessage:
        payload = {"id": str(message_id), "channel_id": "1"}
        return StoredMessage(payload, created_at=0.0, interaction_id=interaction_id)

    game = GameRecord(
        id=1,
        guild_id=None,
        channel_id=10,
        kind="skyjo",
        status="finished",
        host_id=2,
        seed=1,
        seats=[],
        parent_id=1,
        card_id=10,
    )
    posted = [message(10, 100), message(11, None), message(12, 101)]
    assert cards_without_game(posted, [game]) == [12]
    assert cards_without_game(posted, [game.model_copy(update={"card_id": 12})]) == [10]


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
        assert isinstance(request.json, dict) and request.json.get("enforce_nonce") is True
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


async def test_a_lobby_shown_as_the_bot_dies_leaves_one_lobby_to_press(tmp_path: Path) -> None:
    """`/skyjo start` opens a lobby; the bot answers with it and dies before it reads Discord's
    answer: ana sees the lobby, its id was never saved. The restarted bot posts the lobby again
    and deletes the first one, which it finds in the channel: one lobby is left to press."""
    async with crash_table(tmp_path) as crash:
        hold = crash.dc.hold(method="POST", path_contains="/callback")
        opening = asyncio.create_task(crash.slash("skyjo start"))
        await hold.reached()
        await crash.bot.kill()
        hold.release()  # Discord had received the answer: ana sees the lobby
        lobby = shown(await opening)
        before = crash.saved()
        assert before.message_id is None
        game_id = int(enabled_ids(lobby)[0].split(":")[1])
        await crash.bot.start()

        def alone() -> StoredMessage | None:
            saved = crash.saved()
            current = crash.showing(saved) if saved.message_id is not None else None
            return current if current and pressable(crash, game_id) == [current.id] else None

        current = await poll(alone, "one lobby to press after the restart")
        assert current.id != lobby.id and lobby.deleted
        assert crash.saved().version == before.version, "nothing changed in the game"


async def test_a_game_answered_as_the_bot_dies_keeps_no_second_table(tmp_path: Path) -> None:
    """`/skyjo solo` deals a game; the bot answers with its table and dies before it reads
    Discord's answer, so the table's id was never saved. After the restart the channel holds
    one table with buttons to press, and after `/table cancel` none."""
    async with crash_table(tmp_path) as crash:
        hold = crash.dc.hold(method="POST", path_contains="/callback")
        opening = asyncio.create_task(crash.slash("skyjo solo", bots=1, target_score=1000))
        await hold.reached()
        await crash.bot.kill()
        hold.release()  # Discord had received the answer: ana sees the table
        answered = shown(await opening)
        assert crash.saved().message_id is None and enabled_ids(answered)
        game_id = int(enabled_ids(answered)[0].split(":")[1])
        await crash.bot.start()

        def one_table() -> list[int] | None:
            saved = crash.saved()
            found = pressable(crash, game_id)
            shown_now = crash.showing(saved) if saved.message_id is not None else None
            return found if shown_now is not None and found == [shown_now.id] else None

        await poll(one_table, "one table to press after the restart")
        cancelled = await crash.slash("table cancel")
        assert cancelled.error is None and not cancelled.errors, cancelled.errors
        await poll(lambda: crash.saved().status == "cancelled" or None, "the game cancelled")
        await poll(
            lambda: pressable(crash, game_id) == [] or None,
            "no message of the cancelled game with buttons",
        )


async def test_a_game_answered_as_the_bot_dies_and_cancelled_unseen_keeps_no_buttons(
    tmp_path: Path,
) -> None:
    """As above, but the restarted bot may no longer send messages in the channel, so it cannot
    show the table again; ana cancels the game meanwhile: the table Discord took as the bot
    died, never noted, keeps no button either."""
    async with crash_table(tmp_path) as crash:
        hold = crash.dc.hold(method="POST", path_contains="/callback")
        opening = asyncio.create_task(crash.slash("skyjo solo", bots=1, target_score=1000))
        await hold.reached()
        await crash.bot.kill()
        hold.release()  # Discord had received the answer: ana sees the table
        answered = shown(await opening)
        game_id = int(enabled_ids(answered)[0].split(":")[1])
        crash.dc.deny_bot(crash.setup.channel, send_messages=True)
        posts = f"/channels/{crash.channel_id}/messages"
        refused = len(crash.dc.requests)
        await crash.bot.start()

        def post_refused() -> bool | None:
            return any(r.path == posts and r.status == 403 for r in crash.dc.requests[refused:])

        await poll(lambda: post_refused() or None, "the table's post to be refused")
        cancelled = await crash.slash("table cancel")
        assert cancelled.error is None and not cancelled.errors, cancelled.errors
        await poll(lambda: crash.saved().status == "cancelled" or None, "the game cancelled")
        await poll(lambda: pressable(crash, game_id) == [] or None, "no button left to press")
