"""What happened, as small immutable records a table can narrate and a log can store.

Events are cheap to create on the engine's hot path; their words are produced only when asked,
by `describe(names)`. Cards are the ints of `games.sky_five.cards`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, NamedTuple

from games.core.events import EventCodec
from games.core.words import counted, listing
from games.sky_five.cards import NUMBER, card_name, colour_name

BustCause = Literal["colour", "roll"]


def _cards(cards: Sequence[int]) -> str:
    return listing([card_name(c) for c in cards])


class Drew(NamedTuple):
    seat: int
    card: int
    left: int
    """Cards left in the draw pile after this one."""

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.seat]} draws a {card_name(self.card)}."


class Kept(NamedTuple):
    seat: int
    card: int

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.seat]} keeps the {card_name(self.card)} face up."


class ChoosingRecipient(NamedTuple):
    seat: int
    card: int
    recipients: tuple[int, ...]

    def describe(self, names: Sequence[str]) -> str:
        who = listing([names[s] for s in self.recipients]).replace(" and ", " or ")
        return (
            f"{names[self.seat]} already has {colour_name(self.card)} face up and chooses who "
            f"gets the {card_name(self.card)}: {who}."
        )


class Gave(NamedTuple):
    seat: int
    to: int
    card: int
    chosen: bool
    """False when the receiver was the only player without that colour."""

    def describe(self, names: Sequence[str]) -> str:
        text = f"{names[self.seat]} gives the {card_name(self.card)} to {names[self.to]}"
        if self.chosen:
            return text + "."
        return f"{text}, the only player without {colour_name(self.card)}."


class Rolled(NamedTuple):
    seat: int
    roll: int

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.seat]} rolls the die to bank: {self.roll}."


class SkyFive(NamedTuple):
    seat: int

    def describe(self, names: Sequence[str]) -> str:
        return f"Sky Five! {names[self.seat]} has all five colours face up and banks at once."


class Banked(NamedTuple):
    seat: int
    cards: tuple[int, ...]
    points: int
    total: int
    """The seat's banked points after this bank."""

    def describe(self, names: Sequence[str]) -> str:
        return (
            f"{names[self.seat]} banks {counted(len(self.cards), 'card')} "
            f"({_cards(self.cards)}) for {counted(self.points, 'point')}."
        )


class Busted(NamedTuple):
    seat: int
    cause: BustCause
    value: int
    """The drawn card (cause "colour") or the roll (cause "roll")."""
    cards: tuple[int, ...]
    """The busted player's face-up cards, now at stake."""

    def describe(self, names: Sequence[str]) -> str:
        name = names[self.seat]
        stake = f"{name}'s {counted(len(self.cards), 'face-up card')} ({_cards(self.cards)})"
        if self.cause == "colour":
            return (
                f"Everyone already has {colour_name(self.value)} face up: {name} busts and the "
                f"{card_name(self.value)} is discarded. The others may take from {stake}."
            )
        matching = [card_name(c) for c in self.cards if NUMBER[c] == self.value]
        return (
            f"The {self.value} matches {name}'s {listing(matching)}: {name} busts. "
            f"The others may take from {stake}."
        )


class Took(NamedTuple):
    seat: int
    busted: int
    card: int

    def describe(self, names: Sequence[str]) -> str:
        return (
            f"{names[self.seat]} takes the {card_name(self.card)} from {names[self.busted]}'s "
            "cards."
        )


class Passed(NamedTuple):
    seat: int
    busted: int

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.seat]} takes nothing from {names[self.busted]}'s cards."


class Discarded(NamedTuple):
    seat: int
    cards: tuple[int, ...]

    def describe(self, names: Sequence[str]) -> str:
        if not self.cards:
            return f"Every one of {names[self.seat]}'s face-up cards was taken."
        return f"{names[self.seat]}'s remaining {_cards(self.cards)} go to the discard pile."


class FinalRound(NamedTuple):
    seat: int
    """Who drew the last card."""

    def describe(self, names: Sequence[str]) -> str:
        return (
            f"{names[self.seat]} drew the last card: the final round begins. Everyone has one "
            "last turn, on which they must bank their face-up cards."
        )


class NothingToBank(NamedTuple):
    seat: int

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.seat]} has no face-up cards: their final turn passes."


class GameOver(NamedTuple):
    scores: tuple[int, ...]
    cards: tuple[int, ...]
    """Banked cards per seat: the first tiebreak."""
    winners: tuple[int, ...]

    def describe(self, names: Sequence[str]) -> str:
        lines = ["Game over."]
        for seat, name in enumerate(names):
            lines.append(
                f"{name}: {counted(self.scores[seat], 'point')} from "
                f"{counted(self.cards[seat], 'banked card')}"
            )
        best = self.scores[self.winners[0]]
        tied = sum(score == best for score in self.scores)
        who = [names[s] for s in self.winners]
        if len(who) > 1:
            lines.append(f"{listing(who)} share the victory.")
        elif tied > 1:
            lines.append(f"{who[0]} wins the tie on {best} points with the most banked cards.")
        else:
            lines.append(f"{who[0]} wins.")
        return "\n".join(lines)


Event = (
    Drew
    | Kept
    | ChoosingRecipient
    | Gave
    | Rolled
    | SkyFive
    | Banked
    | Busted
    | Took
    | Passed
    | Discarded
    | FinalRound
    | NothingToBank
    | GameOver
)

CODEC = EventCodec[Event](
    Drew,
    Kept,
    ChoosingRecipient,
    Gave,
    Rolled,
    SkyFive,
    Banked,
    Busted,
    Took,
    Passed,
    Discarded,
    FinalRound,
    NothingToBank,
    GameOver,
)
