"""The baselines behave exactly as the issue defines them, on scripted positions."""

from __future__ import annotations

import dataclasses
import random
from typing import Any, Literal

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from games.sky_five import bank, draw, give, pass_, take
from games.sky_five.bots import CautiousPolicy
from games.sky_five.cards import card
from games.sky_five.simulation import create as create_sky_five
from games.skyjo.actions import DRAW, FLIP, SWAP, TAKE, Action
from games.skyjo.policies import GreedyPolicy
from games.skyjo.simulation import create as create_skyjo
from games.skyjo_junior.actions import DECLINE_FLIP
from games.skyjo_junior.actions import DRAW as J_DRAW
from games.skyjo_junior.actions import SWAP as J_SWAP
from games.skyjo_junior.actions import TAKE as J_TAKE
from games.skyjo_junior.bots import GreedyPolicy as JuniorGreedy
from games.skyjo_junior.simulation import create as create_junior

D = "down"


def skyjo_view(cards: list[Any], top: int, drawn: int | None = None) -> Any:
    view = create_skyjo(2, 1).view(0)
    players = list(view.players)
    players[0] = dataclasses.replace(players[0], cards=tuple(cards))
    phase: Literal["turn", "drawn"] = "turn" if drawn is None else "drawn"
    return dataclasses.replace(
        view, players=tuple(players), discard=(top,), drawn=drawn, phase=phase, current=0
    )


def skyjo_actions(cards: list[Any], drawn: bool) -> list[Action]:
    if drawn:
        return [SWAP[s] for s in range(12)] + [FLIP[s] for s, c in enumerate(cards) if c == D]
    return [DRAW] + [TAKE[s] for s in range(12)]


GRID = [5, D, D, D, D, 9, D, D, D, D, 2, D]


@pytest.mark.parametrize(
    ("cards", "top", "drawn", "expected"),
    [
        (GRID, 3, None, TAKE[5]),  # lower than the highest face-up card (9)
        (GRID, 9, None, DRAW),  # not lower than 9, and above 0
        (GRID, 12, None, DRAW),
        ([-1, D, D, D, -2, D, D, D, D, D, D, D], -2, None, TAKE[0]),  # lower than the -1
        ([-1, D, D, D, -2, D, D, D, D, D, D, D], 1, None, DRAW),
        ([0, -1, -2, -1] * 3, 0, None, DRAW),  # ≤ 0 but no lower, and nothing face down
        ([0, -1, -2, -1] * 3, -1, None, TAKE[0]),
        (GRID, 20, 8, SWAP[5]),  # a drawn 8 goes on the 9
        ([7, 7, D, D, D, D, D, D, D, D, D, D], 20, 3, SWAP[0]),  # first of equal highest
    ],
)
def test_skyjo_greedy(cards: list[Any], top: int, drawn: int | None, expected: Action) -> None:
    view = skyjo_view(cards, top, drawn)
    actions = skyjo_actions(cards, drawn is not None)
    assert GreedyPolicy(random.Random(1)).choose(actions, lambda: view) == expected


def test_skyjo_greedy_discards_and_flips_a_random_face_down_card() -> None:
    view = skyjo_view(GRID, 20, 9)
    actions = skyjo_actions(GRID, True)
    chosen = {GreedyPolicy(random.Random(s)).choose(actions, lambda: view) for s in range(40)}
    assert {a.kind for a in chosen} == {"flip"}
    assert len(chosen) > 3
    assert all(GRID[a.slot] == D for a in chosen)


@pytest.mark.parametrize("top", [0, -1])
def test_skyjo_greedy_puts_a_card_no_lower_but_at_most_0_on_a_random_face_down_card(
    top: int,
) -> None:
    # the position two greedy baselines used to pass a 0 and a -1 back and forth in: a 0 or
    # a -1 on the -1 would leave the grid no better
    cards = [D, D, D, -1, D, D, D, D, D, D, D, -1]
    view = skyjo_view(cards, top)
    actions = skyjo_actions(cards, False)
    chosen = {GreedyPolicy(random.Random(s)).choose(actions, lambda: view) for s in range(40)}
    assert {a.kind for a in chosen} == {"take"}
    assert len(chosen) > 3
    assert all(cards[a.slot] == D for a in chosen)


SLOT = st.one_of(st.just(D), st.integers(-2, 12))


@settings(max_examples=300, deadline=None)
@given(st.lists(SLOT, min_size=12, max_size=12), st.integers(-2, 12), st.booleans(), st.data())
def test_skyjo_greedy_never_takes_a_card_that_leaves_its_grid_no_better(
    cards: list[Any], top: int, drawn: bool, data: st.DataObject
) -> None:
    assume(D in cards or not drawn)  # a drawn card always has a face-down card to turn up
    card = data.draw(st.integers(-2, 12)) if drawn else None
    view = skyjo_view(cards, top, card)
    actions = skyjo_actions(cards, drawn)
    chosen = GreedyPolicy(random.Random(data.draw(st.integers(0, 99)))).choose(
        actions, lambda: view
    )
    face_up = [c for c in cards if c != D]
    if chosen.kind == "take":
        placed = cards[chosen.slot]
        assert top < placed if placed != D else top <= 0 and not any(top < c for c in face_up)
    elif chosen.kind == "swap":
        assert card is not None
        assert cards[chosen.slot] != D and card < cards[chosen.slot] == max(face_up)
    elif chosen.kind == "flip":
        assert card is not None and not any(card < c for c in face_up)
    else:
        assert chosen == DRAW
        assert not any(top < c for c in face_up) and (top > 0 or D not in cards)


def junior_view(cards: list[Any], top: int, held: int | None = None) -> Any:
    view = create_junior(2, 1).view(0)
    players = list(view.players)
    players[0] = players[0].model_copy(update={"cards": tuple(cards)})
    phase = "turn" if held is None else "holding"
    return view.model_copy(
        update={
            "players": tuple(players),
            "discard": (top,),
            "held": held,
            "held_from": None if held is None else "draw",
            "phase": phase,
            "current": 0,
        }
    )


# columns are slots (0, 4, 8), (1, 5, 9), (2, 6, 10), (3, 7, 11)
J_GRID = [5, 3, D, D, 8, D, D, D, D, 3, D, 6]
TRIPLE = [5, D, D, D, 5, D, D, D, 5, D, D, D]


@pytest.mark.parametrize(
    ("cards", "top", "held", "expected"),
    [
        (J_GRID, 5, None, J_TAKE),  # matches the 5 of column A
        (J_GRID, 7, None, J_DRAW),  # matches nothing
        (J_GRID, 5, 5, J_SWAP[4]),  # on the 8, a face-up card that does not match
        (J_GRID, 20, 3, J_SWAP[5]),  # column B: 3, down, 3 -> on the face-down card
        (J_GRID, 20, 6, J_SWAP[3]),  # column D: first face-down card from the top
        (TRIPLE, 5, None, J_DRAW),  # the only 5s are a triple already
    ],
)
def test_junior_greedy(cards: list[Any], top: int, held: int | None, expected: Any) -> None:
    view = junior_view(cards, top, held)
    if held is None:
        actions = [J_TAKE, J_DRAW]
    else:
        actions = list(J_SWAP) + [DECLINE_FLIP[s] for s, c in enumerate(cards) if c == D]
    assert JuniorGreedy(random.Random(1)).choose(actions, lambda: view) == expected


def test_junior_greedy_declines_and_flips_a_random_face_down_card() -> None:
    view = junior_view(J_GRID, 20, 7)
    actions = list(J_SWAP) + [DECLINE_FLIP[s] for s, c in enumerate(J_GRID) if c == D]
    chosen = {JuniorGreedy(random.Random(s)).choose(actions, lambda: view) for s in range(40)}
    assert {a.kind for a in chosen} == {"decline_flip"}
    assert len(chosen) > 3


def sky_five_view(face_up: list[list[int]], busted: int | None = None) -> Any:
    view = create_sky_five(3, 1).view(0)
    players = [
        p.model_copy(update={"face_up": tuple(cards)})
        for p, cards in zip(view.players, face_up, strict=True)
    ]
    return view.model_copy(update={"players": tuple(players), "busted": busted})


R, Y, G, B = 0, 1, 2, 3


@pytest.mark.parametrize(
    ("mine", "expected"),
    [
        ([card(R, 1), card(Y, 2)], draw()),
        ([card(R, 1), card(Y, 2), card(G, 0)], bank()),
        ([card(R, 1), card(Y, 2), card(G, 0), card(5, 4)], bank()),
    ],
)
def test_cautious_banks_at_three_cards(mine: list[int], expected: Any) -> None:
    view = sky_five_view([mine, [], []])
    assert CautiousPolicy(random.Random(1)).choose([draw(), bank()], lambda: view) == expected


def test_cautious_gives_to_a_random_eligible_player() -> None:
    actions = [give(1), give(2)]
    view = sky_five_view([[], [], []])
    chosen = {CautiousPolicy(random.Random(s)).choose(actions, lambda: view) for s in range(30)}
    assert chosen == set(actions)


def test_cautious_takes_the_highest_eligible_card() -> None:
    busted = [card(R, 2), card(B, 5), card(G, 5), card(Y, 6)]
    view = sky_five_view([[], busted, []], busted=1)
    # yellow is not eligible (we hold yellow): the 6 is not offered
    actions = [take(0), take(1), take(2), pass_()]
    assert CautiousPolicy(random.Random(1)).choose(actions, lambda: view) == take(1)
    assert CautiousPolicy(random.Random(1)).choose([pass_()], lambda: view) == pass_()
