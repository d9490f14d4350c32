"""Pebbles, a tiny game that uses every part of the game contract Skyjo does not: no bots,
guest seats, a form, off-turn decisions with their own timer, the highest score winning with a
tie-break, and a picture on the table. It is installed only in the tests that need it.

On your turn you add 1 to 9 pebbles to your pile (buttons for 1–3, a form for any number).
Adding exactly 3 lets every other player, one after another, claim a pebble or pass. The game
ends when a pile reaches the target; the biggest pile wins, then the most claims.
"""

from tests.games.pebbles.game import Action, Added, Claimed, Passed, PebblesGame
from tests.games.pebbles.settings import PebblesSettings

__all__ = ["Action", "Added", "Claimed", "Passed", "PebblesGame", "PebblesSettings"]
