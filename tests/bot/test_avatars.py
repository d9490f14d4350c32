"""Members' avatars: fetched once per hash and size from the CDN, in the background, never
waited for; bots' and guests' badges; where the pictures draw them."""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import AsyncIterator

import pytest
from PIL import Image

from bot.games.skyjo import picture as skyjo_picture
from bot.games.skyjo.picture import COLOURS
from bot.storage.records import SeatRecord
from bot.ui import grid_picture
from bot.ui.avatar_picture import BOT, PENDING, Avatar, draw_avatar, guest
from bot.ui.avatars import AvatarCache, avatar_path, badges, cdn_size
from games.core.seats import Seat
from games.skyjo import SkyjoGame, SkyjoSettings
from tests.standin import DiscordStandIn
from tests.standin.avatars import avatar_colours, avatar_png

HASH = "a_1269e74af4df7417b13759eae50c83dc"
DRAWN = 28


@pytest.fixture
async def cdn() -> AsyncIterator[DiscordStandIn]:
    async with DiscordStandIn() as dc:
        yield dc


async def settled(cache: AvatarCache) -> None:
    """Lets the fetches under way finish."""
    for _ in range(200):
        if not cache._fetching:
            return
        await asyncio.sleep(0.01)
    raise AssertionError("an avatar fetch did not end")


def member(dc: DiscordStandIn, avatar: str | None = HASH) -> SeatRecord:
    user = dc.add_user("ana", avatar=avatar)
    return SeatRecord(name="Ana", user_id=user.id, avatar=avatar)


@pytest.mark.parametrize(
    ("drawn", "asked"), [(1, 16), (16, 16), (17, 32), (28, 32), (36, 64), (5000, 4096)]
)
def test_the_cdn_is_asked_for_the_nearest_size_at_or_above_the_drawn_one(
    drawn: int, asked: int
) -> None:
    assert cdn_size(drawn) == asked


def test_a_member_without_an_avatar_has_their_default_one() -> None:
    user_id = 80351110224678912
    assert avatar_path(user_id, HASH, 32) == f"avatars/{user_id}/{HASH}.png?size=32"
    assert avatar_path(user_id, None, 32) == f"embed/avatars/{(user_id >> 22) % 6}.png?size=32"


async def test_an_avatar_is_not_waited_for_and_fetched_once_per_hash_and_size(
    cdn: DiscordStandIn,
) -> None:
    cache = AvatarCache(cdn.cdn_url)
    seat = member(cdn)
    assert cache(seat, DRAWN) == PENDING
    assert cache(seat, DRAWN) == PENDING, "asked again while its fetch is under way"
    await settled(cache)
    arrived = cache(seat, DRAWN)
    assert arrived.image == avatar_png(HASH, 32)
    assert cache(seat, DRAWN + 2).image == arrived.image, "the same size asked of the CDN"
    assert cdn.avatars.fetched == [avatar_path(seat.user_id or 0, HASH, 32)]
    assert cache(seat, 40) == PENDING, "another size is another fetch"
    await settled(cache)
    assert len(cdn.avatars.fetched) == 2
    await cache.close()


async def test_a_slow_avatar_is_drawn_later_without_holding_anyone_up(
    cdn: DiscordStandIn,
) -> None:
    cdn.avatars.fault(delay=0.3)
    cache = AvatarCache(cdn.cdn_url)
    seat = member(cdn)
    loop = asyncio.get_running_loop()
    started = loop.time()
    assert cache(seat, DRAWN) == PENDING
    assert loop.time() - started < 0.05
    await settled(cache)
    assert cache(seat, DRAWN).image is not None
    await cache.close()


async def test_a_failing_avatar_is_tried_a_bounded_number_of_times_and_logged_once(
    cdn: DiscordStandIn, caplog: pytest.LogCaptureFixture
) -> None:
    cdn.avatars.fault(times=10, status=500)
    cache = AvatarCache(cdn.cdn_url, tries=3)
    seat = member(cdn)
    with caplog.at_level(logging.WARNING, logger="bot.ui.avatars"):
        for _ in range(6):
            assert cache(seat, DRAWN) == PENDING
            await settled(cache)
    assert len(cdn.avatars.fetched) == 3
    assert len([r for r in caplog.records if "No avatar" in r.getMessage()]) == 1
    await cache.close()


async def test_a_timed_out_fetch_falls_back_to_the_placeholder(cdn: DiscordStandIn) -> None:
    cdn.avatars.fault(delay=1.0)
    cache = AvatarCache(cdn.cdn_url, timeout=0.1, tries=1)
    seat = member(cdn)
    assert cache(seat, DRAWN) == PENDING
    await settled(cache)
    assert cache(seat, DRAWN) == PENDING
    assert len(cdn.avatars.fetched) == 1
    await cache.close()


async def test_the_cdn_refuses_a_size_discord_does_not_serve(cdn: DiscordStandIn) -> None:
    cache = AvatarCache(cdn.cdn_url, tries=1)
    seat = member(cdn)
    assert await cache.fetched(seat.user_id or 0, HASH, 24) is None
    assert await cache.fetched(seat.user_id or 0, HASH, 32) is not None
    await cache.close()


async def test_a_member_without_an_avatar_gets_their_default_one(cdn: DiscordStandIn) -> None:
    cache = AvatarCache(cdn.cdn_url)
    seat = member(cdn, avatar=None)
    image = await cache.fetched(seat.user_id or 0, None, 32)
    assert image == avatar_png(f"default-{((seat.user_id or 0) >> 22) % 6}", 32)
    await cache.close()


async def test_without_a_cdn_nothing_is_fetched(cdn: DiscordStandIn) -> None:
    cache = AvatarCache(None)
    assert cache(member(cdn), DRAWN) == PENDING
    assert not cache._fetching
    assert cdn.avatars.fetched == []


def test_bots_and_guests_get_badges() -> None:
    assert badges(SeatRecord(name="Bot 1", bot_level="hard"), DRAWN) == BOT
    assert badges(SeatRecord(name="  émile", guest=True), DRAWN) == Avatar("guest", "É")
    assert badges(SeatRecord(name="Ana", user_id=1), DRAWN) == PENDING


def pixels(avatar: Avatar, diameter: int = 40) -> Image.Image:
    tile = draw_avatar(avatar, diameter, grid_picture.PANEL, grid_picture.palette(COLOURS))
    tile.putpalette(grid_picture.palette(COLOURS).getpalette() or [])
    return tile.convert("RGB")


def test_the_badges_placeholder_and_an_avatar_look_different() -> None:
    photo = Avatar("member", image=avatar_png(HASH, 64))
    drawn = [pixels(a).tobytes() for a in (BOT, guest("Zoe"), guest("Max"), PENDING, photo)]
    assert len(set(drawn)) == len(drawn)


def test_an_avatar_is_drawn_as_a_disc_in_its_own_colours() -> None:
    disc, _ = avatar_colours(HASH)
    tile = pixels(Avatar("member", image=avatar_png(HASH, 64)))
    centre = tile.getpixel((20, 20))
    assert isinstance(centre, tuple)
    assert all(abs(a - b) <= 60 for a, b in zip(centre, disc, strict=True))
    assert tile.getpixel((0, 0)) == grid_picture.PANEL, "outside the disc, the panel"


def png(image: Image.Image) -> bytes:
    output = io.BytesIO()
    image.save(output, format="PNG")
    return output.getvalue()


def test_a_picture_that_is_no_png_is_drawn_as_the_placeholder() -> None:
    assert pixels(Avatar("member", image=b"not a picture")) == pixels(PENDING)
    huge = png(Image.new("1", (5000, 16)))
    assert pixels(Avatar("member", image=huge)) == pixels(PENDING)


def test_a_transparent_avatar_shows_the_panel_through() -> None:
    clear = png(Image.new("RGBA", (64, 64), (255, 0, 0, 0)))
    tile = pixels(Avatar("member", image=clear))
    assert {tile.getpixel((x, y)) for x in range(40) for y in range(40)} == {grid_picture.PANEL}


def table(avatars: list[Avatar]) -> grid_picture.GridTable:
    seats = [Seat(name=name) for name in ("Ana", "Bot 1", "Grandpa")]
    view = SkyjoGame.new(SkyjoSettings(), seats, 7).view(None)
    return skyjo_picture.table_picture(view, avatars=avatars)


def test_the_table_draws_each_avatar_beside_its_name() -> None:
    waiting = table([PENDING, BOT, guest("Grandpa")])
    arrived = table([Avatar("member", image=avatar_png(HASH, 64)), BOT, guest("Grandpa")])
    before = grid_picture.draw(waiting).convert("RGB")
    after = grid_picture.draw(arrived).convert("RGB")
    box = grid_picture.avatar_box(waiting, 0)
    assert before.crop(box).tobytes() != after.crop(box).tobytes()
    for seat in (1, 2):
        other = grid_picture.avatar_box(waiting, seat)
        assert before.crop(other).tobytes() == after.crop(other).tobytes()
    size = grid_picture.avatar_size(4, 3, 3)
    assert box[2] - box[0] == size
    badge = pixels(BOT, size)
    assert before.crop(grid_picture.avatar_box(waiting, 1)).tobytes() == badge.tobytes()


def test_a_name_moves_right_to_make_room_for_its_avatar() -> None:
    plain = grid_picture.draw(table([])).convert("RGB")
    with_avatars = grid_picture.draw(table([PENDING, BOT, guest("G")])).convert("RGB")
    box = grid_picture.avatar_box(table([]), 0)
    assert plain.crop(box).tobytes() != with_avatars.crop(box).tobytes()
    png = io.BytesIO(grid_picture.render(table([PENDING, BOT, guest("G")])))
    assert Image.open(png).mode == "P"
