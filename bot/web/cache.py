"""Pages that are long to make and never change for the same key, kept once made and
compressed: a finished game's page, by the game, the names it shows and its language. The
latest used are kept, up to `kept_bytes` of them."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable

PAGE_BYTES_KEPT = 16 * 1024 * 1024
"""About two thousand games' pages, compressed."""


class PageCache:
    def __init__(self, kept_bytes: int = PAGE_BYTES_KEPT) -> None:
        self.kept_bytes = kept_bytes
        self._pages: OrderedDict[Hashable, bytes] = OrderedDict()
        self._held = 0

    def __len__(self) -> int:
        return len(self._pages)

    def get(self, key: Hashable) -> bytes | None:
        text = self._pages.get(key)
        if text is not None:
            self._pages.move_to_end(key)
        return text

    def put(self, key: Hashable, text: bytes) -> None:
        old = self._pages.pop(key, None)
        if old is not None:
            self._held -= len(old)
        self._pages[key] = text
        self._held += len(text)
        while self._held > self.kept_bytes and len(self._pages) > 1:
            _, dropped = self._pages.popitem(last=False)
            self._held -= len(dropped)
