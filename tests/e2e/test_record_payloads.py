"""The payload recorder tells two runs of the same code apart by nothing, and a changed byte by
its place."""

from __future__ import annotations

import copy
import functools
import json
import re

from tests.e2e.record_payloads import compare, record, skyjo_solo

RAW_ID = re.compile(r"(?<![0-9a-f])\d{17,20}(?![0-9a-f])")


async def test_a_seeded_game_recorded_twice_compares_identical() -> None:
    short = {"skyjo": functools.partial(skyjo_solo, bots=1, target_score=10)}
    first = await record(short)
    second = await record(short)

    same, report = compare(first, second)
    assert same, report
    requests = [e for e in first["games"]["skyjo"] if "request" in e]
    assert report == f"identical: {len(requests)} requests"
    assert any(e["files"] for e in requests), "the table's pictures are recorded"
    assert any("<msg#" in e["path"] for e in requests), "message ids are normalised"
    bodies = json.dumps([{**e, "files": []} for e in requests])
    assert not RAW_ID.search(bodies), "no id of the stand-in is left as it was made"

    changed = copy.deepcopy(second)
    picture = next(e for e in changed["games"]["skyjo"] if e.get("files"))
    picture["files"][0]["sha256"] = "0" * 64
    same, report = compare(first, changed)
    assert not same
    assert f"skyjo: entry {changed['games']['skyjo'].index(picture)} differs" in report
    lines = report.splitlines()
    assert any(line.startswith("-") and '"sha256"' in line for line in lines)
    assert any(line.startswith("+") and '"sha256": "' + "0" * 64 in line for line in lines)

    reordered = copy.deepcopy(second)
    bodies_of_many_keys = (
        e
        for e in reordered["games"]["skyjo"]
        if isinstance(e.get("json"), dict) and len(e["json"]) > 1
    )
    body = next(bodies_of_many_keys)
    body["json"] = dict(reversed(body["json"].items()))
    same, report = compare(first, reordered)
    assert not same and "keys in another order" in report
