"""Playing Sky Five through its buttons, as users would, and arranging the positions to test.

`arrange` replaces a running game's position between two clicks, the way a restart restores
one: it is saved as the game's next version, and the table is redrawn from it. The die is
scripted by choosing the seed whose rolls come out as wanted.
"""

from __future__ import annotations

import io
import random
from collections.abc import Sequence

from PIL import Image

from bot.sessions.session import GameSession
from games.sky_five import SkyFiveGame, SkyFiveState
from games.sky_five.bots import CautiousPolicy
from games.sky_five.cards import REMOVED_BY_SEATS
from games.sky_five.game import seeded_roller
from tests.e2e.harness import Table, button, engine_of, parse, shown
from tests.sky_five.scripting import rest_of_deck
from tests.standin import StoredMessage


def sky_five(session: GameSession) -> SkyFiveGame:
    return engine_of(session, SkyFiveGame)


def verbs(message: StoredMessage) -> list[str]:
    return [parse(custom_id)[2] for custom_id in message.custom_ids]


def user_of(t: Table, session: GameSession, seat: int) -> str:
    """The name of the member playing `seat`."""
    user_id = session.record.seats[seat].user_id
    return next(name for name, user in t.users.items() if user.id == user_id)


def addbot(message: StoredMessage) -> str:
    for component in message.walk_components():
        if component.get("type") == 3 and parse(component["custom_id"])[2] == "addbot":
            return str(component["custom_id"])
    raise AssertionError("no addbot select")


async def open_game(
    t: Table,
    members: Sequence[str] = ("ana", "leo", "zoe"),
    bots: Sequence[str] = (),
    options: dict[str, int] | None = None,
) -> GameSession:
    """The first member opens a Sky Five table with these options of `/skyfive start`, the
    others join, bots of these levels are added, and the host starts the game."""
    host = members[0]
    started = await t.slash(host, "skyfive start", **(options or {}))
    assert started.type == 4 and not started.ephemeral, started.errors
    lobby = shown(started)
    for user in members[1:]:
        lobby = shown(await t.click(user, lobby, button(lobby, "join")))
    for level in bots:
        lobby = shown(await t.select(host, lobby, addbot(lobby), level))
    result = await t.click(host, lobby, button(lobby, "start"))
    assert result.type == 7, result.errors
    return await t.settled(lambda s: s.record.status == "running", "the game to start")


def seed_rolling(rolls: Sequence[int]) -> int:
    """The smallest seed whose first rolls of the die are `rolls`."""
    for seed in range(1_000_000):
        roll = seeded_roller(seed)
        if all(roll(n) == face for n, face in enumerate(rolls)):
            return seed
    raise AssertionError(f"no seed rolls {rolls}")


async def arrange(
    t: Table,
    session: GameSession,
    face_up: Sequence[Sequence[int]],
    draws: Sequence[int] = (),
    *,
    rolls: Sequence[int] = (),
    current: int = 0,
    more: int | None = None,
    banked: Sequence[Sequence[int]] | None = None,
    final_done: Sequence[bool] | None = None,
) -> SkyFiveGame:
    """Put the game at `current`'s turn: seat i has `face_up[i]` face up and `banked[i]`
    banked, the next cards drawn are `draws` (first drawn first), followed by `more` other
    cards (by default all the rest less the cards removed at setup; with no cards left to
    draw it is the final round), and the die's next rolls are `rolls`."""
    old = SkyFiveState.model_validate_json(sky_five(session).to_json())
    players = len(old.seats)
    piles = [list(pile) for pile in banked] if banked is not None else [[] for _ in old.seats]
    used = [*draws, *(c for p in face_up for c in p), *(c for p in piles for c in p)]
    rest = rest_of_deck(used)
    random.Random(len(used)).shuffle(rest)
    below = max(0, len(rest) - REMOVED_BY_SEATS[players]) if more is None else more
    pile = [*draws, *rest[:below]]
    state = old.model_copy(
        update={
            "seed": seed_rolling(rolls),
            "phase": "turn",
            "current": current,
            "draw_pile": list(reversed(pile)),
            "removed": rest[below:],
            "discard": [],
            "face_up": [list(cards) for cards in face_up],
            "banked": piles,
            "pending": None,
            "busted": None,
            "takers": [],
            "final_round": not pile,
            "final_done": list(final_done) if final_done is not None else [False] * players,
            "rolls": 0,
            "winners": None,
            "last_roll": None,
        }
    )
    async with session.lock:
        session.record.state = SkyFiveState.model_validate(state.model_dump()).model_dump_json()
        await session.keep()
        await session.restore_saved()
        await session.commit()
        await session.display.show_safely([])
    session.wake()
    await t.settled(lambda s: sky_five(s).to_move == (current,), "the arranged position")
    return sky_five(session)


async def press(t: Table, user: str, verb: str, arg: str | None = None) -> StoredMessage:
    """`user` presses a button of the table; the click must be taken, not refused."""
    message = await t.table_message()
    result = await t.click(user, message, button(message, verb, arg))
    assert result.error is None and not result.ephemeral, (user, verb, arg, result.content)
    return shown(result)


async def refused(t: Table, user: str, message: StoredMessage, custom_id: str) -> str:
    """`user` clicks `custom_id` on `message`; the click must be refused privately. Returns
    the refusal."""
    result = await t.click(user, message, custom_id)
    assert result.ephemeral, (user, custom_id, result.type)
    return result.content


async def decide(t: Table, session: GameSession, rng: random.Random) -> None:
    """The member to move makes one decision through the table's buttons: the one the
    cautious baseline makes from their view."""
    game = sky_five(session)
    seat = game.to_move[0]
    action = CautiousPolicy(rng).choose(game.legal_actions(seat), lambda: game.view(seat))
    arg = None if action.target < 0 else str(action.target)
    await press(t, user_of(t, session, seat), action.kind, arg)


def members_decide(session: GameSession) -> bool:
    record = session.record
    if record.status != "running":
        return True
    return any(record.seats[s].is_member for s in session.engine.to_move)


async def play_to_the_end(t: Table, session: GameSession, rng: random.Random) -> int:
    """The members play every decision of theirs until the standings are shown; returns how
    many decisions they made."""
    decisions = 0
    while session.record.status == "running":
        await t.settled(members_decide, "a member's decision or the end", session)
        if session.record.status != "running":
            break
        await decide(t, session, rng)
        decisions += 1
    await t.settled(lambda s: True, "the standings", session)
    return decisions


def picture_of(
    t: Table, message: StoredMessage, name: str = "skyfive.png"
) -> tuple[Image.Image, str]:
    """The message's picture (the table's, unless `name` says another) as Discord received
    it, and its alt text."""
    attachments = message.payload["attachments"]
    assert [a["filename"] for a in attachments] == [name]
    assert message.embeds[0]["image"]["url"] == f"attachment://{name}"
    data = t.dc.rest.files[attachments[0]["url"].split("/cdn/", 1)[1]]
    return Image.open(io.BytesIO(data)), attachments[0]["description"]


def channel_messages(t: Table) -> list[StoredMessage]:
    """Every message of the table's channel, oldest first."""
    return [
        m
        for m in t.dc.world.messages.values()
        if m.channel_id == t.channel.id and not m.ephemeral and not m.deleted
    ]


def titled(t: Table, start: str) -> list[StoredMessage]:
    """The channel's messages whose embed title starts with `start`."""
    return [
        m
        for m in channel_messages(t)
        if m.embeds and str(m.embeds[0].get("title") or "").startswith(start)
    ]
