"""Three players through the lobby, the opening flips, turns, a round's end, the game's end and a
rematch; then wrong-user, outdated and double clicks; the bots of every level the host may add."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from bot.i18n import Words
from bot.ui.lobby_screens import level_name
from tests.e2e.harness import Table, button, enabled, shown, table
from tests.e2e.skyjo_play import choose_opening_cards, play_turn_well, skyjo
from tests.standin import StoredMessage

PLAYERS = ("ana", "leo", "zoe")


async def open_three_player_lobby(t: Table, **options: object) -> StoredMessage:
    opened = await t.slash("ana", "skyjo start", **options)
    assert opened.type == 4 and not opened.ephemeral, opened.errors
    lobby = shown(opened)
    for user in ("leo", "zoe"):
        joined = await t.click(user, lobby, button(lobby, "join"))
        assert joined.type == 7, joined.errors
        lobby = shown(joined)
    assert all(f"<@{t.users[u].id}>" in lobby.text() for u in PLAYERS)
    return lobby


async def play_until_over(t: Table, rng: random.Random) -> int:
    """Everyone plays through the buttons until the game ends; returns the rounds seen."""
    session = await t.session()
    names = list(PLAYERS)
    rounds = {skyjo(session).round}
    while session.record.status == "running":
        await t.settled(lambda s: True, "the table to show the latest move", session)
        if session.record.status != "running":
            break
        game = skyjo(session)
        rounds.add(game.round)
        if game.phase == "opening":
            await choose_opening_cards(t, names[game.to_move[0]], rng)
        else:
            await play_turn_well(t, names[game.current], game.current, rng)
    await t.settled(lambda s: True, "the final standings", session)
    return len(rounds)


async def test_three_players_from_lobby_to_rematch(tmp_path: Path) -> None:
    rng = random.Random(7)
    async with table(tmp_path) as t:
        # A whole game at machine speed: more table edits a second than players make.
        t.dc.limits.enforce_rate_limits = False
        await t.start()
        lobby = await open_three_player_lobby(t, target_score=60)
        not_host = await t.click("leo", lobby, button(lobby, "start"))
        assert not_host.ephemeral and "Only the host" in not_host.content
        started = await t.click("ana", lobby, button(lobby, "start"))
        assert started.type == 7, started.errors
        assert "round 1" in shown(started).embeds[0]["title"]
        session = await t.session()
        first_table = session.record.message_id
        rounds = await play_until_over(t, rng)
        assert session.record.status == "finished"
        assert rounds >= 2, "the game should span more than one round"
        assert session.record.message_id != first_table, "each round posts a fresh table"
        old = next(m for m in t.dc.messages(t.channel) if m.id == first_table)
        assert not any(enabled(old, verb) for verb in ("draw", "mode", "take", "mine"))
        final = await t.table_message(session)
        titles = final.embeds[0]["title"]
        assert "wins" in titles or "share" in titles
        rematch = await t.click("leo", final, button(final, "rematch"))
        assert rematch.type == 4 and not rematch.ephemeral, rematch.errors
        again = await t.session()
        assert again.record.id != session.record.id
        assert [s.user_id for s in again.record.seats] == [t.users[u].id for u in PLAYERS]
        assert again.record.settings == session.record.settings
        twice = await t.click("zoe", final, button(final, "rematch"))
        assert twice.ephemeral and "already open" in twice.content


async def test_wrong_user_outdated_and_double_clicks_change_nothing(tmp_path: Path) -> None:
    rng = random.Random(2)
    async with table(tmp_path) as t:
        await t.start()
        lobby = await open_three_player_lobby(t)
        await t.click("ana", lobby, button(lobby, "start"))
        for user in PLAYERS:
            await choose_opening_cards(t, user, rng)
        session = await t.settled(lambda s: skyjo(s).phase == "turn", "the first turn")
        names = list(PLAYERS)
        mover = names[skyjo(session).current]
        other = next(n for n in names if n != mover)
        message = t.dc.as_seen(await t.table_message())
        version = session.record.version
        state = session.record.state

        stranger = await t.click("max", message, button(message, "draw"))
        assert stranger.ephemeral and "not playing" in stranger.content
        wrong = await t.click(other, message, button(message, "draw"))
        assert wrong.ephemeral and "turn, not yours" in wrong.content
        assert (session.record.version, session.record.state) == (version, state)

        drawn = await t.click(mover, message, button(message, "draw"))
        assert drawn.type == 7
        again = await t.click(mover, message, button(message, "draw"))
        assert again.ephemeral and again.content.startswith(f"Already done: {mover} drew ")
        assert str(message.id) not in again.content, "never a link to the clicked message"
        assert session.record.version == version + 1
        assert skyjo(session).phase == "drawn"

        after_draw = t.dc.as_seen(shown(drawn))
        swap = enabled(after_draw, "swap")[0]
        first = await t.click(mover, after_draw, swap)
        second = await t.click(mover, after_draw, swap)
        assert first.type == 7
        assert second.ephemeral and second.content.startswith("Already done: "), second.content
        assert session.record.version == version + 2


@pytest.mark.parametrize("game", ["skyjo", "skyjo-junior", "skyfive"])
async def test_the_host_adds_a_bot_of_any_level_the_expert_among_them(
    tmp_path: Path, game: str
) -> None:
    async with table(tmp_path) as t:
        await t.start()
        lobby = shown(await t.slash("ana", f"{game} start"))
        [addbot] = [c for c in lobby.walk_components() if c.get("type") == 3]
        offered = [(option["label"], option["value"]) for option in addbot["options"]]
        assert offered == [
            ("Add a bot: easy", "easy"),
            ("Add a bot: normal", "normal"),
            ("Add a bot: hard", "hard"),
            ("Add a bot: expert", "expert"),
        ]
        lobby = shown(await t.select("ana", lobby, addbot["custom_id"], "expert"))
        assert "🤖 Bot 1 (expert)" in lobby.text()
        session = await t.session()
        assert session.record.seats[1].bot_level == "expert"
    assert level_name("expert", Words("fr")) == "expert"
    assert level_name("expert", Words("de")) == "Experte"
