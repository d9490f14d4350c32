"""Players are told their turn has come by a new message that mentions them (an edit notifies
nobody), removed once their turn is over; a solo player is not pinged, and not told so."""

from __future__ import annotations

import random
from pathlib import Path

from bot.sessions.webhooks import TOKEN_LIFETIME
from tests.e2e.harness import Table, button, shown, table
from tests.e2e.skyjo_play import choose_opening_cards, play_turn_well, skyjo
from tests.standin import StoredMessage


def alerts(t: Table) -> list[StoredMessage]:
    return [m for m in t.dc.messages(t.channel) if "your turn in Skyjo" in (m.content or "")]


def mentions(t: Table, message: StoredMessage) -> set[str]:
    return {name for name, user in t.users.items() if f"<@{user.id}>" in (message.content or "")}


async def test_the_players_to_move_are_mentioned_until_their_turn_is_over(tmp_path: Path) -> None:
    rng = random.Random(41)
    async with table(tmp_path) as t:
        await t.start()
        lobby = shown(await t.slash("ana", "skyjo start"))
        lobby = shown(await t.click("leo", lobby, button(lobby, "join")))
        await t.click("ana", lobby, button(lobby, "start"))
        session = await t.settled(lambda s: skyjo(s).phase == "opening", "the opening")
        [opening] = alerts(t)
        assert mentions(t, opening) == {"ana", "leo"}
        footer = (await t.table_message(session)).embeds[0]["footer"]["text"]
        assert "Your turn is announced in the channel" in footer
        posted = next(
            r
            for r in t.dc.requests
            if r.method == "POST" and r.json and "your turn" in str(r.json.get("content"))
        )
        assert posted.json is not None
        notified = {int(user) for user in posted.json["allowed_mentions"]["users"]}
        assert notified == {t.users["ana"].id, t.users["leo"].id}, "only the players to move"
        await choose_opening_cards(t, "ana", rng)
        assert alerts(t) == [opening], "leo is still choosing"
        await choose_opening_cards(t, "leo", rng)
        names = ["ana", "leo"]
        for _ in range(3):
            session = await t.settled(lambda s: skyjo(s).phase == "turn", "a turn", session)
            [alert] = alerts(t)
            mover = names[skyjo(session).current]
            assert mentions(t, alert) == {mover}
            assert alert.id != opening.id
            await play_turn_well(t, mover, skyjo(session).current, rng)
            await t.settled(lambda s: skyjo(s).phase == "turn", "the next turn", session)
            assert alert.id not in {m.id for m in alerts(t)}, "the finished turn's alert is gone"
        deleted = [r for r in t.dc.requests if r.method == "DELETE"]
        assert len(deleted) >= 3


async def test_a_solo_player_is_not_pinged(tmp_path: Path) -> None:
    rng = random.Random(42)
    async with table(tmp_path) as t:
        await t.start()
        await t.slash("ana", "skyjo solo", bots=2)
        await choose_opening_cards(t, "ana", rng)
        await t.settled(lambda s: 0 in s.engine.to_move and skyjo(s).phase == "turn", "ana")
        assert alerts(t) == []
        table_message = await t.table_message()
        footer = table_message.embeds[0]["footer"]["text"]
        assert "announced" not in footer, "no alert is posted, so none is promised"
        assert "/table remind sends you a DM when your turn comes." in footer


def removals(t: Table, message: StoredMessage) -> list[str]:
    """The paths of the requests deleting `message`."""
    deleting = [r for r in t.dc.requests if r.method == "DELETE"]
    return [r.path for r in deleting if r.path.endswith(f"/{message.id}")]


def through_channel(t: Table, message: StoredMessage) -> list[str]:
    return [f"/channels/{t.channel.id}/messages/{message.id}"]


async def test_an_alert_outliving_its_clicks_webhook_is_removed_through_the_channel(
    tmp_path: Path,
) -> None:
    """An alert posted as a click's follow-up is removed through that click's webhook while
    Discord takes its token (15 minutes). After a slower turn, whether played by its player or
    by the timer, the alert is removed through the channel, the table shown and the next
    alert posted there: Discord would refuse the old token with a 401, and counts each toward
    the invalid requests it bans an address for."""
    rng = random.Random(43)
    slow = 16 * 60
    async with table(tmp_path) as t:
        await t.start()
        lobby = shown(await t.slash("ana", "skyjo start", turn_seconds=slow + 60))
        lobby = shown(await t.click("leo", lobby, button(lobby, "join")))
        await t.click("ana", lobby, button(lobby, "start"))
        session = await t.settled(lambda s: skyjo(s).phase == "opening", "the opening")
        await choose_opening_cards(t, "ana", rng)
        await choose_opening_cards(t, "leo", rng)
        names = ["ana", "leo"]
        session = await t.settled(lambda s: skyjo(s).phase == "turn", "a turn", session)
        [quick] = alerts(t)
        assert quick.interaction_id is not None, "a follow-up of the last click"
        mover = skyjo(session).current
        await play_turn_well(t, names[mover], mover, rng)
        session = await t.settled(lambda s: skyjo(s).current != mover, "the next turn", session)
        [removed] = removals(t, quick)
        assert removed.startswith("/webhooks/"), "a quick turn: through the click's webhook"

        [played] = alerts(t)
        assert played.interaction_id is not None
        mover = skyjo(session).current
        t.elapse(slow)
        await play_turn_well(t, names[mover], mover, rng)
        session = await t.settled(lambda s: skyjo(s).current != mover, "the next turn", session)
        assert removals(t, played) == through_channel(t, played)

        [timed_out] = alerts(t)
        mover = skyjo(session).current
        t.elapse(slow + 61)
        session = await t.settled(lambda s: skyjo(s).current != mover, "the timer's turn", session)
        assert removals(t, timed_out) == through_channel(t, timed_out)
        [following] = alerts(t)
        assert following.interaction_id is None, "no click took the table since"

        assert TOKEN_LIFETIME < 15 * 60 <= slow
        refused = [(r.method, r.path) for r in t.dc.requests if r.status == 401]
        assert refused == [], "no token used past its life"
        assert t.dc.invalid_requests.total == 0
