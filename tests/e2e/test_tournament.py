"""A server's tournament end to end: created by a member with the right, signed up on its card,
started, each round's tables opened as games in threads of their own, rounds ended by their time
limit (bots finishing the members' games), the next round drawn from the standings, a
champion; and the refusals on the way."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from tests.e2e.harness import shown, table, until
from tests.e2e.tournament_play import (
    ORGANISER,
    card,
    card_text,
    game_statuses,
    members_of,
    organiser,
    points_of,
    pressed,
    tables_of,
    thread_of,
)


@pytest.mark.long(seconds=15)
async def test_five_members_play_two_rounds_to_a_champion(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        t.threads = True
        user = t.dc.add_user("kim")
        t.guild.add_member(user)
        t.users["kim"] = user
        await t.start()

        refused = await t.slash("leo", "tournament create", game="skyjo")
        assert refused.ephemeral and "Manage Events" in refused.content
        organiser(t)
        created = await t.slash(
            ORGANISER,
            "tournament create",
            game="skyjo",
            rounds=2,
            seats=2,
            round_minutes=5,
            target_score=10,
            grid="2x2",
        )
        assert created.type == 4 and not created.ephemeral, created.errors
        card_id = shown(created).id
        tournament_id = int(pressed(shown(created), "join").split(":")[1])
        assert "Signing up: 0 players" in card_text(t, card_id)
        again = await t.slash(ORGANISER, "tournament create", game="skyfive")
        assert again.ephemeral and "already under way" in again.content

        for name in ("ana", "leo", "zoe", "max", "kim"):
            joined = await t.click(name, card(t, card_id), pressed(card(t, card_id), "join"))
            assert joined.type == 7, joined.errors
        twice = await t.click("leo", card(t, card_id), pressed(card(t, card_id), "join"))
        assert twice.ephemeral and "already signed up" in twice.content
        assert "Signing up: 5 players" in card_text(t, card_id)
        not_yours = await t.click("leo", card(t, card_id), pressed(card(t, card_id), "start"))
        assert not_yours.ephemeral and "Only the organiser" in not_yours.content

        started = await t.click(ORGANISER, card(t, card_id), pressed(card(t, card_id), "start"))
        assert started.type == 7, started.errors
        assert not card(t, card_id).custom_ids, "no sign-up once started"

        def round_open(number: int) -> bool:
            tables = [row for row in tables_of(t, tournament_id) if row[0] == number]
            return bool(tables) and all(row[3] is not None for row in tables)

        await until(lambda: round_open(1), "round 1's tables to open")
        first = [row for row in tables_of(t, tournament_id) if row[0] == 1]
        assert len(first) == 3, "five players at two seats a table: 2, 2 and 1 with a bot"
        for _, _, message_id, game in first:
            assert game is not None and message_id is not None
            thread = t.dc.world.channel(message_id)
            assert thread is not None and thread.thread is not None
        await until(lambda: "Round 1 of 2" in card_text(t, card_id), "the card to show round 1")

        t.elapse(5 * 60 + 1)
        await until(lambda: round_open(2), "round 2 drawn once round 1 ended", timeout=60)
        second = [row for row in tables_of(t, tournament_id) if row[0] == 2]
        assert len(second) == 3
        assert all(s == "finished" for s in game_statuses(t, [g for *_, g in first if g]))
        standings = [
            m
            for m in t.dc.messages(t.channel)
            if m.embeds and "Standings after round 1" in str(m.embeds[0].get("title"))
        ]
        assert len(standings) == 1, "round 1's standings posted once"

        deleted, locked = second[0], second[1]
        assert deleted[2] is not None and locked[2] is not None
        t.dc.delete_channel(thread_of(t, deleted[2]))
        t.dc.lock(thread_of(t, locked[2]))
        t.elapse(5 * 60 + 1)
        await until(
            lambda: "wins the tournament" in card_text(t, card_id), "a champion", timeout=60
        )
        with sqlite3.connect(t.database) as db:
            status, round_number = db.execute(
                "SELECT status, round FROM tournaments WHERE id = ?", (tournament_id,)
            ).fetchone()
            ended = set(
                db.execute(
                    "SELECT status, abandoned FROM games WHERE id IN (?, ?)",
                    (deleted[3], locked[3]),
                ).fetchall()
            )
            final = dict(
                db.execute(
                    "SELECT user_id, points FROM tournament_players WHERE tournament_id = ?",
                    (tournament_id,),
                ).fetchall()
            )
        assert (status, round_number) == ("finished", 2)
        assert ended == {("cancelled", 1)}, "a thread deleted or locked: its game abandoned"
        first_points = points_of(t, [game for *_, game in first if game is not None])
        for _, number, _, _ in (deleted, locked):
            for member in members_of(t, tournament_id, 2, number):
                assert final[member] == pytest.approx(first_points.get(member, 0.0)), (
                    "an abandoned table gives nothing"
                )


@pytest.mark.long(seconds=20)
async def test_nine_members_three_rounds_a_restart_a_dropped_player_and_the_time_limit(
    tmp_path: Path,
) -> None:
    async with table(tmp_path) as t:
        t.threads = True
        for name in ("kim", "ivy", "ola", "ben", "eve"):
            user = t.dc.add_user(name)
            t.guild.add_member(user)
            t.users[name] = user
        await t.start()
        organiser(t)
        created = await t.slash(
            ORGANISER,
            "tournament create",
            game="skyjo",
            rounds=3,
            seats=4,
            round_minutes=10,
            target_score=10,
            grid="2x2",
        )
        card_id = shown(created).id
        tournament_id = int(pressed(shown(created), "join").split(":")[1])
        players = ["ana", "leo", "zoe", "max", "kim", "ivy", "ola", "ben", "eve"]
        for name in players:
            joined = await t.click(name, card(t, card_id), pressed(card(t, card_id), "join"))
            assert joined.type == 7, joined.errors
        started = await t.click(ORGANISER, card(t, card_id), pressed(card(t, card_id), "start"))
        assert started.type == 7, started.errors

        def round_tables(number: int) -> list[tuple[int, int, int | None, int | None]]:
            return [row for row in tables_of(t, tournament_id) if row[0] == number]

        def opened(number: int) -> bool:
            tables = round_tables(number)
            return bool(tables) and all(row[3] is not None for row in tables)

        await until(lambda: opened(1), "round 1's tables")
        assert len(round_tables(1)) == 3, "nine players at four seats: three tables of three"
        t.elapse(10 * 60 + 1)
        await until(lambda: opened(2), "round 2", timeout=60)

        dropped = await t.slash(ORGANISER, "tournament drop", member=t.users["eve"])
        assert dropped.ephemeral and "dropped" in dropped.content, dropped.content
        await t.stop()
        await t.start()
        t.elapse(10 * 60 + 1)
        await until(lambda: opened(3), "round 3 after the restart", timeout=60)
        with sqlite3.connect(t.database) as db:
            [[drawn]] = db.execute(
                "SELECT COUNT(DISTINCT round) FROM tournament_tables WHERE tournament_id = ?",
                (tournament_id,),
            ).fetchall()
        assert drawn == 3
        third = {m for row in round_tables(3) for m in members_of(t, tournament_id, 3, row[1])}
        assert t.users["eve"].id not in third, "a dropped player is seated no more"
        assert len(round_tables(3)) == 2, "eight players at four seats"

        t.elapse(10 * 60 + 1)
        await until(
            lambda: "wins the tournament" in card_text(t, card_id), "a champion", timeout=60
        )

        games = [row[3] for number in (1, 2, 3) for row in round_tables(number)]
        points = points_of(t, [game for game in games if game is not None])
        best = max(points.values())
        champions = {user for user, value in points.items() if abs(value - best) < 1e-9}
        names = {t.users[name].id: name for name in players}
        [champion_line] = [
            line for line in card_text(t, card_id).splitlines() if "wins the tournament" in line
        ]
        assert any(names[user] in champion_line for user in champions), (champion_line, points)
        champion = next(names[user] for user in champions if names[user] in champion_line)
        profile = shown(await t.slash(champion, "profile card"))
        fields = {field["name"]: field["value"] for field in profile.embeds[0]["fields"]}
        assert fields["Tournaments"].startswith("🥇 1 of 9 · Skyjo · "), fields
