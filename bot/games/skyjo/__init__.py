"""Skyjo on Discord: its adapter, table and round screens, log words and pictures."""

from bot.adapters.base import InstalledGame
from bot.games.skyjo import picture
from bot.games.skyjo.adapter import SkyjoAdapter

GAME = InstalledGame(SkyjoAdapter(), extension="cogs.skyjo", pictures=(picture.__name__,))
