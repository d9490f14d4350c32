"""What happened in a Skyjo game, in the reader's language: one line of the log per event."""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import Words
from bot.ui.grid_words import a_number, card_text, game_over
from bot.ui.names import Points, signed
from games.core.grid import COLUMN_LETTERS, Geometry
from games.skyjo.actions import Action
from games.skyjo.events import (
    DiscardedAndFlipped,
    Drew,
    Event,
    FinalReveal,
    Finished,
    GameOver,
    LineCleared,
    Reshuffled,
    Revealed,
    RoundScored,
    RoundStarted,
    Starts,
    Swapped,
    TookDiscard,
)
from games.skyjo.view import SkyjoView


def _replaced(value: int, was_hidden: bool, words: Words) -> str:
    if was_hidden:
        return words("a face-down {value}", value=Points(value))
    return a_number(value, words)


def round_lines(
    names: Sequence[str],
    finisher: int,
    raw: Sequence[int],
    scores: Sequence[int],
    totals: Sequence[int],
    words: Words,
) -> list[str]:
    """A round's scores: the finisher's penalty and why, then each player's score and total."""
    lines = []
    if scores[finisher] != raw[finisher]:
        lines.append(
            words(
                "{name} ended the round without the strictly lowest score: {raw} becomes {score}.",
                name=names[finisher],
                raw=Points(raw[finisher]),
                score=Points(scores[finisher]),
            )
        )
    for seat, name in enumerate(names):
        score = signed(scores[seat])
        total = Points(totals[seat])
        lines.append(words("{name}: {score} (total {total})", name=name, score=score, total=total))
    return lines


def describe(event: Event, names: Sequence[str], geometry: Geometry, words: Words) -> str:
    """One event as a sentence of the log (several lines for a round's scores)."""
    match event:
        case RoundStarted(round=number, opening_flips=0):
            return words("Round {round} is dealt.", round=number)
        case RoundStarted(round=number, opening_flips=flips):
            return words.plural(
                "Round {round} is dealt: everyone turns up {n} card.",
                "Round {round} is dealt: everyone turns up {n} cards.",
                flips,
                round=number,
            )
        case Revealed(seat=seat, slot=slot, value=value):
            return words(
                "{name} turned up {card} at {place}.",
                name=names[seat],
                card=a_number(value, words),
                place=geometry.label(slot),
            )
        case Starts(seat=seat, revealed_total=None):
            return words("{name} ended the last round and starts this one.", name=names[seat])
        case Starts(seat=seat, revealed_total=int(total)):
            return words(
                "{name} starts, with the highest revealed total ({total}).",
                name=names[seat],
                total=Points(total),
            )
        case TookDiscard(seat=seat, value=value, slot=slot, replaced=old, was_hidden=hidden):
            return words(
                "{name} took the {value} from the discard pile and put it at {place}, "
                "discarding {replaced}.",
                name=names[seat],
                value=Points(value),
                place=geometry.label(slot),
                replaced=_replaced(old, hidden, words),
            )
        case Drew(seat=seat, value=value):
            return words("{name} drew {card}.", name=names[seat], card=a_number(value, words))
        case Reshuffled(cards=cards):
            return words.plural(
                "The draw pile ran out: the discard pile, less its top card, was shuffled into "
                "a new draw pile of {n} card.",
                "The draw pile ran out: the discard pile, less its top card, was shuffled into "
                "a new draw pile of {n} cards.",
                cards,
            )
        case Swapped(seat=seat, value=value, slot=slot, replaced=old, was_hidden=hidden):
            return words(
                "{name} put the {value} at {place}, discarding {replaced}.",
                name=names[seat],
                value=Points(value),
                place=geometry.label(slot),
                replaced=_replaced(old, hidden, words),
            )
        case DiscardedAndFlipped(seat=seat, discarded=discarded, slot=slot, value=value):
            return words(
                "{name} discarded the {discarded} and turned up {card} at {place}.",
                name=names[seat],
                discarded=Points(discarded),
                card=a_number(value, words),
                place=geometry.label(slot),
            )
        case LineCleared(seat=seat, line="column", position=position, value=value):
            return words(
                "{name}'s column {column} of {value}s is cleared onto the discard pile.",
                name=names[seat],
                column=COLUMN_LETTERS[position],
                value=Points(value),
            )
        case LineCleared(seat=seat, position=position, value=value):
            return words(
                "{name}'s row {row} of {value}s is cleared onto the discard pile.",
                name=names[seat],
                row=position + 1,
                value=Points(value),
            )
        case Finished(seat=seat):
            return words(
                "{name} has turned up every card: everyone else has one last turn.",
                name=names[seat],
            )
        case FinalReveal(seat=seat, values=values):
            turned = words.listing([card_text(value) for value in values])
            return words.plural(
                "{name}'s last card is turned up: {cards}.",
                "{name}'s last cards are turned up: {cards}.",
                len(values),
                name=names[seat],
                cards=turned,
            )
        case RoundScored(round=number, finisher=finisher, raw=raw, scores=scores, totals=totals):
            heading = words("Round {round} is over.", round=number)
            return "\n".join([heading, *round_lines(names, finisher, raw, scores, totals, words)])
        case GameOver(winners=winners, totals=totals):
            return game_over([names[s] for s in winners], totals[winners[0]], words)
    raise ValueError(f"not a Skyjo event: {event!r}")


def hint(action: Action, view: SkyjoView, geometry: Geometry, words: Words) -> str:
    """What the suggested move does for the player to move, in one sentence."""
    seat = view.current
    assert seat is not None
    cards = view.players[seat].cards
    if action.kind == "draw":
        return words(
            "Draw: the {card} on the discard pile would not improve your grid.",
            card=card_text(view.discard_top),
        )
    if action.kind == "flip":
        return words(
            "Discard the {card} and turn up the card at {place}: the {card} would not improve "
            "your grid.",
            card=card_text(view.drawn),
            place=geometry.label(action.slot),
        )
    card = view.discard_top if action.kind == "take" else view.drawn
    assert card is not None
    place = geometry.label(action.slot)
    old = cards[action.slot]
    if not isinstance(old, int):
        return words(
            "Put the {card} at {place}, on a face-down card: an unseen card is worth more on "
            "average.",
            card=Points(card),
            place=place,
        )
    if old > card:
        return words.plural(
            "Put the {card} at {place}, on your {old}: {n} point less.",
            "Put the {card} at {place}, on your {old}: {n} points less.",
            old - card,
            card=Points(card),
            place=place,
            old=Points(old),
        )
    return words(
        "Put the {card} at {place}, on your {old}: it works toward a column of {card}s.",
        card=Points(card),
        place=place,
        old=Points(old),
    )
