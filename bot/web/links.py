"""The addresses of a server's pages, from the root of its pages (`<WEB_URL>/s/<token>`), as
links from Discord give them."""

from __future__ import annotations


def root(base: str, token: str) -> str:
    return f"{base}/s/{token}"


def server_page(pages: str) -> str:
    return f"{pages}/"


def board_page(pages: str, kind: str, period: str) -> str:
    return f"{pages}/board/{kind}/{period}"


def member_page(pages: str, key: str) -> str:
    return f"{pages}/member/{key}"


def game_page(pages: str, game_id: int, step: int | None = None) -> str:
    return f"{pages}/game/{game_id}" + (f"#step-{step}" if step is not None else "")
