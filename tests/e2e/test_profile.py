"""`/profile` through Discord: a member's card after a game, in English and French, another
member's card, a member with no games, the replay of a game from the card, a refusal in direct
messages, and the daily deal streak, shown only while it runs."""

from __future__ import annotations

from pathlib import Path

from bot.storage.daily import day_of
from tests.e2e.harness import shown, table
from tests.e2e.sheet_play import enter_round, open_sheet
from tests.storage.test_profiles import played_daily

DAY = 86_400.0


async def test_a_members_card_after_a_game_and_another_members(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        await t.start()
        ana, leo = t.users["ana"], t.users["leo"]
        session = await open_sheet(t, ["ana", "leo", "zoe"], target_score=10)
        await enter_round(t, "ana", 1, [3, 20, 15])  # leo ended it, not lowest: 20 → 40
        await t.settled(lambda s: True, "the standings", session)
        game_id = session.record.id

        card = shown(await t.slash("ana", "profile card"))
        (embed,) = card.embeds
        assert embed["title"] == f"{ana.name}'s profile"
        assert embed["thumbnail"]["url"].startswith(t.dc.cdn_url), "the member's avatar"
        fields = {field["name"]: field["value"] for field in embed["fields"]}
        sheet = fields["Skyjo score sheet"]
        assert "1 game · 1 win" in sheet and "Best game 3" in sheet
        assert sheet.split("\n")[0].startswith(("Rating ", "Not rated yet"))
        assert f"**#{game_id}** Skyjo score sheet · 🏆 1 of 3 · <t:" in fields["Latest games"]
        assert "Daily deal streak" not in card.text(), "no daily deal played: no streak line"
        assert card.payload.get("allowed_mentions", {}).get("parse") in (None, [])

        t.users["leo"].locale = "fr"
        french = shown(await t.slash("leo", "profile card", member=ana))
        text = french.text()
        assert f"Profil d'{ana.name}" in text and "1 partie · 1 victoire" in text
        assert "Meilleure partie 3" in text and "1 sur 3" in text

        leos = shown(await t.slash("zoe", "profile card", member=leo)).text()
        assert "1 game · 0 wins" in leos and "Best game 40" in leos and "· 3 of 3 ·" in leos

        chooser = next(c for c in card.walk_components() if c.get("custom_id") == "skyh:replay")
        assert [option["value"] for option in chooser["options"]] == [str(game_id)]
        replay = await t.select("zoe", card, "skyh:replay", str(game_id))
        assert replay.ephemeral and not replay.errors, "the card's games replay as the history's"

        newcomer = t.dc.add_user("max")
        t.guild.add_member(newcomer)
        empty = shown(await t.dc.slash(newcomer, t.channel, "profile card")).text()
        assert "No finished games in this server yet." in empty

        elsewhere = t.dc.add_guild("Elsewhere")
        room = elsewhere.add_text_channel("games")
        elsewhere.add_member(ana)
        other = shown(await t.dc.slash(ana, room, "profile card")).text()
        assert "No finished games in this server yet." in other

        dm = t.dc.world.dm_channel(ana)
        refused = await t.dc.slash(ana, dm, "profile card")
        assert refused.type == 4 and refused.ephemeral and not refused.errors
        assert "not to direct messages" in refused.content


async def test_the_daily_deal_streak_shows_only_while_the_member_has_one(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        await t.start()
        newcomer = shown(await t.slash("leo", "profile card")).text()
        assert "No finished games in this server yet." in newcomer
        assert "Daily deal streak" not in newcomer, "never played the daily deal"

        now = t.clock.now()
        days = [day_of(now), day_of(now - DAY), day_of(now - 2 * DAY)]
        await played_daily(t.running.sessions.store.database, t.users["ana"].id, *days)
        card = shown(await t.slash("ana", "profile card")).text()
        assert "🔥 Daily deal streak: 3 days" in card
        assert "No finished games in this server yet." in card
