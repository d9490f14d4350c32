"""A message the bot shows in Discord, as a page shows it: the same words, as HTML."""

from __future__ import annotations

from dataclasses import dataclass

import discord
from markupsafe import Markup

from bot.web.text import Names, html, inline, unmentioned


@dataclass(frozen=True)
class Field:
    name: Markup
    value: Markup


@dataclass(frozen=True)
class EmbedView:
    title: Markup
    description: Markup
    fields: tuple[Field, ...]
    footer: Markup


def embed_view(
    embed: discord.Embed, language: str, names: Names = unmentioned, *, footer: bool = True
) -> EmbedView:
    return EmbedView(
        title=inline(embed.title, language, names),
        description=html(embed.description, language, names),
        fields=tuple(
            Field(inline(field.name, language, names), html(field.value, language, names))
            for field in embed.fields
        ),
        footer=html(embed.footer.text, language, names) if footer else Markup(""),
    )
