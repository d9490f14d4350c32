"""Debian's Chromium driven by Playwright, kept off the network: the browser of the web
pages' tests (`tests/ensure_chromium.sh` installs it)."""

from __future__ import annotations

import os
import shutil
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field

from playwright.async_api import Browser, ConsoleMessage, Page, async_playwright

FLAGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-default-apps",
    "--disable-extensions",
)
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}


def chromium() -> str:
    found = os.environ.get("SKYTABLE_CHROMIUM") or shutil.which("chromium")
    if found is None:
        raise RuntimeError(
            "Chromium is missing: run tests/ensure_chromium.sh (as root on Debian), or set "
            "SKYTABLE_CHROMIUM to a Chromium program"
        )
    return found


@asynccontextmanager
async def launched() -> AsyncIterator[Browser]:
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(
            executable_path=chromium(), args=list(FLAGS), headless=True
        )
        try:
            yield browser
        finally:
            await browser.close()


@dataclass
class Watched:
    """A page, and what went wrong on it: console errors, uncaught errors, dialogs opened."""

    page: Page
    errors: list[str] = field(default_factory=list)

    def console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.errors.append(f"console: {message.text}")


@asynccontextmanager
async def watched_page(
    browser: Browser, viewport: dict[str, int], *, javascript: bool = True
) -> AsyncIterator[Watched]:
    context = await browser.new_context(
        viewport={"width": viewport["width"], "height": viewport["height"]},
        java_script_enabled=javascript,
    )
    page = await context.new_page()
    watched = Watched(page)
    page.on("console", watched.console)
    page.on(
        "response",
        lambda response: (
            watched.errors.append(f"{response.status} {response.url}")
            if response.status >= 400
            else None
        ),
    )
    page.on("pageerror", lambda error: watched.errors.append(f"page error: {error}"))

    async def dialog(opened: object) -> None:
        watched.errors.append(f"a dialog opened: {opened}")

    page.on("dialog", dialog)
    try:
        yield watched
    finally:
        await context.close()
