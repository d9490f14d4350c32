"""Pebbles' screens: the piles (and a picture of them), its form, the standings, the rules and
its setting."""

from __future__ import annotations

from functools import partial

import discord

import tests.games.pebbles
from bot.adapters.specs import ButtonSpec, Form, Picture, Row, Screen, TableContext, TextField
from bot.i18n import Words
from bot.storage.records import GameRecord
from bot.ui.avatars import AvatarSource, badges
from tests.bot.games.pebbles.picture import png
from tests.games.pebbles import PebblesGame, PebblesSettings

COUNT_FORM = Form(
    title="Add pebbles",
    verb="counted",
    fields=[TextField(key="count", label="How many (1–9)?", max_length=2)],
)


def table_picture(game: PebblesGame) -> Picture:
    key = ("pebbles", tuple(game.pebbles))
    shade = min(255, 40 + 10 * sum(game.pebbles))
    return Picture(
        name="pebbles.png", key=key, render=partial(png, 8 + len(game.pebbles), 8, shade)
    )


def table(game: GameRecord, pebbles: PebblesGame, context: TableContext) -> Screen:
    lines = [f"{name}: {n}" for name, n in zip(pebbles.names, pebbles.pebbles, strict=True)]
    embed = discord.Embed(title="Pebbles", description="\n".join([*lines, *context.log]))
    rows: list[Row]
    if pebbles.deciders:
        who = pebbles.names[pebbles.deciders[0]]
        embed.add_field(name="Deciding", value=who)
        rows = [[ButtonSpec("Claim one", "claim"), ButtonSpec("Pass", "pass")]]
    else:
        embed.add_field(name="To move", value=pebbles.names[pebbles.current])
        rows = [
            [ButtonSpec(f"Add {n}", "add", str(n)) for n in (1, 2, 3)]
            + [ButtonSpec("Another number…", "count")]
        ]
    return Screen(embed=embed, rows=rows, pictures=[table_picture(pebbles)])


def personal(
    game: GameRecord, pebbles: PebblesGame, seat: int, words: Words, avatars: AvatarSource = badges
) -> Screen:
    return Screen(embed=discord.Embed(title="Your pebbles"))


def final(
    game: GameRecord, pebbles: PebblesGame, words: Words, avatars: AvatarSource = badges
) -> Screen:
    """The piles as they ended (its picture draws no names: nothing to draw `avatars` by)."""
    return Screen(
        embed=discord.Embed(title="Pebbles · over", description=str(pebbles.pebbles)),
        pictures=[table_picture(pebbles)],
    )


def rules(words: Words, settings: PebblesSettings) -> list[discord.Embed]:
    return [discord.Embed(title="Pebbles", description=tests.games.pebbles.__doc__)]


def settings_summary(settings: PebblesSettings, words: Words) -> list[str]:
    return [f"Target: **{settings.target}** pebbles"]
