"""What a game's public message was last given is kept for every open game, to skip an edit
that would change nothing: an appearance tells messages apart without holding them."""

from __future__ import annotations

import discord

from bot.adapters.specs import ButtonSpec, Row
from bot.sessions.posting import appearance
from bot.ui.components import build_view
from bot.ui.rendering import Message
from tests.held import held


def table(label: str = "Draw", version: int = 3, text: str = "Ana to play") -> Message:
    rows: list[Row] = [
        [ButtonSpec(f"{label} {row}{column}", f"verb{column}", str(row)) for column in range(5)]
        for row in range(5)
    ]
    embed = discord.Embed(title="Skyjo", description=text).set_footer(text="Round 2")
    return Message(embed=embed, view=build_view(rows, 7, version), files=[("t.png", b"x", "A")])


def test_equal_messages_look_alike_and_any_change_tells_them_apart() -> None:
    assert appearance(table()) == appearance(table())
    assert appearance(table()) != appearance(table(label="Take"))
    assert appearance(table()) != appearance(table(version=4)), "the buttons' ids changed"
    assert appearance(table()) != appearance(table(text="Leo to play"))
    without_picture = Message(embed=table().embed, view=table().view)
    assert appearance(table()) != appearance(without_picture)


def test_an_appearance_holds_little_of_the_message() -> None:
    message = table()
    assert message.view is not None
    assert held(appearance(message)) < 1024 < held(message.view.to_components())
