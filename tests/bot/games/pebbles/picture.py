"""A plain grey PNG: the picture of Pebbles, the tests' own game."""

from __future__ import annotations

import struct
import zlib


def png(width: int, height: int, shade: int) -> bytes:
    """A plain grey picture, as a real PNG file."""
    raw = b"".join(b"\x00" + bytes([shade]) * width for _ in range(height))

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw))
        + chunk(b"IEND", b"")
    )
