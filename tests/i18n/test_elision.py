"""French elides "de" and "que" before a vowel sound ("Total d'Alice", "Total de Bob"), names
included; German says "von Max" rather than a genitive that names ending in s, x or z get
wrong ("Maxs Zug"). Both checked on the function and on every message of the code."""

from __future__ import annotations

import re
import string

import pytest

from bot.i18n import Words
from bot.i18n.elision import begins_with_vowel_sound, elide
from bot.i18n.extract import messages
from games.core.errors import IllegalAction

TEXTS = frozenset({"name", "who", "busted", "to", "others", "names", "game", "colour", "period"})
"""Placeholders that hold words, not numbers."""


@pytest.mark.parametrize(
    ("name", "elided"),
    [
        ("Alice", True),
        ("alice", True),
        ("ALICE", True),
        ("Élodie", True),
        ("élodie", True),
        ("Èva", True),
        ("Îlona", True),
        ("Ørjan", True),
        ("Œdipe", True),
        ("Ugo", True),
        ("Hugo", True),
        ("hélène", True),
        ("Yves", True),
        ("Ysaline", True),
        ("Yann", False),
        ("Y", False),
        ("Bob", False),
        ("Zoé", False),
        ("8", False),
        ("−2", False),
        ("", False),
        ("🎲 Alice", False),
        ("<@123456789>", False),
        ("\\_Alice", False),
        ("**Alice**", True),
        ("__Bob__", False),
    ],
)
def test_a_vowel_sound_begins_with_a_vowel_a_mute_h_or_a_sounded_y(name: str, elided: bool) -> None:
    assert begins_with_vowel_sound(name) is elided


@pytest.mark.parametrize(
    ("before", "following", "written"),
    [
        ("Total de ", "Alice", "Total d'"),
        ("Total de ", "Élodie", "Total d'"),
        ("Total de ", "Hugo", "Total d'"),
        ("Total de ", "Bob", "Total de "),
        ("Total de ", "<@42>", "Total de "),
        ("Total de ", "🎲 Ana", "Total de "),
        ("Au tour de **", "Ana", "Au tour d'**"),
        ("Au tour de **", "Bob", "Au tour de **"),
        ("De ", "Ana", "D'"),
        ("Mieux que ", "Ana", "Mieux qu'"),
        ("Donnez la carte à ", "Ana", "Donnez la carte à "),
        ("Annulée par ", "Ana", "Annulée par "),
        ("Fin de la partie : ", "Ana", "Fin de la partie : "),
        ("monde ", "Ana", "monde "),
        ("jusque ", "Ana", "jusque "),
        ("Total de", "Ana", "Total de"),
    ],
)
def test_de_and_que_elide_before_a_vowel_sound(before: str, following: str, written: str) -> None:
    assert elide(before, following) == written


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("Alice", "Total d'Alice"),
        ("Élodie", "Total d'Élodie"),
        ("Hugo", "Total d'Hugo"),
        ("Bob", "Total de Bob"),
        ("🎲 Ana", "Total de 🎲 Ana"),
    ],
)
def test_the_score_sheet_names_a_total_in_french(name: str, text: str) -> None:
    assert Words("fr")("{name}'s total", name=name) == text


def test_french_messages_elide_before_a_name() -> None:
    french = Words("fr")
    assert french("{name}'s turn.", name="Ines") == "Au tour d'Ines."
    assert french("{name}'s turn.", name="Noé") == "Au tour de Noé."
    assert french("{name}'s profile", name="Ève") == "Profil d'Ève"
    assert french("🏁 **{name}**'s final turn: press **Bank**.", name="Ana").startswith(
        "🏁 Dernier tour d'**Ana** :"
    )
    assert french("{name} takes nothing from {busted}'s cards.", name="Bob", busted="Ugo") == (
        "Bob ne prend rien dans les cartes d'Ugo."
    )
    taken = french.plural(
        "The others may take from {name}'s {n} face-up card ({cards}).",
        "The others may take from {name}'s {n} face-up cards ({cards}).",
        2,
        name="Oscar",
        cards="A, B",
    )
    assert taken.endswith("les cartes face visible d'Oscar : 2 cartes (A, B).")
    turn = IllegalAction("It is {name}'s turn, not yours.", name="Anna")
    assert french.error(turn) == "C'est au tour d'Anna, pas au vôtre."


def test_german_names_the_player_with_von() -> None:
    german = Words("de")
    assert german("{name}'s total", name="Max") == "Summe von Max"
    assert german("{name}'s total", name="Ana") == "Summe von Ana"
    assert german("Since {name}'s last turn", name="Felix") == "Seit dem letzten Zug von Felix"


def _rendered(language: str, name: str) -> list[tuple[str, str]]:
    """Every message of the code in `language`, each word placeholder holding `name` and each
    other holding 3, with where it is."""
    words = Words(language)
    found = []
    for message, where in messages():
        sources = message if isinstance(message, tuple) else (message,)
        keys = {key for source in sources for _, key, _, _ in string.Formatter().parse(source)}
        values = {key: name if key in TEXTS else 3 for key in keys if key and key != "n"}
        if name not in values.values():
            continue
        if isinstance(message, tuple):
            found.append((words.plural(*message, 3, **values), where))
        else:
            found.append((words(message, n=3, **values), where))
    return found


def test_no_french_message_leaves_de_or_que_before_a_vowel() -> None:
    found = _rendered("fr", "Alice")
    assert len(found) > 100, "the code's messages with a name"
    unelided = re.compile(r"\b(?:de|que)\s+\**Alice", re.IGNORECASE)
    wrong = [(where, text) for text, where in found if unelided.search(text)]
    assert not wrong, wrong


def test_no_german_message_puts_an_s_after_a_name() -> None:
    """German writes "Max' Zug" with an apostrophe but "Anas Zug" without; the catalog
    writes "von Max" and "Max ist am Zug" instead, right for every name."""
    found = _rendered("de", "Max")
    assert len(found) > 100, "the code's messages with a name"
    wrong = [(where, text) for text, where in found if re.search(r"Max(?:s|'|’)", text)]
    assert not wrong, wrong
