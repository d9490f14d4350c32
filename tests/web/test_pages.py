"""The pages over HTTP, against a real SQLite file of games played to their end: what each
page shows, that the same 404 answers whatever an address names that is not there, that no
hidden member, other server or hostile name gets through, and the headers and limits every
answer carries."""

from __future__ import annotations

import asyncio
import html as html_text
import re
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from aiohttp.test_utils import TestClient, TestServer

from bot.replay import steps
from bot.storage import GameRepository, open_database
from bot.storage.games import GuildRepository
from bot.storage.web import WebRepository
from bot.ui.rendering import PictureCache
from bot.web.app import make_app
from bot.web.guard import Buckets, Turns
from bot.web.pages import Sources
from tests.web.sites import ANA, EVIL, HOME, OTHER, STRANGER, Site
from tests.web.sites import site as served_site
from tests.web.stored import CATALOG


@pytest.fixture
async def site(tmp_path: Path) -> AsyncIterator[Site]:
    async with served_site(tmp_path) as found:
        yield found


def text_of(html: str) -> str:
    return html_text.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)))


async def test_the_server_page_shows_its_games_players_and_latest_games(site: Site) -> None:
    status, html = await site.get(f"/s/{site.token}/")
    assert status == 200
    shown = text_of(html)
    for title in ("Skyjo", "Skyjo Junior", "Sky Five", "Latest games"):
        assert title in shown
    for game_id in site.games.values():
        assert f"/s/{site.token}/game/{game_id}" in html
    assert "Ana" in shown and "Stranger" not in html
    assert f"/game/{site.other_game}" not in html


async def test_whatever_an_address_names_that_is_not_there_answers_the_same_404(
    site: Site,
) -> None:
    missing = [
        "/s/" + "x" * 32 + "/",
        f"/s/{site.token}/game/99999",
        f"/s/{site.token}/game/{site.other_game}",
        f"/s/{site.token}/member/{await site.page_key(STRANGER, OTHER)}",
        f"/s/{site.token}/member/0123456789abcdef",
        f"/s/{site.token}/board/chess/all",
        f"/s/{site.token}/board/skyjo/year",
        f"/s/{site.token}/board/skyjo/all?page=99",
        f"/s/{site.token}/game/{site.games['skyjo']}/9999.png",
        "/nothing",
        "/static/nothing.css",
    ]
    bodies = set()
    for path in missing:
        status, html = await site.get(path)
        assert status == 404, path
        bodies.add(html)
    assert len(bodies) == 1, "every 404 is the same page"


async def test_a_new_address_kills_the_old_one_and_off_kills_both(site: Site) -> None:
    web = WebRepository(site.database)
    moved = await web.new_address(HOME)
    assert (await site.get(f"/s/{site.token}/"))[0] == 404
    assert (await site.get(f"/s/{moved}/"))[0] == 200
    await web.turn_off(HOME)
    assert (await site.get(f"/s/{moved}/"))[0] == 404


@pytest.mark.parametrize("page", ["server", "board", "member", "game"])
async def test_hostile_names_show_as_text_everywhere(site: Site, page: str) -> None:
    paths = {
        "server": f"/s/{site.token}/",
        "board": f"/s/{site.token}/board/skyjo/all",
        "member": f"/s/{site.token}/member/{await site.page_key(EVIL)}",
        "game": f"/s/{site.token}/game/{site.games['skyjo']}",
    }
    status, html = await site.get(paths[page])
    assert status == 200
    assert "<script>alert" not in html and "<img src=x" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html or page == "member"
    if page != "member":
        assert "&lt;img src=x onerror=alert(1)&gt;" in html
    scripts = re.findall(r"<script[^>]*>", html)
    assert all('src="/static/replay.js' in tag for tag in scripts), scripts


async def test_a_hidden_member_is_nowhere_but_player_n_in_their_games(site: Site) -> None:
    web = WebRepository(site.database)
    key = await site.page_key(ANA)
    await web.set_hidden(HOME, ANA, "Ana", None, True, 0.0)
    for path in (f"/s/{site.token}/", f"/s/{site.token}/board/skyjo/all"):
        status, html = await site.get(path)
        assert status == 200 and "Ana" not in text_of(html), path
    assert (await site.get(f"/s/{site.token}/member/{key}"))[0] == 404
    status, html = await site.get(f"/s/{site.token}/game/{site.games['skyjo']}")
    assert status == 200
    assert "Ana" not in text_of(html) and "Player 1" in text_of(html)
    await web.set_hidden(HOME, ANA, "Ana", None, False, 0.0)
    status, html = await site.get(f"/s/{site.token}/game/{site.games['skyjo']}")
    assert "Ana" in text_of(html) and "Player 1" not in text_of(html)
    assert (await site.get(f"/s/{site.token}/member/{key}"))[0] == 200


async def test_a_member_who_left_the_server_is_hidden_the_same_way(site: Site) -> None:
    await WebRepository(site.database).set_gone(HOME, ANA)
    status, html = await site.get(f"/s/{site.token}/game/{site.games['junior']}")
    assert status == 200 and "Ana" not in text_of(html) and "Player 1" in text_of(html)
    assert (await site.get(f"/s/{site.token}/member/{await site.page_key(ANA)}"))[0] == 404


async def test_a_members_page_shows_their_games_rating_chart_and_latest_games(
    site: Site,
) -> None:
    status, html = await site.get(f"/s/{site.token}/member/{await site.page_key(ANA)}")
    assert status == 200
    shown = text_of(html)
    assert "Ana's profile" in shown
    for title in ("Skyjo", "Skyjo Junior", "Sky Five", "Latest games"):
        assert title in shown
    assert "<svg" in html and "<title" in html and "The rating after each game" in shown
    assert str(ANA) not in shown, "no Discord id in the text"


async def test_a_games_replay_has_every_step_of_discords_replay_in_its_words(
    site: Site,
) -> None:
    game_id = site.games["skyfive"]
    games = GameRepository(site.database, CATALOG.bot_ratings)
    record = await games.get(game_id)
    assert record is not None
    found = steps(CATALOG.require("skyfive"), record, await games.moves(game_id))
    status, html = await site.get(f"/s/{site.token}/game/{game_id}")
    assert status == 200
    ids = re.findall(r'<article class="step" id="step-(\d+)"', html)
    assert [int(i) for i in ids] == list(range(1, len(found) + 1))
    assert "The game begins." in text_of(html)
    assert f'href="#step-{len(found)}"' in html
    pictures = re.findall(rf'src="(/s/{site.token}/game/{game_id}/\d+\.png\?v=\w+)"', html)
    assert pictures
    response = await site.client.get(pictures[-1])
    assert response.status == 200 and response.content_type == "image/png"
    assert (await response.read()).startswith(b"\x89PNG")
    assert "public" in response.headers["Cache-Control"]


@pytest.mark.parametrize(
    ("asked", "query", "expected"),
    [
        ("fr-CH, fr;q=0.9, en;q=0.8", "", "Les parties de ce serveur"),
        ("de", "", "Die Partien dieses Servers"),
        ("ja, de;q=0.5", "", "Die Partien dieses Servers"),
        ("fr", "?lang=de", "Die Partien dieses Servers"),
        ("ja", "", "This server's games"),
    ],
)
async def test_a_page_speaks_the_language_the_visitor_asks_for(
    site: Site, asked: str, query: str, expected: str
) -> None:
    status, html = await site.get(f"/s/{site.token}/{query}", **{"Accept-Language": asked})
    assert status == 200 and expected in text_of(html)


async def test_without_a_language_asked_a_page_speaks_the_servers(site: Site) -> None:
    await GuildRepository(site.database).set_language(HOME, "fr")
    status, html = await site.get(f"/s/{site.token}/", **{"Accept-Language": "ja"})
    assert status == 200 and 'lang="fr"' in html and "Les parties de ce serveur" in html


async def test_every_answer_carries_the_security_headers_and_only_get_is_taken(
    site: Site,
) -> None:
    for path in (f"/s/{site.token}/", "/nothing", "/static/style.css"):
        response = await site.client.get(path)
        policy = response.headers["Content-Security-Policy"]
        assert "script-src 'self'" in policy and "unsafe-inline" not in policy
        assert response.headers["X-Content-Type-Options"] == "nosniff"
        assert response.headers["Referrer-Policy"] == "no-referrer"
    refused = await site.client.post(f"/s/{site.token}/", data=b"x")
    assert refused.status == 405 and refused.headers["Allow"] == "GET, HEAD"
    head = await site.client.head(f"/s/{site.token}/")
    assert head.status == 200


async def test_static_files_are_kept_by_browsers_under_their_versions_address(
    site: Site,
) -> None:
    _, html = await site.get(f"/s/{site.token}/game/{site.games['junior']}")
    sheet = re.search(r'href="(/static/style\.css\?v=\w+)"', html)
    assert sheet is not None
    response = await site.client.get(sheet.group(1))
    assert response.status == 200 and response.content_type == "text/css"
    assert "immutable" in response.headers["Cache-Control"]


def test_a_client_past_its_burst_waits_for_its_bucket_to_fill() -> None:
    now = [0.0]
    buckets = Buckets(rate=2.0, burst=3.0, clock=lambda: now[0])
    assert [buckets.take("a") for _ in range(3)] == [0.0, 0.0, 0.0]
    assert buckets.take("a") == pytest.approx(0.5)
    assert buckets.take("b") == 0.0, "each client has its own bucket"
    now[0] = 1.0
    assert buckets.take("a") == 0.0


async def test_a_flood_from_one_address_is_answered_429(tmp_path: Path) -> None:
    database = await open_database(tmp_path / "sky.db")
    pictures = PictureCache(processes=0)
    app = make_app(Sources(database, CATALOG, pictures), buckets=Buckets(rate=0.01, burst=5))
    try:
        async with TestClient(TestServer(app)) as client:
            answers = [await client.get("/static/style.css") for _ in range(7)]
    finally:
        pictures.close()
        await database.close()
    assert [a.status for a in answers] == [200] * 5 + [429] * 2
    assert int(answers[-1].headers["Retry-After"]) >= 1


async def test_the_pages_give_way_while_the_bot_is_behind_with_its_games(
    tmp_path: Path,
) -> None:
    database = await open_database(tmp_path / "sky.db")
    pictures = PictureCache(processes=0)
    behind = [True]
    app = make_app(Sources(database, CATALOG, pictures, busy=lambda: behind[0]))
    try:
        async with TestClient(TestServer(app)) as client:
            busy = await client.get("/static/style.css")
            behind[0] = False
            served = await client.get("/static/style.css")
    finally:
        pictures.close()
        await database.close()
    assert busy.status == 503 and busy.headers["Retry-After"] == "5"
    assert busy.headers["X-Content-Type-Options"] == "nosniff"
    assert served.status == 200


async def test_pages_take_turns_resting_so_that_they_take_a_quarter_of_the_time() -> None:
    now = [0.0]
    turns = Turns(share=0.25, limit=1, clock=lambda: now[0])
    async with turns.turn():
        now[0] += 0.010
    waited = asyncio.create_task(turns.turn().__aenter__())
    await asyncio.sleep(0)
    assert turns.full, "one waits: the next is refused"
    start = asyncio.get_running_loop().time()
    await waited
    rested = asyncio.get_running_loop().time() - start
    assert 0.025 <= rested < 0.5, "three times the 10 ms the first took"


async def test_a_games_page_is_the_same_made_in_a_process_of_its_own(tmp_path: Path) -> None:
    async with served_site(tmp_path / "thread") as threaded:
        _, in_thread = await threaded.get(f"/s/{threaded.token}/game/{threaded.games['skyjo']}")
    async with served_site(tmp_path / "process", page_processes=1) as alone:
        status, in_process = await alone.get(f"/s/{alone.token}/game/{alone.games['skyjo']}")
    assert status == 200
    same = in_process.replace(alone.token, threaded.token)
    assert same == in_thread


async def test_a_games_page_is_kept_compressed_and_sent_plain_to_who_takes_no_gzip(
    site: Site,
) -> None:
    path = f"/s/{site.token}/game/{site.games['junior']}"
    zipped = await site.client.get(path, headers={"Accept-Encoding": "gzip"})
    plain = await site.client.get(path, headers={"Accept-Encoding": "identity"})
    assert zipped.headers["Content-Encoding"] == "gzip" and "Vary" in zipped.headers
    assert "Content-Encoding" not in plain.headers
    assert await zipped.text() == await plain.text()
    assert '<article class="step" id="step-1"' in await plain.text()
