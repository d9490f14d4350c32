"""A tournament's commands and buttons refused with a clear answer where they cannot apply,
and the organiser's tools: a player added late, a member leaving between rounds, pause and
resume, bots finishing a round at the organiser's word, and an end after the current round."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from bot.tournaments import flow
from tests.e2e.harness import Table, table, until
from tests.e2e.tournament_play import (
    ORGANISER,
    card,
    card_text,
    create,
    members_of,
    more_members,
    organiser,
    press,
    round_opened,
    sign_up,
    stored,
    tables_of,
)


async def test_what_cannot_be_done_before_the_start_is_refused_with_why(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(flow, "MOST_TABLES", 1)
    async with table(tmp_path) as t:
        t.threads = True
        await t.start()
        organiser(t)
        nothing = await t.slash("leo", "tournament leave")
        assert nothing.ephemeral and "No tournament is under way" in nothing.content
        guilds = t.running.sessions.guilds
        await guilds.set_threads(t.guild.id, False)
        no_threads = await t.slash(ORGANISER, "tournament create", game="skyjo")
        assert no_threads.ephemeral and "needs a thread for each table" in no_threads.content
        await guilds.set_threads(t.guild.id, True)
        too_many = await t.slash(ORGANISER, "tournament create", game="skyfive", seats=8)
        assert too_many.ephemeral and "Sky Five tables seat 2 to 6 players" in too_many.content

        tournament = await create(t, seats=2)
        alone = await press(t, ORGANISER, tournament, "start")
        assert alone.ephemeral and "at least 2 players; signed up: 0" in alone.content
        await sign_up(t, tournament, "ana", "leo")
        full = await press(t, "zoe", tournament, "join")
        assert full.ephemeral and "full (2 players)" in full.content
        left = await press(t, "leo", tournament, "leave")
        assert left.type == 7 and "Signing up: 1 player." in card_text(t, tournament.card_id)
        again = await press(t, "leo", tournament, "leave")
        assert again.ephemeral and "You are not signed up" in again.content
        tool = await t.slash("leo", "tournament pause")
        assert tool.ephemeral and "Only the organiser can do that" in tool.content
        ended = await t.slash(ORGANISER, "tournament end")
        assert ended.ephemeral and "cancel it instead" in ended.content

        admins = t.guild.add_role("Admins", manage_guild=True)
        t.guild.members[t.users["max"].id].roles.append(admins)
        clubs = t.guild.add_role("Club")
        named = await t.slash("max", "tournament role", role=clubs)
        assert named.ephemeral and "can create tournaments" in named.content
        t.guild.members[t.users["zoe"].id].roles.append(clubs)
        cancelled = await t.slash(ORGANISER, "tournament cancel")
        assert cancelled.ephemeral and "cancelled" in cancelled.content
        assert stored(t, tournament)[0] == "cancelled"
        by_role = await t.slash("zoe", "tournament create", game="junior", seats=2)
        assert by_role.type == 4 and not by_role.ephemeral, by_role.content


@pytest.mark.long(seconds=10)
async def test_the_organiser_adds_pauses_resumes_and_ends_it_after_a_round(
    tmp_path: Path,
) -> None:
    async with table(tmp_path) as t:
        t.threads = True
        more_members(t, "kim")
        await t.start()
        organiser(t)
        tournament = await create(
            t, rounds=3, seats=2, round_minutes=30, target_score=10, grid="2x2"
        )
        await sign_up(t, tournament, "ana", "leo", "zoe", "max")
        started = await press(t, ORGANISER, tournament, "start")
        assert started.type == 7, started.errors
        await until(lambda: round_opened(t, tournament, 1), "round 1")
        late = await t.dc.click_forged(
            t.users["kim"], tournament.card_id, f"skyt:{tournament.id}:join"
        )
        assert late.ephemeral and "has started: ask the organiser" in late.content

        busy = await t.slash("zoe", "tournament leave")
        assert busy.ephemeral and "Finish your game first" in busy.content
        added = await t.slash(ORGANISER, "tournament add", member=t.users["kim"])
        assert added.ephemeral and "kim plays from round 2" in added.content
        paused = await t.slash(ORGANISER, "tournament pause")
        assert paused.ephemeral and "Paused" in paused.content
        finishing = await t.slash(ORGANISER, "tournament next")
        assert finishing.ephemeral and "Bots finish this round" in finishing.content

        def first_round_over() -> bool:
            with sqlite3.connect(t.database) as db:
                rows = db.execute(
                    "SELECT g.status FROM tournament_tables x JOIN games g ON g.id = x.game_id"
                    " WHERE x.tournament_id = ? AND x.round = 1",
                    (tournament.id,),
                ).fetchall()
            return bool(rows) and all(status == "finished" for (status,) in rows)

        await until(first_round_over, "round 1's games finished by bots", timeout=60)
        assert stored(t, tournament)[:2] == ("paused", 1), "no round drawn while paused"
        await until(lambda: "Paused" in card_text(t, tournament.card_id), "the card paused")
        zoe_leaves = await t.slash("zoe", "tournament leave")
        assert zoe_leaves.ephemeral and "You left the tournament" in zoe_leaves.content

        resumed = await t.slash(ORGANISER, "tournament resume")
        assert resumed.ephemeral and "Resumed" in resumed.content
        await until(lambda: round_opened(t, tournament, 2), "round 2 once resumed")
        seated = {
            member
            for row in tables_of(t, tournament.id)
            if row[0] == 2
            for member in members_of(t, tournament.id, 2, row[1])
        }
        assert t.users["kim"].id in seated and t.users["zoe"].id not in seated

        ending = await t.slash(ORGANISER, "tournament end")
        assert ending.ephemeral and "ends after round 2" in ending.content
        await t.slash(ORGANISER, "tournament next")
        await until(lambda: stored(t, tournament)[0] == "finished", "the end after round 2", 60)
        assert stored(t, tournament) == ("finished", 2, 2)
        await until(
            lambda: "wins the tournament" in card_text(t, tournament.card_id), "the champion"
        )


async def test_a_member_playing_at_another_tournaments_table_cannot_join(
    tmp_path: Path,
) -> None:
    async with table(tmp_path) as t:
        t.threads = True
        await t.start()
        organiser(t)
        first = await create(t, seats=2)
        await sign_up(t, first, "ana", "leo")
        await press(t, ORGANISER, first, "start")
        await until(lambda: round_opened(t, first, 1), "the first tournament's table")
        home = t.channel
        t.channel = t.guild.add_text_channel("second")
        second = await create(t, seats=2)
        refused = await press(t, "leo", second, "join")
        assert refused.ephemeral and "another tournament" in refused.content
        await sign_up(t, second, "zoe")
        t.channel = home


async def test_every_table_plays_the_organisers_settings_without_hints(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        t.threads = True
        await t.start()
        organiser(t)
        wrong = await t.slash(ORGANISER, "tournament create", game="skyfive", grid="2x2")
        assert wrong.ephemeral and "is not a Sky Five setting" in wrong.content
        tournament = await create(t, game="skyfive", seats=2, bust_seconds=30)
        [settings] = [
            field["value"]
            for field in card(t, tournament.card_id).embeds[0]["fields"]
            if field["name"] == "Settings"
        ]
        assert "Time to choose from a bust: **30 s**" in settings and "Hints: **off**" in settings
        await sign_up(t, tournament, "ana", "leo", "zoe")
        await press(t, ORGANISER, tournament, "start")
        await until(lambda: round_opened(t, tournament, 1), "round 1")
        with sqlite3.connect(t.database) as db:
            settings = [
                json.loads(row[0])
                for row in db.execute(
                    "SELECT g.settings FROM tournament_tables x JOIN games g ON g.id = x.game_id"
                    " WHERE x.tournament_id = ?",
                    (tournament.id,),
                )
            ]
        assert len(settings) == 2
        assert all(s["bust_seconds"] == 30 and s["hints"] is False for s in settings), settings


async def test_the_bots_that_fill_tables_may_be_experts(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        t.threads = True
        await t.start()
        organiser(t)
        synced = {c["name"]: c for c in t.dc.synced_commands()}
        create_command = next(o for o in synced["tournament"]["options"] if o["name"] == "create")
        [level] = [o for o in create_command["options"] if o["name"] == "level"]
        assert [c["value"] for c in level["choices"]] == ["easy", "normal", "hard", "expert"]
        [expert] = [c for c in level["choices"] if c["value"] == "expert"]
        assert expert["name_localizations"] == {"de": "Experte"}, "French says expert too"
        tournament = await create(t, game="junior", seats=2, level="expert")
        assert "bots: expert" in card_text(t, tournament.card_id)
        assert stored_level(t, tournament.id) == "expert"


def stored_level(t: Table, tournament_id: int) -> str:
    with sqlite3.connect(t.database) as db:
        (level,) = db.execute(
            "SELECT bot_level FROM tournaments WHERE id = ?", (tournament_id,)
        ).fetchone()
    return str(level)
