"""Skyjo Junior: the rules engine, its settings, actions, events and views.

The engine follows the published text. Where the text is silent, these rulings apply:

- **Deck**: the text gives none. The default deck holds the values 1 to 12, ten of each (120
  cards); the host setting "copies of each card value" (`copies_per_value`, 4 to 20) changes the
  copies. A deck that cannot deal twelve cards to every seat, start the discard pile and leave
  at least one card to draw is refused when the game is created.
- **Players**: 2 to 8.
- **First player**: drawn by lot from the game's seed (the text's "youngest player" cannot be
  known at a chat table).
- **No opening flips**: every card starts face down.
- **A turn**: take the top discard or draw; the card is then held, face up. Either swap it with
  any of your cards, face up or face down (the replaced card goes face up onto the discard pile),
  or decline it: it goes onto the discard pile, even when it was just taken from there, and you
  turn up one of your face-down cards. Declining and turning up is one action naming the card.
- **Triples stay in place**: a column of three equal cards is not removed; it is scored at the
  end. A triple can be broken again by a later swap.
- **End**: once a player has every card face up at the end of their turn, each following player,
  in turn order, has exactly one more move; then every remaining card is turned up and each
  column of three equal cards scores its card value (a triple of 5s scores 5). Most points wins;
  equal highest scores share the victory. One deal is one game.
- **Empty draw pile**: when a player draws from an empty pile, the discard pile less its top card
  is shuffled into a new draw pile. Drawing is therefore always possible: the deck-size check
  leaves at least two cards outside the grids, so when the draw pile is empty at the start of a
  turn the discard pile holds at least two.
- **Time per turn** (`turn_seconds`, default 60, 10 to 3600 or none) and **hints** (`hints`,
  default on: the player to move may ask what a strong bot would do) are carried for the table.
"""

from games.core.randomness import Shuffler
from games.skyjo_junior.actions import Action, decline_flip, draw, swap, take
from games.skyjo_junior.game import JuniorGame, first_player
from games.skyjo_junior.settings import JuniorSettings
from games.skyjo_junior.state import JuniorState
from games.skyjo_junior.view import JuniorView

__all__ = [
    "Action",
    "JuniorGame",
    "JuniorSettings",
    "JuniorState",
    "JuniorView",
    "Shuffler",
    "decline_flip",
    "draw",
    "first_player",
    "swap",
    "take",
]
