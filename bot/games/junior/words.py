"""What happened in a Skyjo Junior game, in the reader's language: one line of the log per event."""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import Words
from bot.ui.grid_words import a_number, game_over
from games.core.grid import COLUMN_LETTERS, Geometry
from games.skyjo_junior.actions import Action
from games.skyjo_junior.events import (
    Dealt,
    Declined,
    Drew,
    Event,
    FinalReveal,
    GameOver,
    LastMoves,
    Reshuffled,
    Scored,
    Swapped,
    TookDiscard,
    TripleMade,
)
from games.skyjo_junior.view import JuniorView


def _replaced(value: int, was_hidden: bool, words: Words) -> str:
    if was_hidden:
        return words("a face-down {value}", value=value)
    return a_number(value, words)


def _triple(column: int, value: int, words: Words) -> str:
    """One scoring column: "5s in column A"."""
    return words("{value}s in column {column}", value=value, column=COLUMN_LETTERS[column])


def describe(event: Event, names: Sequence[str], geometry: Geometry, words: Words) -> str:
    """One event as a sentence of the log."""
    match event:
        case Dealt(starter=starter):
            return words(
                "The cards are dealt. {name} was drawn by lot to start.", name=names[starter]
            )
        case TookDiscard(seat=seat, value=value):
            return words(
                "{name} took the {value} from the discard pile.", name=names[seat], value=value
            )
        case Drew(seat=seat, value=value):
            card = a_number(value, words)
            return words("{name} drew {card}.", name=names[seat], card=card)
        case Reshuffled(cards=cards):
            return words.plural(
                "The draw pile ran out: the discard pile, less its top card, was shuffled into "
                "a new draw pile of {n} card.",
                "The draw pile ran out: the discard pile, less its top card, was shuffled into "
                "a new draw pile of {n} cards.",
                cards,
            )
        case Swapped(seat=seat, value=value, slot=slot, replaced=old, was_hidden=hidden):
            place = geometry.label(slot)
            replaced = _replaced(old, hidden, words)
            return words(
                "{name} put the {value} at {place}, discarding {replaced}.",
                name=names[seat],
                value=value,
                place=place,
                replaced=replaced,
            )
        case Declined(seat=seat, value=value, from_discard=True, slot=slot, revealed=revealed):
            card = a_number(revealed, words)
            place = geometry.label(slot)
            return words(
                "{name} put the {value} back on the discard pile and turned up {card} at {place}.",
                name=names[seat],
                value=value,
                card=card,
                place=place,
            )
        case Declined(seat=seat, value=value, slot=slot, revealed=revealed):
            card = a_number(revealed, words)
            place = geometry.label(slot)
            return words(
                "{name} discarded the {discarded} and turned up {card} at {place}.",
                name=names[seat],
                discarded=value,
                card=card,
                place=place,
            )
        case TripleMade(seat=seat, column=column, value=value):
            return words.plural(
                "{name} has a triple of {value}s in column {column}, worth {n} point.",
                "{name} has a triple of {value}s in column {column}, worth {n} points.",
                value,
                name=names[seat],
                value=value,
                column=COLUMN_LETTERS[column],
            )
        case LastMoves(finisher=finisher, following=following):
            others = words.listing([names[s] for s in following])
            return words.plural(
                "{name} has turned up every card: {others} has one last move.",
                "{name} has turned up every card: {others} have one last move each.",
                len(following),
                name=names[finisher],
                others=others,
            )
        case FinalReveal(seat=seat, values=values):
            turned = words.listing(values)
            return words.plural(
                "{name}'s last card is turned up: {cards}.",
                "{name}'s last cards are turned up: {cards}.",
                len(values),
                name=names[seat],
                cards=turned,
            )
        case Scored(seat=seat, columns=(), points=points):
            return words.plural(
                "{name} has no triple: {n} point.",
                "{name} has no triple: {n} points.",
                points,
                name=names[seat],
            )
        case Scored(seat=seat, columns=(column,), values=(value,), points=points):
            triple = _triple(column, value, words)
            return words.plural(
                "{name} scores {n} point: a triple of {triple}.",
                "{name} scores {n} points: a triple of {triple}.",
                points,
                name=names[seat],
                triple=triple,
            )
        case Scored(seat=seat, columns=columns, values=values, points=points):
            triples = words.listing(
                [_triple(c, v, words) for c, v in zip(columns, values, strict=True)]
            )
            return words.plural(
                "{name} scores {n} point: triples of {triples}.",
                "{name} scores {n} points: triples of {triples}.",
                points,
                name=names[seat],
                triples=triples,
            )
        case GameOver(winners=winners, points=points):
            return game_over([names[s] for s in winners], points[winners[0]], words)
    raise ValueError(f"not a Skyjo Junior event: {event!r}")


def _column_matches(view: JuniorView, seat: int, geometry: Geometry, slot: int, card: int) -> int:
    """How many face-up cards equal to `card` the column of `slot` holds, besides `slot`."""
    cards = view.players[seat].cards
    column = geometry.column_slots[geometry.column_of[slot]]
    return sum(1 for place in column if place != slot and cards[place] == card)


def hint(action: Action, view: JuniorView, geometry: Geometry, words: Words) -> str:
    """What the suggested move does for the player to move, in one sentence."""
    seat = view.current
    assert seat is not None
    if action.kind == "draw":
        return words(
            "Draw: the {card} on the discard pile fits none of your columns.",
            card=view.discard_top,
        )
    if action.kind == "take":
        return words("Take the {card}: it fits one of your columns.", card=view.discard_top)
    place = geometry.label(action.slot)
    if action.kind == "decline_flip":
        return words(
            "Decline the {card} and turn up the card at {place}: the {card} fits none of your "
            "columns.",
            card=view.held,
            place=place,
        )
    card = view.held
    assert card is not None
    column = geometry.column_of[action.slot]
    matches = _column_matches(view, seat, geometry, action.slot, card)
    if matches == geometry.rows - 1:
        return words.plural(
            "Put the {card} at {place}: it completes a triple of {card}s, {n} point.",
            "Put the {card} at {place}: it completes a triple of {card}s, {n} points.",
            card,
            card=card,
            place=place,
        )
    if matches:
        return words(
            "Put the {card} at {place}, beside the {card} in column {column}: one more makes "
            "a triple.",
            card=card,
            place=place,
            column=COLUMN_LETTERS[column],
        )
    return words(
        "Put the {card} at {place}: it starts a column of {card}s.", card=card, place=place
    )
