"""Bots never read hidden information: changing face-down cards, the draw pile's order (and,
in Sky Five, the removed cards and others' banked cards) never changes a bot's choice."""

from __future__ import annotations

import random
from functools import partial
from typing import Any

import pytest

from games.sky_five import SkyFiveGame
from games.sky_five.levels import BOTS as SKY_FIVE_BOTS
from games.sky_five.simulation import create as create_sky_five
from games.skyjo import SkyjoGame
from games.skyjo.levels import BOTS as SKYJO_BOTS
from games.skyjo.simulation import create as create_skyjo
from games.skyjo_junior import JuniorGame
from games.skyjo_junior.levels import BOTS as JUNIOR_BOTS
from games.skyjo_junior.simulation import create as create_junior


def advance(game: Any, bots: dict[str, Any], name: str, moves: int, seed: int) -> None:
    rng = random.Random(seed)
    policy = bots[name](rng)
    for _ in range(moves):
        if not game.to_move:
            return
        seat = game.to_move[0]
        game.apply(seat, policy.choose(game.legal_actions(seat), partial(game.view, seat)))


def same_choice(first: Any, second: Any, factory: Any) -> None:
    seat = first.to_move[0]
    assert second.to_move[0] == seat
    for salt in range(3):
        one = factory(random.Random(salt)).choose(
            first.legal_actions(seat), lambda: first.view(seat)
        )
        two = factory(random.Random(salt)).choose(
            second.legal_actions(seat), lambda: second.view(seat)
        )
        assert one == two


def skyjo_hidden_changed(game: SkyjoGame, seed: int) -> SkyjoGame:
    state = game.to_state()
    places = [
        (s, slot)
        for s, values in enumerate(state.values)
        for slot, value in enumerate(values)
        if value is not None and not state.face_up[s][slot]
    ]
    cards: list[Any] = [state.values[s][slot] for s, slot in places]
    cards += state.draw_pile
    random.Random(seed).shuffle(cards)
    for (s, slot), card in zip(places, cards, strict=False):
        state.values[s][slot] = card
    state.draw_pile = cards[len(places) :]
    return SkyjoGame.from_state(state)


def junior_hidden_changed(game: JuniorGame, seed: int) -> JuniorGame:
    state = game.to_state()
    places = [
        (s, slot)
        for s, values in enumerate(state.values)
        for slot in range(len(values))
        if not state.face_up[s][slot]
    ]
    cards = [state.values[s][slot] for s, slot in places] + state.draw_pile
    random.Random(seed).shuffle(cards)
    for (s, slot), card in zip(places, cards, strict=False):
        state.values[s][slot] = card
    state.draw_pile = cards[len(places) :]
    return JuniorGame.from_state(state)


def sky_five_hidden_changed(game: SkyFiveGame, seat: int, seed: int) -> SkyFiveGame:
    state = game.to_state()
    others = [s for s in range(len(state.banked)) if s != seat]
    cards = state.draw_pile + state.removed + [c for s in others for c in state.banked[s]]
    random.Random(seed).shuffle(cards)
    sizes = [len(state.draw_pile), len(state.removed)] + [len(state.banked[s]) for s in others]
    parts = []
    for size in sizes:
        parts.append(cards[:size])
        cards = cards[size:]
    state.draw_pile, state.removed = parts[0], parts[1]
    for s, part in zip(others, parts[2:], strict=True):
        state.banked[s] = part
    return SkyFiveGame.from_state(state)


@pytest.mark.parametrize("name", ["easy", "normal", "hard", "greedy"])
@pytest.mark.parametrize("seed", [3, 11, 29])
def test_skyjo_bots_ignore_hidden_cards(name: str, seed: int) -> None:
    for moves in (1, 9, 30, 61):
        game = create_skyjo(3, seed)
        advance(game, SKYJO_BOTS, "normal", moves, seed)
        if game.to_move:
            same_choice(game, skyjo_hidden_changed(game, seed + moves), SKYJO_BOTS[name])


@pytest.mark.parametrize("name", ["easy", "normal", "hard", "greedy"])
@pytest.mark.parametrize("seed", [3, 11, 29])
def test_junior_bots_ignore_hidden_cards(name: str, seed: int) -> None:
    for moves in (0, 7, 20, 41):
        game = create_junior(3, seed)
        advance(game, JUNIOR_BOTS, "normal", moves, seed)
        if game.to_move:
            same_choice(game, junior_hidden_changed(game, seed + moves), JUNIOR_BOTS[name])


@pytest.mark.parametrize("name", ["easy", "normal", "hard", "cautious"])
@pytest.mark.parametrize("seed", [3, 11, 29])
def test_sky_five_bots_ignore_hidden_cards(name: str, seed: int) -> None:
    for moves in (0, 5, 17, 40):
        game = create_sky_five(3, seed)
        advance(game, SKY_FIVE_BOTS, "normal", moves, seed)
        if game.to_move:
            seat = game.to_move[0]
            changed = sky_five_hidden_changed(game, seat, seed + moves)
            same_choice(game, changed, SKY_FIVE_BOTS[name])
