"""Players read the bot in their language: what only they see in their Discord's language, the
table in the server's, a server's own choice for the bot, English for any other language, and
not a word of English left in a whole French or German game."""

from __future__ import annotations

import io
import random
import re
import string
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po

from bot.i18n import Words
from bot.i18n.catalog import catalog_text
from tests.e2e import junior_play, sky_five_play
from tests.e2e.harness import button, shown, table
from tests.e2e.skyjo_play import play_solo_to_the_end
from tests.standin import StoredMessage


async def test_a_french_player_in_a_german_server(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        t.guild.locale = "de"
        t.users["leo"].locale = "fr"
        await t.start()
        lobby = shown(await t.slash("ana", "skyjo start"))
        assert lobby.embeds[0]["title"] == "Skyjo · neues Spiel"
        joined = shown(await t.click("leo", lobby, button(lobby, "join")))
        refused = await t.click("leo", joined, button(joined, "start"))
        assert refused.ephemeral and refused.content == "Seul l'hôte peut faire cela."
        started = shown(await t.click("ana", joined, button(joined, "start")))
        assert started.embeds[0]["title"] == "Skyjo · Runde 1"
        mine = await t.click("leo", started, button(started, "mine"))
        assert mine.ephemeral and shown(mine).embeds[0]["title"] == "Vos cartes"
        rules = await t.slash("leo", "skyjo rules")
        assert rules.ephemeral and rules.embeds[0]["title"] == "Règles de Skyjo"


async def test_other_languages_get_english(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        t.guild.locale = "pt-BR"
        t.users["ana"].locale = "pt-BR"
        await t.start()
        lobby = shown(await t.slash("ana", "skyjo start"))
        assert lobby.embeds[0]["title"] == "Skyjo · new game"
        alone = await t.click("ana", lobby, button(lobby, "join"))
        assert alone.content == "You are already in this game."


async def test_a_server_chooses_the_language_of_its_tables(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        t.users["ana"].locale = "de"
        await t.start()
        not_allowed = await t.slash("leo", "table language", language="fr")
        assert not_allowed.ephemeral and "Manage Server" in not_allowed.content
        admins = t.guild.add_role("Admins", manage_guild=True)
        t.guild.members[t.users["ana"].id].roles.append(admins)
        chosen = await t.slash("ana", "table language", language="fr")
        assert chosen.ephemeral and "Français" in chosen.content
        assert chosen.content == Words("de")(
            "Tables opened from now on speak {language}; open ones keep theirs.",
            language="Français",
        ), "the admin reads the answer in German"
        assert not chosen.content.startswith("Tables"), "German, not English"
        lobby = shown(await t.slash("leo", "skyjo start"))
        assert lobby.embeds[0]["title"] == "Skyjo · nouvelle partie"
        await t.slash("leo", "table cancel")
        await t.slash("ana", "table language", language="server")
        lobby = shown(await t.slash("leo", "skyjo start"))
        assert lobby.embeds[0]["title"] == "Skyjo · new game", "the server's own language"


def select_id(message: StoredMessage, verb: str) -> str:
    for component in message.walk_components():
        if component.get("type") == 3 and component["custom_id"].split(":")[3] == verb:
            return str(component["custom_id"])
    raise AssertionError(f"no {verb} select")


def texts(payload: Any) -> Iterator[str]:
    """Every string a payload shows a person (not ids, urls or custom ids)."""
    if isinstance(payload, dict):
        for key, value in payload.items():
            if key in ("custom_id", "url", "proxy_url", "id", "value", "type", "flags"):
                continue
            yield from texts(value)
    elif isinstance(payload, list):
        for item in payload:
            yield from texts(item)
    elif isinstance(payload, str):
        yield payload


def english_fragments(language: str) -> set[str]:
    """Runs of English words of the catalog's messages that its translation does not keep:
    finding one in a payload means an English message was shown."""
    fragments: set[str] = set()
    catalog = read_po(io.BytesIO(catalog_text(language)), locale=language)
    for message in catalog:
        if not message.id or message.context:
            continue
        sources = [message.id] if isinstance(message.id, str) else list(message.id)
        found = message.string
        translated = " ".join([found] if isinstance(found, str) else list(found or ()))
        for source in sources:
            for literal, *_ in string.Formatter().parse(source):
                for run in re.findall(r"[A-Za-z][A-Za-z' ]*[A-Za-z]", literal):
                    if " " in run and run not in translated:
                        fragments.add(run)
    return fragments


@pytest.mark.parametrize(("locale", "language"), [("fr", "fr"), ("de", "de")])
async def test_a_whole_game_shows_no_english(tmp_path: Path, locale: str, language: str) -> None:
    rng = random.Random(31)
    async with table(tmp_path) as t:
        # A whole game at machine speed: more table edits a second than players make.
        t.dc.limits.enforce_rate_limits = False
        t.guild.locale = locale
        t.users["ana"].locale = locale
        await t.start()
        lobby = shown(await t.slash("ana", "skyjo start"))
        panel = shown(await t.click("ana", lobby, button(lobby, "settings", "0")))
        await t.click("ana", panel, button(panel, "settings", "1"))
        lobby = shown(await t.select("ana", lobby, select_id(lobby, "addbot"), "hard"))
        refused = await t.click("ana", lobby, button(lobby, "join"))
        assert refused.ephemeral
        await t.click("ana", lobby, button(lobby, "cancel"))
        await t.slash("ana", "skyjo solo", bots=1, level="easy", target_score=10)
        session = await t.session()
        await t.slash("ana", "table remind")
        await play_solo_to_the_end(t, session, rng)
        await t.slash("ana", "skyjo rules")
        await t.dc.slash_unchecked(t.users["ana"], t.channel, "skyjo start", target_score=5)
        shown_texts = [
            text
            for request in t.dc.requests
            if request.json and "/commands" not in request.path
            for text in texts(request.json)
        ]
        assert len(shown_texts) > 100, "a whole game was shown"
        assert_no_english(shown_texts, language)


def assert_no_english(shown_texts: list[str], language: str) -> None:
    english = english_fragments(language)
    assert len(english) > 150
    leaks = {
        fragment
        for fragment in english
        for text in shown_texts
        if re.search(rf"(?<!\w){re.escape(fragment)}(?!\w)", text)
    }
    assert not leaks, f"English in a {language} game: {sorted(leaks)[:20]}"


@pytest.mark.parametrize("language", ["fr", "de"])
@pytest.mark.parametrize("game", ["skyjo-junior", "skyfive"])
async def test_the_other_games_show_no_english(tmp_path: Path, game: str, language: str) -> None:
    rng = random.Random(32)
    async with table(tmp_path) as t:
        # A whole game at machine speed: more table edits a second than players make.
        t.dc.limits.enforce_rate_limits = False
        t.guild.locale = language
        for user in t.users.values():
            user.locale = language
        await t.start()
        lobby = shown(await t.slash("ana", f"{game} start"))
        await t.click("ana", lobby, button(lobby, "settings", "0"))
        await t.click("ana", lobby, button(lobby, "cancel"))
        await t.slash("ana", f"{game} solo", bots=2, level="normal")
        session = await t.session()
        await t.slash("ana", "table remind")
        await t.settled(lambda s: s.engine.to_move == (0,), "ana's turn", session)
        message = await t.table_message()
        await t.click("ana", message, button(message, "hint"))
        if game == "skyfive":
            await sky_five_play.play_to_the_end(t, session, rng)
        else:
            await junior_play.play_solo_to_the_end(t, session, rng)
        await t.slash("ana", f"{game} rules")
        shown_texts = [
            text
            for request in t.dc.requests
            if request.json and "/commands" not in request.path
            for text in texts(request.json)
        ]
        assert len(shown_texts) > 50, "a whole game was shown"
        assert_no_english(shown_texts, language)
