"""Games in threads of their own, end to end: two games side by side in one channel, each in its
thread with its card in the channel; moderators archiving, locking and deleting threads and
cards, with the bot running or stopped; the thread archived after the game; the server's
choice and the bot's missing permissions; the table commands used in the channel."""

from __future__ import annotations

import asyncio
import random
import sqlite3
from pathlib import Path

from bot.sessions.cards import ARCHIVE_AFTER
from bot.sessions.session import GameSession
from tests.e2e.harness import Table, button, enabled, shown, table, until
from tests.e2e.skyjo_play import (
    choose_opening_cards,
    play_solo_to_the_end,
    play_turn_well,
    skyjo,
)
from tests.e2e.thread_play import (
    ThreadGame,
    at,
    bot_messages,
    card_says,
    card_text,
    card_title,
    inside,
    join,
    open_game,
    opened,
    play_a_move,
    session_of,
    settled,
    start,
    stored_game,
)
from tests.standin import StoredMessage

LOBBY_OF_TWO = "🪑 Open: 2 of 8 seats taken. Join in the thread."
GONE = "Ended: its thread is gone."
LOCKED = "Ended: a moderator locked its thread."


async def two_lobbies_at_once(t: Table) -> tuple[ThreadGame, ThreadGame]:
    """Ana and Leo open Skyjo in the channel at the same moment."""
    ana, leo = await asyncio.gather(
        t.slash("ana", "skyjo start", grid="2x4"), t.slash("leo", "skyjo start", grid="2x4")
    )
    return await opened(t, ana, "ana"), await opened(t, leo, "leo")


async def test_two_games_play_side_by_side_each_in_its_thread(tmp_path: Path) -> None:
    rng = random.Random(3)
    async with table(tmp_path) as t:
        t.threads = True
        await t.start()
        channel = t.channel
        a, b = await two_lobbies_at_once(t)
        assert a.thread is not b.thread
        assert card_title(t, a) == "Skyjo · ana" and card_title(t, b) == "Skyjo · leo"
        assert (
            card_text(t, a)
            == f"🪑 Open: 1 of 8 seats taken. Join in the thread.\n→ <#{a.thread.id}>"
        )
        await join(t, a, "zoe")
        await join(t, b, "max")
        assert await card_says(t, a, LOBBY_OF_TWO) == f"{LOBBY_OF_TWO}\n→ <#{a.thread.id}>"
        assert await card_says(t, b, LOBBY_OF_TWO) == f"{LOBBY_OF_TWO}\n→ <#{b.thread.id}>"
        session_a, session_b = await session_of(t, a), await session_of(t, b)
        assert session_a.record.parent_id == session_b.record.parent_id == channel.id
        assert (session_a.record.card_id, session_b.record.card_id) == (a.card_id, b.card_id)

        await start(t, a)
        await start(t, b)
        playing_a = await card_says(t, a, "🎲 Playing: ana and zoe.")
        playing_b = await card_says(t, b, "🎲 Playing: leo and max.")
        assert playing_a.endswith(f"→ <#{a.thread.id}>")
        assert playing_b.endswith(f"→ <#{b.thread.id}>")

        while skyjo(session_a).round == 1 or skyjo(session_b).round == 1:
            for game, session in ((a, session_a), (b, session_b)):
                if skyjo(session).round == 1:
                    await play_a_move(t, game, rng)
        for game in (a, b):
            titles = [m.embeds[0].get("title") for m in bot_messages(t, game.thread) if m.embeds]
            assert "Skyjo · round 1 is over" in titles, titles

        shown_in_b = await t.dc.slash(t.users["max"], b.thread, "table show")
        assert not shown_in_b.ephemeral and shown(shown_in_b).channel_id == b.thread.id
        assert shown(shown_in_b).custom_ids[0].split(":")[1] == str(session_b.record.id)
        listing = await t.dc.slash(t.users["zoe"], channel, "table show")
        assert listing.ephemeral
        listed = shown(listing).embeds[0]["description"]
        assert f"<#{a.thread.id}>" in listed and f"<#{b.thread.id}>" in listed

        t.dc.delete_channel(a.thread)
        await t.settled_engine(lambda s: not s.record.is_open, "game A to end (saved)", session_a)
        assert stored_game(t, session_a.record.id) == ("cancelled", 1)
        assert await card_says(t, a, GONE) == GONE
        await play_a_move(t, b, rng)

        version = session_b.record.version
        await t.stop()
        await t.start()
        resumed = await settled(t, b)
        assert resumed.record.version == version and resumed.record.channel_id == b.thread.id
        await play_a_move(t, b, rng)
        assert resumed.record.version > version

        assert [m.id for m in bot_messages(t, channel)] == [a.card_id, b.card_id]


async def threaded(t: Table) -> Table:
    t.threads = True
    await t.start()
    return t


async def solo_at_first_turn(t: Table, rng: random.Random) -> ThreadGame:
    """Ana plays Skyjo against a bot in a thread of its own, her opening cards turned up."""
    game = await open_game(t, "ana", "skyjo solo", bots=1)
    await choose_opening_cards(at(t, game), "ana", rng)
    await t.settled(lambda s: skyjo(s).phase == "turn" and skyjo(s).current == 0, "ana's turn")
    return game


def tables(t: Table, game: ThreadGame) -> list[StoredMessage]:
    """The bot's messages in the thread that offer the game's buttons."""
    return [m for m in bot_messages(t, game.thread) if m.custom_ids]


async def test_a_locked_thread_ends_its_game_with_a_note_on_its_card(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        game = await solo_at_first_turn(await threaded(t), random.Random(1))
        session = await session_of(t, game)
        t.dc.lock(game.thread)
        await t.settled_engine(lambda s: not s.record.is_open, "the game to end (saved)", session)
        assert stored_game(t, session.record.id) == ("cancelled", 1), (
            "abandoned, as when locked offline"
        )
        said = await card_says(t, game, LOCKED)
        assert said == f"{LOCKED}\n→ <#{game.thread.id}>"
        # The game's last word goes to its table through the table's queue, after the end.
        await until(
            lambda: "A moderator locked this thread" in t.dc.messages(game.thread)[-1].text(),
            "the table to say why the game ended",
        )
        assert not enabled(t.dc.messages(game.thread)[-1], "draw")


async def test_an_archived_thread_is_reopened_by_the_bots_next_move(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        game = await solo_at_first_turn(await threaded(t), random.Random(2))
        session = await session_of(t, game)
        before = [m.id for m in tables(t, game)]
        version = session.record.version
        asked = len(t.dc.requests)
        t.dc.archive(game.thread)
        assert game.thread.thread is not None and game.thread.thread.archived
        t.clock.advance(61)
        await until(lambda: session.record.version > version, "a bot to play ana's late turn")
        with inside(t, game):
            await t.settled(
                lambda s: s.record.status != "running" or 0 in s.engine.to_move,
                "ana's turn again, on the table",
            )
        assert not game.thread.thread.archived
        assert [m.id for m in tables(t, game)] == before, "the table is edited, not posted anew"
        on_thread = [
            (r.method, r.path.removeprefix(f"/channels/{game.thread.id}"), r.status)
            for r in t.dc.requests[asked:]
            if r.path.startswith(f"/channels/{game.thread.id}")
        ]
        table_path = f"/messages/{before[-1]}"
        assert on_thread[:3] == [
            ("PATCH", table_path, 400),
            ("PATCH", "", 200),
            ("PATCH", table_path, 200),
        ], "the table's edit is refused, the thread reopened, the table edited"
        assert (await t.table_message()).id == before[-1]


async def test_a_thread_archived_while_the_bot_is_down_resumes_after_restart(
    tmp_path: Path,
) -> None:
    rng = random.Random(4)
    async with table(tmp_path) as t:
        game = await solo_at_first_turn(await threaded(t), rng)
        await t.stop()
        t.dc.archive(game.thread)
        await t.start()
        await until(
            lambda: game.thread.thread is not None and not game.thread.thread.archived,
            "the thread reopened",
        )
        session = await settled(t, game)
        version = session.record.version
        await play_turn_well(t, "ana", 0, rng)
        assert session.record.version > version
        assert await card_says(t, game, "🎲 Playing: ana and Bot 1.")


async def test_a_thread_locked_while_the_bot_is_down_ends_its_game_after_restart(
    tmp_path: Path,
) -> None:
    async with table(tmp_path) as t:
        game = await solo_at_first_turn(await threaded(t), random.Random(5))
        game_id = (await session_of(t, game)).record.id
        await t.stop()
        t.dc.lock(game.thread)
        await t.start()
        await until(lambda: stored_game(t, game_id)[0] == "cancelled", "the game to end")
        assert stored_game(t, game_id) == ("cancelled", 1)
        assert await card_says(t, game, LOCKED) == f"{LOCKED}\n→ <#{game.thread.id}>"
        assert await t.running.sessions.in_channel(game.thread.id) is None


async def test_a_thread_deleted_while_the_bot_is_down_ends_its_game_after_restart(
    tmp_path: Path,
) -> None:
    """The restarted bot does not start the thread again from the card: the game shown in it
    is abandoned, and the card says its thread is gone."""
    async with table(tmp_path) as t:
        game = await solo_at_first_turn(await threaded(t), random.Random(6))
        game_id = (await session_of(t, game)).record.id
        await t.stop()
        t.dc.delete_channel(game.thread)
        await t.start()
        await until(lambda: stored_game(t, game_id)[0] == "cancelled", "the game to end")
        assert stored_game(t, game_id) == ("cancelled", 1)
        assert await card_says(t, game, "Ended: its thread is gone.") == (
            "Ended: its thread is gone."
        )
        started = [r for r in t.dc.requests if r.method == "POST" and r.path.endswith("/threads")]
        assert len(started) == 1, "the thread is not started again from the card"


async def test_a_deleted_card_is_posted_again_and_kept_up_to_date(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        game = await open_game(await threaded(t), "ana", "skyjo start")
        session = await session_of(t, game)
        t.dc.delete_message(game.card_id)
        await until(lambda: session.record.card_id != game.card_id, "the card posted again")
        assert session.record.card_id is not None
        game.card_id = session.record.card_id
        assert card_text(t, game) == (
            f"🪑 Open: 1 of 8 seats taken. Join in the thread.\n→ <#{game.thread.id}>"
        )
        await join(t, game, "zoe")
        assert await card_says(t, game, LOBBY_OF_TWO)
        assert [m.id for m in bot_messages(t, game.parent)] == [game.card_id]


async def solo_to_the_end(t: Table, rng: random.Random) -> tuple[ThreadGame, GameSession]:
    """Ana plays a short Skyjo game against a bot in its thread, to its standings."""
    game = await open_game(t, "ana", "skyjo solo", bots=1, target_score=10)
    session = await session_of(t, game)
    await play_solo_to_the_end(at(t, game), session, rng)
    assert session.record.status == "finished"
    return game, session


def archived(game: ThreadGame) -> bool:
    assert game.thread.thread is not None
    return game.thread.thread.archived


async def test_a_finished_games_card_names_its_winner_and_its_thread_is_archived_later(
    tmp_path: Path,
) -> None:
    async with table(tmp_path) as t:
        game, session = await solo_to_the_end(await threaded(t), random.Random(8))
        totals = skyjo(session).totals
        winner = ("ana", "Bot 1")[totals.index(min(totals))]
        won = f"🏆 {winner} won. Played by ana and Bot 1."
        assert await card_says(t, game, won) == f"{won}\n→ <#{game.thread.id}>"
        standings = await t.table_message(session)
        assert winner in standings.embeds[0]["title"]
        t.clock.advance(ARCHIVE_AFTER - 1)
        await asyncio.sleep(0.1)
        assert not archived(game), "the thread stays open a few minutes after the game"
        t.clock.advance(2)
        await until(lambda: archived(game), "the thread to be archived")
        assert not game.thread.thread or not game.thread.thread.locked


def archive_pending(t: Table, session: GameSession) -> bool:
    with sqlite3.connect(t.database) as db:
        (moment,) = db.execute(
            "SELECT archive_at FROM games WHERE id = ?", (session.record.id,)
        ).fetchone()
    return moment is not None


async def test_a_thread_whose_game_ended_before_a_restart_is_archived_on_time(
    tmp_path: Path,
) -> None:
    """The bot stops a minute after the game ends: started again, it archives the thread
    five minutes after the end, as it would have without the restart."""
    async with table(tmp_path) as t:
        game, session = await solo_to_the_end(await threaded(t), random.Random(8))
        assert archive_pending(t, session)
        t.clock.advance(60)
        await t.stop()
        await t.start()
        t.clock.advance(ARCHIVE_AFTER - 60 - 1)
        await asyncio.sleep(0.1)
        assert not archived(game), "the thread stays open a few minutes after the game"
        t.clock.advance(2)
        await until(lambda: archived(game), "the thread to be archived")
        await until(lambda: not archive_pending(t, session), "the archive noted as done")


async def test_a_thread_whose_archive_fell_due_while_the_bot_was_stopped_is_archived_at_start(
    tmp_path: Path,
) -> None:
    async with table(tmp_path) as t:
        game, session = await solo_to_the_end(await threaded(t), random.Random(8))
        await t.stop()
        t.clock.advance(ARCHIVE_AFTER + 60)
        assert not archived(game)
        await t.start()
        await until(lambda: archived(game), "the thread to be archived")
        await until(lambda: not archive_pending(t, session), "the archive noted as done")


async def test_a_thread_with_a_rematch_open_in_it_is_not_archived(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        game, session = await solo_to_the_end(await threaded(t), random.Random(9))
        standings = await t.table_message(session)
        rematch = await t.click("ana", standings, button(standings, "rematch"))
        assert rematch.type == 4 and shown(rematch).channel_id == game.thread.id, rematch.errors
        again = await session_of(t, game)
        assert again.record.id != session.record.id
        assert (again.record.parent_id, again.record.card_id) == (game.parent.id, game.card_id)
        assert await card_says(t, game, "🎲 Playing: ana and Bot 1.")
        t.clock.advance(ARCHIVE_AFTER + 1)
        await asyncio.sleep(0.2)
        assert not archived(game), "a thread where a rematch is played stays open"


async def test_without_create_public_threads_the_game_opens_in_the_channel(
    tmp_path: Path,
) -> None:
    async with table(tmp_path) as t:
        await threaded(t)
        t.dc.deny_bot(t.channel, create_public_threads=True)
        opened_here = await t.slash("ana", "skyjo start")
        assert opened_here.type == 4 and not opened_here.ephemeral, opened_here.errors
        lobby = shown(opened_here)
        assert lobby.channel_id == t.channel.id and enabled(lobby, "join")
        assert t.guild.threads == []
        await until(lambda: t.dc.ephemerals(t.users["ana"]), "ana to be told why")
        told = t.dc.last_ephemeral(t.users["ana"])
        assert told.content == (
            "I could not give this game a thread of its own: I need the **Create Public "
            "Threads** permission in this channel. It is played right here meanwhile, one game "
            "at a time; ask a server admin to grant it to me."
        )
        assert (await t.session()).record.parent_id is None


async def test_threads_are_turned_off_by_a_manager_only(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        await threaded(t)
        refused = await t.slash("leo", "table threads", threads="off")
        assert refused.ephemeral
        assert (
            refused.content == "Only someone with Manage Server can choose where games are played."
        )
        assert await t.running.sessions.guilds.threads(t.guild.id)
        done = await t.slash("ana", "table threads", threads="off")
        assert done.ephemeral and done.content.startswith("Games opened from now on are played")
        lobby = shown(await t.slash("leo", "skyjo start"))
        assert lobby.channel_id == t.channel.id and enabled(lobby, "join")
        assert t.guild.threads == [] and bot_messages(t, t.channel) == [lobby]


async def test_leave_and_cancel_in_the_channel_act_on_the_callers_only_game(
    tmp_path: Path,
) -> None:
    async with table(tmp_path) as t:
        await threaded(t)
        a = await open_game(t, "ana", "skyjo start")
        b = await open_game(t, "leo", "skyjo start")
        await join(t, a, "zoe")
        await card_says(t, a, LOBBY_OF_TWO)
        channel = a.parent
        left = await t.dc.slash(t.users["zoe"], channel, "table leave")
        assert left.ephemeral and left.content == "You left the game.", left.errors
        assert await card_says(t, a, "🪑 Open: 1 of 8 seats taken. Join in the thread.")
        both = f"<#{a.thread.id}> and <#{b.thread.id}>"
        nowhere = await t.dc.slash(t.users["max"], channel, "table leave")
        assert nowhere.ephemeral and nowhere.content == (
            "You are not playing in any of this channel's games. They are played in their "
            f"threads: {both}."
        )
        cancelled = await t.dc.slash(t.users["ana"], channel, "table cancel")
        assert cancelled.ephemeral and cancelled.content == "The game is cancelled."
        assert await card_says(t, a, "Cancelled.")
        assert (await session_of(t, b)).record.is_open
        c = await open_game(t, "ana", "skyjo start")
        d = await open_game(t, "ana", "skyjo start")
        which = await t.dc.slash(t.users["ana"], channel, "table cancel")
        assert which.ephemeral and which.content == (
            "This channel's games are played in their threads: use the command in the game's "
            f"thread (<#{c.thread.id}> and <#{d.thread.id}>)."
        )
        assert (await session_of(t, c)).record.is_open and (await session_of(t, d)).record.is_open


async def test_a_thread_discord_refuses_to_start_leaves_a_card_that_says_so(
    tmp_path: Path,
) -> None:
    """Discord refuses the thread (a permission taken away as the command ran): the game,
    saved for the thread it was to get, is recorded as abandoned, and its card says it could
    not be opened, without a link; ana is told what is missing, and can open a game again."""
    async with table(tmp_path) as t:
        await threaded(t)
        t.dc.fail(403, method="POST", path_contains="/threads", code=50013, message="Missing")
        result = await t.slash("ana", "skyjo solo", bots=1)
        card_id = shown(result).id

        def card_now() -> StoredMessage:
            (found,) = [m for m in t.dc.messages(t.channel) if m.id == card_id]
            return found

        told = await result.wait_followup()
        assert told.flags & 64 and "permission" in told.content, told.content
        await until(
            lambda: "could not be opened" in str(card_now().embeds),
            "the card to say the game could not be opened",
        )
        assert card_now().embeds[0]["description"] == "This game could not be opened."
        assert not card_now().custom_ids and not t.guild.threads
        assert not await t.running.sessions.store.open_games(), "no game is left open"
        with sqlite3.connect(t.database) as db:
            (first,) = db.execute(
                "SELECT id FROM games WHERE channel_id = ?", (card_id,)
            ).fetchone()
        assert stored_game(t, first) == ("cancelled", 1)
        again = await open_game(t, "ana", "skyjo solo", bots=1)
        assert again.thread.id != card_id
