"""The lobby every game shares: seats, settings, and the buttons to fill and start a table."""

from __future__ import annotations

import discord
from pydantic import BaseModel

from bot.adapters.base import ButtonSpec, GameAdapter, Row, Screen, SelectSpec
from bot.storage.records import GameRecord

LOBBY_COLOUR = discord.Colour.from_rgb(88, 101, 242)
CHOICES_PER_PAGE = 4


def seat_line(index: int, game: GameRecord) -> str:
    seat = game.seats[index]
    if seat.is_bot:
        return f"{index + 1}. 🤖 {seat.name} ({seat.bot_level})"
    if seat.guest:
        return f"{index + 1}. {seat.name} · guest"
    host = " · host" if seat.user_id == game.host_id else ""
    return f"{index + 1}. <@{seat.user_id}>{host}"


def lobby_screen(game: GameRecord, adapter: GameAdapter, settings: BaseModel) -> Screen:
    count = len(game.seats)
    seats = "\n".join(seat_line(i, game) for i in range(count)) or "Nobody yet."
    fill = []
    if adapter.has_bots:
        fill.append("bots")
    if adapter.allows_guests:
        fill.append("guests (the host plays for them)")
    filling = f"; {' and '.join(fill)} can fill seats" if fill else ""
    embed = discord.Embed(
        title=f"{adapter.title} · new game",
        description=(
            f"Join with the button below. The host starts once there are "
            f"{adapter.min_seats}–{adapter.max_seats} players{filling}."
        ),
        colour=LOBBY_COLOUR,
    )
    embed.add_field(name=f"Players ({count}/{adapter.max_seats})", value=seats, inline=False)
    embed.add_field(
        name="Settings", value="\n".join(adapter.settings_summary(settings)), inline=False
    )
    embed.set_footer(text=f"Game {game.id}")
    full = count >= adapter.max_seats
    buttons = [
        ButtonSpec("Join", "join", style="success", disabled=full),
        ButtonSpec("Leave", "leave", style="secondary"),
        ButtonSpec("Settings", "settings", "0", style="secondary", emoji="⚙️"),
        ButtonSpec(
            "Start",
            "start",
            style="primary",
            disabled=not adapter.min_seats <= count <= adapter.max_seats,
        ),
        ButtonSpec("Cancel", "cancel", style="danger"),
    ]
    rows: list[Row] = [buttons]
    if adapter.allows_guests:
        rows.append([ButtonSpec("Seat a guest", "guest", style="secondary", disabled=full)])
    if adapter.has_bots:
        rows.append(
            SelectSpec(
                "addbot",
                "Add a bot…",
                [(f"Add a bot: {level}", level) for level in adapter.bot_levels],
                disabled=full,
            )
        )
    others = [
        (f"Remove {seat.name}", str(i)) for i, seat in enumerate(game.seats) if not seat.is_member
    ]
    if others:
        rows.append(SelectSpec("removebot", "Remove a bot or guest…", others))
    return Screen(embed=embed, rows=rows)


def settings_panel(
    game: GameRecord, adapter: GameAdapter, settings: BaseModel, page: int
) -> Screen:
    choices = list(adapter.setting_choices())
    pages = max(1, -(-len(choices) // CHOICES_PER_PAGE))
    page = min(max(page, 0), pages - 1)
    shown = choices[page * CHOICES_PER_PAGE : (page + 1) * CHOICES_PER_PAGE]
    embed = discord.Embed(
        title=f"{adapter.title} settings",
        description="\n".join(adapter.settings_summary(settings)),
        colour=LOBBY_COLOUR,
    )
    embed.set_footer(text=f"Only the host can change these · page {page + 1} of {pages}")
    rows: list[Row] = [
        SelectSpec(
            "set",
            choice.label,
            [(f"{choice.label}: {label}", value) for label, value in choice.options],
            arg=choice.key,
            current=adapter.chosen(settings, choice.key),
        )
        for choice in shown
    ]
    if pages > 1:
        rows.append(
            [
                ButtonSpec("◂ Previous", "settings", str(page - 1), disabled=page == 0),
                ButtonSpec("Next ▸", "settings", str(page + 1), disabled=page == pages - 1),
            ]
        )
    return Screen(embed=embed, rows=rows)
