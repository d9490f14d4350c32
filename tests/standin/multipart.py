"""Reading a `multipart/form-data` body, as Discord takes a message with files: the
`payload_json` part and each `files[n]` part."""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import unquote


@dataclass(frozen=True)
class Part:
    name: str
    filename: str | None
    content_type: str
    data: bytes


class MalformedForm(ValueError):
    """The body is not the multipart form its header announces."""


def boundary(content_type: str) -> bytes:
    for parameter in content_type.split(";")[1:]:
        key, _, value = parameter.strip().partition("=")
        if key.lower() == "boundary" and value:
            return value.strip('"').encode("latin-1")
    raise MalformedForm("no boundary")


def _disposition(value: str) -> tuple[str, str | None]:
    """The part's name and file name from its Content-Disposition header."""
    name: str | None = None
    filename: str | None = None
    for parameter in _parameters(value):
        key, _, raw = parameter.partition("=")
        key = key.strip().lower()
        if key == "name":
            name = _unquoted(raw)
        elif key == "filename" and filename is None:
            filename = _unquoted(raw)
        elif key == "filename*":
            _, _, encoded = raw.strip().partition("''")
            filename = unquote(encoded)
    if name is None:
        raise MalformedForm("a part without a name")
    return name, filename


def _parameters(value: str) -> list[str]:
    """The `;`-separated parameters after the disposition type, quotes respected."""
    parameters: list[str] = []
    current: list[str] = []
    quoted = escaped = False
    for character in value:
        if escaped:
            escaped = False
        elif character == "\\" and quoted:
            escaped = True
        elif character == '"':
            quoted = not quoted
        elif character == ";" and not quoted:
            parameters.append("".join(current))
            current = []
            continue
        current.append(character)
    parameters.append("".join(current))
    return parameters[1:]


def _unquoted(raw: str) -> str:
    raw = raw.strip()
    if len(raw) >= 2 and raw[0] == raw[-1] == '"':
        return raw[1:-1].replace('\\"', '"').replace("\\\\", "\\")
    return raw


def parse(body: bytes, content_type: str) -> list[Part]:
    delimiter = b"--" + boundary(content_type)
    chunks = body.split(delimiter)
    if len(chunks) < 3 or not chunks[-1].startswith(b"--"):
        raise MalformedForm("no closing delimiter")
    parts = []
    for chunk in chunks[1:-1]:
        if not chunk.startswith(b"\r\n") or not chunk.endswith(b"\r\n"):
            raise MalformedForm("a part not framed by line breaks")
        head, separator, data = chunk[2:-2].partition(b"\r\n\r\n")
        if not separator:
            raise MalformedForm("a part without headers")
        headers = {}
        for line in head.decode("utf-8").split("\r\n"):
            key, _, value = line.partition(":")
            headers[key.strip().lower()] = value.strip()
        name, filename = _disposition(headers.get("content-disposition", ""))
        parts.append(Part(name, filename, headers.get("content-type", ""), data))
    return parts
