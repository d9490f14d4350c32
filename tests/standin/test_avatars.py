"""The stand-in's CDN serves users' avatars at the sizes Discord serves, and can be slow or fail."""

from __future__ import annotations

import asyncio
import io

import aiohttp
from PIL import Image

from tests.standin import DiscordStandIn

HASH = "0123456789abcdef0123456789abcdef"


async def get(url: str) -> tuple[int, bytes]:
    async with aiohttp.ClientSession() as http, http.get(url) as response:
        return response.status, await response.read()


async def test_an_avatar_is_served_at_each_size_discord_serves_and_no_other() -> None:
    async with DiscordStandIn() as dc:
        user = dc.add_user("ana", avatar=HASH)
        assert user.payload()["avatar"] == HASH
        base = f"{dc.cdn_url}/avatars/{user.id}/{HASH}.png"
        for size in (16, 64, 4096):
            status, data = await get(f"{base}?size={size}")
            assert status == 200
            assert Image.open(io.BytesIO(data)).size == (size, size)
        for refused in ("24", "8", "8192", "big"):
            assert (await get(f"{base}?size={refused}"))[0] == 400
        assert (await get(f"{dc.cdn_url}/avatars/{user.id}/other.png?size=32"))[0] == 404
        assert (await get(f"{dc.cdn_url}/embed/avatars/3.png?size=32"))[0] == 200
        assert (await get(f"{dc.cdn_url}/embed/avatars/6.png?size=32"))[0] == 404
        assert dc.avatars.fetched[0] == f"avatars/{user.id}/{HASH}.png?size=16"


async def test_avatar_fetches_can_be_made_to_fail_or_wait() -> None:
    async with DiscordStandIn() as dc:
        url = f"{dc.cdn_url}/embed/avatars/0.png?size=32"
        dc.avatars.fault(times=2, status=503)
        assert [(await get(url))[0] for _ in range(3)] == [503, 503, 200]
        released = asyncio.Event()
        dc.avatars.fault(until=released)
        waiting = asyncio.create_task(get(url))
        await asyncio.sleep(0.1)
        assert not waiting.done()
        released.set()
        assert (await waiting)[0] == 200
