"""A whole Skyjo game as one seat may imagine it: what its view shows, and every card it cannot
see (each face-down card, the draw pile's order) drawn at random from the cards still unseen.

A search bot plays its candidate moves out in such games. It is given only the view, never the
game, so what it imagines cannot depend on the true deal: the same view and the same generator
give the same game.
"""

from __future__ import annotations

import random
from collections import Counter

from games.core.seats import Seat
from games.skyjo.cards import DECK_COUNTS
from games.skyjo.game import SkyjoGame
from games.skyjo.state import SkyjoState
from games.skyjo.view import SkyjoView


def unseen(view: SkyjoView) -> Counter[int]:
    """The cards the view does not show: the deck less every face-up card, the discard pile and
    the card drawn. They are the face-down cards and the draw pile, in some order."""
    counts = Counter(DECK_COUNTS)
    for player in view.players:
        counts.subtract(card for card in player.cards if type(card) is int)
    counts.subtract(view.discard)
    if view.drawn is not None:
        counts[view.drawn] -= 1
    return +counts


def sampled_game(view: SkyjoView, rng: random.Random) -> SkyjoGame:
    """A game in which `view.seat` sees exactly `view`, its unseen cards dealt by `rng`."""
    cards = list(unseen(view).elements())
    rng.shuffle(cards)
    dealt = iter(cards)
    values: list[list[int | None]] = []
    face_up: list[list[bool]] = []
    for player in view.players:
        values.append(
            [
                None if card == "cleared" else next(dealt) if card == "down" else card
                for card in player.cards
            ]
        )
        face_up.append([card != "down" for card in player.cards])
    state = SkyjoState(
        settings=view.settings,
        seats=tuple(Seat(name=player.name, bot=player.bot) for player in view.players),
        seed=rng.getrandbits(62),
        round=view.round,
        phase=view.phase,
        current=view.current if view.current is not None else 0,
        round_starter=None,
        values=values,
        face_up=face_up,
        draw_pile=list(dealt)[: view.draw_pile_size],
        discard=list(view.discard),
        drawn=view.drawn,
        opening_left=[player.opening_left for player in view.players],
        finisher=view.finisher,
        last_turns=view.last_turns,
        reshuffles=0,
        turns=view.turns,
        totals=[player.total for player in view.players],
        history=list(view.history),
        winners=view.winners,
        moves=view.moves,
    )
    return SkyjoGame.from_state(state)
