"""Bad input of every kind is refused cleanly: forged and malformed custom ids, select values
nobody offered, command options a client would never send, odd names, a member who leaves in
mid-game, and interactions from direct messages. Each refusal is a short private answer, the
game's saved record (its version and state) does not change, and nothing is logged as an
error."""

from __future__ import annotations

import logging
import random
import sqlite3
from pathlib import Path
from typing import Any

import discord
import pytest

from bot.sessions.session import GameSession
from tests.e2e.harness import Table, button, enabled, shown, table, until
from tests.e2e.sheet_play import open_sheet
from tests.e2e.sheet_play import select_id as sheet_select
from tests.e2e.skyjo_play import (
    choose_opening_cards,
    play_turn,
    skyjo,
    two_players_at_first_turn,
)
from tests.standin import Channel, InteractionResult, StandInError, StoredMessage, User

NOT_OURS = "That button is not part of this game."
NO_ANSWER = 0.5
"""Seconds to wait for an answer that must not come (an id that is not the bot's)."""


def errors_logged(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]


def saved(t: Table, game_id: int) -> tuple[Any, ...]:
    """The game's record as storage holds it: version, state, seats and settings."""
    with sqlite3.connect(t.database) as db:
        row = db.execute(
            "SELECT version, state, seats, settings, status FROM games WHERE id = ?", (game_id,)
        ).fetchone()
    assert row is not None, f"game {game_id} is not saved"
    return tuple(row)


def refused(result: InteractionResult, says: str = "") -> None:
    """A private answer, which Discord took, saying `says`."""
    assert result.type == 4 and result.ephemeral, result
    assert result.errors == [], result.errors
    assert says in result.content, f"{result.content!r} does not say {says!r}"


async def solo_at_first_turn(t: Table, rng: random.Random) -> GameSession:
    started = await t.slash("ana", "skyjo solo", bots=1)
    assert started.error is None and not started.ephemeral, started.errors
    await choose_opening_cards(t, "ana", rng)
    return await t.settled(
        lambda s: skyjo(s).phase == "turn" and skyjo(s).current == 0, "ana's first turn"
    )


# Custom ids


FORGED_BUTTONS = [
    ("an unknown game", "sky:987654:{v}:draw:", "This game no longer exists."),
    ("a missing verb", "sky:{g}:{v}", NOT_OURS),
    ("a missing argument", "sky:{g}:{v}:draw", NOT_OURS),
    ("an extra part", "sky:{g}:{v}:draw::", NOT_OURS),
    ("nothing but the prefix", "sky:", NOT_OURS),
    ("a word for the version", "sky:{g}:x:draw:", NOT_OURS),
    ("a negative game", "sky:-{g}:{v}:draw:", NOT_OURS),
    ("a game beyond 64 bits", "sky:18446744073709551616:{v}:draw:", NOT_OURS),
    ("a version beyond 64 bits", "sky:{g}:" + "9" * 25 + ":draw:", NOT_OURS),
    ("over 100 characters", "sky:{g}:{v}:draw:" + "0" * 100, NOT_OURS),
    ("a version from the future", "sky:{g}:{future}:draw:", "changed a moment ago"),
    ("an unknown verb", "sky:{g}:{v}:nope:", NOT_OURS),
    ("a verb in capitals", "sky:{g}:{v}:DRAW:", NOT_OURS),
    ("a lobby verb in a game", "sky:{g}:{v}:join:", NOT_OURS),
    ("card 99", "sky:{g}:{v}:take:99", "There is no such place in your grid."),
    ("a card beyond 64 bits", "sky:{g}:{v}:take:" + "9" * 30, "There is no such place"),
    ("a negative card", "sky:{g}:{v}:take:-1", NOT_OURS),
    ("a superscript digit", "sky:{g}:{v}:take:²", NOT_OURS),
    ("an Arabic-Indic digit", "sky:{g}:{v}:take:١", NOT_OURS),
    ("a select's id on a button", "skys:{g}:{v}:draw:", NOT_OURS),
]


async def test_forged_buttons_are_refused_and_change_nothing(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING)
    async with table(tmp_path) as t:
        await t.start()
        session = await solo_at_first_turn(t, random.Random(41))
        game = session.record.id
        before = saved(t, game)
        for case, template, says in FORGED_BUTTONS:
            version = session.record.version
            custom_id = template.format(g=game, v=version, future=version + 5)
            message = await t.table_message()
            result = await t.dc.click_forged(t.users["ana"], message, custom_id)
            assert result.type == 4 and result.ephemeral and not result.errors, (case, result)
            assert says in result.content, (case, result.content)
            assert saved(t, game) == before, f"{case} changed the game"
            await t.settled(lambda s: True, "the table to be current", session)
        assert session.record.version == before[0]
        assert not errors_logged(caplog)
        message = await t.table_message()
        drawn = await t.click("ana", message, button(message, "draw"))
        assert drawn.type == 7 and session.record.version == before[0] + 1, "play goes on"


@pytest.mark.parametrize("custom_id", ["", "x", "skyx:1:1:draw:", "Sky:1:1:draw:", "sky"])
async def test_ids_that_are_not_the_bots_are_left_alone(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, custom_id: str
) -> None:
    """discord.py hands the bot only ids of its own; nobody answers the others."""
    caplog.set_level(logging.WARNING)
    async with table(tmp_path) as t:
        await t.start()
        session = await solo_at_first_turn(t, random.Random(42))
        before = saved(t, session.record.id)
        t.dc.limits.answer_timeout = NO_ANSWER
        with pytest.raises(StandInError, match="did not answer"):
            await t.dc.click_forged(t.users["ana"], await t.table_message(), custom_id)
        assert saved(t, session.record.id) == before
        assert not errors_logged(caplog)


async def test_forged_select_values_are_refused_and_change_nothing(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING)
    async with table(tmp_path) as t:
        await t.start()
        lobby = shown(await t.slash("ana", "skyjo start"))
        lobby = shown(await t.select("ana", lobby, select_of(lobby, "addbot"), "easy"))
        session = await t.session()
        game, version = session.record.id, session.record.version
        before = saved(t, game)
        ana = t.users["ana"]
        cases: list[tuple[str, str, int, list[Any]]] = [
            ("a level nobody offered", "addbot", 3, ["godlike"]),
            ("two values of a one-value select", "addbot", 3, ["easy", "hard"]),
            ("a number for a level", "addbot", 3, [7]),
            ("a seat beyond the table", "removebot", 3, ["9"]),
            ("a negative seat", "removebot", 3, ["-1"]),
            ("a superscript seat", "removebot", 3, ["²"]),
            ("a setting with a value of another select", "set:target_score", 3, ["easy"]),
            ("a setting's value nobody offered", "set:target_score", 3, ["5"]),
            ("a button's id on a select", "start", 3, ["easy"]),
        ]
        for case, verb, kind, values in cases:
            name, _, arg = verb.partition(":")
            prefix = "sky" if name == "start" else "skys"
            custom_id = f"{prefix}:{game}:{version}:{name}:{arg}"
            result = await t.dc.click_forged(
                ana, lobby, custom_id, component_type=kind, values=values
            )
            assert result.type == 4 and result.ephemeral and not result.errors, (case, result)
            assert saved(t, game) == before, f"{case} changed the lobby"
        assert len(session.record.seats) == 2 and session.record.status == "lobby"
        assert not errors_logged(caplog)


def select_of(message: StoredMessage, verb: str) -> str:
    for component in message.walk_components():
        if component.get("type") == 3 and component["custom_id"].split(":")[3] == verb:
            return str(component["custom_id"])
    raise AssertionError(f"no {verb} select in {message.custom_ids}")


@pytest.mark.parametrize("value", ["²", "7", "-1", "9" * 30])
async def test_a_score_sheet_takes_only_the_finishers_it_offers(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, value: str
) -> None:
    caplog.set_level(logging.WARNING)
    async with table(tmp_path) as t:
        await t.start()
        session = await open_sheet(t, ["ana", "leo"])
        before = saved(t, session.record.id)
        message = await t.table_message()
        result = await t.dc.click_forged(
            t.users["ana"],
            message,
            sheet_select(message, "finisher"),
            component_type=3,
            values=[value],
        )
        refused(result, NOT_OURS)
        assert saved(t, session.record.id) == before
        assert not errors_logged(caplog)


def guest_form(custom_id: str, name: str) -> dict[str, Any]:
    """A submission of the lobby's guest form, as a modified client may send it."""
    field = {"type": 4, "custom_id": "name", "value": name}
    return {"custom_id": custom_id, "components": [{"type": 1, "components": [field]}]}


async def test_forged_form_submissions_change_nothing(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING)
    async with table(tmp_path) as t:
        await t.start()
        lobby = shown(await t.slash("ana", "skyjo-sheet start"))
        session = await t.session()
        game, version = session.record.id, session.record.version
        before = saved(t, game)
        ana = t.users["ana"]
        for custom_id, name, says in [
            (f"skym:{game}:{version}:seatguest:", "x" * 500, "1 to 32 characters"),
            (f"skym:{game}:{version}:seatguest:", "ana", "already called"),
            (f"skym:987654:{version}:seatguest:", "Grandma", "This game no longer exists."),
            (f"skym:{game}:{version}:start:", "Grandma", ""),
        ]:
            result = await t.dc.send_interaction(
                ana, t.channel, 5, guest_form(custom_id, name), message=lobby
            )
            assert result.type == 4 and result.ephemeral, (custom_id, name, result)
            assert says in result.content, (custom_id, name, result.content)
            assert saved(t, game)[:3] == before[:3], (custom_id, name)
        t.dc.limits.answer_timeout = NO_ANSWER
        for custom_id in [f"skym:{'9' * 25}:0:seatguest:", f"skym:{game}:-1:seatguest:"]:
            with pytest.raises(StandInError, match="did not answer"):
                await t.dc.send_interaction(
                    ana, t.channel, 5, guest_form(custom_id, "Grandma"), message=lobby
                )
        assert len(session.record.seats) == 1
        assert not errors_logged(caplog)


@pytest.mark.parametrize("name", ["\u200b", "\u200d\u200d", "\u202e\u2066"])
async def test_a_guest_name_must_show_something(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, name: str
) -> None:
    """The real client sends these: the guest form takes any 1 to 32 characters."""
    caplog.set_level(logging.WARNING)
    async with table(tmp_path) as t:
        await t.start()
        lobby = shown(await t.slash("ana", "skyjo-sheet start"))
        form = await t.click("ana", lobby, button(lobby, "guest"))
        assert form.modal is not None, form.errors
        result = await t.dc.submit_modal(
            t.users["ana"], t.channel, form.modal["custom_id"], {"name": name}
        )
        refused(result, "1 to 32 characters")
        assert len((await t.session()).record.seats) == 1
        assert not errors_logged(caplog)


PLACES = {
    "another channel": ("channel", "table"),
    "another server": ("server", "table"),
    "a DM's game": ("dm", "table"),
    "a DM's click": ("table", "dm"),
}


def place(t: Table, where: str, user: User) -> Channel:
    """The table's channel, a new channel of its server, a channel of another server, or the
    user's DMs with the bot."""
    if where == "table":
        return t.channel
    if where == "channel":
        return t.guild.add_text_channel("elsewhere")
    if where == "server":
        other = t.dc.add_guild("Other Club")
        other.add_member(user)
        return other.add_text_channel("elsewhere")
    return t.dc.world.dm_channel(user)


@pytest.mark.parametrize("case", list(PLACES))
async def test_a_click_never_reaches_a_game_elsewhere(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, case: str
) -> None:
    caplog.set_level(logging.WARNING)
    game_at, click_at = PLACES[case]
    async with table(tmp_path) as t:
        await t.start()
        leo, ana = t.users["leo"], t.users["ana"]
        there = place(t, game_at, leo)
        if there.guild is not None:
            await t.running.sessions.guilds.set_threads(there.guild.id, False)
        opened = await t.dc.slash(leo, there, "skyjo start")
        assert opened.error is None and not opened.ephemeral, opened.errors
        game = await t.running.sessions.in_channel(there.id)
        assert game is not None
        before = saved(t, game.record.id)
        here = shown(await t.dc.slash(ana, place(t, click_at, ana), "skyjo rules"))
        forged = f"sky:{game.record.id}:{game.record.version}:join:"
        result = await t.dc.click_forged(ana, here, forged)
        assert saved(t, game.record.id) == before, "ana joined a game she cannot see"
        refused(result)
        assert not errors_logged(caplog)


@pytest.mark.parametrize("value", ["²", "9" * 30])
async def test_a_forged_history_choice_is_refused(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, value: str
) -> None:
    caplog.set_level(logging.WARNING)
    async with table(tmp_path) as t:
        await t.start()
        history = shown(await t.slash("ana", "history"))
        t.dc.limits.answer_timeout = 2.0
        result = await t.dc.click_forged(
            t.users["ana"], history, "skyh:replay", component_type=3, values=[value]
        )
        refused(result, "cannot be replayed")
        assert not errors_logged(caplog)


# Command options


UNCHECKED: list[tuple[str, dict[str, Any], str]] = [
    ("skyjo solo", {"bots": 0}, "1 to 7 bots"),
    ("skyjo solo", {"bots": -5}, "1 to 7 bots"),
    ("skyjo solo", {"bots": 2**40}, "1 to 7 bots"),
    ("skyjo solo", {"level": ""}, "There is no bot level"),
    ("skyjo start", {"target_score": 10**12}, "at most 1000"),
    ("skyjo start", {"turn_seconds": -1}, "at least 10"),
    ("skyjo start", {"opening_flips": 99}, "Cards turned up at the start"),
    ("skyjo start", {"penalty": "evil"}, "Finisher's penalty must be one of"),
    ("skyjo start", {"penalty_factor": 0}, "at least 1"),
    ("skyjo start", {"penalty_flat": -1000}, "at least 0"),
    ("skyjo start", {"grid": "9x9"}, "at most"),
    ("skyjo start", {"grid": "0x0"}, "at least"),
    ("skyjo start", {"grid": "3x4x5"}, "not rows × columns"),
    ("skyjo start", {"grid": "３x４"}, "not rows × columns"),
    ("skyjo-junior start", {"copies_per_value": 999}, "at most 20"),
    ("skyfive solo", {"bots": 6}, "1 to 5 bots"),
    ("skyfive start", {"bust_seconds": 1}, "at least 10"),
    ("skyjo-sheet start", {"target_score": 5}, "at least 10"),
    ("table language", {"language": "xx"}, "Choose a language from the list."),
    ("table pictures", {"look": "3d"}, "Choose pictures or text only from the list."),
    ("leaderboard", {"game": "chess"}, "That is not a leaderboard of this bot."),
    ("leaderboard", {"game": "skyjo", "period": "year"}, "That is not a leaderboard"),
]


async def test_options_out_of_range_or_off_the_list_are_refused(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING)
    async with table(tmp_path) as t:
        await t.start()
        ana = t.users["ana"]
        for command, options, says in UNCHECKED:
            result = await t.dc.slash_unchecked(ana, t.channel, command, **options)
            assert result.type == 4 and result.ephemeral, (command, options, result)
            assert says in result.content, (command, options, result.content)
            assert await t.running.sessions.in_channel(t.channel.id) is None, (command, options)
        assert not errors_logged(caplog)


async def test_options_of_the_wrong_type_that_are_refused_cleanly(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING)
    async with table(tmp_path) as t:
        await t.start()
        ana = t.users["ana"]
        wrong: list[tuple[str, dict[str, Any], str]] = [
            ("skyjo start", {"target_score": "abc"}, "must be a whole number"),
            ("skyjo start", {"penalty_factor": [2]}, "Penalty multiplier"),
            ("skyjo solo", {"level": 5}, "There is no bot level"),
            ("table language", {"language": 3}, "Choose a language from the list."),
        ]
        for command, options, says in wrong:
            result = await t.dc.slash_forged(ana, t.channel, command, **options)
            assert result.type == 4 and result.ephemeral, (command, options, result)
            assert says in result.content, (command, options, result.content)
        assert await t.running.sessions.in_channel(t.channel.id) is None
        assert not errors_logged(caplog)


@pytest.mark.parametrize(
    ("command", "options"),
    [
        ("skyjo solo", {"bots": "three"}),
        ("skyjo solo", {"bots": 2.5}),
        ("skyfive solo", {"bots": None}),
        ("skyjo start", {"grid": 34}),
    ],
)
async def test_options_of_the_wrong_type_are_refused_without_an_error(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, command: str, options: dict[str, Any]
) -> None:
    caplog.set_level(logging.WARNING)
    async with table(tmp_path) as t:
        await t.start()
        result = await t.dc.slash_forged(t.users["ana"], t.channel, command, **options)
        assert result.type == 4 and result.ephemeral, result
        assert await t.running.sessions.in_channel(t.channel.id) is None
        assert not errors_logged(caplog)


# Names


ODD_NAMES = {
    "queen": "👑 Queen of Hearts ♥ 🃏🃏 ✨ long",
    "rtl": "\u202eevil name\u202c",
    "family": "👨\u200d👩\u200d👧\u200d👦 family",
    "zalgo": "Z\u0337\u0321\u0322a\u0338\u0354l\u0335\u0317g\u0336\u0325o\u0335\u0353",
    "bold": "**bold** _it_ ~~x~~ __u__",
    "everyone": "@everyone",
    "ticks": "`code` ```",
    "spoiler": "||spoiler|| > quote",
}
MARKDOWN = ("bold", "ticks", "spoiler")


def seat_odd_names(t: Table) -> None:
    """Members whose display names are odd: some as server nicknames, some as global names."""
    for index, (key, name) in enumerate(ODD_NAMES.items()):
        assert len(name) <= 32, f"{key} is longer than a Discord display name"
        if index % 2:
            user = t.dc.add_user(key, global_name=name)
            t.guild.add_member(user)
        else:
            user = t.dc.add_user(key)
            t.guild.add_member(user, nick=name)
        t.users[key] = user


def pinging(t: Table) -> list[str]:
    """Contents of new, public messages the bot sent that could ping @everyone or @here."""
    found = []
    for request in t.dc.requests:
        body = request.json if isinstance(request.json, dict) else {}
        if request.method != "POST":
            continue
        if request.path.endswith("/callback"):
            if body.get("type") != 4:
                continue
            body = body.get("data") or {}
        elif not (request.path.endswith("/messages") or "/webhooks/" in request.path):
            continue
        content = str(body.get("content") or "")
        if int(body.get("flags") or 0) & 64 or not ("@everyone" in content or "@here" in content):
            continue
        allowed = body.get("allowed_mentions")
        if allowed is None or "everyone" in allowed.get("parse", []):
            found.append(content)
    return found


async def next_turn(t: Table, session: GameSession, before: int) -> None:
    """Waits until the turn played (or timed out) since version `before` is saved, shown and
    timed anew."""

    def timed(s: GameSession) -> bool:
        deadline = s.record.deadline
        return s.record.version > before and (deadline is None or deadline > t.clock.now())

    await t.settled(timed, "the next turn", session)


async def odd_table(t: Table, rng: random.Random) -> GameSession:
    """Ana opens a Skyjo table; the seven odd names join; it starts; everyone's opening cards
    are turned up (the odd names' by bots, once their time runs out)."""
    seat_odd_names(t)
    lobby = shown(await t.slash("ana", "skyjo start", turn_seconds=10))
    for key in ODD_NAMES:
        if key == "queen":
            continue  # a table holds eight
        joined = await t.click(key, lobby, button(lobby, "join"))
        assert joined.error is None, (key, joined.errors)
        lobby = shown(joined)
    started = await t.click("ana", lobby, button(lobby, "start"))
    assert started.type == 7, started.errors
    await choose_opening_cards(t, "bold", rng)
    await choose_opening_cards(t, "ana", rng)
    t.clock.advance(11)
    return await t.settled(lambda s: skyjo(s).phase == "turn", "the first turn")


async def test_odd_names_join_and_play_without_a_refusal_or_a_ping(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING)
    rng = random.Random(43)
    async with table(tmp_path) as t:
        # A whole game at machine speed: more table edits a second than players make.
        t.dc.limits.enforce_rate_limits = False
        await t.start()
        session = await odd_table(t, rng)
        start = session.record.version
        for _ in range(10):
            before = session.record.version
            if skyjo(session).current == 0:
                await play_turn(t, "ana", rng)
            else:
                message = await t.table_message()
                nudged = await t.click("ana", message, button(message, "draw"))
                refused(nudged, "not yours")
                t.clock.advance(11)
            await next_turn(t, session, before)
        assert session.record.version > start + 5, "the game went on"
        names = {seat.name for seat in session.record.seats}
        assert set(ODD_NAMES.values()) - {ODD_NAMES["queen"]} <= names
        assert [r for r in t.dc.requests if r.status >= 400] == [], "Discord refused nothing"
        assert pinging(t) == []
        assert not errors_logged(caplog)


async def test_markdown_in_names_is_shown_as_typed(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        await t.start()
        await t.running.sessions.guilds.set_text_only(t.guild.id, True)
        await odd_table(t, random.Random(44))
        shown_text = (await t.table_message()).text()
        for key in MARKDOWN:
            name = ODD_NAMES[key]
            assert discord.utils.escape_markdown(name) in shown_text, f"{key} is not escaped"


# A member who leaves, and direct messages


async def test_a_member_removed_in_mid_game_is_played_for(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING)
    rng = random.Random(45)
    async with table(tmp_path) as t:
        await t.start()
        session = await two_players_at_first_turn(t, rng, turn_seconds=30)
        seen = t.dc.as_seen(await t.table_message())
        t.guild.remove_member(t.users["leo"])
        with pytest.raises(StandInError, match="not a member"):
            await t.click("leo", seen, button(seen, "draw"))
        start = session.record.version
        for _ in range(8):
            before = session.record.version
            if skyjo(session).current == 0:
                await play_turn(t, "ana", rng)
            else:
                t.clock.advance(31)
            await next_turn(t, session, before)
        leo = session.record.seats[1]
        assert leo.timeouts > 0 or leo.is_bot, "leo's turns ran out and a bot played them"
        assert session.record.version > start + 4 and session.record.status == "running"
        assert not errors_logged(caplog)


DM_REFUSALS = [
    ("table language", {"language": "fr"}, "not in direct messages"),
    ("table pictures", {"look": "text"}, "not in direct messages"),
    ("table coach", {"level": "expert"}, "not in direct messages"),
    ("stats", {}, "not to direct messages"),
    ("history", {}, "not to direct messages"),
    ("leaderboard", {"game": "skyjo"}, "not to direct messages"),
    ("table show", {}, "There is no game in this channel."),
    ("table leave", {}, "There is no game in this channel."),
    ("table cancel", {}, "There is no game in this channel."),
    ("table remind", {}, "There is no game in this channel."),
]


async def test_direct_messages_are_refused_or_served(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """What needs a server is refused in DMs with a message; rules and a solo game work."""
    caplog.set_level(logging.WARNING)
    rng = random.Random(46)
    async with table(tmp_path) as t:
        await t.start()
        ana = t.users["ana"]
        dm = t.dc.world.dm_channel(ana)
        for command, options, says in DM_REFUSALS:
            refused(await t.dc.slash(ana, dm, command, **options), says)
        rules = await t.dc.slash(ana, dm, "skyjo rules")
        assert rules.ephemeral and "Skyjo rules" in shown(rules).text()
        solo = await t.dc.slash(ana, dm, "skyjo solo", bots=1)
        assert solo.type == 4 and not solo.ephemeral and not solo.errors, solo
        session = await t.running.sessions.in_channel(dm.id)
        assert session is not None and session.record.guild_id is None
        personal = shown(await t.dc.click(ana, shown(solo), button(shown(solo), "mine")))
        while enabled(personal, "reveal"):
            card = rng.choice(enabled(personal, "reveal"))
            personal = shown(await t.dc.click(ana, personal, card))
        await until(
            lambda: (
                not session.lock.locked()
                and not session.display.outbox.busy
                and 0 in session.engine.to_move
                and skyjo(session).phase == "turn"
            ),
            "ana's first turn in DMs",
        )
        message = next(m for m in t.dc.messages(dm) if m.id == session.record.message_id)
        drawn = await t.dc.click(ana, message, button(message, "draw"))
        placed = await t.dc.click(ana, shown(drawn), rng.choice(enabled(shown(drawn), "swap")))
        assert drawn.type == placed.type == 7, (drawn.errors, placed.errors)
        await until(lambda: not session.lock.locked() and 0 in session.engine.to_move, "a turn")
        t.clock.advance(61)
        await until(lambda: session.record.seats[0].timeouts == 1, "ana's time to run out")
        other = await t.dc.slash(ana, dm, "skyjo start")
        refused(other, "A game is already open in this channel")
        left = await t.dc.slash(ana, dm, "table cancel")
        refused(left, "The game is cancelled.")
        assert [r for r in t.dc.requests if r.status >= 400] == []
        assert not errors_logged(caplog)
