"""Skyjo Junior through Discord, as its players would: a whole game of two members with a
declined discard and triples, solo against bots, and the refusals."""

from __future__ import annotations

import io
import random
from pathlib import Path

from PIL import Image

from bot.games.junior import picture as junior_picture
from bot.ui import grid_picture as grid
from games.skyjo_junior.scoring import triples
from tests.e2e.harness import button, enabled, shown, table
from tests.e2e.junior_play import junior, play_solo_to_the_end, play_turn_well


async def test_two_members_play_a_whole_game_with_a_declined_discard_and_triples(
    tmp_path: Path,
) -> None:
    rng = random.Random(6)
    async with table(tmp_path) as t:
        await t.start()
        lobby = shown(await t.slash("ana", "skyjo-junior start", copies_per_value=4))
        assert lobby.embeds[0]["title"] == "Skyjo Junior · new game"
        lobby = shown(await t.click("leo", lobby, button(lobby, "join")))
        started = shown(await t.click("ana", lobby, button(lobby, "start")))
        session = await t.session()
        game = junior(session)
        names = ["ana", "leo"]
        first = names[game.current]
        assert f"{first} was drawn by lot to start" in started.text()
        assert f"**{first}**'s turn: draw, or take the" in started.embeds[0]["description"]

        top = game.view(None).discard_top
        took = shown(await t.click(first, started, button(started, "take")))
        assert f"**{first}** holds the **{top}**" in took.embeds[0]["description"]
        declining = shown(await t.click(first, took, button(took, "mode", "flip")))
        assert enabled(declining, "decline"), "face-down cards to turn up"
        assert not enabled(declining, "swap")
        done = await t.click(first, declining, enabled(declining, "decline")[0])
        assert done.type == 7, done.errors
        assert f"put the {top} back on the discard pile" in shown(done).text()

        while session.record.status == "running":
            await t.settled(lambda s: True, "the move shown", session)
            if session.record.status != "running":
                break
            seat = junior(session).current
            await play_turn_well(t, names[seat], seat, rng)
        await t.settled(lambda s: True, "the standings", session)

        game = junior(session)
        final = await t.table_message(session)
        points = [sum(value for _, value in triples(values)) for values in game.values]
        assert max(points) > 0, "the strong play made triples"
        best = max(range(2), key=lambda s: points[s])
        assert "🏆" in final.text() and f"**{names[best]}** — {points[best]} points" in final.text()
        assert "in column" in final.text(), "each player's triples are named"
        assert button(final, "rematch")
        results = await t.running.sessions.store.results(session.record.id)
        assert [r.score for r in sorted(results, key=lambda r: r.seat)] == points
        assert {r.seat for r in results if r.place == 1} == set(game.winners or ())

        attachment = final.payload["attachments"][0]
        image = Image.open(io.BytesIO(t.dc.rest.files[attachment["url"].split("/cdn/", 1)[1]]))
        drawing = junior_picture.table_picture(game.view(None))
        rgb = image.convert("RGB")
        for seat, player in enumerate(game.view(None).players):
            for slot, card in enumerate(player.cards):
                x0, y0, x1, y1 = grid.card_box(drawing, seat, slot)
                assert isinstance(card, int)
                pixel = rgb.getpixel((x0 + (x1 - x0) // 6, y0 + (y1 - y0) * 4 // 5))
                assert pixel == junior_picture.card_colour(card), (seat, slot)


async def test_a_solo_game_against_bots_ends_with_the_standings(tmp_path: Path) -> None:
    rng = random.Random(2)
    async with table(tmp_path) as t:
        await t.start()
        started = await t.slash("ana", "skyjo-junior solo", bots=2, level="hard")
        assert started.type == 4 and not started.ephemeral, started.errors
        session = await t.session()
        assert [seat.is_bot for seat in session.record.seats] == [False, True, True]
        await play_solo_to_the_end(t, session, rng)
        assert session.record.status == "finished"
        final = await t.table_message(session)
        assert "Skyjo Junior ·" in final.embeds[0]["title"]
        results = await t.running.sessions.store.results(session.record.id)
        assert [r.seat_kind for r in results] == ["member", "bot", "bot"]


async def test_other_players_and_old_tables_are_refused_privately(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        await t.start()
        lobby = shown(await t.slash("ana", "skyjo-junior start"))
        lobby = shown(await t.click("leo", lobby, button(lobby, "join")))
        started = shown(await t.click("ana", lobby, button(lobby, "start")))
        session = await t.session()
        names = ["ana", "leo"]
        mover, other = names[junior(session).current], names[1 - junior(session).current]
        refused = await t.click(other, started, button(started, "draw"))
        assert refused.ephemeral and f"It is {mover}'s turn" in refused.content
        hint = await t.click(other, started, button(started, "hint"))
        assert hint.ephemeral and "Hints are for the player whose turn it is." in hint.content
        asked = await t.click(mover, started, button(started, "hint"))
        assert asked.ephemeral and asked.content.startswith("💡")
        version = session.record.version
        seen = t.dc.as_seen(started)
        drawn = await t.click(mover, seen, button(seen, "draw"))
        assert drawn.type == 7
        assert session.record.version == version + 1
        stale = await t.click(mover, seen, button(seen, "take"))
        assert stale.ephemeral and "changed a moment ago" in stale.content
        assert str(seen.id) not in stale.content, "never a link to the clicked message"
        assert session.record.version == version + 1, "an outdated click changes nothing"
