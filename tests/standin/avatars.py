"""Discord's CDN for avatars: `/avatars/{user_id}/{hash}.png` and the default avatars
`/embed/avatars/{index}.png`, each at `?size=N`, a power of two from 16 to 4096 (any other
size is refused with 400, as Discord does).

Each answer is a PNG of the asked size drawn from the hash (or index): a disc of a colour of
its own on a ground of another, so a test can tell avatars apart by their pixels. A fault knob
makes the next fetches slow or fail.
"""

from __future__ import annotations

import asyncio
import hashlib
import io
from dataclasses import dataclass, field

from aiohttp import web
from PIL import Image, ImageDraw

from .world import World

SIZES = frozenset(2**power for power in range(4, 13))
DEFAULT_AVATARS = 6


def avatar_colours(key: str) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
    """The disc's and the ground's colours of the avatar drawn for `key`."""
    digest = hashlib.sha256(key.encode()).digest()
    return (digest[0], digest[1], digest[2]), (digest[3], digest[4], digest[5])


def avatar_png(key: str, size: int) -> bytes:
    disc, ground = avatar_colours(key)
    image = Image.new("RGB", (size, size), ground)
    ImageDraw.Draw(image).ellipse((size // 8, size // 8, size * 7 // 8, size * 7 // 8), fill=disc)
    output = io.BytesIO()
    image.save(output, format="PNG")
    return output.getvalue()


@dataclass
class AvatarFault:
    """The next `times` avatar fetches wait `delay` seconds (or until `until` is set), then
    are answered with `status` (or the avatar, when None)."""

    times: int
    delay: float = 0.0
    status: int | None = None
    until: asyncio.Event | None = None


@dataclass
class AvatarCdn:
    world: World
    fetched: list[str] = field(default_factory=list)
    """The path and size of every avatar asked for (`avatars/1/abc.png?size=32`), in order."""
    faults: list[AvatarFault] = field(default_factory=list)

    def add_routes(self, router: web.UrlDispatcher, prefix: str) -> None:
        router.add_get(prefix + "/avatars/{user_id:\\d+}/{hash}.png", self.avatar)
        router.add_get(prefix + "/embed/avatars/{index:\\d+}.png", self.default_avatar)

    def fault(
        self,
        *,
        times: int = 1,
        delay: float = 0.0,
        status: int | None = None,
        until: asyncio.Event | None = None,
    ) -> None:
        """Makes the next `times` avatar fetches slow (`delay` seconds, or until `until` is
        set) or fail (`status`)."""
        self.faults.append(AvatarFault(times, delay, status, until))

    async def avatar(self, request: web.Request) -> web.Response:
        user = self.world.users.get(int(request.match_info["user_id"]))
        avatar_hash = request.match_info["hash"]
        if user is None or user.avatar != avatar_hash:
            return await self._answer(request, None)
        return await self._answer(request, avatar_hash)

    async def default_avatar(self, request: web.Request) -> web.Response:
        index = int(request.match_info["index"])
        return await self._answer(request, f"default-{index}" if index < DEFAULT_AVATARS else None)

    async def _answer(self, request: web.Request, key: str | None) -> web.Response:
        self.fetched.append(request.path_qs.removeprefix("/cdn/"))
        fault = self._next_fault()
        if fault is not None:
            await asyncio.sleep(fault.delay)
            if fault.until is not None:
                await fault.until.wait()
            if fault.status is not None:
                return web.Response(status=fault.status, text="fault")
        if key is None:
            return web.Response(status=404, text="404: Not Found")
        size = request.query.get("size", "128")
        if not size.isdigit() or int(size) not in SIZES:
            return web.Response(status=400, text="400: Bad Request (size)")
        return web.Response(body=avatar_png(key, int(size)), content_type="image/png")

    def _next_fault(self) -> AvatarFault | None:
        if not self.faults:
            return None
        fault = self.faults[0]
        fault.times -= 1
        if fault.times <= 0:
            self.faults.pop(0)
        return fault
