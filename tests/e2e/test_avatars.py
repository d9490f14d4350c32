"""Members' avatars in the table's picture, fetched from the stand-in's CDN: the table is drawn
at once with a placeholder while an avatar is slow, and a later picture has it; its arrival
alone edits nothing. A round's final grids, the standings and a score sheet player's own screen
draw them as the table does."""

from __future__ import annotations

import asyncio
import io
import random
from pathlib import Path

from PIL import Image

from bot.games.junior.picture import COLOURS as JUNIOR_COLOURS
from bot.games.skyjo.picture import COLOURS
from bot.ui import grid_picture as grid
from bot.ui import score_chart
from bot.ui.avatar_picture import BOT, PENDING, Avatar
from bot.ui.avatars import avatar_path, cdn_size
from bot.ui.components import button_id
from tests.e2e.harness import Table, button, shown, table, until
from tests.e2e.junior_play import play_solo_to_the_end as play_junior_to_the_end
from tests.e2e.sheet_play import enter_round
from tests.e2e.skyjo_play import choose_opening_cards, play_solo_to_the_end, skyjo
from tests.standin.avatars import avatar_png
from tests.standin.world import StoredMessage

ANA_AVATAR = "a_0f1e2d3c4b5a69788796a5b4c3d2e1f0"


def picture_of(t: Table, message: StoredMessage) -> Image.Image:
    attachment = message.payload["attachments"][0]
    data = t.dc.rest.files[attachment["url"].split("/cdn/", 1)[1]]
    return Image.open(io.BytesIO(data)).convert("RGB")


def tile(avatar: Avatar, diameter: int, colours: grid.CardColours = COLOURS) -> bytes:
    drawn = grid.avatar_tile(avatar, diameter, colours).copy()
    drawn.putpalette(grid.palette(colours).getpalette() or [])
    return drawn.convert("RGB").tobytes()


def avatar_at(t: Table, message: StoredMessage, seat: int, players: int) -> bytes:
    shape = grid.layout(4, 3, players)
    x, y = shape.panel_origin(seat)
    diameter = grid.avatar_diameter(shape)
    top = y + shape.header // 2 + 1 - diameter // 2
    left = x + shape.gap + 3
    return picture_of(t, message).crop((left, top, left + diameter, top + diameter)).tobytes()


async def test_a_slow_avatar_never_holds_the_table_up_and_a_later_picture_has_it(
    tmp_path: Path,
) -> None:
    rng = random.Random(4)
    async with table(tmp_path) as t:
        t.avatars = True
        t.users["ana"].avatar = ANA_AVATAR
        await t.start()
        released = asyncio.Event()
        t.dc.avatars.fault(times=2, until=released)

        lobby = shown(await t.slash("ana", "skyjo start"))
        lobby = shown(await t.click("leo", lobby, button(lobby, "join")))
        await t.click("ana", lobby, button(lobby, "start"))
        session = await t.settled(lambda s: skyjo(s).phase == "opening", "the opening")
        assert [seat.avatar for seat in session.record.seats] == [ANA_AVATAR, None]
        diameter = grid.avatar_size(4, 3, 2)
        first = await t.table_message(session)
        assert avatar_at(t, first, 0, 2) == tile(PENDING, diameter)
        assert avatar_at(t, first, 1, 2) == tile(PENDING, diameter)
        assert not released.is_set(), "the table was drawn while both avatars were held"

        size = cdn_size(diameter)
        leo = t.users["leo"].id
        asked = {avatar_path(t.users["ana"].id, ANA_AVATAR, size), avatar_path(leo, None, size)}
        assert set(t.dc.avatars.fetched) == asked
        requests = len(t.dc.rest.requests)
        released.set()
        avatars = t.running.sessions.context.avatars
        await until(lambda: not avatars._fetching, "the avatars' arrival")
        await asyncio.sleep(0.1)
        assert len(t.dc.rest.requests) == requests, "an avatar's arrival alone edits nothing"

        for user in ("ana", "leo"):
            await choose_opening_cards(t, user, rng)
        session = await t.settled(lambda s: skyjo(s).phase == "turn", "the first turn")
        later = await t.table_message(session)
        ana = Avatar("member", image=avatar_png(ANA_AVATAR, size))
        leos = Avatar("member", image=avatar_png(f"default-{(leo >> 22) % 6}", size))
        assert avatar_at(t, later, 0, 2) == tile(ana, diameter)
        assert avatar_at(t, later, 1, 2) == tile(leos, diameter)
        assert len(t.dc.avatars.fetched) == 2, "each avatar was fetched once"


async def test_a_round_s_final_grids_and_the_standings_draw_the_avatars_as_the_table_does(
    tmp_path: Path,
) -> None:
    rng = random.Random(4)
    async with table(tmp_path) as t:
        t.avatars = True
        t.users["ana"].avatar = ANA_AVATAR
        await t.start()
        await t.slash("ana", "skyjo solo", bots=1, level="easy", target_score=10)
        session = await t.session()
        avatars = t.running.sessions.context.avatars
        await until(lambda: not avatars._fetching, "ana's avatar")
        await play_solo_to_the_end(t, session, rng)

        diameter = grid.avatar_size(4, 3, 2)
        ana = Avatar("member", image=avatar_png(ANA_AVATAR, cdn_size(diameter)))
        summaries = [
            m
            for m in t.dc.messages(t.channel)
            if m.embeds and "is over" in (m.embeds[0].get("title") or "")
        ]
        assert len(summaries) == len(skyjo(session).history) >= 1
        for summary in summaries:
            assert summary.payload["attachments"][0]["filename"] == "round.png"
            assert avatar_at(t, summary, 0, 2) == tile(ana, diameter)
            assert avatar_at(t, summary, 1, 2) == tile(BOT, diameter)


async def test_skyjo_junior_s_standings_draw_each_avatar_and_badge(tmp_path: Path) -> None:
    rng = random.Random(2)
    async with table(tmp_path) as t:
        t.avatars = True
        t.users["ana"].avatar = ANA_AVATAR
        await t.start()
        await t.slash("ana", "skyjo-junior solo", bots=2, level="easy")
        session = await t.session()
        avatars = t.running.sessions.context.avatars
        await until(lambda: not avatars._fetching, "ana's avatar")
        await play_junior_to_the_end(t, session, rng)
        final = await t.table_message(session)
        assert final.payload["attachments"][0]["filename"] == "junior.png"
        diameter = grid.avatar_size(4, 3, 3)
        ana = Avatar("member", image=avatar_png(ANA_AVATAR, cdn_size(diameter)))
        colours = JUNIOR_COLOURS
        assert avatar_at(t, final, 0, 3) == tile(ana, diameter, colours)
        assert avatar_at(t, final, 1, 3) == tile(BOT, diameter, colours)
        assert avatar_at(t, final, 2, 3) == tile(BOT, diameter, colours)


def legend_tile(avatar: Avatar) -> bytes:
    """An avatar as a score sheet's chart shows it beside a name, in the picture's colours."""
    tile = score_chart.avatar_tile(avatar)
    return (
        tile.quantize(palette=score_chart.palette(), dither=Image.Dither.NONE)
        .convert("RGB")
        .tobytes()
    )


def legend_avatar(t: Table, message: StoredMessage, seat: int, names: tuple[str, ...]) -> bytes:
    """The avatar a score sheet's chart draws beside a seat's name."""
    chart = score_chart.ScoreChart("", names, (), 100, "", "")
    return picture_of(t, message).crop(score_chart.avatar_box(chart, seat)).tobytes()


async def test_a_score_sheet_player_s_own_screen_draws_the_avatars_as_the_table_does(
    tmp_path: Path,
) -> None:
    async with table(tmp_path) as t:
        t.avatars = True
        t.users["ana"].avatar = ANA_AVATAR
        await t.start()
        lobby = shown(await t.slash("ana", "skyjo-sheet start"))
        lobby = shown(await t.click("leo", lobby, button(lobby, "join")))
        mine = shown(await t.click("ana", lobby, button(lobby, "settings", "0")))
        assert mine.ephemeral, "a message only ana sees"
        await t.click("ana", lobby, button(lobby, "start"))
        session = await t.session()
        await enter_round(t, "ana", 0, [3, 7])
        avatars = t.running.sessions.context.avatars
        await until(lambda: not avatars._fetching, "the avatars' arrival")

        # None of the sheet's controls opens a screen of one's own: an older control of the
        # sheet on a message only ana sees stands in for one, and shows it as it is now.
        record = session.record
        older = button_id(record.id, record.version - 1, "undo")
        own = await t.dc.click_forged(t.users["ana"], mine, older)
        assert own.type == 7, (own.errors, own.content)
        assert "here they are as they are now" in (own.content or "")
        answered = shown(own)
        assert answered.payload["attachments"][0]["filename"] == "scores.png"
        size = cdn_size(score_chart.AVATAR)
        leo = t.users["leo"].id
        ana = Avatar("member", image=avatar_png(ANA_AVATAR, size))
        leos = Avatar("member", image=avatar_png(f"default-{(leo >> 22) % 6}", size))
        names = tuple(seat.name for seat in record.seats)
        assert legend_avatar(t, answered, 0, names) == legend_tile(ana)
        assert legend_avatar(t, answered, 1, names) == legend_tile(leos)
