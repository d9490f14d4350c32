"""Skyjo Junior on Discord: its adapter, screens, log words and pictures."""

from bot.adapters.base import InstalledGame
from bot.games.junior import picture
from bot.games.junior.adapter import JuniorAdapter

GAME = InstalledGame(JuniorAdapter(), extension="cogs.junior", pictures=(picture.__name__,))
