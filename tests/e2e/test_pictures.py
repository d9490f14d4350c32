"""The table's picture as players get it: attached to the table with its alt text, drawn from
the public view with the last turn's cards outlined; a server can choose text only; each
round's final grids arrive as a picture, or as text only written out."""

from __future__ import annotations

import io
import multiprocessing
import os
import random
import signal
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from PIL import Image

from bot.games.skyjo import picture as skyjo_picture
from bot.games.skyjo.screens import grid_text
from bot.ui import grid_picture as grid
from games.skyjo.view import SkyjoView, SlotView
from tests.e2e.harness import Table, button, enabled, shown, table, until
from tests.e2e.skyjo_play import (
    play_solo_to_the_end,
    play_turn,
    skyjo,
    two_players_at_first_turn,
)
from tests.standin.world import StoredMessage


def picture_of(t: Table, message: StoredMessage) -> tuple[Image.Image, str]:
    attachments = message.payload["attachments"]
    assert [a["filename"] for a in attachments] == ["skyjo.png"]
    assert message.embeds[0]["image"]["url"] == "attachment://skyjo.png"
    data = t.dc.rest.files[attachments[0]["url"].split("/cdn/", 1)[1]]
    return Image.open(io.BytesIO(data)).convert("RGB"), attachments[0]["description"]


def fill(image: Image.Image, box: tuple[int, int, int, int]) -> object:
    x0, y0, x1, y1 = box
    return image.getpixel((x0 + (x1 - x0) // 6, y0 + (y1 - y0) // 5))


def check_cards(image: Image.Image, view: SkyjoView) -> None:
    drawing = skyjo_picture.table_picture(view)
    assert image.size == (grid.layout(4, 3, len(view.players)).width, image.height)
    for seat, player in enumerate(view.players):
        for slot, card in enumerate(player.cards):
            colour = fill(image, grid.card_box(drawing, seat, slot))
            if card == "down":
                assert colour in (grid.BACK, grid.BACK_MARK), (seat, slot)
            elif isinstance(card, int):
                assert colour == skyjo_picture.card_colour(card), (seat, slot, card)


async def test_the_table_carries_its_picture_and_marks_the_last_turn(tmp_path: Path) -> None:
    rng = random.Random(8)
    async with table(tmp_path) as t:
        await t.start()
        session = await two_players_at_first_turn(t, rng)
        image, alt = picture_of(t, await t.table_message(session))
        assert image.width <= 800 and image.height <= 600
        check_cards(image, skyjo(session).view(None))
        heading, turn, piles, *grids = alt.split("\n")
        assert heading == "Skyjo · round 1" and piles.startswith("Discard pile: ")
        to_move = ["ana", "leo"][skyjo(session).current]
        assert turn == f"{to_move}'s turn."
        assert [grid.split(" (")[0] for grid in grids] == ["ana", "leo"]

        mover = skyjo(session).current
        before = list(skyjo(session).view(None).players[mover].cards)
        await play_turn(t, ["ana", "leo"][mover], rng)
        session = await t.settled(lambda s: skyjo(s).current != mover, "the next turn")
        view = skyjo(session).view(None)
        image, _ = picture_of(t, await t.table_message(session))
        check_cards(image, view)
        drawing = skyjo_picture.table_picture(view)
        changed = [
            slot
            for slot, card in enumerate(view.players[mover].cards)
            if card != before[slot] and card != "cleared"
        ]
        assert changed, "the turn changed a card"
        for seat in (0, 1):
            for slot in range(12):
                x0, y0, _, y1 = grid.card_box(drawing, seat, slot)
                outlined = image.getpixel((x0 + 1, (y0 + y1) // 2)) == grid.CHANGED
                assert outlined == (seat == mover and slot in changed), (seat, slot)


async def test_an_admin_chooses_text_only_and_back(tmp_path: Path) -> None:
    rng = random.Random(2)
    async with table(tmp_path) as t:
        await t.start()
        session = await two_players_at_first_turn(t, rng)
        refused = await t.slash("leo", "table pictures", look="text")
        assert refused.ephemeral and "Manage Server" in refused.content
        admins = t.guild.add_role("Admins", manage_guild=True)
        t.guild.members[t.users["ana"].id].roles.append(admins)
        chosen = await t.slash("ana", "table pictures", look="text")
        assert chosen.ephemeral and "text only" in chosen.content

        shown_again = shown(await t.slash("leo", "table show"))
        assert not shown_again.payload["attachments"]
        assert "image" not in shown_again.embeds[0]
        grids = [f for f in shown_again.embeds[0]["fields"] if f["value"].startswith("```")]
        assert len(grids) == 2, "as text only, every grid is written out"

        await t.slash("ana", "table pictures", look="pictures")
        mover = skyjo(session).current
        await play_turn(t, ["ana", "leo"][mover], rng)
        session = await t.settled(lambda s: skyjo(s).current != mover, "the next turn")
        message = await t.table_message(session)
        image, _ = picture_of(t, message)
        check_cards(image, skyjo(session).view(None))
        assert not [f for f in message.embeds[0]["fields"] if f["value"].startswith("```")]


async def test_each_round_ends_with_a_picture_of_every_final_grid(tmp_path: Path) -> None:
    rng = random.Random(4)
    async with table(tmp_path) as t:
        await t.start()
        await t.slash("ana", "skyjo solo", bots=1, level="easy", target_score=10)
        session = await t.session()
        await play_solo_to_the_end(t, session, rng)
        summaries = [
            m
            for m in t.dc.world.messages.values()
            if m.channel_id == t.channel.id
            and m.embeds
            and "is over" in (m.embeds[0].get("title") or "")
        ]
        game = skyjo(session)
        assert len(summaries) == len(game.history) >= 1
        for summary, record in zip(summaries, game.history, strict=True):
            attachment = summary.payload["attachments"][0]
            assert attachment["filename"] == "round.png"
            assert summary.embeds[0]["image"]["url"] == "attachment://round.png"
            data = t.dc.rest.files[attachment["url"].split("/cdn/", 1)[1]]
            image = Image.open(io.BytesIO(data)).convert("RGB")
            drawing = skyjo_picture.final_grids_picture(
                "", game.names, record.grids, ["0"] * 2, 4, 3
            )
            for seat, cards in enumerate(record.grids):
                for slot, value in enumerate(cards):
                    colour = fill(image, grid.card_box(drawing, seat, slot))
                    expected = grid.PANEL if value is None else skyjo_picture.card_colour(value)
                    assert colour == expected


async def test_as_text_only_each_round_summary_writes_out_every_final_grid(
    tmp_path: Path,
) -> None:
    rng = random.Random(4)
    async with table(tmp_path) as t:
        await t.start()
        admins = t.guild.add_role("Admins", manage_guild=True)
        t.guild.members[t.users["ana"].id].roles.append(admins)
        await t.slash("ana", "table pictures", look="text")
        await t.slash("ana", "skyjo solo", bots=1, level="easy", target_score=10)
        session = await t.session()
        await play_solo_to_the_end(t, session, rng)
        summaries = [
            m
            for m in t.dc.world.messages.values()
            if m.channel_id == t.channel.id
            and m.embeds
            and "is over" in (m.embeds[0].get("title") or "")
        ]
        game = skyjo(session)
        assert len(summaries) == len(game.history) >= 1
        for summary, record in zip(summaries, game.history, strict=True):
            assert not summary.payload.get("attachments") and "image" not in summary.embeds[0]
            grids = [f for f in summary.embeds[0]["fields"] if f["value"].startswith("```")]
            assert [f["name"].split(" · ")[0] for f in grids] == list(game.names)
            written: list[list[SlotView]] = [
                ["cleared" if v is None else v for v in cards] for cards in record.grids
            ]
            assert [f["value"] for f in grids] == [grid_text(cards, 4) for cards in written]


async def test_an_unchanged_picture_is_kept_not_uploaded_again(tmp_path: Path) -> None:
    """Drawing a card changes the table's text and buttons, not its picture: the edit keeps
    the attachment the table already has. Placing the card uploads the new picture."""
    rng = random.Random(9)
    async with table(tmp_path) as t:
        await t.start()
        session = await two_players_at_first_turn(t, rng)
        message = await t.table_message(session)
        [before] = message.payload["attachments"]
        mover = ["ana", "leo"][skyjo(session).current]
        drawn = await t.click(mover, message, button(message, "draw"))
        assert drawn.type == 7 and not drawn.errors
        answer = [r for r in t.dc.requests if r.path.endswith("/callback")][-1]
        assert answer.files == {}, "nothing was uploaded"
        [kept] = (await t.table_message(session)).payload["attachments"]
        assert kept == before, "the picture stays, as it was"
        image, _ = picture_of(t, await t.table_message(session))
        check_cards(image, skyjo(session).view(None))
        shown_now = await t.table_message(session)
        placed = await t.click(mover, shown_now, enabled(shown_now, "swap")[0])
        assert placed.type == 7 and not placed.errors
        answer = [r for r in t.dc.requests if r.path.endswith("/callback")][-1]
        assert list(answer.files) == ["files[0]"], "the new picture was uploaded"
        [after] = (await t.table_message(session)).payload["attachments"]
        assert after["id"] != before["id"]
        check_cards(picture_of(t, await t.table_message(session))[0], skyjo(session).view(None))


def drawing_processes(bot: object) -> list[multiprocessing.Process]:
    painter = bot.sessions.context.pictures._painter  # type: ignore[attr-defined]
    assert isinstance(painter, ProcessPoolExecutor)
    return list((painter._processes or {}).values())


async def test_pictures_drawn_in_their_own_process_survive_its_death(tmp_path: Path) -> None:
    rng = random.Random(5)
    async with table(tmp_path) as t:
        t.picture_processes = 1
        bot = await t.start()
        session = await two_players_at_first_turn(t, rng)
        check_cards(picture_of(t, await t.table_message(session))[0], skyjo(session).view(None))
        (worker,) = drawing_processes(bot)
        assert worker.pid != os.getpid()

        os.kill(worker.pid or 0, signal.SIGKILL)
        await until(lambda: not worker.is_alive(), "the drawing process to die")
        mover = skyjo(session).current
        await play_turn(t, ["ana", "leo"][mover], rng)
        session = await t.settled(lambda s: skyjo(s).current != mover, "the next turn")
        check_cards(picture_of(t, await t.table_message(session))[0], skyjo(session).view(None))
        (replacement,) = drawing_processes(bot)
        assert replacement.pid != worker.pid

        await t.stop()
        await until(lambda: not replacement.is_alive(), "the drawing process to end with the bot")
