"""French elision: "de" and "que" drop their vowel before a word that begins with a vowel
sound, a player's name as much as any other ("Total d'Alice", "Total de Bob")."""

from __future__ import annotations

import re
import string
import unicodedata
from collections.abc import Mapping
from typing import Any

VOWELS = frozenset("aeiouæøœ")
MARKUP = "*_~"
"""Bold, italic and strikethrough marks, which may stand between "de" and the name."""
ELIDABLE = re.compile(r"(?<!\w)(?P<word>[dD]e|[qQ]ue) (?P<markup>[*_~]*)$")
"""A text ending in "de" or "que", then maybe markup, ready for the word that follows."""


def _letter(character: str) -> str:
    """The base letter of `character`, in lower case: "É" → "e"; "" for none."""
    return unicodedata.normalize("NFD", character)[:1].lower()


def begins_with_vowel_sound(text: str) -> bool:
    """Whether French elides before `text`: a vowel, accented or not ("Élodie", "Œdipe"), a
    mute h ("Hugo") or a y sounded as a vowel ("Yves", not "Yann"), past any markup. A
    digit, an emoji, a mention or any other sign takes no elision."""
    word = text.lstrip(MARKUP)
    first, second = _letter(word[:1]), _letter(word[1:2])
    if first in VOWELS or first == "h":
        return True
    return first == "y" and second.isalpha() and second not in VOWELS


def elide(before: str, following: str) -> str:
    """`before` as French writes it ahead of `following`: a last "de" or "que" elided before a
    vowel sound, ("Total de ", "Alice") → "Total d'", ("Au tour de **", "Ana") → "Au tour
    d'**"; any other text as it is."""
    match = ELIDABLE.search(before)
    if match is None or not begins_with_vowel_sound(following):
        return before
    return f"{before[: match.start()]}{match['word'][:-1]}'{match['markup']}"


def fill(template: str, values: Mapping[str, Any]) -> str:
    """`template` with its placeholders filled in from `values`, as `str.format` does, each
    "de" or "que" before a value elided where French needs it."""
    pieces: list[str] = []
    for literal, field, spec, conversion in string.Formatter().parse(template):
        if field is None:
            pieces.append(literal)
            continue
        placeholder = "{" + field + (f"!{conversion}" if conversion else "") + f":{spec}}}"
        value = placeholder.format_map(values)
        pieces += [elide(literal, value), value]
    return "".join(pieces)
