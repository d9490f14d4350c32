"""The pages as an aiohttp application, served in the bot's own event loop (`serve`) or alone
(`python -m bot.web`).

Addresses (each under the server's token, `/s/<token>`):

- `/s/<token>/`: the server's games, the top players of each, the latest games and today's
  daily deal;
- `/s/<token>/board/<game>/<period>`: a leaderboard (`all`, `month`, `week`, `daily`), paged
  (`?page=`) and sorted (`?sort=rating|games|wins|rate`);
- `/s/<token>/member/<key>`: a member's page, and `…/avatar.png` their avatar;
- `/s/<token>/game/<id>`: a finished game's standings and replay, and `…/<step>.png` each
  step's picture;
- `/static/<file>`: the style sheet, the replay's script, the placeholder avatar: kept a year
  by browsers, each address naming its file's version (`?v=`).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

import aiohttp_jinja2
from aiohttp import web

from bot.config import BotSettings
from bot.web import pages
from bot.web.guard import Buckets, Turns, guard
from bot.web.templating import StaticFile, environment, static_files

log = logging.getLogger(__name__)

STATIC_CACHE = "public, max-age=31536000, immutable"


STATIC = web.AppKey("static", dict[str, StaticFile])


async def static(request: web.Request) -> web.Response:
    file = request.app[STATIC].get(request.match_info["name"])
    if file is None:
        raise web.HTTPNotFound()
    charset = "utf-8" if file.content_type.startswith(("text/", "image/svg")) else None
    return web.Response(
        body=file.body,
        content_type=file.content_type,
        charset=charset,
        headers={"Cache-Control": STATIC_CACHE, "ETag": f'"{file.version}"'},
    )


def make_app(
    sources: pages.Sources,
    *,
    trust_forwarded: bool = False,
    buckets: Buckets | None = None,
    turns: Turns | None = None,
) -> web.Application:
    app = web.Application(
        middlewares=[
            guard(buckets or Buckets(), pages.not_found, trust_forwarded, sources.busy, turns)
        ],
        client_max_size=1024,
    )
    app[pages.SOURCES] = sources
    app[STATIC] = static_files()
    app[aiohttp_jinja2.APP_KEY] = environment()
    server = "/s/{token:[A-Za-z0-9_-]{16,64}}"
    member = server + "/member/{member:[0-9a-f]{16}}"
    game = server + "/game/{game:[0-9]{1,18}}"
    app.router.add_get(server + "/", pages.server_page)
    app.router.add_get(
        server + "/board/{kind:[a-z0-9_-]{1,32}}/{period:[a-z]{1,10}}", pages.board_page
    )
    app.router.add_get(member, pages.member_page)
    app.router.add_get(member + "/avatar.png", pages.avatar)
    app.router.add_get(game, pages.game_page)
    app.router.add_get(game + "/{step:[0-9]{1,5}}.png", pages.picture)
    app.router.add_get("/static/{name}", static)
    return app


@dataclass(frozen=True)
class Served:
    runner: web.AppRunner
    url: str
    """The public address of the pages."""

    @property
    def sources(self) -> pages.Sources:
        return self.runner.app[pages.SOURCES]

    async def close(self) -> None:
        await self.runner.cleanup()
        self.sources.close()


async def serve(settings: BotSettings, sources: pages.Sources) -> Served | None:
    """Serves the pages as `settings` say, until closed; None when they are not served here,
    or cannot be (the port is taken: the bot goes on without them, saying so)."""
    if settings.web_port is None:
        return None
    app = make_app(sources, trust_forwarded=settings.web_trust_forwarded)
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    try:
        await web.TCPSite(runner, settings.web_host, settings.web_port).start()
    except OSError as error:
        await runner.cleanup()
        log.error(
            "The web pages cannot be served on %s:%s (%s): set WEB_PORT to a free port, or "
            "leave it empty to serve none here",
            settings.web_host,
            settings.web_port,
            error,
        )
        return None
    port = bound_port(runner)
    url = settings.pages_url(port)
    log.info("Web pages served on http://%s:%d (links point to %s)", settings.web_host, port, url)
    return Served(runner, url)


def bound_port(runner: web.AppRunner) -> int:
    for address in runner.addresses:
        if isinstance(address, tuple):
            return int(address[1])
    raise RuntimeError("the pages are not served on a TCP port")
