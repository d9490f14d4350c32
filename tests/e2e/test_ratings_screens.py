"""Ratings through Discord, as players see them after a few games: the leaderboard ranks by
rating, /stats gives each rating, its last change and a chart described in words, /profile
gives the rating's place in the server; in English and in German."""

from __future__ import annotations

import io
import re
from pathlib import Path

from PIL import Image

from bot.i18n import Words
from bot.storage.stats import Rating
from bot.ui.rating_words import change_text, rating_text
from tests.e2e.harness import Table, shown, table
from tests.e2e.sheet_play import enter_round, open_sheet
from tests.standin.world import StoredMessage

SHEET = "skyjo-sheet"


async def rating_of(t: Table, name: str) -> Rating:
    found = await t.running.stats.ratings(t.guild.id, t.users[name].id, [SHEET])
    assert len(found) == 1, f"{name} is rated"
    return found[0]


def chart_of(t: Table, message: StoredMessage) -> tuple[Image.Image, str]:
    (attachment,) = message.payload["attachments"]
    assert attachment["filename"] == "rating.png"
    assert message.embeds[0]["image"]["url"] == "attachment://rating.png"
    data = t.dc.rest.files[attachment["url"].split("/cdn/", 1)[1]]
    return Image.open(io.BytesIO(data)), attachment.get("description", "")


async def test_ratings_on_the_leaderboard_stats_and_profile(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        await t.start()
        ana, leo, zoe = (t.users[name] for name in ("ana", "leo", "zoe"))
        for totals in ([3, 20, 15], [2, 25, 18]):  # ana lowest, zoe second, leo last
            session = await open_sheet(t, ["ana", "leo", "zoe"], target_score=10)
            await enter_round(t, "ana", 0, totals)
            await t.settled(lambda s: True, "the standings", session)
        ratings = {name: await rating_of(t, name) for name in ("ana", "leo", "zoe")}
        assert ratings["ana"].value > ratings["zoe"].value > ratings["leo"].value
        english = Words("en")

        board = shown(await t.slash("leo", "leaderboard", game=SHEET))
        lines = [line for line in board.text().split("\n") if line.startswith("**")]
        assert [line.split(" — ")[0] for line in lines] == [
            f"**1.** <@{ana.id}>",
            f"**2.** <@{zoe.id}>",
            f"**3.** <@{leo.id}>",
        ], "ranked by rating"
        shown_rating = rating_text(ratings["ana"].value, english)
        assert lines[0].endswith(f"— rating {shown_rating} (provisional) · 2 wins · 2 games")
        assert "0 wins · 2 games" in lines[2], "wins and games are still shown"
        footer = board.embeds[0]["footer"]["text"]
        assert footer.startswith("Ranked by rating") and "fewer than 5 games" in footer

        stats = shown(await t.slash("ana", "stats"))
        (field,) = stats.embeds[0]["fields"]
        change = change_text(ratings["ana"].change or 0.0, english)
        assert field["value"].split("\n")[0] == (
            f"Rating {shown_rating} (provisional) · {change} in the last game"
        )
        assert change.startswith("▲"), "a win raises the rating"
        image, description = chart_of(t, stats)
        assert image.width == 800 and image.height < image.width
        assert description.startswith(f"{ana.name}'s rating, game by game.")
        assert f"Skyjo score sheet: from 0.0 to {shown_rating} over 2 games" in description
        assert "▼" in shown(await t.slash("leo", "stats")).text(), "a loss lowers it"

        card = shown(await t.slash("zoe", "profile card", member=ana))
        assert f"Rating {shown_rating} (provisional) · #1 of 3" in card.text()

        t.users["leo"].locale = "de"
        german = Words("de")
        leos = shown(await t.slash("leo", "stats"))
        lowest = rating_text(ratings["leo"].value, german)
        assert f"Wertung {lowest} (vorläufig) · ▼" in leos.text()
        assert re.search(r"Durchschnitt −?[0-9]+,[0-9]\n", leos.text()), "a German decimal comma"
        _, beschreibung = chart_of(t, leos)
        assert beschreibung.startswith(f"Wertung von {leo.name}, Spiel für Spiel.")
        assert f"von 0,0 auf {lowest} in 2 Spielen" in beschreibung
        rangliste = shown(await t.slash("leo", "leaderboard", game=SHEET)).text()
        assert f"Wertung {lowest} (vorläufig)" in rangliste
        profil = shown(await t.slash("leo", "profile card")).text()
        assert f"Profil von {leo.name}" in profil and "Nr. 3 von 3" in profil
