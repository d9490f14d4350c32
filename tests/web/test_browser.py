"""The pages in a real browser (Chromium, through Playwright), on a phone's screen and a
desktop's: each page opens without an error and without scrolling sideways, the replay steps
by its buttons, its keys and its links, plays by itself, and works without JavaScript, and a
hostile name never runs.

With SKYTABLE_SCREENSHOTS=<folder>, each page's screenshots are saved there to be looked at.
"""

from __future__ import annotations

import os
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from playwright.async_api import Browser, Page

from tests.e2e.harness import table
from tests.e2e.test_web_links import admin, finished_sheet, links
from tests.web.browser import DESKTOP, PHONE, launched, watched_page
from tests.web.sites import EVIL, SCRIPT, Site
from tests.web.sites import site as served_site

SIZES = {"phone": PHONE, "desktop": DESKTOP}


@pytest.fixture
async def browser() -> AsyncIterator[Browser]:
    async with launched() as found:
        yield found


@pytest.fixture
async def site(tmp_path: Path) -> AsyncIterator[Site]:
    async with served_site(tmp_path) as found:
        yield found


async def sideways(page: Page) -> int:
    """How far the page scrolls sideways, in pixels."""
    return int(
        await page.evaluate(
            "document.documentElement.scrollWidth - document.documentElement.clientWidth"
        )
    )


async def saved(page: Page, name: str) -> None:
    folder = os.environ.get("SKYTABLE_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        await page.screenshot(path=str(Path(folder) / f"{name}.png"), full_page=True)


async def visible_step(page: Page) -> int:
    """The number of the replay's step on screen (exactly one is)."""
    shown = await page.evaluate(
        "[...document.querySelectorAll('.replay .step')]"
        ".filter(s => getComputedStyle(s).display !== 'none').map(s => s.id)"
    )
    assert len(shown) == 1, shown
    return int(shown[0].removeprefix("step-"))


async def reached(page: Page, step: int, seconds: float = 10.0) -> None:
    """Waits until the replay shows `step` (polled from here: the pages' policy lets no
    string be run as script, Playwright's own waits included)."""
    for _ in range(int(seconds / 0.1)):
        if page.url.endswith(f"#step-{step}"):
            return
        await page.wait_for_timeout(100)
    raise AssertionError(f"the replay did not reach step {step}: {page.url}")


@pytest.mark.parametrize("size", SIZES)
async def test_every_page_opens_clean_on_a_phone_and_a_desktop(
    browser: Browser, site: Site, size: str
) -> None:
    pages = {
        "server": f"/s/{site.token}/",
        "board": f"/s/{site.token}/board/skyjo/all",
        "daily": f"/s/{site.token}/board/skyjo/daily",
        "member": f"/s/{site.token}/member/{await site.page_key(EVIL)}",
        "game": f"/s/{site.token}/game/{site.games['skyjo']}",
        "not-found": f"/s/{site.token}/game/424242",
    }
    async with watched_page(browser, SIZES[size]) as watched:
        for name, path in pages.items():
            response = await watched.page.goto(site.url(path))
            assert response is not None
            assert response.status == (404 if name == "not-found" else 200), name
            await watched.page.wait_for_load_state("networkidle")
            assert await sideways(watched.page) <= 0, f"{name} scrolls sideways on a {size}"
            await saved(watched.page, f"{name}-{size}")
            if name == "not-found":
                itself = [
                    f"404 {site.url(path)}",
                    "console: Failed to load resource: the server responded with a status of"
                    " 404 (Not Found)",
                ]
                assert sorted(watched.errors) == sorted(itself), "only the page is missing"
                watched.errors.clear()
            assert watched.errors == [], name


async def test_a_replay_steps_by_buttons_keys_and_links_and_plays_by_itself(
    browser: Browser, site: Site
) -> None:
    game = site.url(f"/s/{site.token}/game/{site.games['skyfive']}")
    async with watched_page(browser, PHONE) as watched:
        page = watched.page
        await page.goto(game)
        steps = await page.locator(".replay .step").count()
        assert steps > 5 and await visible_step(page) == 1
        await page.locator("#step-1 a.forward").click()
        assert await visible_step(page) == 2 and page.url.endswith("#step-2")
        await page.keyboard.press("ArrowRight")
        assert await visible_step(page) == 3
        await page.keyboard.press("ArrowLeft")
        assert await visible_step(page) == 2
        await page.keyboard.press("End")
        assert await visible_step(page) == steps
        await page.keyboard.press("Home")
        assert await visible_step(page) == 1
        await page.locator("#step-1 a.last").click()
        assert await visible_step(page) == steps
        await page.locator(f"#step-{steps} a.first").click()
        assert await visible_step(page) == 1

        await page.locator("#step-1 button.play").click()
        await reached(page, 3)
        await page.locator("#step-3 button.play").click()
        paused_at = await visible_step(page)
        await page.wait_for_timeout(2_000)
        assert await visible_step(page) == paused_at, "paused"

        await page.goto(game + "#step-5")
        assert await visible_step(page) == 5, "a link to a step opens that step"
        await saved(page, "replay-step-5-phone")
        assert watched.errors == []


async def test_the_replay_works_without_javascript_but_autoplay(
    browser: Browser, site: Site
) -> None:
    game = site.url(f"/s/{site.token}/game/{site.games['junior']}")
    async with watched_page(browser, PHONE, javascript=False) as watched:
        page = watched.page
        await page.goto(game)
        assert await page.locator("button.play").count() == 0
        await page.locator("#step-1 a.forward").click()
        assert page.url.endswith("#step-2")
        assert await page.locator("#step-2").is_visible()
        assert not await page.locator("#step-1").is_visible()
        await page.goto(game + "#step-4")
        assert await page.locator("#step-4").is_visible()
        await page.locator("#step-4 a.round-forward").click()
        assert await page.locator(".replay .step:target").count() == 1


async def test_a_hostile_name_shows_as_text_and_never_runs(browser: Browser, site: Site) -> None:
    async with watched_page(browser, DESKTOP) as watched:
        page = watched.page
        await page.goto(site.url(f"/s/{site.token}/member/{await site.page_key(EVIL)}"))
        assert SCRIPT in await page.locator("h1").inner_text()
        await page.goto(site.url(f"/s/{site.token}/game/{site.games['skyjo']}"))
        assert SCRIPT in await page.locator("body").inner_text()
        assert await page.locator("img[src='x']").count() == 0
        assert await page.evaluate("document.scripts.length") == 1
        assert watched.errors == []


async def test_a_link_in_discord_opens_its_page(browser: Browser, tmp_path: Path) -> None:
    """The standings of a game played through the stand-in link to its page, which opens in
    the browser with the same players."""
    async with table(tmp_path) as t:
        await t.start()
        await admin(t, "ana")
        await t.slash("ana", "table web on")
        session = await finished_sheet(t)
        url = links(await t.table_message(session))["Replay on the web"]
        async with watched_page(browser, PHONE) as watched:
            response = await watched.page.goto(url)
            assert response is not None and response.status == 200
            await watched.page.wait_for_load_state("networkidle")
            body = await watched.page.locator("body").inner_text()
            assert all(t.users[name].name in body for name in ("ana", "leo", "zoe"))
            assert await sideways(watched.page) <= 0
            assert watched.errors == []
