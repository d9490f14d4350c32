"""Slash commands in French and German: every name, description and choice has its
translation, localized names are names Discord accepts, and they reach Discord when synced."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import discord
import pytest
from discord import app_commands

from bot.client import SkyTableBot
from bot.config import BotSettings
from bot.i18n.commands import NAMES, CatalogTranslator
from tests.e2e.harness import table
from tests.i18n.test_catalogs import TRANSLATED, keys

NAME = re.compile(r"^[-_\w]{1,32}$")
NAME_CONTEXT = "command name"


class Recorder(app_commands.Translator):
    def __init__(self) -> None:
        self.asked: set[tuple[str | None, str]] = set()

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        self.asked.add((NAME_CONTEXT if context.location in NAMES else None, string.message))
        return None


async def payloads(tmp_path: Path, translator: app_commands.Translator) -> list[dict[str, Any]]:
    bot = SkyTableBot(BotSettings(database_path=tmp_path / "sky.db"))
    for extension in bot.catalog.extensions:
        await bot.load_extension(extension)
    await bot.tree.set_translator(translator)
    found = [
        await command.get_translated_payload(bot.tree, translator)
        for command in bot.tree.get_commands()
    ]
    await bot.close()
    return found


@pytest.mark.parametrize("language", TRANSLATED)
async def test_every_command_string_is_in_the_catalog(tmp_path: Path, language: str) -> None:
    recorder = Recorder()
    await payloads(tmp_path, recorder)
    missing = recorder.asked - keys(language)
    assert not missing, f"{language} lacks {sorted(missing, key=str)}"


def walk(item: dict[str, Any]) -> list[dict[str, Any]]:
    found = [item]
    for option in item.get("options", []):
        found += walk(option)
    return found


async def test_localized_names_are_names_discord_accepts(tmp_path: Path) -> None:
    for payload in await payloads(tmp_path, CatalogTranslator()):
        for item in walk(payload):
            for locale, name in item.get("name_localizations", {}).items():
                assert NAME.match(name) and name == name.lower(), (locale, name)
            for text in item.get("description_localizations", {}).values():
                assert 1 <= len(text) <= 100, text
            siblings = item.get("options", [])
            for language in TRANSLATED:
                names = [o.get("name_localizations", {}).get(language, o["name"]) for o in siblings]
                assert len(names) == len(set(names)), (language, names)


async def test_commands_are_synced_with_their_french_and_german_words(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        await t.start()
        synced = {command["name"]: command for command in t.dc.synced_commands()}
        skyjo = synced["skyjo"]
        start = next(o for o in skyjo["options"] if o["name"] == "start")
        assert start["name_localizations"] == {"fr": "lancer", "de": "starten"}
        assert start["description_localizations"]["fr"] == "Ouvrir une table de Skyjo dans ce salon"
        grid = next(o for o in start["options"] if o["name"] == "grid")
        assert grid["name_localizations"] == {"fr": "grille", "de": "raster"}
        penalty = next(o for o in start["options"] if o["name"] == "penalty")
        none = next(c for c in penalty["choices"] if c["value"] == "none")
        assert none["name_localizations"] == {"fr": "aucune", "de": "keine"}
        show = next(o for o in synced["table"]["options"] if o["name"] == "show")
        assert show["name_localizations"] == {"fr": "afficher", "de": "zeigen"}
        assert "en-US" not in show.get("name_localizations", {}), "English is the default"
