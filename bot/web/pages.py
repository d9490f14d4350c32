"""The pages of a server: its front page, a leaderboard, a member's page, a game's page and the
pictures they show. Every address begins with the server's token; whatever an address names
that is not there (a server, a member, a game, a step) answers the same 404.

Only visible members are named: one who hid from the pages, or left the server, is on no
board and has no page, and is "Player N" in a game.
"""

from __future__ import annotations

import gzip
import math
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import aiohttp_jinja2
from aiohttp import web

from bot.adapters.base import GameAdapter
from bot.catalog import Catalog
from bot.i18n import N_, Words
from bot.kept import KeptBytes
from bot.storage.daily import DailyRepository, day_of
from bot.storage.database import Database
from bot.storage.games import GameRepository, Move
from bot.storage.profiles import read_profile
from bot.storage.records import GameRecord
from bot.storage.stats import StatsRepository
from bot.storage.web import BOARD_ORDERS, Member, WebRepository, board, board_size
from bot.ui.avatars import AvatarCache
from bot.ui.daily_board import DAILY_PERIOD, DAILY_PERIOD_NAME
from bot.ui.names import Points
from bot.ui.rating_words import change_text
from bot.ui.records import PERIOD_NAMES as BOARD_PERIODS
from bot.ui.records import PERIODS, best_and_worst, feat_texts
from bot.ui.rendering import PictureCache
from bot.web.charts import chart
from bot.web.game_pages import GamePage, GamePages, Server
from bot.web.language import page_language
from bot.web.replays import as_shown, step_picture
from bot.web.templating import helpers

DAILY = DAILY_PERIOD
PERIOD_NAMES = {**BOARD_PERIODS, DAILY: DAILY_PERIOD_NAME}
SORT_NAMES = {
    "rating": N_("Rating"),
    "games": N_("Games"),
    "wins": N_("Wins"),
    "rate": N_("Win rate"),
}
BOARD_PAGE = 50
TOP = 5
LATEST_GAMES = 10
PICTURE_CACHE = "public, max-age=86400"
PAGE_BYTES_KEPT = 16 * 1024 * 1024
"""Games' pages kept, compressed: about two thousand."""


@dataclass
class Sources:
    """What the pages are read and drawn from."""

    database: Database
    catalog: Catalog
    pictures: PictureCache
    avatars: AvatarCache | None = None
    now: Callable[[], float] = time.time
    busy: Callable[[], bool] = lambda: False
    """Whether the bot these pages are served beside is behind with its games."""
    page_processes: int = 1
    """Processes making games' pages (0: a thread of this one)."""

    def __post_init__(self) -> None:
        self.web = WebRepository(self.database)
        self.stats = StatsRepository(self.database)
        self.daily = DailyRepository(self.database)
        self.games = GameRepository(self.database, self.catalog.bot_ratings)
        self.pages = KeptBytes(PAGE_BYTES_KEPT)
        self.game_pages = GamePages(self.page_processes)

    def close(self) -> None:
        self.game_pages.close()

    async def made_ahead(self, record: GameRecord) -> None:
        """The page of a game that has just finished, made and kept before anyone asks for
        it, in the language it was played in, when its server has pages."""
        if record.guild_id is None:
            return
        pages = await self.web.of_server(record.guild_id)
        if pages is None:
            return
        token, name = pages
        moves = await self.games.moves(record.id)
        members = await self.members_of(record.guild_id, record)
        path = f"/s/{token}/game/{record.id}"
        made = GamePage(record, moves, members, record.guild_id, token, name, record.language, path)
        await self.game_page(made)

    async def members_of(self, guild_id: int, record: GameRecord) -> dict[int, Member]:
        """The server's members seated at the game, visible or not."""
        seated = [seat.user_id for seat in record.seats if seat.user_id is not None]
        return await self.web.members(guild_id, seated)

    async def game_page(self, made: GamePage) -> bytes:
        """The game's page, compressed: kept, or made and kept."""
        key = (made.record.id, made.version, made.language)
        compressed = self.pages.get(key)
        if compressed is None:
            compressed = await self.game_pages.made(made)
            self.pages.put(key, compressed)
        return compressed


SOURCES = web.AppKey("sources", Sources)


def sources(request: web.Request) -> Sources:
    return request.app[SOURCES]


async def server_of(request: web.Request) -> Server:
    token = request.match_info["token"]
    found = sources(request)
    server = await found.web.server(token)
    if server is None:
        raise web.HTTPNotFound()
    guild_id, name, language = server
    return Server(guild_id, token, Words(page_language(request, language)), name)


def context(request: web.Request, server: Server | None, **values: Any) -> dict[str, Any]:
    """What every template is given, and `values`."""
    words = server.words if server is not None else Words(page_language(request, None))
    return {**helpers(words, server, request.path), **values}


def page(request: web.Request, template: str, server: Server | None, **values: Any) -> web.Response:
    made = context(request, server, **values)
    return respond(aiohttp_jinja2.render_string(template, request, made), made["words"])


def respond(text: str, words: Words) -> web.Response:
    """A page, compressed for a browser that takes it so; browsers ask again each time (a
    member may hide, a game end)."""
    response = web.Response(text=text, content_type="text/html")
    response.headers["Cache-Control"] = "no-cache"
    response.headers["Content-Language"] = words.language
    response.enable_compression()
    return response


def respond_compressed(request: web.Request, compressed: bytes, words: Words) -> web.Response:
    """A page kept compressed: sent as it is to a browser that takes gzip (almost all do)."""
    if "gzip" in request.headers.get("Accept-Encoding", "").lower():
        response = web.Response(body=compressed, content_type="text/html", charset="utf-8")
        response.headers["Content-Encoding"] = "gzip"
    else:
        response = web.Response(text=gzip.decompress(compressed).decode(), content_type="text/html")
    response.headers["Vary"] = "Accept-Encoding"
    response.headers["Cache-Control"] = "no-cache"
    response.headers["Content-Language"] = words.language
    return response


async def not_found(request: web.Request) -> web.Response:
    response = page(request, "not_found.html", None)
    response.set_status(404)
    return response


def titles(catalog: Catalog, words: Words) -> dict[str, str]:
    return {game.adapter.kind: words(game.adapter.title) for game in catalog}


async def visible_names(
    found: Sources, server: Server, user_ids: Sequence[int | None]
) -> dict[int, Member]:
    members = await found.web.members(server.guild_id, [u for u in user_ids if u is not None])
    return {user_id: member for user_id, member in members.items() if member.visible}


# ------------------------------------------------------------------------------ the server


async def server_page(request: web.Request) -> web.Response:
    server = await server_of(request)
    found = sources(request)
    words = server.words
    today = day_of(found.now())
    games = []
    for kind, title in titles(found.catalog, words).items():
        top = await board(found.database, server.guild_id, kind, 0.0, "rating", limit=TOP)
        daily = await found.daily.of_day(server.guild_id, kind, today, limit=TOP)
        shown = await visible_names(found, server, [result.user_id for result in daily])
        games.append(
            {
                "kind": kind,
                "title": title,
                "has_daily": found.catalog.require(kind).daily_bots > 0,
                "top": top,
                "daily": [
                    (shown[result.user_id], Points(result.score or 0), result.status == "left")
                    for result in daily
                    if result.user_id in shown
                ],
            }
        )
    latest = await found.stats.history(server.guild_id, limit=LATEST_GAMES)
    names = await visible_names(found, server, [user for game in latest for user in game.winners])
    past = [
        {
            "id": game.game_id,
            "title": titles(found.catalog, words).get(game.kind, game.kind),
            "ended": game.ended_at,
            "winners": [names[user] for user in game.winners if user in names],
        }
        for game in latest
    ]
    return page(
        request,
        "server.html",
        server,
        games=games,
        past=past,
        today=today,
    )


# --------------------------------------------------------------------------- a leaderboard


async def board_page(request: web.Request) -> web.Response:
    server = await server_of(request)
    found = sources(request)
    words = server.words
    kind, period = request.match_info["kind"], request.match_info["period"]
    names = titles(found.catalog, words)
    if kind not in names or period not in PERIOD_NAMES:
        raise web.HTTPNotFound()
    has_daily = found.catalog.require(kind).daily_bots > 0
    if period == DAILY and not has_daily:
        raise web.HTTPNotFound()
    sort = request.query.get("sort", "rating")
    if sort not in BOARD_ORDERS:
        sort = "rating"
    number = _page_number(request.query.get("page"))
    common = {
        "kind": kind,
        "period": period,
        "title": names[kind],
        "period_name": words(PERIOD_NAMES[period]),
        "periods": {
            code: name for code, name in PERIOD_NAMES.items() if code != DAILY or has_daily
        },
        "titles": names,
    }
    if period == DAILY:
        today = day_of(found.now())
        results = await found.daily.of_day(server.guild_id, kind, today, limit=BOARD_PAGE)
        week = await found.daily.of_week(server.guild_id, kind, today, limit=BOARD_PAGE)
        shown = await visible_names(
            found, server, [r.user_id for r in results] + [w.user_id for w in week]
        )
        return page(
            request,
            "daily.html",
            server,
            today=today,
            results=[
                (shown[r.user_id], Points(r.score or 0), r.status == "left")
                for r in results
                if r.user_id in shown
            ],
            week=[(shown[w.user_id], w) for w in week if w.user_id in shown],
            **common,
        )
    span = PERIODS[period]
    since = found.now() - span if span is not None else 0.0
    total = await board_size(found.database, server.guild_id, kind, since)
    pages = max(1, math.ceil(total / BOARD_PAGE))
    if number > pages:
        raise web.HTTPNotFound()
    rows = await board(
        found.database,
        server.guild_id,
        kind,
        since,
        sort,
        limit=BOARD_PAGE,
        offset=(number - 1) * BOARD_PAGE,
    )
    return page(
        request,
        "board.html",
        server,
        rows=rows,
        first_place=(number - 1) * BOARD_PAGE + 1,
        number=number,
        pages=pages,
        sort=sort,
        sorts=SORT_NAMES,
        **common,
    )


def _page_number(text: str | None) -> int:
    if text is None:
        return 1
    if not text.isdigit() or not 1 <= int(text) <= 100_000:
        raise web.HTTPNotFound()
    return int(text)


# ---------------------------------------------------------------------------- a member


async def member_of(request: web.Request, server: Server) -> Member:
    member = await sources(request).web.member_by_page(
        server.guild_id, request.match_info["member"]
    )
    if member is None:
        raise web.HTTPNotFound()
    return member


async def member_page(request: web.Request) -> web.Response:
    server = await server_of(request)
    found = sources(request)
    words = server.words
    member = await member_of(request, server)
    names = titles(found.catalog, words)
    profile = await read_profile(
        found.stats,
        found.daily,
        server.guild_id,
        member.user_id,
        list(names),
        day_of(found.now()),
    )
    kinds = []
    order = list(names)
    records = sorted(profile.records, key=lambda r: order.index(r.kind) if r.kind in order else 99)
    for record in records:
        adapter = found.catalog.adapter(record.kind)
        rating = profile.ratings.get(record.kind)
        steps = await found.stats.rating_steps(server.guild_id, member.user_id, record.kind)
        feats = feat_texts(adapter, record.feats, words)
        kinds.append(
            {
                "kind": record.kind,
                "title": names.get(record.kind, record.kind),
                "record": record,
                "rating": rating,
                "change": change_text(rating.change, words) if rating and rating.change else None,
                "best": best_and_worst(record, adapter is not None and adapter.high_score_wins)[0],
                "feats": feats,
                "chart": chart(steps),
                "steps": steps,
            }
        )
    return page(
        request,
        "member.html",
        server,
        member=member,
        kinds=kinds,
        streak=profile.daily_streak,
        recent=profile.recent,
        titles=names,
    )


async def avatar(request: web.Request) -> web.StreamResponse:
    server = await server_of(request)
    member = await member_of(request, server)
    avatars = sources(request).avatars
    image = None
    if avatars is not None:
        image = await avatars.fetched(member.user_id, member.avatar, 128)
    if image is None:
        raise web.HTTPFound("/static/avatar.svg")
    return web.Response(
        body=image, content_type="image/png", headers={"Cache-Control": PICTURE_CACHE}
    )


# ------------------------------------------------------------------------------ a game


@dataclass(frozen=True)
class Game:
    record: GameRecord
    adapter: GameAdapter
    moves: list[Move]
    members: Mapping[int, Member]


async def game_of(request: web.Request, server: Server) -> Game:
    found = sources(request)
    text = request.match_info["game"]
    if not text.isdigit() or len(text) > 18:
        raise web.HTTPNotFound()
    record = await found.games.get(int(text))
    adapter = found.catalog.adapter(record.kind) if record is not None else None
    if (
        record is None
        or adapter is None
        or record.guild_id != server.guild_id
        or record.status != "finished"
    ):
        raise web.HTTPNotFound()
    moves = await found.games.moves(record.id)
    return Game(record, adapter, moves, await found.members_of(server.guild_id, record))


async def game_page(request: web.Request) -> web.Response:
    """Made once for the game, the names it shows and the language, away from the event loop
    (`GamePages`), and kept."""
    server = await server_of(request)
    game = await game_of(request, server)
    made = GamePage(
        game.record,
        game.moves,
        game.members,
        server.guild_id,
        server.token,
        server.name,
        server.words.language,
        request.path,
    )
    return respond_compressed(request, await sources(request).game_page(made), server.words)


async def picture(request: web.Request) -> web.StreamResponse:
    server = await server_of(request)
    words = server.words
    game = await game_of(request, server)
    step = request.match_info["step"]
    drawn = None
    if step.isdigit() and len(step) < 6:
        shown = as_shown(game.record, game.members, words)
        drawn = step_picture(game.adapter, shown, game.moves, int(step), words)
    if drawn is None:
        raise web.HTTPNotFound()
    data = await sources(request).pictures.get(drawn)
    return web.Response(
        body=data, content_type="image/png", headers={"Cache-Control": PICTURE_CACHE}
    )
