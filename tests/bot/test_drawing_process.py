"""A new drawing process loads the modules every installed game draws with before its first
picture, so that the first picture of a game is not slowed by loading them."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from bot.ui.rendering import PictureCache


def loaded(modules: Sequence[str]) -> list[str]:
    """Which of `modules` the process running this has loaded."""
    return [module for module in modules if module in sys.modules]


def test_a_new_drawing_process_loads_what_each_installed_game_draws_with() -> None:
    from bot.catalog import installed

    declared = sorted({module for game in installed() for module in game.pictures})
    assert all(game.pictures for game in installed()), "every game shows pictures"
    pictures = PictureCache(processes=1)
    try:
        assert pictures.preload == tuple(declared)
        found = pictures._painter.submit(loaded, declared).result(timeout=60)
    finally:
        pictures.close()
    assert found == declared
