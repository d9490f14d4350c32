"""Slash commands in the player's language: discord.py asks this translator for every name,
description and choice of every command, for every locale, when the commands are synced."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.i18n.catalog import SOURCE, language_of
from bot.i18n.words import Words

NAMES = frozenset(
    {
        app_commands.TranslationContextLocation.command_name,
        app_commands.TranslationContextLocation.group_name,
        app_commands.TranslationContextLocation.parameter_name,
    }
)


class CatalogTranslator(app_commands.Translator):
    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        language = language_of(locale.value)
        if language == SOURCE:
            return None
        words = Words(language)
        message = string.message
        translated = words.name(message) if context.location in NAMES else words(message)
        return translated if translated != message else None
