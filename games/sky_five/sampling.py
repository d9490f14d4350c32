"""A whole Sky Five game as one seat may imagine it: what its view shows, and every card it
cannot see (the draw pile's order, the cards removed at setup, the other players' banked piles)
drawn at random from the cards still unseen.

A search bot plays its candidate moves out in such games. It is given only the view, never the
game, so what it imagines cannot depend on the true deal: the same view and the same generator
give the same game.

What the view leaves out is chosen so that the game plays on by the rules: a fresh seed from the
generator rolls the die from now on, so the rolls counted so far no longer matter and start
again from none, as do the busts and Sky Fives, which are only counted; during a bust, the
players still to be offered a card are those from the one deciding on, clockwise up to the
busted player, less those who have had their final turn; a finished game's seat to move, no
longer used, is the first.
"""

from __future__ import annotations

import random
from collections import Counter

from games.core.seats import Seat
from games.sky_five.cards import deck_counter
from games.sky_five.game import SkyFiveGame
from games.sky_five.state import SkyFiveState
from games.sky_five.view import SkyFiveView


def unseen(view: SkyFiveView) -> Counter[int]:
    """The cards the view does not show: the deck less every face-up card, every banked pile
    shown, the discard pile and the card waiting for its recipient. They are the draw pile, the
    removed cards and the banked piles not shown, in some order."""
    counts = deck_counter()
    for player in view.players:
        counts.subtract(player.face_up)
        if player.banked is not None:
            counts.subtract(player.banked)
    counts.subtract(view.discard)
    if view.pending is not None:
        counts[view.pending] -= 1
    return +counts


def _takers(view: SkyFiveView) -> list[int]:
    """During a bust, the players still to be offered the busted player's cards, in order."""
    if view.phase != "bust":
        return []
    n = len(view.players)
    deciding = view.to_move[0]
    following = ((deciding + k) % n for k in range(n))
    takers = []
    for seat in following:
        if seat == view.busted:
            break
        if not view.players[seat].final_turn_done:
            takers.append(seat)
    return takers


def sampled_game(view: SkyFiveView, rng: random.Random) -> SkyFiveGame:
    """A game in which `view.seat` sees exactly `view`, its unseen cards dealt by `rng`."""
    cards = list(unseen(view).elements())
    rng.shuffle(cards)
    draw_pile = cards[: view.draw_pile_size]
    del cards[: view.draw_pile_size]
    removed = cards[: view.removed_count]
    del cards[: view.removed_count]
    banked: list[list[int]] = []
    for player in view.players:
        if player.banked is not None:
            banked.append(list(player.banked))
        else:
            banked.append(cards[: player.banked_count])
            del cards[: player.banked_count]
    state = SkyFiveState(
        settings=view.settings,
        seats=tuple(Seat(name=player.name, bot=player.bot) for player in view.players),
        seed=rng.getrandbits(62),
        phase=view.phase,
        first=view.first,
        current=view.current if view.current is not None else 0,
        draw_pile=draw_pile,
        removed=removed,
        discard=list(view.discard),
        face_up=[list(player.face_up) for player in view.players],
        banked=banked,
        pending=view.pending,
        busted=view.busted,
        takers=_takers(view),
        final_round=view.final_round,
        final_done=[player.final_turn_done for player in view.players],
        rolls=0,
        busts=0,
        sky_fives=0,
        winners=view.winners,
        moves=view.moves,
        last_roll=view.last_roll,
    )
    return SkyFiveGame.from_state(state)
