"""How tall the Skyjo table is on a phone: `python -m bench.phone_height [--players 8] [--json]`.

Plays a table of one member and bots to mid-round, builds the table exactly as the bot sends
it (with its picture, and as text only), and lays it out as Discord's phone app does, by a
simple model, in CSS pixels:

- a 360 px wide phone: the embed's text column is 272 px (the avatar, margins, the embed's
  border and padding take the rest); the chat shows 600 px between the header and the input;
- text of 15 px: about 36 characters a line, 20 px a line (an emoji counts as 2.5
  characters); bold titles 22 px a line; the footer in 13 px, about 42 characters, 16 px a line;
- a code block does not wrap: 18 px a line plus 16 px of padding;
- fields one under the other (inline fields do not sit side by side on a narrow phone);
- the picture as wide as the text column and at most 300 px high;
- buttons 40 px high with 8 px between rows; a row wraps when its buttons (16 px of padding,
  8 px a character, 22 px an emoji, 8 px apart) are wider than the column.

Prints the height of each look and how many phone screens it takes.
"""

from __future__ import annotations

import argparse
import io
import json
import math
import random
import unicodedata
from functools import partial
from typing import Any

import discord
from PIL import Image

from bot.adapters.base import ButtonSpec, SelectSpec, TableContext
from bot.games.skyjo.adapter import SkyjoAdapter
from bot.games.skyjo.words import describe
from bot.i18n import Words
from bot.sessions.game_log import GameLog
from bot.storage.records import GameRecord, SeatRecord
from games.core.seats import Seat
from games.skyjo import SkyjoGame, SkyjoSettings, levels

COLUMN = 272
SCREEN = 600
TEXT_CHARS, TEXT_LINE = 36, 20
TITLE_CHARS, TITLE_LINE = 30, 22
FOOTER_CHARS, FOOTER_LINE = 42, 16
CODE_LINE, CODE_PADDING = 18, 16
EMBED_PADDING = 24
PICTURE_HEIGHT = 300
BUTTON, BUTTON_GAP = 40, 8


def width(text: str) -> float:
    """A line's width in characters of 15 px text: emoji are wider."""
    return sum(2.5 if unicodedata.category(c) == "So" else 1 for c in text)


def lines(text: str, per_line: int) -> int:
    return sum(max(1, math.ceil(width(line) / per_line)) for line in text.split("\n"))


def block_height(text: str, per_line: int, line: int) -> int:
    if text.startswith("```"):
        code = text.strip("`\n").split("\n")
        return len(code) * CODE_LINE + CODE_PADDING
    return lines(text, per_line) * line


def embed_height(embed: discord.Embed, picture: tuple[int, int] | None) -> int:
    height = EMBED_PADDING
    if embed.title:
        height += lines(embed.title, TITLE_CHARS) * TITLE_LINE
    if embed.description:
        height += block_height(embed.description, TEXT_CHARS, TEXT_LINE)
    for field in embed.fields:
        height += lines(field.name or "", TEXT_CHARS) * TEXT_LINE
        height += block_height(field.value or "", TEXT_CHARS, TEXT_LINE) + 4
    if picture is not None:
        picture_width, picture_height = picture
        height += min(PICTURE_HEIGHT, round(picture_height * COLUMN / picture_width)) + 8
    if embed.footer.text:
        height += lines(embed.footer.text, FOOTER_CHARS) * FOOTER_LINE + 8
    return height


def button_width(button: ButtonSpec) -> float:
    return 16 + 8 * len(button.label) + (22 if button.emoji else 0)


def rows_height(rows: list[Any]) -> int:
    height = 0
    for row in rows:
        if isinstance(row, SelectSpec):
            height += BUTTON + BUTTON_GAP
            continue
        used, lines_of_buttons = 0.0, 1
        for button in row:
            wide = button_width(button)
            if used and used + 8 + wide > COLUMN:
                lines_of_buttons, used = lines_of_buttons + 1, 0.0
            used += (8 if used else 0) + wide
        height += lines_of_buttons * (BUTTON + BUTTON_GAP)
    return height


def mid_round(players: int, seed: int) -> tuple[GameRecord, SkyjoGame, GameLog]:
    """A table of one member and bots, played until the member's second turn."""
    names = ["Ana", *(f"Bot {n}" for n in range(1, players))]
    game = SkyjoGame.new(SkyjoSettings(), [Seat(name=name) for name in names], seed)
    record = GameRecord(
        id=1,
        guild_id=1,
        channel_id=1,
        kind="skyjo",
        status="running",
        host_id=1,
        seed=seed,
        seats=[
            SeatRecord(name=name, user_id=1 if n == 0 else None) for n, name in enumerate(names)
        ],
        deadline=1_900_000_000.0,
    )
    rng = random.Random(seed)
    policy = levels.bot_policy("normal", rng)
    log = GameLog()
    member_turns = 0
    while member_turns < 2 or game.to_move != (0,) or game.phase != "turn":
        seat = game.to_move[0]
        if game.phase == "turn" and seat == 0:
            member_turns += 1
        token = (game.round, game.phase == "opening", game.turns)
        action = policy.choose(game.legal_actions(seat), partial(game.view, seat))
        log.moves(seat, token, game.apply(seat, action))
    return record, game, log


def measure(players: int, seed: int = 3) -> dict[str, Any]:
    record, game, log = mid_round(players, seed)
    words = Words("en")
    adapter = SkyjoAdapter()
    token = adapter.turn_token(game)
    log_lines = log.lines(
        lambda events, words: [describe(e, game.names, game.geometry, words) for e in events],
        words,
        game.to_move,
        token,
    )
    figures: dict[str, Any] = {"players": players, "screen_px": SCREEN, "log_lines": len(log_lines)}
    for look, pictures in (("pictures", True), ("text_only", False)):
        context = TableContext(
            words, "", log_lines, log.last_turn(game.to_move, token), pictures=pictures
        )
        screen = adapter.table(record, game, context)
        size = None
        if screen.pictures:
            size = Image.open(io.BytesIO(screen.pictures[0].render())).size
        height = embed_height(screen.embed, size) + rows_height(list(screen.rows))
        figures[f"{look}_px"] = height
        figures[f"{look}_screens"] = round(height / SCREEN, 2)
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=8)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    figures = measure(args.players)
    if args.json:
        print(json.dumps(figures))
        return
    for key, value in figures.items():
        print(f"{key:<20} {value}")


if __name__ == "__main__":
    main()
