"""What happened in a Sky Five game, in the reader's language: one line of the log per event.

The engine knows colours by index only; they are named here. A card is written as a whole
phrase per colour ("the red {number}", "a Shooting Star {number}"), so that each language can
make its adjective agree with its noun ("le 4 rouge", "die rote 4"). A colour on its own is a
noun ("already has red face up").
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import N_, Words
from bot.ui.names import shown
from games.sky_five.actions import Action
from games.sky_five.cards import NUMBER, colour_of
from games.sky_five.events import (
    Banked,
    Busted,
    ChoosingRecipient,
    Discarded,
    Drew,
    Event,
    FinalRound,
    GameOver,
    Gave,
    Kept,
    NothingToBank,
    Passed,
    Rolled,
    SkyFive,
    Took,
)
from games.sky_five.view import SkyFiveView

COLOURS: tuple[str, ...] = (N_("red"), N_("yellow"), N_("green"), N_("blue"), N_("purple"))
"""Each colour's name, by colour index."""
STARS = N_("Shooting Stars")

CARDS: tuple[str, ...] = (
    N_("red {number}"),
    N_("yellow {number}"),
    N_("green {number}"),
    N_("blue {number}"),
    N_("purple {number}"),
    N_("Shooting Star {number}"),
)
"""A card without article, by colour index (the Shooting Stars last): in a list of cards."""

A_CARDS: tuple[str, ...] = (
    N_("a red {number}"),
    N_("a yellow {number}"),
    N_("a green {number}"),
    N_("a blue {number}"),
    N_("a purple {number}"),
    N_("a Shooting Star {number}"),
)

THE_CARDS: tuple[str, ...] = (
    N_("the red {number}"),
    N_("the yellow {number}"),
    N_("the green {number}"),
    N_("the blue {number}"),
    N_("the purple {number}"),
    N_("the Shooting Star {number}"),
)


def colour_name(card: int, words: Words) -> str:
    """The colour of a coloured card: "red"."""
    return words(COLOURS[colour_of(card)])


def card_name(card: int, words: Words) -> str:
    """A card in a list: "red 4", "Shooting Star 3"."""
    return words(CARDS[colour_of(card)], number=NUMBER[card])


def a_card(card: int, words: Words) -> str:
    """A card with the indefinite article: "a red 4"."""
    return words(A_CARDS[colour_of(card)], number=NUMBER[card])


def the_card(card: int, words: Words) -> str:
    """A card with the definite article: "the red 4"."""
    return words(THE_CARDS[colour_of(card)], number=NUMBER[card])


def card_list(cards: Sequence[int], words: Words) -> str:
    """ "red 6, yellow 2 and Shooting Star 1"."""
    return words.listing([card_name(card, words) for card in cards])


def pile_in_words(cards: Sequence[int], words: Words) -> str:
    """ "red 6, 4; yellow 2; Shooting Stars 5": a pile by colour, highest numbers first."""
    groups = []
    for colour, name in enumerate((*COLOURS, STARS)):
        numbers = sorted((NUMBER[c] for c in cards if colour_of(c) == colour), reverse=True)
        if numbers:
            groups.append(f"{words(name)} {', '.join(str(n) for n in numbers)}")
    return "; ".join(groups)


def either(names: Sequence[str], words: Words) -> str:
    """ "Leo or Zoe", "Leo, Max or Zoe"."""
    if len(names) <= 1:
        return "".join(names)
    return words("{first} or {last}", first=", ".join(names[:-1]), last=names[-1])


def _stake(name: str, cards: Sequence[int], words: Words) -> str:
    """The sentence offering a busted player's face-up cards to the others."""
    listed = card_list(cards, words)
    return words.plural(
        "The others may take from {name}'s {n} face-up card ({cards}).",
        "The others may take from {name}'s {n} face-up cards ({cards}).",
        len(cards),
        name=name,
        cards=listed,
    )


def describe(event: Event, names: Sequence[str], words: Words) -> str:
    """One event as a sentence of the log (several lines for the end of the game)."""
    match event:
        case Drew(seat=seat, card=card):
            drawn = a_card(card, words)
            return words("{name} draws {card}.", name=names[seat], card=drawn)
        case Kept(seat=seat, card=card):
            kept = the_card(card, words)
            return words("{name} keeps {card} face up.", name=names[seat], card=kept)
        case ChoosingRecipient(seat=seat, card=card, recipients=recipients):
            colour = colour_name(card, words)
            given = the_card(card, words)
            who = either([names[s] for s in recipients], words)
            return words(
                "{name} already has {colour} face up and chooses who gets {card}: {who}.",
                name=names[seat],
                colour=colour,
                card=given,
                who=who,
            )
        case Gave(seat=seat, to=to, card=card, chosen=True):
            given = the_card(card, words)
            return words("{name} gives {card} to {to}.", name=names[seat], card=given, to=names[to])
        case Gave(seat=seat, to=to, card=card):
            given = the_card(card, words)
            colour = colour_name(card, words)
            return words(
                "{name} gives {card} to {to}, the only player without {colour}.",
                name=names[seat],
                card=given,
                to=names[to],
                colour=colour,
            )
        case Rolled(seat=seat, roll=roll):
            return words("{name} rolls the die to bank: {roll}.", name=names[seat], roll=roll)
        case SkyFive(seat=seat):
            return words(
                "Sky Five! {name} has all five colours face up and banks at once.",
                name=names[seat],
            )
        case Banked(seat=seat, cards=cards, points=points):
            listed = card_list(cards, words)
            worth = words.plural("{n} point", "{n} points", points)
            return words.plural(
                "{name} banks {n} card ({cards}) for {points}.",
                "{name} banks {n} cards ({cards}) for {points}.",
                len(cards),
                name=names[seat],
                cards=listed,
                points=worth,
            )
        case Busted(seat=seat, cause="colour", value=value, cards=cards):
            colour = colour_name(value, words)
            discarded = the_card(value, words)
            bust = words(
                "Everyone already has {colour} face up: {name} busts and {card} is discarded.",
                colour=colour,
                name=names[seat],
                card=discarded,
            )
            return f"{bust} {_stake(names[seat], cards, words)}"
        case Busted(seat=seat, value=roll, cards=cards):
            matching = [card for card in cards if NUMBER[card] == roll]
            listed = card_list(matching, words)
            # English says the same of one matching card or several; French and German do not.
            bust = words.plural(
                "The {roll} matches {name}'s {cards}: {name} busts.",
                "The {roll} matches {name}'s {cards}: {name} busts.",
                len(matching),
                roll=roll,
                name=names[seat],
                cards=listed,
            )
            return f"{bust} {_stake(names[seat], cards, words)}"
        case Took(seat=seat, busted=busted, card=card):
            taken = the_card(card, words)
            return words(
                "{name} takes {card} from {busted}'s cards.",
                name=names[seat],
                card=taken,
                busted=names[busted],
            )
        case Passed(seat=seat, busted=busted):
            return words(
                "{name} takes nothing from {busted}'s cards.",
                name=names[seat],
                busted=names[busted],
            )
        case Discarded(seat=seat, cards=()):
            return words("Every one of {name}'s face-up cards was taken.", name=names[seat])
        case Discarded(seat=seat, cards=cards):
            listed = card_list(cards, words)
            return words.plural(
                "{name}'s remaining {cards} goes to the discard pile.",
                "{name}'s remaining {cards} go to the discard pile.",
                len(cards),
                name=names[seat],
                cards=listed,
            )
        case FinalRound(seat=seat):
            return words(
                "{name} drew the last card: the final round begins. Everyone has one last turn, "
                "on which they must bank their face-up cards.",
                name=names[seat],
            )
        case NothingToBank(seat=seat):
            return words("{name} has no face-up cards: their final turn passes.", name=names[seat])
        case GameOver(scores=scores, cards=banked, winners=winners):
            return "\n".join(_game_over(scores, banked, winners, names, words))
    raise ValueError(f"not a Sky Five event: {event!r}")


def _game_over(
    scores: Sequence[int],
    banked: Sequence[int],
    winners: Sequence[int],
    names: Sequence[str],
    words: Words,
) -> list[str]:
    """ "Game over.", each player's points and banked cards, then who won."""
    lines = [words("Game over.")]
    for seat, name in enumerate(names):
        worth = words.plural("{n} point", "{n} points", scores[seat])
        lines.append(
            words.plural(
                "{name}: {points} from {n} banked card",
                "{name}: {points} from {n} banked cards",
                banked[seat],
                name=name,
                points=worth,
            )
        )
    best = scores[winners[0]]
    tied = sum(score == best for score in scores)
    who = [names[s] for s in winners]
    if len(who) > 1:
        together = words.listing(who)
        lines.append(words("{who} share the victory.", who=together))
    elif tied > 1:
        lines.append(
            words.plural(
                "{name} wins the tie on {n} point with the most banked cards.",
                "{name} wins the tie on {n} points with the most banked cards.",
                best,
                name=who[0],
            )
        )
    else:
        lines.append(words("{name} wins.", name=who[0]))
    return lines


def _risk(cards: Sequence[int]) -> tuple[int, int]:
    """The points of face-up cards, and how many faces of the die (1–6) would bust them."""
    return sum(NUMBER[card] for card in cards), len({NUMBER[card] for card in cards} - {0})


def hint(action: Action, view: SkyFiveView, words: Words) -> str:
    """What the suggested move does for the player to decide, in one sentence."""
    seat = view.to_move[0]
    hand = view.players[seat].face_up
    points, faces = _risk(hand)
    if action.kind == "bank":
        stake = words.plural(
            "Bank: {n} point is at stake.", "Bank: {n} points are at stake.", points
        )
        risk = words.plural(
            "{n} face of the die in 6 busts you.", "{n} faces of the die in 6 bust you.", faces
        )
        return f"{stake} {risk}"
    if action.kind == "draw":
        if not hand:
            return words("Draw: you have no face-up card to bank yet.")
        risk = words.plural(
            "Draw: only {n} face of the die in 6 would bust you.",
            "Draw: only {n} faces of the die in 6 would bust you.",
            faces,
        )
        stake = words.plural("{n} point is at stake.", "{n} points are at stake.", points)
        return f"{risk} {stake}"
    if action.kind == "give":
        assert view.pending is not None
        return words(
            "Give {card} to {name}: of those who may get it, they gain least from it.",
            card=the_card(view.pending, words),
            name=shown(view.players[action.target].name),
        )
    if action.kind == "take":
        assert view.busted is not None
        card = view.players[view.busted].face_up[action.target]
        return words(
            "Take {card}: it is worth {number} and adds a colour you lack.",
            card=the_card(card, words),
            number=NUMBER[card],
        )
    return words("Pass: no card here is worth a new number for the die to hit.")
