"""A game ends, and before its standings reach the channel a player opens the next game there:
the new game's message moves below the standings, so that the newest message of the channel is
the game being played, not a finished one; when the bot stops before it moves, once restarted."""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path

from bot.sessions.session import GameSession
from tests.e2e.harness import Table, parse, shown, table, until
from tests.e2e.skyjo_play import choose_opening_cards, play_turn, skyjo
from tests.standin import Hold, StoredMessage


def anas_turn(session: GameSession) -> bool:
    display = session.display
    return (
        session.record.status == "running"
        and not session.lock.locked()
        and not session.autoplay.thinking
        and not display.stale
        and not display.outbox.busy
        and skyjo(session).phase in ("turn", "opening")
        and 0 in session.engine.to_move
    )


async def standings_held(t: Table, session: GameSession, rng: random.Random) -> Hold:
    """Ana plays her solo game until its standings are about to be posted, and holds them
    (every post to the channel is held, and let go unless it holds the standings)."""
    posts = f"/channels/{t.channel.id}/messages"
    hold: Hold | None = None

    def held() -> bool:
        return hold is not None and hold.request is not None

    while True:
        if hold is None:
            hold = t.dc.hold(method="POST", path_contains=posts)
        await until(lambda: anas_turn(session) or held(), "ana's turn, or a post held")
        if hold is not None and hold.request is not None:
            if ":rematch:" in hold.request.text():
                return hold
            hold.release()  # another post: the next round's table
            hold = None
            continue
        if skyjo(session).phase == "opening":
            await choose_opening_cards(t, "ana", rng)
        else:
            await play_turn(t, "ana", rng)


def newest_game(t: Table) -> int | None:
    """The game of the channel's newest message with controls."""
    found = [m for m in t.dc.messages(t.channel) if m.custom_ids]
    return parse(found[-1].custom_ids[0])[0] if found else None


@dataclass
class Opened:
    """A game that ended, its standings held on their way to the channel, and the lobby of the
    game opened meanwhile."""

    ended: GameSession
    standings: Hold
    lobby: StoredMessage
    new_game: int


async def opened_before_the_standings(t: Table) -> Opened:
    """Ana plays a solo game to its end; before its standings are posted, leo opens a game."""
    t.dc.limits.enforce_rate_limits = False
    await t.start()
    await t.slash("ana", "skyjo solo", bots=1, level="easy", target_score=10)
    ended = await t.session()
    hold = await standings_held(t, ended, random.Random(25))
    assert ended.record.status == "finished"
    lobby = shown(await t.slash("leo", "skyjo start"))
    return Opened(ended, hold, lobby, parse(lobby.custom_ids[0])[0])


async def check_moved_below(t: Table, opened: Opened) -> None:
    """The new game's lobby is the channel's newest message with controls, below the
    standings, and the lobby first shown points to it."""
    await until(lambda: newest_game(t) == opened.new_game, "the new game's lobby below the end")
    newer = await t.settled(lambda s: s.record.id == opened.new_game, "the new lobby shown")
    standings = opened.ended.record.message_id
    assert standings is not None and newer.record.message_id is not None
    assert standings < newer.record.message_id
    left = t.dc.world.message(opened.lobby.id)
    assert left is not None and not left.custom_ids
    assert "moved below" in str(left.embeds)


async def test_a_game_opened_before_the_last_ones_standings_moves_below_them(
    tmp_path: Path,
) -> None:
    async with table(tmp_path) as t:
        opened = await opened_before_the_standings(t)
        opened.standings.release()
        await t.settled_engine(lambda s: True, "the standings posted", opened.ended)
        await check_moved_below(t, opened)


async def test_a_bot_stopped_before_the_move_moves_the_new_game_below_once_restarted(
    tmp_path: Path,
) -> None:
    async with table(tmp_path) as t:
        opened = await opened_before_the_standings(t)
        moving = t.dc.hold(method="PATCH")
        opened.standings.release()
        await moving.reached()
        await t.stop()
        assert newest_game(t) == opened.ended.record.id, "the standings came below the new game"

        await t.start()
        await check_moved_below(t, opened)
