"""Every message the code shows is in the French and German catalogs."""

from __future__ import annotations

import pytest

from bot.i18n.extract import messages
from tests.i18n.test_catalogs import TRANSLATED, keys


def test_messages_are_found_in_the_code() -> None:
    found = {message if isinstance(message, str) else message[0] for message, _ in messages()}
    assert "{name} drew {card}." in found, "a Skyjo event"
    assert "It is {name}'s turn, not yours." in found, "an engine error"
    assert "Choose my cards" in found, "a button"
    assert "Target score" in found, "a setting's label"


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_message_of_the_code_is_in_the_catalog(language: str) -> None:
    known = {message for context, message in keys(language) if context is None}
    missing = [
        (message, where)
        for message, where in messages()
        if (message if isinstance(message, str) else message[0]) not in known
    ]
    assert not missing, f"{language} lacks {missing[:10]} (run python -m bot.i18n.extract)"
