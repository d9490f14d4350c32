"""The Skyjo score sheet on Discord: its adapter, screens and words."""

from bot.adapters.base import InstalledGame
from bot.games.sheet.adapter import SheetAdapter
from bot.ui import score_chart

GAME = InstalledGame(SheetAdapter(), extension="cogs.sheet", pictures=(score_chart.__name__,))
