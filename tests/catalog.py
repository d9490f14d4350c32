"""The catalog of the tests that need a game of their own: the installed games and Pebbles,
listed as `bot/catalog.py` lists the others."""

from __future__ import annotations

from bot.catalog import INSTALLED, Catalog
from tests.bot.games import pebbles


def with_pebbles() -> Catalog:
    return Catalog([*INSTALLED, pebbles.GAME])
