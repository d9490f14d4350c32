"""Small pieces of English shared by every game's event descriptions."""

from __future__ import annotations

from collections.abc import Sequence


def listing(items: Sequence[object]) -> str:
    """`a`, `a and b`, `a, b and c`."""
    words = [str(item) for item in items]
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def a_number(value: int) -> str:
    """The article and number: "a 7", "an 8", "an 11", "a -1"."""
    spoken_vowel = value in (8, 11, 18) or str(value).startswith("8")
    return f"{'an' if spoken_vowel else 'a'} {value}"


def counted(count: int, word: str) -> str:
    """ "1 card", "3 cards"."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"
