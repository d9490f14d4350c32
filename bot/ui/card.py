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
    link: str
    """The game's thread."""
    winners: Sequence[str] = ()
    """Those who won a finished game (none: it names no winner)."""
    abandoned: bool = False


def thread_name(title: str, host: str, words: Words) -> str:
    """ "Skyjo · Ana": the game and its host, within Discord's limit for a thread's name."""
    name = words("{game} · {host}", game=words(title), host=host)
    return name[:THREAD_NAME_LIMIT]


def card_embed(facts: CardFacts, words: Words) -> discord.Embed:
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
    else:
        state = words(ABANDONED) if facts.abandoned else words(CANCELLED)
    open_game = facts.status in ("lobby", "running")
    return discord.Embed(
        title=thread_name(facts.title, shown(facts.host), words),
        description="\n".join([state, words(TO_THREAD, link=facts.link)]),
        colour=OPEN_COLOUR if open_game else OVER_COLOUR,
    )
