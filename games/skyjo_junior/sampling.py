"""A whole Skyjo Junior game as one seat may imagine it: what its view shows, and every card it
cannot see (each face-down card, the draw pile's order) drawn at random from the cards still
unseen.

A search bot plays its candidate moves out in such games. It is given only the view, never the
game, so what it imagines cannot depend on the true deal: the same view and the same generator
give the same game.

What the view leaves out is chosen so that the game plays on by the rules: a fresh seed from the
generator orders any later reshuffle of the discard pile, so the reshuffles counted so far no
longer matter and start again from none; each turn is two moves (take or draw, then swap or
decline), so the turns played are half the moves; a finished game's points are the points its
view shows, and its seat to move, no longer used, is the first.
"""

from __future__ import annotations

import random
from collections import Counter

from games.core.seats import Seat
from games.skyjo_junior.cards import deck_counter
from games.skyjo_junior.game import JuniorGame
from games.skyjo_junior.state import JuniorState
from games.skyjo_junior.view import JuniorView


def unseen(view: JuniorView) -> Counter[int]:
    """The cards the view does not show: the deck less every face-up card, the discard pile and
    the card held. They are the face-down cards and the draw pile, in some order."""
    counts = deck_counter(view.settings.copies_per_value)
    for player in view.players:
        counts.subtract(card for card in player.cards if type(card) is int)
    counts.subtract(view.discard)
    if view.held is not None:
        counts[view.held] -= 1
    return +counts


def sampled_game(view: JuniorView, rng: random.Random) -> JuniorGame:
    """A game in which `view.seat` sees exactly `view`, its unseen cards dealt by `rng`."""
    cards = list(unseen(view).elements())
    rng.shuffle(cards)
    dealt = iter(cards)
    values: list[list[int]] = []
    face_up: list[list[bool]] = []
    for player in view.players:
        values.append([next(dealt) if card == "down" else card for card in player.cards])
        face_up.append([card != "down" for card in player.cards])
    over = view.phase == "over"
    state = JuniorState(
        settings=view.settings,
        seats=tuple(Seat(name=player.name, bot=player.bot) for player in view.players),
        seed=rng.getrandbits(62),
        starter=view.starter,
        phase=view.phase,
        current=view.current if view.current is not None else 0,
        values=values,
        face_up=face_up,
        draw_pile=list(dealt)[: view.draw_pile_size],
        discard=list(view.discard),
        held=view.held,
        held_from=view.held_from,
        finisher=view.finisher,
        last_moves=view.last_moves,
        reshuffles=0,
        turns=view.moves // 2,
        points=tuple(player.visible_points for player in view.players) if over else None,
        winners=view.winners,
        moves=view.moves,
    )
    return JuniorGame.from_state(state)
