"""A game's card: the short message its channel keeps while the game plays in a thread of its
own. It says what is played, by whom, how it stands, and links to the thread."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import discord

from bot.i18n import N_, Words
from bot.storage.records import Status
from bot.ui.names import all_shown, shown

THREAD_NAME_LIMIT = 100
"""Discord's longest thread name."""
OPEN_COLOUR = discord.Colour.from_rgb(88, 101, 242)
OVER_COLOUR = discord.Colour.dark_grey()

LOBBY = N_("🪑 Open: {taken} of {most} seats taken. Join in the thread.")
PLAYING = N_("🎲 Playing: {players}.")
WON = N_("🏆 {winners} won. Played by {players}.")
SHARED = N_("🏆 {winners} share the victory. Played by {players}.")
NO_WINNER = N_("Ended without a winner. Played by {players}.")
CANCELLED = N_("Cancelled.")
ABANDONED = N_("Ended: its thread is gone.")
LOCKED = N_("Ended: a moderator locked its thread.")
NOT_OPENED = N_("This game could not be opened.")
OPENING = N_("Opening…")
TO_THREAD = N_("→ {link}")


@dataclass(frozen=True)
class CardFacts:
    """What a card shows of its game."""

    title: str
    """The game's title, in English (translated on the card)."""
    host: str
    status: Status
    players: Sequence[str]
    most: int
    """The most players the game seats."""
    link: str | None
    """The game's thread (None while it is being opened)."""
    winners: Sequence[str] = ()
    """Those who won a finished game (none: it names no winner)."""
    abandoned: bool = False
    note: str | None = None
    """Why a game that did not finish ended, when not cancelled by a player (a catalog
    message)."""


def thread_name(title: str, host: str, words: Words) -> str:
    """ "Skyjo · Ana": the game and its host, within Discord's limit for a thread's name."""
    name = words("{game} · {host}", game=words(title), host=host)
    return name[:THREAD_NAME_LIMIT]


def card_state(facts: CardFacts, words: Words) -> str:
    """How the game stands, in a line."""
    players = words.listing(all_shown(facts.players)) if facts.players else "—"
    if facts.status == "lobby":
        state = words(LOBBY, taken=len(facts.players), most=facts.most)
    elif facts.status == "running":
        state = words(PLAYING, players=players)
    elif facts.status == "finished":
        winners = words.listing(all_shown(facts.winners))
        if not facts.winners:
            state = words(NO_WINNER, players=players)
        elif len(facts.winners) == 1:
            state = words(WON, winners=winners, players=players)
        else:
            state = words(SHARED, winners=winners, players=players)
    elif facts.note is not None:
        state = words(facts.note)
    else:
        state = words(ABANDONED) if facts.abandoned else words(CANCELLED)
    return state


def card_embed(facts: CardFacts, words: Words) -> discord.Embed:
    open_game = facts.status in ("lobby", "running")
    gone = facts.abandoned and facts.note in (None, NOT_OPENED)
    lines = [card_state(facts, words)]
    if facts.link is not None and not gone:
        lines.append(words(TO_THREAD, link=facts.link))
    elif open_game:
        lines.append(words(OPENING))
    return discord.Embed(
        title=thread_name(facts.title, shown(facts.host), words),
        description="\n".join(lines),
        colour=OPEN_COLOUR if open_game else OVER_COLOUR,
    )


LISTED = 20
"""The most games a listing names (each line is short; an embed holds 4,096 characters)."""
LISTING = N_("Games in this channel's threads")
MORE = N_("…and {count} more in the channel's thread list.")


def games_listing(cards: Sequence[CardFacts], words: Words) -> discord.Embed:
    """The open games of a channel's threads, each with its link."""
    lines = [
        f"**{thread_name(facts.title, shown(facts.host), words)}** · "
        f"{card_state(facts, words)} {facts.link or ''}".rstrip()
        for facts in cards[:LISTED]
    ]
    if len(cards) > LISTED:
        lines.append(words(MORE, count=len(cards) - LISTED))
    return discord.Embed(title=words(LISTING), description="\n".join(lines), colour=OPEN_COLOUR)
