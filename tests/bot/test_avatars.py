"""Members' avatars: fetched once per hash and size from the CDN, in the background, never
waited for; bots' and guests' badges; where the pictures draw them."""

from __future__ import annotations

import asyncio
import io
import logging
import random
from collections.abc import AsyncIterator
from dataclasses import replace

import pytest
from PIL import Image

from bot.adapters.specs import Picture, TableContext
from bot.games.junior.adapter import JuniorAdapter
from bot.games.junior.picture import COLOURS as JUNIOR_COLOURS
from bot.games.sheet.adapter import SheetAdapter
from bot.games.sky_five import picture as sky_five_picture
from bot.games.sky_five import screens as sky_five_screens
from bot.games.sky_five.adapter import SkyFiveAdapter
from bot.games.skyjo import picture as skyjo_picture
from bot.games.skyjo.adapter import SkyjoAdapter
from bot.games.skyjo.picture import COLOURS
from bot.i18n import Words
from bot.storage.records import GameRecord, SeatRecord
from bot.ui import grid_picture, score_chart
from bot.ui.avatar_picture import BOT, PENDING, Avatar, draw_avatar, guest
from bot.ui.avatars import AvatarCache, avatar_path, badges, cdn_size
from games.core.seats import Seat
from games.sky_five import SkyFiveGame, SkyFiveSettings
from games.skyjo import SkyjoGame, SkyjoSettings
from games.skyjo.events import RoundScored
from games.skyjo_junior import JuniorGame, JuniorSettings
from games.skyjo_sheet import ScoreSheet, SheetSettings
from games.skyjo_sheet.sheet import Action as SheetAction
from tests.bot.games.skyjo.test_screens import played_to
from tests.standin import DiscordStandIn
from tests.standin.avatars import avatar_colours, avatar_png

HASH = "a_1269e74af4df7417b13759eae50c83dc"
DRAWN = 28
EN = Words("en")


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


def photo(seat: SeatRecord, size: int) -> Avatar:
    """Every member's avatar here at once (their hash's colours); badges for the others."""
    if seat.user_id is None:
        return badges(seat, size)
    return Avatar("member", image=avatar_png(f"u{seat.user_id}", cdn_size(size)))


def seats_of_each_kind(players: int) -> list[SeatRecord]:
    """A member, a bot and a guest, over and over."""
    kinds = [
        lambda i: SeatRecord(name=f"Member {i}", user_id=100 + i),
        lambda i: SeatRecord(name=f"Bot {i}", bot_level="hard"),
        lambda i: SeatRecord(name=f"Guest {i}", guest=True),
    ]
    return [kinds[i % 3](i) for i in range(players)]


def game_of(kind: str, seats: list[SeatRecord]) -> GameRecord:
    return GameRecord(
        id=5,
        guild_id=1,
        channel_id=2,
        kind=kind,
        status="finished",
        host_id=100,
        seed=1,
        seats=seats,
    )


def rgb(image: Image.Image) -> Image.Image:
    return image.convert("RGB")


def drawn_tile(avatar: Avatar, diameter: int, colours: grid_picture.CardColours) -> bytes:
    tile = grid_picture.avatar_tile(avatar, diameter, colours).copy()
    tile.putpalette(grid_picture.palette(colours).getpalette() or [])
    return rgb(tile).tobytes()


def grid_avatars_drawn(
    drawing: grid_picture.GridTable, seats: list[SeatRecord], colours: grid_picture.CardColours
) -> None:
    """Each seat's avatar (or badge) is drawn beside its name, as the table draws it."""
    image = rgb(grid_picture.draw(drawing))
    diameter = grid_picture.avatar_size(drawing.columns, drawing.rows, len(seats))
    for index, seat in enumerate(seats):
        box = grid_picture.avatar_box(drawing, index)
        assert box[2] - box[0] == diameter
        expected = drawn_tile(photo(seat, diameter), diameter, colours)
        assert image.crop(box).tobytes() == expected, seat.name


@pytest.mark.parametrize("players", [2, 4, 8])
def test_a_skyjo_round_s_final_grids_draw_each_avatar_beside_its_name(players: int) -> None:
    seats = seats_of_each_kind(players)
    game = SkyjoGame.new(SkyjoSettings(), [Seat(name=s.name) for s in seats], 3)
    events = played_to(game, 4, RoundScored)
    (summary,) = SkyjoAdapter().moments(game_of("skyjo", seats), game, events, EN, avatars=photo)
    (grids,) = summary.pictures
    assert isinstance(grids.key, grid_picture.GridTable)
    grid_avatars_drawn(grids.key, seats, COLOURS)
    assert grids.key.panels[0].avatar == photo(seats[0], grid_picture.avatar_size(4, 3, players))


def test_a_skyjo_round_summary_without_pictures_asks_for_no_avatar() -> None:
    seats = seats_of_each_kind(2)
    game = SkyjoGame.new(SkyjoSettings(), [Seat(name=s.name) for s in seats], 3)
    events = played_to(game, 4, RoundScored)
    asked: list[SeatRecord] = []

    def source(seat: SeatRecord, size: int) -> Avatar:
        asked.append(seat)
        return photo(seat, size)

    record = game_of("skyjo", seats)
    (summary,) = SkyjoAdapter().moments(record, game, events, EN, pictures=False, avatars=source)
    assert not summary.pictures
    assert asked == []


@pytest.mark.parametrize("players", [2, 4, 8])
def test_skyjo_junior_s_final_picture_draws_each_avatar_beside_its_name(players: int) -> None:
    seats = seats_of_each_kind(players)
    game = JuniorGame.new(JuniorSettings(), [Seat(name=s.name) for s in seats], 5)
    rng = random.Random(3)
    while not game.is_over:
        seat = game.to_move[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    final = JuniorAdapter().final(game_of("junior", seats), game, EN, photo)
    (drawn,) = final.pictures
    assert isinstance(drawn.key, grid_picture.GridTable)
    grid_avatars_drawn(drawn.key, seats, JUNIOR_COLOURS)


def sky_five_over(players: int) -> SkyFiveGame:
    game = SkyFiveGame.new(SkyFiveSettings(), [Seat(name=f"P{i}") for i in range(players)], 11)
    rng = random.Random(2)
    while not game.is_over:
        seat = game.to_move[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    return game


@pytest.mark.parametrize("players", [2, 4, 6])
def test_sky_five_s_standings_draw_each_avatar_beside_its_name(players: int) -> None:
    seats = seats_of_each_kind(players)
    game = sky_five_over(players)
    final = SkyFiveAdapter().final(game_of("skyfive", seats), game, EN, photo)
    (drawn,) = final.pictures
    standings = drawn.key
    assert isinstance(standings, sky_five_picture.SkyFiveStandings)
    image = rgb(sky_five_picture.draw_standings(standings))
    order = sky_five_screens.standings_order(game.view(None))
    diameter = sky_five_picture.standings_avatar_size(
        [player.banked or () for player in game.view(None).players]
    )
    for index, seat in enumerate(order):
        box = sky_five_picture.pile_avatar_box(standings, index)
        assert box[2] - box[0] == diameter
        expected = drawn_tile(photo(seats[seat], diameter), diameter, sky_five_picture.COLOURS)
        assert image.crop(box).tobytes() == expected, seats[seat].name


def test_a_standings_name_moves_right_to_make_room_for_its_avatar() -> None:
    game = sky_five_over(3)
    view = game.view(None)
    plain = sky_five_screens.standings_picture(view, "Sky Five", None, EN)
    faces = [PENDING, BOT, guest("Grandpa")]
    with_avatars = sky_five_screens.standings_picture(view, "Sky Five", None, EN, faces)
    assert isinstance(plain.key, sky_five_picture.SkyFiveStandings)
    box = sky_five_picture.pile_avatar_box(plain.key, 0)
    before = rgb(Image.open(io.BytesIO(plain.render())))
    after = rgb(Image.open(io.BytesIO(with_avatars.render())))
    assert before.crop(box).tobytes() != after.crop(box).tobytes()
    assert Image.open(io.BytesIO(with_avatars.render())).mode == "P"


def score_sheet(players: int) -> ScoreSheet:
    """A sheet one round in: seat 0 ended it."""
    sheet = ScoreSheet.new(SheetSettings(), [Seat(name=f"Player {i}") for i in range(players)])
    sheet.apply(0, SheetAction("finisher", 0))
    sheet.apply(0, SheetAction("totals", 0, tuple(str(3 * i) for i in range(players))))
    sheet.apply(0, SheetAction("confirm"))
    return sheet


def sheet_seats(players: int) -> list[SeatRecord]:
    """Members and guests (a score sheet seats no bots)."""
    return [
        SeatRecord(name=f"Player {i}", user_id=100 + i)
        if i % 2 == 0
        else SeatRecord(name=f"Player {i}", guest=True)
        for i in range(players)
    ]


def chart_avatars_drawn(picture: Picture, seats: list[SeatRecord]) -> None:
    chart = picture.key
    assert isinstance(chart, score_chart.ScoreChart)
    image = score_chart.draw(chart)
    for seat, record in enumerate(seats):
        expected = score_chart.avatar_tile(photo(record, score_chart.AVATAR))
        box = score_chart.avatar_box(chart, seat)
        assert image.crop(box).tobytes() == expected.tobytes(), record.name


@pytest.mark.parametrize("players", [2, 4, 8])
def test_the_score_sheet_s_chart_draws_each_avatar_beside_its_name(players: int) -> None:
    seats = sheet_seats(players)
    sheet = score_sheet(players)
    record = game_of("skyjo-sheet", seats)
    (table,) = SheetAdapter().table(record, sheet, TableContext(EN, avatars=photo)).pictures
    chart_avatars_drawn(table, seats)
    sheet.apply(0, SheetAction("end"))
    (final,) = SheetAdapter().final(record, sheet, EN, photo).pictures
    chart_avatars_drawn(final, seats)


def test_a_chart_s_name_moves_right_to_make_room_for_its_avatar() -> None:
    seats = sheet_seats(3)
    sheet = score_sheet(3)
    record = game_of("skyjo-sheet", seats)
    (plain,) = SheetAdapter().table(record, sheet, TableContext(EN)).pictures
    (faces,) = SheetAdapter().table(record, sheet, TableContext(EN, avatars=photo)).pictures
    assert isinstance(plain.key, score_chart.ScoreChart)
    assert isinstance(faces.key, score_chart.ScoreChart)
    box = score_chart.avatar_box(plain.key, 0)
    without = rgb(score_chart.draw(replace(plain.key, avatars=())))
    assert without.crop(box).tobytes() != rgb(score_chart.draw(faces.key)).crop(box).tobytes()
    assert Image.open(io.BytesIO(faces.render())).mode == "P"
