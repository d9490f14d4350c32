"""The bot keeps the latest pictures it drew, so that an unchanged picture is not drawn again:
as many as fit in its budget of bytes, whatever their sizes."""

from __future__ import annotations

import asyncio
from functools import partial

from bot.adapters.specs import Picture
from bot.ui.rendering import PictureCache


def png(size: int, mark: int) -> bytes:
    return bytes([mark % 256]) * size


def picture(key: int, size: int) -> Picture:
    return Picture(name=f"{key}.png", key=key, render=partial(png, size, key))


def test_the_pictures_kept_hold_at_most_the_bytes_allowed() -> None:
    cache = PictureCache(kept_bytes=100_000, processes=0)

    async def draw_many() -> None:
        for key in range(200):
            assert await cache.get(picture(key, 3_000 + 400 * (key % 50))) == png(
                3_000 + 400 * (key % 50), key
            )

    try:
        asyncio.run(draw_many())
        held = sum(len(data) for data in cache._bytes.values())
        assert 80_000 < held <= 100_000, held
        assert cache._bytes.held == held
    finally:
        cache.close()


def test_the_latest_used_picture_stays_and_the_least_recently_used_goes() -> None:
    cache = PictureCache(kept_bytes=10_000, processes=0)

    async def draw() -> None:
        for key in (1, 2, 3):
            await cache.get(picture(key, 3_000))
        await cache.get(picture(1, 3_000))
        await cache.get(picture(4, 3_000))
        await cache.get(picture(1, 3_000))
        await cache.get(picture(5, 20_000))

    try:
        asyncio.run(draw())
        assert cache.drawn == [1, 2, 3, 4, 5], "picture 1 was drawn once"
        assert list(cache._bytes) == [5], "a picture larger than the budget is kept alone"
    finally:
        cache.close()
