"""Every payload the bot sends during a game shows each face-down card as "?", never its value."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bot.sessions.session import GameSession
from tests.e2e.harness import button, parse, shown, table
from tests.e2e.skyjo_play import choose_opening_cards, play_turn_well, skyjo

MINUS = "\N{MINUS SIGN}"
GRID_VERBS = frozenset({"take", "swap", "flip", "reveal"})
Snapshot = tuple[tuple[str, ...], list[list[int | None]], list[int], int | None]


def snapshot(session: GameSession) -> Snapshot:
    game = skyjo(session)
    current = game.current if game.phase in ("turn", "drawn") else None
    return game.names, [list(v) for v in game.values], list(game.hidden), current


def labels(grid: str) -> list[str]:
    """The card labels of a text grid, row by row: past its header of column letters, each
    row's number and the colour squares."""
    rows = grid.strip("`\n").split("\n")[1:]
    return [
        label for row in rows for label in re.findall(rf"{MINUS}?\d+|\?|✕", row.split(" ", 1)[1])
    ]


def expected(values: list[int | None], hidden: int) -> list[str]:
    return [
        "✕" if value is None else "?" if hidden >> slot & 1 else str(value).replace("-", MINUS)
        for slot, value in enumerate(values)
    ]


def spoken(description: str, names: tuple[str, ...]) -> dict[int, list[str]]:
    """The grids of a picture's alt text by seat, from the lines that give one:
    "Ana (3 points in the game): 1: 5 ? · 2: – 7"."""
    grids: dict[int, list[str]] = {}
    for line in description.split("\n")[1:]:
        seat = next((s for s, name in enumerate(names) if line.startswith(f"{name} (")), None)
        if seat is None or "): " not in line:
            continue
        rows = line.split("): ", 1)[1].split(" · ")
        cards = [card for row in rows for card in row.split(": ", 1)[1].split(" ")]
        grids[seat] = ["✕" if card == "–" else card for card in cards]
    return grids


def bodies(payload: Any) -> Iterator[dict[str, Any]]:
    """The message bodies in a request: a message itself, or the data of a callback."""
    if isinstance(payload, dict):
        if "embeds" in payload or "components" in payload:
            yield payload
        if isinstance(payload.get("data"), dict):
            yield from bodies(payload["data"])


def buttons(body: dict[str, Any]) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    for row in body.get("components") or []:
        found.extend(c for c in row.get("components", []) if c.get("type") == 2)
    return found


@pytest.mark.parametrize("text_only", [False, True], ids=["pictures", "text only"])
async def test_no_payload_shows_a_face_down_value(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text_only: bool
) -> None:
    states: dict[int, Snapshot] = {}
    commit = GameSession.commit

    async def recording_commit(self: GameSession, *, reopened: bool = False) -> None:
        await commit(self, reopened=reopened)
        if self.record.state is not None:
            states[self.record.version] = snapshot(self)

    monkeypatch.setattr(GameSession, "commit", recording_commit)
    rng = random.Random(12)
    async with table(tmp_path) as t:
        # A whole game at machine speed: more table edits a second than players make.
        t.dc.limits.enforce_rate_limits = False
        await t.start()
        await t.running.sessions.guilds.set_text_only(t.guild.id, text_only)
        lobby = shown(await t.slash("ana", "skyjo start", target_score=30, opening_flips=3))
        lobby = shown(await t.click("leo", lobby, button(lobby, "join")))
        await t.click("ana", lobby, button(lobby, "start"))
        session = await t.session()
        names = ["ana", "leo"]
        while session.record.status == "running":
            await t.settled(lambda s: True, "the latest move shown", session)
            if session.record.status != "running":
                break
            game = skyjo(session)
            if game.phase == "opening":
                await choose_opening_cards(t, names[game.to_move[0]], rng)
            else:
                await play_turn_well(t, names[game.current], game.current, rng)

        checked_grids = checked_buttons = 0
        for request in t.dc.requests:
            for body in bodies(request.json):
                ids = [b["custom_id"] for b in buttons(body) if "custom_id" in b]
                if not ids or not body.get("embeds"):
                    continue
                embed = body["embeds"][0]
                grid_fields = [f for f in embed.get("fields", []) if f["value"].startswith("```")]
                grid_buttons = [b for b in buttons(body) if parse(b["custom_id"])[2] in GRID_VERBS]
                pictures = [a for a in body.get("attachments") or [] if "description" in a]
                assert not (text_only and pictures), "a text-only server gets no picture"
                if not grid_fields and not grid_buttons and not pictures:
                    continue
                seat_names, values, hidden, current = states[parse(ids[0])[1]]
                for attachment in pictures:
                    described = spoken(attachment["description"], seat_names)
                    assert sorted(described) == list(range(len(seat_names)))
                    for seat, cards in described.items():
                        assert cards == expected(values[seat], hidden[seat])
                        checked_grids += 1
                owners = []
                for field in grid_fields:
                    seat = next(s for s, name in enumerate(seat_names) if name in field["name"])
                    owners.append(seat)
                    assert labels(field["value"]) == expected(values[seat], hidden[seat])
                    checked_grids += 1
                owner = owners[0] if embed.get("title") == "Your cards" else current
                for b in grid_buttons:
                    assert owner is not None
                    slot = int(parse(b["custom_id"])[3])
                    assert b["label"] == expected(values[owner], hidden[owner])[slot]
                    checked_buttons += 1
        assert checked_grids > 100
        assert checked_buttons > 100
