"""Pebbles on Discord: its adapter, screens, log words and picture, declared as the installed
games are (`bot/games/<game>/`)."""

from bot.adapters.base import InstalledGame
from tests.bot.games.pebbles import picture
from tests.bot.games.pebbles.adapter import PebblesAdapter

GAME = InstalledGame(PebblesAdapter(), extension="tests.cogs.pebbles", pictures=(picture.__name__,))
