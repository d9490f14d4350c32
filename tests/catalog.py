"""The catalog of the tests that need a game of their own: the installed games and Pebbles,
listed as `bot/catalog.py` lists the others."""

from __future__ import annotations

from bot.catalog import INSTALLED, Catalog, installed
from bot.ratings.model import BotRatings
from tests.bot.games import pebbles


def with_pebbles() -> Catalog:
    return Catalog([*INSTALLED, pebbles.GAME])


def bot_ratings() -> BotRatings:
    """The installed games' fixed ratings of their bots, as the client gives its store."""
    return installed().bot_ratings
