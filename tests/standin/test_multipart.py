"""The stand-in's reading of multipart bodies, against aiohttp's own writer."""

from __future__ import annotations

import aiohttp
import pytest

from tests.standin import multipart


class _Sink:
    def __init__(self) -> None:
        self.data = b""

    async def write(self, chunk: bytes) -> None:
        self.data += chunk


async def written(form: aiohttp.FormData) -> tuple[bytes, str]:
    payload = form()
    sink = _Sink()
    await payload.write(sink)  # type: ignore[arg-type]
    return sink.data, payload.content_type


async def test_reads_what_aiohttp_writes() -> None:
    form = aiohttp.FormData(quote_fields=False)
    form.add_field("payload_json", '{"content": "hi"}', content_type="application/json")
    form.add_field(
        "files[0]", b"\x89PNG\r\n--x\r\n", filename="table.png", content_type="image/png"
    )
    form.add_field("files[1]", b"", filename='odd "name"; é.png', content_type="image/png")
    body, content_type = await written(form)
    parts = multipart.parse(body, content_type)
    assert [(p.name, p.filename, p.content_type, p.data) for p in parts] == [
        ("payload_json", None, "application/json", b'{"content": "hi"}'),
        ("files[0]", "table.png", "image/png", b"\x89PNG\r\n--x\r\n"),
        ("files[1]", 'odd "name"; é.png', "image/png", b""),
    ]


@pytest.mark.parametrize(
    ("body", "content_type"),
    [
        (
            b"--b\r\nContent-Disposition: form-data\r\n\r\nx\r\n--b--\r\n",
            "multipart/form-data; boundary=b",
        ),
        (
            b"--b\r\nContent-Disposition: form-data; name=a\r\n\r\nx\r\n",
            "multipart/form-data; boundary=b",
        ),
        (b"--b\r\nno headers here--b--\r\n", "multipart/form-data; boundary=b"),
        (b"anything", "multipart/form-data"),
    ],
    ids=["no name", "not closed", "not framed", "no boundary"],
)
def test_refuses_malformed_forms(body: bytes, content_type: str) -> None:
    with pytest.raises(multipart.MalformedForm):
        multipart.parse(body, content_type)
