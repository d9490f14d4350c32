"""A game's card in its channel, while the game plays in its thread: what, who, how it stands,
and the way to the thread, in each language."""

from __future__ import annotations

import pytest

from bot.i18n import LANGUAGES, Words
from bot.ui.card import CardFacts, card_embed, thread_name

LINK = "https://discord.com/channels/1/2/3"


def facts(**changes: object) -> CardFacts:
    values: dict[str, object] = {
        "title": "Skyjo",
        "host": "Ana",
        "status": "running",
        "players": ["Ana", "Leo", "Bot 1"],
        "most": 8,
        "link": LINK,
    }
    values.update(changes)
    return CardFacts(**values)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("changes", "says"),
    [
        (
            {"status": "lobby", "players": ["Ana"]},
            "🪑 Open: 1 of 8 seats taken. Join in the thread.",
        ),
        ({}, "🎲 Playing: Ana, Leo and Bot 1."),
        ({"status": "finished", "winners": ["Leo"]}, "🏆 Leo won. Played by Ana, Leo and Bot 1."),
        (
            {"status": "finished", "winners": ["Ana", "Leo"]},
            "🏆 Ana and Leo share the victory. Played by Ana, Leo and Bot 1.",
        ),
        (
            {"status": "finished", "winners": []},
            "Ended without a winner. Played by Ana, Leo and Bot 1.",
        ),
        ({"status": "cancelled"}, "Cancelled."),
    ],
)
def test_the_card_says_how_the_game_stands_and_links_to_its_thread(
    changes: dict[str, object], says: str
) -> None:
    embed = card_embed(facts(**changes), Words("en"))
    assert embed.title == "Skyjo · Ana"
    assert embed.description == f"{says}\n→ {LINK}"


def test_the_card_of_a_game_whose_thread_is_gone_has_no_link_to_it() -> None:
    embed = card_embed(facts(status="cancelled", abandoned=True), Words("en"))
    assert embed.description == "Ended: its thread is gone."


@pytest.mark.parametrize("language", [language for language in LANGUAGES if language != "en"])
@pytest.mark.parametrize("status", ["lobby", "running", "finished", "cancelled"])
def test_the_card_speaks_the_servers_language(language: str, status: str) -> None:
    english = card_embed(facts(status=status, winners=["Leo"]), Words("en"))
    embed = card_embed(facts(status=status, winners=["Leo"]), Words(language))
    assert embed.description != english.description
    assert embed.description is not None and LINK in embed.description


def test_names_cannot_format_the_card_and_the_thread_name_fits() -> None:
    embed = card_embed(facts(host="**Ana**", players=["**Ana**", "@everyone"]), Words("en"))
    assert embed.title == "Skyjo · \\*\\*Ana\\*\\*"
    assert embed.description is not None and "@\u200beveryone" in embed.description
    long = thread_name("Skyjo score sheet", "x" * 200, Words("fr"))
    assert len(long) == 100 and long.startswith("Feuille de score Skyjo · ")
    assert thread_name("Skyjo", "Ana", Words("de")) == "Skyjo · Ana"
