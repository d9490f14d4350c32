"""Members' Discord avatars for the pictures, fetched from Discord's CDN in the background.

A table never waits for an avatar: asking for one that is not here yet starts its fetch and
gives a placeholder at once; the table's next picture has it. Avatars are kept in memory by
hash and size (the latest used, up to `kept_bytes`). A fetch that fails or takes too long is
tried again at a later picture, `tries` times in all, then given up (logged once).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Sequence

import aiohttp

from bot.kept import KeptBytes
from bot.storage.records import SeatRecord
from bot.ui.avatar_picture import BOT, PENDING, Avatar, guest

log = logging.getLogger(__name__)

DISCORD_CDN = "https://cdn.discordapp.com"
SMALLEST, LARGEST = 16, 4096
"""The sizes Discord serves: the powers of two between these."""
DEFAULT_AVATARS = 6
AVATAR_BYTES_KEPT = 4 * 1024 * 1024
FETCH_SECONDS = 5.0
TRIES = 3
LARGEST_FILE = 1024 * 1024
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"

AvatarSource = Callable[[SeatRecord, int], Avatar]
"""What is drawn beside a seat's name in a picture whose avatars are `size` pixels wide."""
Key = tuple[str, int]
"""An avatar's hash (or `default-N` for Discord's default avatar N) and its size."""


def cdn_size(drawn: int) -> int:
    """The size to ask the CDN for an avatar drawn `drawn` pixels wide: the smallest power of
    two at least as large, within the sizes Discord serves."""
    size = SMALLEST
    while size < drawn and size < LARGEST:
        size *= 2
    return size


def avatar_path(user_id: int, avatar_hash: str | None, size: int) -> str:
    """The CDN path of a member's avatar, or of their default avatar when they have none."""
    if avatar_hash is None:
        return f"embed/avatars/{default_avatar(user_id)}.png?size={size}"
    return f"avatars/{user_id}/{avatar_hash}.png?size={size}"


def default_avatar(user_id: int) -> int:
    return (user_id >> 22) % DEFAULT_AVATARS


def badges(seat: SeatRecord, size: int) -> Avatar:
    """A bot's or guest's badge; for a member, the placeholder (nothing is fetched)."""
    if seat.is_bot:
        return BOT
    if seat.kind == "guest":
        return guest(seat.name)
    return PENDING


class AvatarCache:
    """Members' avatars from the CDN at `base` (None: none are fetched, members get the
    placeholder)."""

    def __init__(
        self,
        base: str | None = DISCORD_CDN,
        *,
        kept_bytes: int = AVATAR_BYTES_KEPT,
        timeout: float = FETCH_SECONDS,
        tries: int = TRIES,
    ) -> None:
        self.base = None if base is None else base.rstrip("/")
        self.kept_bytes = kept_bytes
        self.timeout = timeout
        self.tries = tries
        self._images = KeptBytes(kept_bytes)
        self._fetching: dict[Key, asyncio.Task[None]] = {}
        self._failures: dict[Key, int] = {}
        self._http: aiohttp.ClientSession | None = None

    def __call__(self, seat: SeatRecord, size: int) -> Avatar:
        """What to draw for `seat` now, its avatar `size` pixels wide: a member's avatar if it
        is here (else the placeholder, and its fetch begins)."""
        if seat.user_id is None:
            return badges(seat, size)
        image = self.image(seat.user_id, seat.avatar, cdn_size(size))
        return PENDING if image is None else Avatar("member", image=image)

    def image(self, user_id: int, avatar_hash: str | None, size: int) -> bytes | None:
        """The avatar's PNG if it is here; otherwise None, and it is fetched in the background
        (unless a fetch is under way, or has failed `tries` times)."""
        key = self._key(user_id, avatar_hash, size)
        image = self._images.get(key)
        if image is not None:
            return image
        if self._can_fetch(key):
            path = avatar_path(user_id, avatar_hash, size)
            task = asyncio.get_running_loop().create_task(
                self._fetch(key, path), name=f"avatar-{key[0]}"
            )
            self._fetching[key] = task
            task.add_done_callback(lambda _: self._fetching.pop(key, None))
        return None

    @staticmethod
    def _key(user_id: int, avatar_hash: str | None, size: int) -> Key:
        if avatar_hash is None:
            return f"default-{default_avatar(user_id)}", size
        return avatar_hash, size

    def _can_fetch(self, key: Key) -> bool:
        if self.base is None or key in self._fetching:
            return False
        if self._failures.get(key, 0) >= self.tries:
            return False
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            return False
        return True

    async def fetched(self, user_id: int, avatar_hash: str | None, size: int) -> bytes | None:
        """The avatar, waiting for a fetch under way or begun now (for tests and tools)."""
        image = self.image(user_id, avatar_hash, size)
        task = self._fetching.get(self._key(user_id, avatar_hash, size))
        if image is None and task is not None:
            await asyncio.shield(task)
            image = self._images.get(self._key(user_id, avatar_hash, size))
        return image

    async def _fetch(self, key: Key, path: str) -> None:
        try:
            image = await self._download(path)
        except (aiohttp.ClientError, TimeoutError, ValueError) as error:
            self._failed(key, path, error)
            return
        self._images.put(key, image)
        self._failures.pop(key, None)

    async def _download(self, path: str) -> bytes:
        if self._http is None or self._http.closed:
            self._http = aiohttp.ClientSession(
                timeout=aiohttp.ClientTimeout(total=self.timeout),
                headers={"User-Agent": "SkyTable (avatars)"},
            )
        async with self._http.get(f"{self.base}/{path}") as response:
            if response.status != 200:
                raise ValueError(f"the CDN answered {response.status}")
            data = await response.content.read(LARGEST_FILE + 1)
        if len(data) > LARGEST_FILE or not data.startswith(PNG_SIGNATURE):
            raise ValueError("the CDN's answer is not a PNG of at most 1 MiB")
        return data

    def _failed(self, key: Key, path: str, error: BaseException) -> None:
        failures = self._failures[key] = self._failures.get(key, 0) + 1
        if failures == self.tries:
            log.warning(
                "No avatar from %s after %d tries (%s): its placeholder is drawn",
                path,
                failures,
                str(error) or type(error).__name__,
            )

    async def close(self) -> None:
        tasks = list(self._fetching.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        if self._http is not None:
            await self._http.close()


def seat_avatars(seats: Sequence[SeatRecord], source: AvatarSource, size: int) -> list[Avatar]:
    """What each seat's picture draws beside its name, at `size` pixels."""
    return [source(seat, size) for seat in seats]
