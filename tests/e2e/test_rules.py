"""Each game's rules command describes the rules as played at this channel's table of that game
(its lobby or its running game), and elsewhere the defaults, saying they are the defaults."""

from __future__ import annotations

import random
from pathlib import Path

from tests.e2e.harness import button, shown, table
from tests.e2e.skyjo_play import choose_opening_cards, skyjo


async def test_skyjo_rules_describe_this_tables_settings_or_else_the_defaults(
    tmp_path: Path,
) -> None:
    async with table(tmp_path) as t:
        t.users["leo"].locale = "fr"
        await t.start()
        defaults = shown(await t.slash("ana", "skyjo rules")).text()
        assert "Default settings (a table's host may change them)" in defaults
        assert "face down in a 3 × 4 grid. Everyone turns up 2 cards" in defaults
        assert "doubled if it is not strictly the lowest" in defaults
        assert "reaches 100 points" in defaults
        assert "**Identical column**: 3 equal face-up cards in a column" in defaults
        assert "Identical row" not in defaults

        lobby = shown(
            await t.slash(
                "ana",
                "skyjo start",
                grid="4x5",
                opening_flips=3,
                penalty="flat",
                penalty_flat=15,
                target_score=150,
                clear_rows=True,
            )
        )
        here = shown(await t.slash("zoe", "skyjo rules")).text()
        assert "Settings of this channel's table" in here and "Default" not in here
        assert "face down in a 4 × 5 grid. Everyone turns up 3 cards" in here
        assert "gets 15 more points if it is not strictly the lowest" in here
        assert "reaches 150 points" in here and "3 × 4" not in here
        assert "**Identical column**: 4 equal face-up cards in a column" in here
        assert "**Identical row**: 5 equal face-up cards in a row" in here
        assert "Target score: **150**" in here and "Grid: **4 × 5**" in here

        french = shown(await t.slash("leo", "skyjo rules")).text()
        assert "grille de 4 × 5. Chacun retourne 3 cartes" in french, french

        junior = shown(await t.slash("ana", "skyjo-junior rules")).text()
        assert "Default settings" in junior, "the channel's table is not a Skyjo Junior table"
        assert "10 copies of each value from 1 to 12 (120 cards)" in junior

        lobby = shown(await t.click("leo", lobby, button(lobby, "join")))
        await t.click("ana", lobby, button(lobby, "start"))
        rng = random.Random(5)
        for user in ("ana", "leo"):
            await choose_opening_cards(t, user, rng)
        await t.settled(lambda s: skyjo(s).phase == "turn", "the first turn")
        playing = shown(await t.slash("ana", "skyjo rules")).text()
        assert "Settings of this channel's table" in playing
        assert "4 × 5 grid. Everyone turns up 3 cards" in playing


async def test_the_other_games_rules_show_their_tables_settings(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        await t.start()
        await t.slash("ana", "skyfive start", bust_seconds=30)
        sky_five = shown(await t.slash("leo", "skyfive rules")).text()
        assert "Settings of this channel's table" in sky_five
        assert "Time to choose from a bust: **30 s**" in sky_five
        await t.slash("ana", "table cancel")
        await t.slash("ana", "skyjo-junior start", copies_per_value=6)
        junior = shown(await t.slash("leo", "skyjo-junior rules")).text()
        assert "6 copies of each value from 1 to 12 (72 cards)" in junior
        await t.slash("ana", "table cancel")
        await t.slash("ana", "skyjo-sheet start", target_score=200, penalty="none")
        sheet = shown(await t.slash("leo", "skyjo-sheet rules")).text()
        assert "Settings of this channel's table" in sheet
        assert "Target score: **200**" in sheet and "Finisher's penalty: **none**" in sheet
