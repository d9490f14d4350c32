"""The daily deal through Discord: the same deal for everyone on a day, one attempt a member,
the result and its place, the share line, leaving, and a restart."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from pathlib import Path

from bot.replay import played
from bot.sessions.daily_result import daily_seed
from bot.sessions.session import GameSession
from bot.storage.daily import DailyRepository, day_of
from bot.storage.database import StorageUnavailable
from games.skyjo_junior import JuniorGame
from tests.e2e.harness import Table, button, table, until
from tests.e2e.junior_play import ana_decides, play_solo_to_the_end
from tests.e2e.thread_play import inside, opened

DAY = day_of(1_900_000_000.0)


def attempts(t: Table) -> DailyRepository:
    return DailyRepository(t.running.sessions.store.database)


def first_deal(session: GameSession) -> tuple[tuple[int, ...], ...]:
    """Every seat's cards as the game was dealt, before anyone moved."""
    engine, _ = played(session.adapter, session.record, [])
    assert isinstance(engine, JuniorGame)
    return tuple(tuple(values) for values in engine.values)


def moved_on(deadline: float) -> Callable[[GameSession], bool]:
    """Whether the game is past the turn that had `deadline`."""
    return lambda session: session.record.deadline != deadline


async def test_a_daily_played_to_the_end_shows_its_place_and_shares_its_line(
    tmp_path: Path,
) -> None:
    async with table(tmp_path) as t:
        elsewhere = t.dc.add_guild("Far Club")
        far = elsewhere.add_text_channel("games")
        elsewhere.add_member(t.users["leo"])
        await t.start()
        await t.running.sessions.guilds.set_threads(elsewhere.id, False)

        started = await t.slash("ana", "skyjo-junior daily")
        assert started.type == 4 and not started.ephemeral, started.errors
        session = await t.session()
        record = session.record
        assert record.daily == DAY and record.seed == daily_seed(DAY, "junior")
        assert [seat.bot_level for seat in record.seats] == [None, "hard", "hard", "hard"]

        other = await t.dc.slash(t.users["leo"], far, "skyjo-junior daily")
        assert other.type == 4, other.errors
        theirs = await t.running.sessions.in_channel(far.id)
        assert theirs is not None and theirs.record.seed == record.seed
        assert first_deal(theirs) == first_deal(session), "the same deal in another server"

        await play_solo_to_the_end(t, session, random.Random(3))
        assert session.record.status == "finished"
        final = await t.table_message(session)
        assert f"Daily deal of {DAY}: ana scored" in final.content
        assert "1 of 1 in this server, 1 of 1 across every server" in final.content
        mine = await attempts(t).of_game(record.id)
        assert mine is not None and mine.status == "finished"
        results = await t.running.sessions.store.results(record.id)
        assert mine.score == results[0].score and mine.place == results[0].place

        refused = await t.click("leo", final, button(final, "share"))
        assert refused.ephemeral and "Only ana can share this result" in refused.content
        before = len(t.dc.messages(t.channel))
        posted = await t.click("ana", final, button(final, "share"))
        assert posted.type == 5 and posted.ephemeral, "answered before the post"
        assert "Your result is posted" in (await posted.wait_followup()).content
        line = t.dc.messages(t.channel)[before:]
        assert len(line) == 1 and line[0].content == mine.share
        assert line[0].content.startswith(f"☀️ Skyjo Junior · daily deal of {DAY}")
        assert f"Score: {mine.score}" in line[0].content
        squares = line[0].content.splitlines()[1:4]
        assert len(squares) == 3 and all(len(row) == 4 for row in squares), "a 3 × 4 grid"
        again = await t.click("ana", final, button(final, "share"))
        assert again.ephemeral and "already posted" in again.content
        assert len(t.dc.messages(t.channel)) == before + 1, "posted once"

        second = await t.slash("ana", "skyjo-junior daily")
        assert second.ephemeral, "a second daily the same day shows the result, privately"
        assert f"you scored {mine.score}" in second.content and mine.share in second.content
        assert await t.running.sessions.in_channel(t.channel.id) is None, "no second game"

        board = await t.slash("ana", "leaderboard", game="junior", period="daily")
        assert board.type == 4 and not board.ephemeral, board.errors
        fields = {field["name"]: field["value"] for field in board.embeds[0]["fields"]}
        ana = f"<@{t.users['ana'].id}>"
        assert f"**1.** {ana} — {mine.score} points" in fields["Today"]
        assert f"{ana} — average score {float(mine.score or 0):.1f} · 1 day" in fields["This week"]
        assert f"{ana} — 🔥 1 day" in fields["Longest streaks of days played"]
        assert f"<@{t.users['leo'].id}>" not in board.embeds[0]["fields"][0]["value"]
        t.users["ana"].locale = "fr"
        board = await t.slash("ana", "leaderboard", game="junior", period="daily")
        week = board.embeds[0]["fields"][1]["value"]
        assert f"{mine.score},0" in week and f"{mine.score}.0" not in week, "a French decimal"


async def test_leaving_a_daily_counts_as_finished_with_the_scores_as_they_stand(
    tmp_path: Path,
) -> None:
    async with table(tmp_path) as t:
        await t.start()
        started = await t.slash("ana", "skyjo daily")
        assert started.type == 4, started.errors
        session = await t.session()
        left = await t.slash("ana", "table leave")
        assert left.ephemeral and "your scores as they stand count" in left.content
        await t.settled_engine(lambda s: s.record.status == "finished", "the end", session)
        mine = await attempts(t).of_game(session.record.id)
        assert mine is not None and mine.status == "left"
        results = await t.running.sessions.store.results(session.record.id)
        assert results[0].user_id == t.users["ana"].id and results[0].left
        assert mine.score == results[0].score
        assert not any(r.won for r in results), "nobody wins a game left early"
        assert session not in t.running.sessions.registry.open
        await t.settled(lambda s: True, "the final standings", session)
        final = await t.table_message(session)
        assert "left early" in final.content
        second = await t.slash("ana", "skyjo daily")
        assert second.ephemeral and "The game was left early" in second.content


async def test_a_daily_resumes_after_a_restart_and_is_not_dealt_again(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        await t.start()
        started = await t.slash("ana", "skyfive daily")
        assert started.type == 4, started.errors
        session = await t.session()
        game_id = session.record.id
        await t.settled(lambda s: True, "the table shown", session)
        await t.stop()
        await t.start()
        resumed = await t.session()
        assert resumed.record.id == game_id and resumed.record.daily == DAY
        assert resumed.record.status == "running"
        again = await t.slash("ana", "skyfive daily")
        assert again.ephemeral and "under way" in again.content
        assert f"/{resumed.record.channel_id}" in again.content, "a link to the game"
        tomorrow = await attempts(t).attempt(DAY, "skyfive", t.users["ana"].id)
        assert tomorrow is not None and tomorrow.game_id == game_id


async def test_a_daily_in_a_thread_shares_its_line_in_the_channel_holding_it(
    tmp_path: Path,
) -> None:
    async with table(tmp_path) as t:
        t.threads = True
        await t.start()
        game = await opened(t, await t.slash("ana", "skyfive daily"), "ana")
        home = t.channel
        with inside(t, game):
            session = await t.session()
            assert session.record.daily == DAY and session.record.parent_id == home.id
            left = await t.slash("ana", "table leave")
            assert left.ephemeral, left.errors
            await t.settled(lambda s: s.record.status == "finished", "the final standings", session)
            final = await t.table_message(session)
            assert "left early" in final.content
            before = len(t.dc.messages(home))
            posted = await t.click("ana", final, button(final, "share"))
            assert posted.ephemeral and f"<#{home.id}>" in (await posted.wait_followup()).content
        shared = t.dc.messages(home)[before:]
        assert len(shared) == 1 and "Sky Five · daily deal of" in shared[0].content
        assert "(left early)" in shared[0].content and "🏦" in shared[0].content
        assert not [m for m in t.dc.messages(game.thread) if "🏦" in m.content]


async def test_a_daily_whose_member_misses_turns_or_calls_it_off_is_recorded_as_left(
    tmp_path: Path,
) -> None:
    async with table(tmp_path) as t:
        await t.start()
        assert (await t.slash("ana", "skyjo-junior daily")).type == 4
        session = await t.session()
        for _ in range(10):
            await t.settled_engine(ana_decides, "ana's turn or the end", session)
            deadline = session.record.deadline
            if session.record.status != "running":
                break
            assert deadline is not None, "ana's turn has a deadline"
            t.clock.advance(3600)
            await t.settled_engine(moved_on(deadline), "the late turn played", session)
        assert session.record.status == "finished"
        await t.settled(lambda s: True, "the final standings", session)
        assert "left early" in (await t.table_message(session)).content
        results = await t.running.sessions.store.results(session.record.id)
        assert results[0].user_id == t.users["ana"].id and results[0].left

        assert (await t.slash("leo", "skyfive daily")).type == 4
        called_off = await t.session()
        cancelled = await t.slash("leo", "table cancel")
        assert cancelled.ephemeral and "the scores as they stand count" in cancelled.content
        await t.settled(lambda s: s.record.status == "finished", "the standings", called_off)
        mine = await attempts(t).of_game(called_off.record.id)
        assert mine is not None and mine.status == "left" and mine.user_id == t.users["leo"].id


async def test_a_daily_whose_thread_discord_refuses_can_be_tried_again(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        t.threads = True
        await t.start()
        t.dc.fail(403, method="POST", path_contains="/threads", code=50013, message="Missing")
        refused = await t.slash("ana", "skyfive daily")
        await refused.wait_followup()
        await until(
            lambda: not t.running.sessions.registry.open, "the unopened game to be called off"
        )
        attempt = await attempts(t).attempt(DAY, "skyfive", t.users["ana"].id)
        assert attempt is None or not attempt.ended, "no result for a game never shown"
        game = await opened(t, await t.slash("ana", "skyfive daily"), "ana")
        with inside(t, game):
            session = await t.session()
            assert session.record.daily == DAY


async def test_two_daily_commands_at_once_open_one_attempt(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        other = t.guild.add_text_channel("more-games")
        await t.start()
        first, second = await asyncio.gather(
            t.slash("ana", "skyjo-junior daily"),
            t.dc.slash(t.users["ana"], other, "skyjo-junior daily"),
        )
        opened_games = [r for r in (first, second) if not r.ephemeral]
        told = [r for r in (first, second) if r.ephemeral]
        assert len(opened_games) == 1 and len(told) == 1, (first.errors, second.errors)
        assert "under way" in told[0].content
        assert len(t.running.sessions.registry.open) == 1


async def test_sharing_is_answered_at_once_while_the_post_waits_its_turn(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        await t.start()
        await t.slash("ana", "skyjo-junior daily")
        session = await t.session()
        await play_solo_to_the_end(t, session, random.Random(3))
        final = await t.table_message(session)
        held = t.dc.hold(method="POST", path_contains=f"/channels/{t.channel.id}/messages")
        pressed = asyncio.create_task(t.click("ana", final, button(final, "share")))
        await held.reached()
        answer = await asyncio.wait_for(pressed, 2.5)
        assert answer.type == 5 and answer.ephemeral, "answered, only for ana, before the post"
        held.release()
        told = await answer.wait_followup()
        assert "Your result is posted" in told.content


async def test_an_attempt_whose_game_was_never_linked_to_it_is_found_again(
    tmp_path: Path,
) -> None:
    async with table(tmp_path) as t:
        other = t.guild.add_text_channel("more-games")
        await t.start()
        daily = t.running.sessions.daily.daily
        linking = daily.attach

        async def lost(day: str, kind: str, user_id: int, game_id: int) -> None:
            daily.attach = linking  # type: ignore[method-assign]
            raise StorageUnavailable("the process went before linking the game")

        daily.attach = lost  # type: ignore[method-assign]
        await t.slash("ana", "skyjo-junior daily")
        session = await t.session()
        assert (await attempts(t).attempt(DAY, "junior", t.users["ana"].id)) is not None

        again = await t.dc.slash(t.users["ana"], other, "skyjo-junior daily")
        assert again.ephemeral and "under way" in again.content, again.errors
        assert t.running.sessions.registry.open == [session], "no second game"
        mine = await attempts(t).attempt(DAY, "junior", t.users["ana"].id)
        assert mine is not None and mine.game_id == session.record.id
