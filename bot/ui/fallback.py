"""The plain table shown when a game's saved state is something its screens cannot draw: it
says so, and keeps the game's ways out, so that a channel is never stuck with a broken game."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.adapters.specs import ButtonSpec, Row, Screen
from bot.i18n import N_, Words
from bot.storage.records import GameRecord

UNDRAWABLE = N_(
    "⚠️ I cannot draw this table: part of the saved game is something my screens cannot "
    "show. Nothing is lost, and the error is logged for whoever runs me."
)
WAYS_OUT = N_(
    "Take the last change back below, or cancel the game (its host, or anyone with Manage Server)."
)
NO_WAY_BACK = N_("Its host, or anyone with Manage Server, can cancel it below.")


def fallback_screen(
    title: str, game: GameRecord, words: Words, way_out: Sequence[ButtonSpec]
) -> Screen:
    """The game's plain table: what went wrong, and `way_out` and Cancel while it is open."""
    lines = [words(UNDRAWABLE)]
    rows: list[Row] = []
    if game.is_open:
        lines.append(words(WAYS_OUT) if way_out else words(NO_WAY_BACK))
        cancel = ButtonSpec(words("Cancel"), "cancel", style="danger")
        rows = [[*way_out, cancel][:5]]
    embed = discord.Embed(
        title=words("{game} · game {number}", game=words(title), number=game.id),
        description="\n\n".join(lines),
        colour=discord.Colour.dark_grey(),
    )
    return Screen(embed=embed, rows=rows)
