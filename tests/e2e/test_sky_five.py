"""Sky Five played in a channel through the stand-in, as its players would: gifts, busts with
their takes and passes, a Sky Five, the final round, a bust choice that runs out of time, a
restart in the middle of a bust, a solo game against bots, and clicks refused privately."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tests.e2e.harness import Table, button, shown, table
from tests.e2e.sky_five_play import (
    arrange,
    channel_messages,
    open_game,
    picture_of,
    play_to_the_end,
    press,
    refused,
    sky_five,
    titled,
    verbs,
)
from tests.e2e.test_settings import select_id
from tests.sky_five.scripting import B, G, P, R, S, Y
from tests.standin import StoredMessage


def description(message: StoredMessage) -> str:
    return str(message.embeds[0].get("description") or "")


def alerted(t: Table) -> list[str]:
    """The members mentioned by the channel's turn alerts."""
    return [
        name
        for message in t.dc.messages(t.channel)
        if "your turn in Sky Five" in (message.content or "")
        for name, user in t.users.items()
        if f"<@{user.id}>" in message.content
    ]


def parse_arg(custom_id: str) -> str:
    return custom_id.split(":")[4]


async def bust_of_anas_hand(
    t: Table, members: tuple[str, ...], options: dict[str, int] | None = None
) -> StoredMessage:
    """ana holds red 4, yellow 2 and Shooting Star 3 (and, with a fourth player, blue 6), leo
    red 1, zoe blue 5, max green 2; ana banks and the die shows 4: she busts."""
    session = await open_game(t, members, options=options)
    hands = [[R(4), Y(2), S(3)], [R(1)], [B(5)]]
    if len(members) > 3:
        hands[0].append(B(6))
        hands.append([G(2)])
    await arrange(t, session, hands, [G(1)], rolls=[4])
    await press(t, "ana", "bank")
    await t.settled(lambda s: sky_five(s).phase == "bust", "the bust's first choice")
    return await t.table_message()


async def test_a_full_game_with_a_gift_is_played_to_the_end_through_the_buttons(
    tmp_path: Path,
) -> None:
    rng = random.Random(1)
    async with table(tmp_path) as t:
        # A whole game at machine speed: more table edits a second than players make.
        t.dc.limits.enforce_rate_limits = False
        await t.start()
        session = await open_game(t, ("ana", "leo", "zoe"), bots=("easy",))
        first = await t.table_message()
        assert first.embeds[0]["title"] == "Sky Five"
        assert "🔒 My banked cards" in [
            f"{c['emoji']['name']} {c['label']}" for c in first.walk_components() if "emoji" in c
        ]
        await arrange(t, session, [[R(4)], [R(1)], [], []], [R(5), R(6)])
        message = await press(t, "ana", "draw")
        assert sky_five(session).phase == "give"
        assert verbs(message) == ["give", "give", "hint", "mine"], "only the players without red"
        assert [parse_arg(custom_id) for custom_id in message.custom_ids[:2]] == ["2", "3"]
        assert "**ana** drew 🔺 the red 5 but already has red: tap who gets it." in (
            description(message)
        )
        assert "zoe" in message.text() and "Bot 1" in message.text()
        given = await press(t, "ana", "give", "2")
        assert sky_five(session).face_up[2] == [R(5)]
        assert "ana gives the red 5 to zoe." in given.text()

        await press(t, "leo", "draw")
        await t.settled(lambda s: sky_five(s).current == 2, "zoe's turn")
        game = sky_five(session)
        assert game.face_up[3] == [R(6)], "the only player without red gets it at once"
        assert "Bot 1, the only player without red" in (await t.table_message()).text()

        decisions = await play_to_the_end(t, session, rng)
        assert decisions > 10
        assert session.record.status == "finished"
        final = await t.table_message(session)
        title = final.embeds[0]["title"]
        assert title.startswith("Sky Five · ") and ("wins" in title or "share" in title)
        assert verbs(final) == ["rematch"]
        game = sky_five(session)
        for seat, name in enumerate(game.names):
            assert f"**{name}** — {game.scores()[seat]} point" in description(final)
        results = await t.running.sessions.store.results(session.record.id)
        assert [(r.score, r.tiebreak) for r in results] == [
            (score, len(pile)) for score, pile in zip(game.scores(), game.banked, strict=True)
        ]
        assert {r.seat for r in results if r.place == 1} == set(game.winners or ())


async def test_a_bust_is_announced_and_each_player_takes_or_passes_in_turn(
    tmp_path: Path,
) -> None:
    async with table(tmp_path) as t:
        await t.start()
        message = await bust_of_anas_hand(t, ("ana", "leo", "zoe"))
        session = await t.session()
        assert session.record.deadline == t.clock.now() + 20, "a choice has its own timer"
        (announced,) = titled(t, "💥")
        assert announced.embeds[0]["title"] == "💥 ana busts!"
        assert "🎲 **ana** rolled **4** against 2 · 3 · **4**." in description(announced)
        assert "The 4 matches ana's red 4: ana busts." in description(announced)
        messages = channel_messages(t)
        assert messages.index(announced) < messages.index(message), "the table moved below"

        text = description(message)
        assert "💥 **ana** busted: the others may take one of their cards." in text
        assert "**leo**: take a card, or **Pass**." in text
        assert "leo may take: 🟡 yellow 2 · ⭐ Shooting Star 3" in text
        assert "🎲 **ana** rolled **4** against 2 · 3 · **4**: bust!" in text
        assert verbs(message) == ["take", "take", "pass", "hint", "mine"]
        image, alt = picture_of(t, message)
        assert image.width <= 800 and image.height <= 600
        assert "ana (bust, 0 banked cards): red 4, yellow 2 and Shooting Star 3" in alt
        assert "leo (to move, 0 banked cards): red 1" in alt

        take = button(message, "take", "1")
        by_zoe = await refused(t, "zoe", message, take)
        assert "It is leo's choice of ana's cards, not yours; wait for your chance." in by_zoe
        by_ana = await refused(t, "ana", message, take)
        assert "You busted: the others may take your cards. It is leo's choice now." in by_ana
        assert "not playing" in await refused(t, "max", message, take)

        assert alerted(t) == ["leo"], "whose choice it is, told in the channel"
        seen = t.dc.as_seen(message)
        await press(t, "leo", "take", "1")
        session = await t.settled(lambda s: sky_five(s).to_move == (2,), "zoe's choice")
        assert session.record.deadline == t.clock.now() + 20
        assert alerted(t) == ["zoe"], "leo's alert is gone with his choice"
        zoe = await t.table_message()
        assert "zoe may take: 🔺 red 4 · ⭐ Shooting Star 3" in description(zoe)
        assert "leo takes the yellow 2 from ana's cards." in zoe.text()
        outdated = await refused(t, "zoe", seen, button(seen, "pass"))
        assert "changed a moment ago" in outdated
        assert sky_five(session).to_move == (2,), "the outdated click changed nothing"

        await press(t, "zoe", "pass")
        session = await t.settled(lambda s: sky_five(s).phase == "turn", "leo's turn")
        game = sky_five(session)
        assert game.current == 1
        assert game.face_up == [[], [R(1), Y(2)], [B(5)]]
        assert game.discard == [R(4), S(3)]
        after = await t.table_message()
        assert "zoe takes nothing from ana's cards." in after.text()
        assert "ana's remaining red 4 and Shooting Star 3 go to the discard pile." in after.text()
        assert len(titled(t, "💥")) == 1, "one bust, one announcement"


async def test_a_sky_five_on_a_gift_banks_at_once_and_is_announced(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        await t.start()
        session = await open_game(t, ("ana", "leo", "zoe"))
        hands = [[R(1)], [Y(1), G(1), B(1), P(1), S(2)], []]
        await arrange(t, session, hands, [R(3)], banked=[[], [R(6)], []])
        await press(t, "ana", "draw")
        await press(t, "ana", "give", "1")
        session = await t.settled(lambda s: sky_five(s).current == 1, "leo's turn")
        game = sky_five(session)
        assert game.face_up[1] == [] and len(game.banked[1]) == 7
        (announced,) = titled(t, "🌈")
        assert announced.embeds[0]["title"] == "🌈 Sky Five for leo!"
        assert "Sky Five! leo has all five colours face up and banks at once." in (
            description(announced)
        )
        assert "leo banks 6 cards" in description(announced)
        message = await t.table_message()
        messages = channel_messages(t)
        assert messages.index(announced) < messages.index(message)
        _, alt = picture_of(t, message)
        assert "leo (Sky Five!, to move, 7 banked cards): no face-up cards" in alt
        assert "15 points" not in message.text() and "point" not in alt, "banked points are private"

        mine = await t.click("leo", message, button(message, "mine"))
        assert mine.type == 4 and mine.ephemeral, mine.errors
        assert "Banked: **7** cards, **15 points**" in description(shown(mine))
        theirs = await t.click("zoe", message, button(message, "mine"))
        assert theirs.ephemeral and "Banked: **0** cards, **0 points**" in description(
            shown(theirs)
        )


async def test_the_final_round_gives_everyone_one_last_bank(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        await t.start()
        session = await open_game(t, ("ana", "leo", "zoe"))
        hands = [[R(4)], [Y(2)], [B(0), S(5)]]
        await arrange(t, session, hands, [G(1)], more=0, rolls=[6, 5, 6], banked=[[], [P(3)], []])
        message = await press(t, "ana", "draw")
        session = await t.settled(lambda s: sky_five(s).current == 1, "leo's final turn")
        message = await t.table_message()
        assert message.embeds[0]["title"] == "Sky Five · final round"
        assert verbs(message) == ["bank", "hint", "mine"], "no more drawing"
        text = description(message)
        assert "🏁 **leo**'s final turn: press **Bank**." in text
        assert "🏁 **Final round**: the draw pile is empty; everyone banks once." in text
        assert "ana drew the last card: the final round begins." in message.text()

        await press(t, "leo", "bank")
        session = await t.settled(lambda s: sky_five(s).current == 2, "zoe's final turn")
        message = await t.table_message()
        assert "✅ Final turn done: leo" in description(message)
        assert "🎲 **leo** rolled **6** against 2: banked." in description(message)
        _, alt = picture_of(t, message)
        assert "leo (final turn done, 2 banked cards): no face-up cards" in alt

        await press(t, "zoe", "bank")
        session = await t.settled(lambda s: sky_five(s).phase == "bust", "ana's choice")
        assert sky_five(session).to_move == (0,), "leo has had his final turn: no part in it"
        (bust,) = titled(t, "💥")
        assert "The 5 matches zoe's Shooting Star 5: zoe busts." in description(bust)
        message = await t.table_message()
        assert "ana may take: 🔷 blue 0 · ⭐ Shooting Star 5" in description(message)
        await press(t, "ana", "take", "0")
        session = await t.settled(lambda s: sky_five(s).phase == "turn", "ana's final turn")
        assert sky_five(session).face_up == [[R(4), G(1), B(0)], [], []]
        assert sky_five(session).discard == [S(5)]
        await press(t, "ana", "bank")
        await t.settled(lambda s: s.record.status == "finished", "the standings", session)
        final = await t.table_message(session)
        assert final.embeds[0]["title"] == "Sky Five · ana wins!"
        assert description(final).split("\n") == [
            "🎲 **ana** rolled **6** against 0 · 1 · 4: banked.",
            "🏆 **ana** — 5 points · 3 banked cards",
            "🔺 4 · 🟩 1 · 🔷 0",
            "**leo** — 5 points · 2 banked cards",
            "🟡 2 · 💜 3",
            "**zoe** — 0 points · 0 banked cards",
            "ana wins the tie on 5 points with the most banked cards.",
        ]


@pytest.mark.parametrize("pictures", [True, False], ids=["pictures", "text-only"])
async def test_the_last_bank_of_the_game_shows_its_roll_and_everyones_banked_cards(
    tmp_path: Path, pictures: bool
) -> None:
    async with table(tmp_path) as t:
        await t.start()
        session = await open_game(t, ("ana", "leo", "zoe"))
        if not pictures:
            admins = t.guild.add_role("Admins", manage_guild=True)
            t.guild.members[t.users["ana"].id].roles.append(admins)
            assert (await t.slash("ana", "table pictures", look="text")).ephemeral
        piles = [[R(6), Y(4), G(1)], [B(5)], [P(6), S(4), Y(2), Y(1)]]
        done = [True, False, True]
        await arrange(
            t,
            session,
            [[], [R(3), S(5)], []],
            more=0,
            rolls=[4],
            current=1,
            banked=piles,
            final_done=done,
        )
        last = await t.table_message()
        assert "🏁 **leo**'s final turn: press **Bank**." in description(last)

        await press(t, "leo", "bank")
        session = await t.settled(lambda s: s.record.status == "finished", "the standings", session)
        final = await t.table_message(session)
        assert final.id == last.id, "the table became the standings: nothing was posted between"
        assert final.embeds[0]["title"] == "Sky Five · zoe wins!"
        assert description(final).split("\n") == [
            "🎲 **leo** rolled **4** against 3 · 5: banked.",
            "🏆 **zoe** — 13 points · 4 banked cards",
            "🟡 2 1 · 💜 6 · ⭐ 4",
            "**leo** — 13 points · 3 banked cards",
            "🔺 3 · 🔷 5 · ⭐ 5",
            "**ana** — 11 points · 3 banked cards",
            "🔺 6 · 🟡 4 · 🟩 1",
            "zoe wins the tie on 13 points with the most banked cards.",
        ]
        if not pictures:
            assert not final.payload["attachments"] and "image" not in final.embeds[0]
            return
        image, alt = picture_of(t, final, "standings.png")
        assert image.width <= 800 and image.height <= 600
        image.save(tmp_path / "standings.png")
        assert alt.split("\n") == [
            "Sky Five · zoe wins!",
            "leo rolled 4 against 3 · 5: banked.",
            "zoe (13 points, 4 banked cards): yellow 2, 1; purple 6; Shooting Stars 4",
            "leo (13 points, 3 banked cards): red 3; blue 5; Shooting Stars 5",
            "ana (11 points, 3 banked cards): red 6; yellow 4; green 1",
        ]


async def test_a_bust_choice_that_times_out_is_made_by_a_bot_and_is_no_missed_turn(
    tmp_path: Path,
) -> None:
    async with table(tmp_path) as t:
        await t.start()
        await bust_of_anas_hand(t, ("ana", "leo", "zoe"), {"bust_seconds": 30})
        session = await t.session()
        assert session.record.deadline == t.clock.now() + 30
        t.clock.advance(31)
        session = await t.settled(lambda s: sky_five(s).to_move != (1,), "leo's default")
        message = await t.table_message()
        assert "⏰ leo did not decide in time." in message.text()
        assert [seat.timeouts for seat in session.record.seats] == [0, 0, 0]
        game = sky_five(session)
        if game.phase == "bust":
            assert game.to_move == (2,)
            assert session.record.deadline == t.clock.now() + 30, "zoe's choice has its own"
            await press(t, "zoe", "pass")
        session = await t.settled(lambda s: sky_five(s).phase == "turn", "leo's turn")
        assert sky_five(session).current == 1
        assert session.record.deadline == t.clock.now() + 60, "a turn has the time per turn"
        t.clock.advance(61)
        session = await t.settled(lambda s: sky_five(s).to_move != (1,), "a bot plays leo's turn")
        assert session.record.seats[1].timeouts == 1, "a missed turn counts"
        assert "⏰ leo ran out of time: a bot played for them." in (await t.table_message()).text()


async def test_a_restart_in_the_middle_of_a_bust_resumes_its_takes(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        await t.start()
        await bust_of_anas_hand(t, ("ana", "leo", "zoe", "max"))
        await press(t, "leo", "take", "1")
        session = await t.settled(lambda s: sky_five(s).to_move == (2,), "zoe's choice")
        deadline = session.record.deadline
        version = session.record.version

        await t.stop()
        await t.start()
        session = await t.settled(lambda s: sky_five(s).to_move == (2,), "zoe's choice again")
        assert session.record.version == version and session.record.deadline == deadline
        message = await t.table_message()
        assert "zoe may take: 🔺 red 4 · ⭐ Shooting Star 3" in description(message)
        await press(t, "zoe", "take", "1")
        session = await t.settled(lambda s: sky_five(s).to_move == (3,), "max's choice")
        message = await t.table_message()
        assert "max may take: 🔺 red 4 · 🔷 blue 6" in description(message)
        await press(t, "max", "take", "0")
        session = await t.settled(lambda s: sky_five(s).phase == "turn", "leo's turn")
        game = sky_five(session)
        assert game.face_up == [[], [R(1), Y(2)], [B(5), S(3)], [G(2), R(4)]]
        assert game.discard == [B(6)] and game.current == 1
        assert len(titled(t, "💥")) == 1, "the bust was announced once, before the restart"


async def test_a_solo_game_against_bots_is_played_to_the_end(tmp_path: Path) -> None:
    rng = random.Random(7)
    async with table(tmp_path) as t:
        # A whole game at machine speed: more table edits a second than players make.
        t.dc.limits.enforce_rate_limits = False
        await t.start()
        started = await t.slash("ana", "skyfive solo", bots=2, level="hard")
        assert started.type == 4 and not started.ephemeral, started.errors
        session = await t.session()
        assert [seat.kind for seat in session.record.seats] == ["member", "bot", "bot"]
        decisions = await play_to_the_end(t, session, rng)
        assert decisions > 3
        assert session.record.status == "finished"
        final = await t.table_message(session)
        assert "wins" in final.embeds[0]["title"] or "share" in final.embeds[0]["title"]
        results = await t.running.sessions.store.results(session.record.id)
        assert [r.seat_kind for r in results] == ["member", "bot", "bot"]
        assert session not in t.running.sessions.registry.open
        rematch = await t.click("ana", final, button(final, "rematch"))
        assert rematch.error is None, rematch.errors
        again = await t.session()
        assert again.record.id != session.record.id and again.record.kind == "skyfive"
        rules = await t.slash("leo", "skyfive rules")
        assert rules.ephemeral and "Sky Five rules" in rules.embeds[0]["title"]


async def test_wrong_users_and_outdated_clicks_are_refused_privately(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        await t.start()
        session = await open_game(t, ("ana", "leo"))
        await arrange(t, session, [[R(4)], [Y(2)]], [G(1), B(3)])
        message = await t.table_message()
        draw = button(message, "draw")
        assert "It is ana's turn, not yours." in await refused(t, "leo", message, draw)
        assert "You are not playing in this game." in await refused(t, "zoe", message, draw)
        assert sky_five(session).face_up == [[R(4)], [Y(2)]], "nothing changed"

        seen = t.dc.as_seen(message)
        await press(t, "ana", "draw")
        await t.settled(lambda s: sky_five(s).current == 1, "leo's turn")
        stale = await refused(t, "leo", seen, button(seen, "bank"))
        assert "changed a moment ago" in stale
        assert str(seen.id) not in stale
        own = await t.click("leo", seen, button(seen, "mine"))
        assert own.type == 4 and own.ephemeral, "one's own pile opens from any table"
        assert "Banked: **0** cards" in description(shown(own))


async def test_a_text_only_server_gets_every_card_in_words(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        await t.start()
        session = await open_game(t, ("ana", "leo"))
        admins = t.guild.add_role("Admins", manage_guild=True)
        t.guild.members[t.users["ana"].id].roles.append(admins)
        chosen = await t.slash("ana", "table pictures", look="text")
        assert chosen.ephemeral, chosen.errors
        await arrange(t, session, [[R(4), Y(2), S(3)], [G(0)]], [B(1)], banked=[[P(6)], []])
        message = await t.table_message()
        assert not message.payload["attachments"] and "image" not in message.embeds[0]
        fields = {f["name"]: f["value"] for f in message.embeds[0]["fields"]}
        assert fields["▶ ana · 1 banked card"] == "🔺 red 4 · 🟡 yellow 2 · ⭐ Shooting Star 3"
        assert fields["leo · 0 banked cards"] == "🟩 green 0"


async def test_the_host_sets_both_times_and_bad_values_are_refused(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        await t.start()
        too_short = await t.dc.slash_unchecked(
            t.users["ana"], t.channel, "skyfive start", bust_seconds=5
        )
        assert too_short.ephemeral
        assert "Time to choose from a bust (seconds) must be at least 10." in too_short.content
        lobby = shown(await t.slash("ana", "skyfive start", bust_seconds=30))
        assert "Time per turn: **60 s**" in lobby.text()
        assert "Time to choose from a bust: **30 s**" in lobby.text()
        panel = shown(await t.click("ana", lobby, button(lobby, "settings", "0")))
        chosen = await t.select("ana", panel, select_id(panel, "set", "bust_seconds"), "10")
        assert chosen.type == 7, chosen.errors
        session = await t.session()
        assert session.record.settings["bust_seconds"] == 10
        assert "Time to choose from a bust: **10 s**" in (await t.table_message()).text()
