"""Games opened in threads of their own, as their players see them: the card in the channel, the
thread it starts, and the game's messages in that thread."""

from __future__ import annotations

import random
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from bot.sessions.session import GameSession
from tests.e2e.harness import Table, button, shown, until
from tests.e2e.skyjo_play import choose_opening_cards, play_turn_well, skyjo
from tests.standin import Channel, InteractionResult, StoredMessage


@dataclass
class ThreadGame:
    """A game played in the thread started from its card in `parent`."""

    parent: Channel
    card_id: int
    thread: Channel
    players: list[str]
    """Who sits at each seat, by the table's user names."""


def card(t: Table, game: ThreadGame) -> StoredMessage:
    """The game's card as the channel shows it now."""
    found = [m for m in t.dc.messages(game.parent) if m.id == game.card_id]
    assert found, f"card {game.card_id} not in #{game.parent.name}"
    return found[0]


def card_title(t: Table, game: ThreadGame) -> str:
    return str(card(t, game).embeds[0]["title"])


def card_text(t: Table, game: ThreadGame) -> str:
    """The card's lines under its title: how the game stands, and the link to its thread."""
    return str(card(t, game).embeds[0].get("description", ""))


async def card_says(t: Table, game: ThreadGame, line: str) -> str:
    """Wait until the card's first line is `line` (cards are edited in the background)."""
    await until(
        lambda: card_text(t, game).split("\n")[0] == line,
        f"the card to say {line!r} (it says {card_text(t, game)!r})",
    )
    return card_text(t, game)


async def opened(t: Table, result: InteractionResult, host: str) -> ThreadGame:
    """The game a command answered with its card: its thread, once its table is shown."""
    assert result.type == 4 and not result.ephemeral, result.errors
    answer = shown(result)
    parent = result.channel
    assert answer.channel_id == parent.id
    await until(lambda: t.dc.world.channel(answer.id) is not None, "the game's thread")
    thread = t.dc.world.channel(answer.id)
    assert thread is not None and thread.thread is not None and thread.parent is parent
    game = ThreadGame(parent, answer.id, thread, [host])
    await until(lambda: f"<#{thread.id}>" in card_text(t, game), "the card's link")
    await settled(t, game)
    return game


async def open_game(t: Table, host: str, command: str, **options: Any) -> ThreadGame:
    return await opened(t, await t.slash(host, command, **options), host)


def at(t: Table, game: ThreadGame) -> Table:
    """The table's helpers act in the game's thread from now on."""
    t.channel = game.thread
    return t


@contextmanager
def inside(t: Table, game: ThreadGame) -> Iterator[Table]:
    """The table's helpers act in the game's thread, then where they acted before."""
    home = t.channel
    try:
        yield at(t, game)
    finally:
        t.channel = home


async def session_of(t: Table, game: ThreadGame) -> GameSession:
    session = await t.running.sessions.in_channel(game.thread.id)
    assert session is not None, f"no open game in #{game.thread.name}"
    return session


async def settled(t: Table, game: ThreadGame) -> GameSession:
    """Wait until the thread's game shows its latest version."""
    with inside(t, game):
        return await t.settled(lambda s: True, f"the game in #{game.thread.name}")


async def join(t: Table, game: ThreadGame, user: str) -> None:
    """`user` clicks Join on the lobby in the game's thread."""
    with inside(t, game):
        lobby = await t.table_message(await settled(t, game))
    joined = await t.click(user, lobby, button(lobby, "join"))
    assert joined.type == 7, joined.errors
    game.players.append(user)


async def start(t: Table, game: ThreadGame) -> None:
    with inside(t, game):
        lobby = await t.table_message(await settled(t, game))
    started = await t.click(game.players[0], lobby, button(lobby, "start"))
    assert started.type == 7, started.errors


async def play_a_move(t: Table, game: ThreadGame, rng: random.Random) -> None:
    """The next decision of a Skyjo game in its thread: opening cards, or a whole turn."""
    session = await settled(t, game)
    engine = skyjo(session)
    with inside(t, game):
        if engine.phase == "opening":
            await choose_opening_cards(t, game.players[engine.to_move[0]], rng)
        else:
            await play_turn_well(t, game.players[engine.current], engine.current, rng)


def bot_messages(t: Table, channel: Channel) -> list[StoredMessage]:
    bot_id = t.dc.bot_user.id
    return [m for m in t.dc.messages(channel) if m.author_id == bot_id]


def stored_game(t: Table, game_id: int) -> tuple[str, int]:
    """The game's status and whether it was abandoned, as the database keeps them."""
    with sqlite3.connect(t.database) as db:
        status, abandoned = db.execute(
            "SELECT status, abandoned FROM games WHERE id = ?", (game_id,)
        ).fetchone()
    return str(status), int(abandoned)
