"""Bytes kept by key, the latest used first to stay: pictures, avatars, pages. The least recently
used go while all of them hold more than `kept_bytes` (the latest one always stays)."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable, Iterator


class KeptBytes:
    def __init__(self, kept_bytes: int) -> None:
        self.kept_bytes = kept_bytes
        self._kept: OrderedDict[Hashable, bytes] = OrderedDict()
        self.held = 0
        """The bytes kept."""

    def __len__(self) -> int:
        return len(self._kept)

    def __iter__(self) -> Iterator[Hashable]:
        return iter(self._kept)

    def values(self) -> Iterator[bytes]:
        return iter(self._kept.values())

    def get(self, key: Hashable) -> bytes | None:
        """The bytes kept under `key`, now the latest used."""
        data = self._kept.get(key)
        if data is not None:
            self._kept.move_to_end(key)
        return data

    def put(self, key: Hashable, data: bytes) -> None:
        kept = self._kept.pop(key, None)
        if kept is not None:
            self.held -= len(kept)
        self._kept[key] = data
        self.held += len(data)
        while self.held > self.kept_bytes and len(self._kept) > 1:
            _, dropped = self._kept.popitem(last=False)
            self.held -= len(dropped)
