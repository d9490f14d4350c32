"""Sky Five on Discord: its adapter, screens, words and pictures."""

from bot.adapters.base import InstalledGame
from bot.games.sky_five import picture
from bot.games.sky_five.adapter import SkyFiveAdapter

GAME = InstalledGame(SkyFiveAdapter(), extension="cogs.sky_five", pictures=(picture.__name__,))
