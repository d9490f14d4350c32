"""The Skyjo table as a picture, from the public view alone: every grid in the colours of the
physical cards (−2 and −1 dark blue, 0 light blue, 1–4 green, 5–8 yellow, 9–12 red), card
backs where cards are face down, the piles, the player to move and the cards just changed."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from bot.ui.avatar_picture import Avatar
from bot.ui.grid_picture import CardColours, GridTable, Panel, Rgb
from bot.ui.names import number, signed
from games.skyjo.view import SkyjoView

DARK_BLUE: Rgb = (36, 70, 170)
LIGHT_BLUE: Rgb = (110, 185, 235)
GREEN: Rgb = (60, 160, 80)
YELLOW: Rgb = (235, 200, 60)
RED: Rgb = (205, 60, 50)


def card_colour(value: int) -> Rgb:
    """The colour of a card of the physical game."""
    if value < 0:
        return DARK_BLUE
    if value == 0:
        return LIGHT_BLUE
    if value <= 4:
        return GREEN
    return YELLOW if value <= 8 else RED


COLOURS = CardColours("skyjo", card_colour, tuple(range(-2, 13)))


def table_picture(
    view: SkyjoView,
    changed: Collection[tuple[int, int]] = (),
    title: str = "Skyjo",
    avatars: Sequence[Avatar | None] = (),
) -> GridTable:
    """The table in play; `changed` holds the (seat, slot) places the last move changed,
    `avatars` what is drawn before each seat's name."""
    playing = view.phase not in ("opening", "over")
    return GridTable(
        title=title,
        columns=view.settings.columns,
        rows=view.settings.rows,
        panels=tuple(
            Panel(
                name=player.name,
                score=(
                    f"{number(player.total)} ({signed(player.visible_score)})"
                    if view.settings.show_round_scores and playing
                    else number(player.total)
                ),
                cards=tuple(player.cards),
                highlighted=playing and seat in view.to_move,
                changed=frozenset(slot for s, slot in changed if s == seat),
                avatar=avatars[seat] if seat < len(avatars) else None,
            )
            for seat, player in enumerate(view.players)
        ),
        colours=COLOURS,
        discard=view.discard_top,
        draw_pile=True,
    )


def final_grids_picture(
    title: str,
    names: Sequence[str],
    grids: Sequence[Sequence[int | None]],
    scores: Sequence[str],
    columns: int,
    rows: int,
    finisher: int | None = None,
    avatars: Sequence[Avatar | None] = (),
) -> GridTable:
    """Every player's grid at the end of a round, all cards face up (None: cleared); the
    player who ended it is framed, `avatars` are drawn before each seat's name."""
    return GridTable(
        title=title,
        columns=columns,
        rows=rows,
        panels=tuple(
            Panel(
                name=name,
                score=score,
                cards=tuple("cleared" if value is None else value for value in grid),
                highlighted=seat == finisher,
                avatar=avatars[seat] if seat < len(avatars) else None,
            )
            for seat, (name, grid, score) in enumerate(zip(names, grids, scores, strict=True))
        ),
        colours=COLOURS,
    )
