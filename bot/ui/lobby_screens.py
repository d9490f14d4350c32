"""The lobby every game shares: seats, settings, and the buttons to fill and start a table."""

from __future__ import annotations

import discord
from pydantic import BaseModel

from bot.adapters.base import ButtonSpec, GameAdapter, Row, Screen, SelectSpec
from bot.i18n import N_, Words
from bot.storage.records import GameRecord
from bot.ui.names import shown

LOBBY_COLOUR = discord.Colour.from_rgb(88, 101, 242)
CHOICES_PER_PAGE = 4


LEVEL_NAMES = {
    "easy": N_("easy"),
    "normal": N_("normal"),
    "hard": N_("hard"),
    "expert": N_("expert"),
}
"""The words of the bot levels the games name (a level not listed is shown as it is named)."""


def level_name(level: str | None, words: Words) -> str:
    return words(LEVEL_NAMES[level]) if level in LEVEL_NAMES else level or ""


def seat_line(index: int, game: GameRecord, words: Words) -> str:
    seat = game.seats[index]
    if seat.is_bot:
        return f"{index + 1}. 🤖 {shown(seat.name)} ({level_name(seat.bot_level, words)})"
    if seat.guest:
        return f"{index + 1}. {shown(seat.name)} · " + words("guest")
    host = " · " + words("host") if seat.user_id == game.host_id else ""
    return f"{index + 1}. <@{seat.user_id}>{host}"


def _invitation(adapter: GameAdapter, words: Words) -> str:
    values = {"least": adapter.min_seats, "most": adapter.max_seats}
    if adapter.has_bots and adapter.allows_guests:
        return words(
            "Join with the button below. The host starts once there are {least}–{most} "
            "players; bots and guests (the host plays for them) can fill seats.",
            **values,
        )
    if adapter.has_bots:
        return words(
            "Join with the button below. The host starts once there are {least}–{most} "
            "players; bots can fill seats.",
            **values,
        )
    if adapter.allows_guests:
        return words(
            "Join with the button below. The host starts once there are {least}–{most} "
            "players; guests (the host plays for them) can fill seats.",
            **values,
        )
    return words(
        "Join with the button below. The host starts once there are {least}–{most} players.",
        **values,
    )


def lobby_screen(
    game: GameRecord, adapter: GameAdapter, settings: BaseModel, words: Words
) -> Screen:
    count = len(game.seats)
    seats = "\n".join(seat_line(i, game, words) for i in range(count)) or words("Nobody yet.")
    embed = discord.Embed(
        title=words("{game} · new game", game=words(adapter.title)),
        description=_invitation(adapter, words),
        colour=LOBBY_COLOUR,
    )
    embed.add_field(
        name=words("Players ({count}/{most})", count=count, most=adapter.max_seats),
        value=seats,
        inline=False,
    )
    embed.add_field(
        name=words("Settings"),
        value="\n".join(adapter.settings_summary(settings, words)),
        inline=False,
    )
    embed.set_footer(text=words("Game {game}", game=game.id))
    full = count >= adapter.max_seats
    buttons = [
        ButtonSpec(words("Join"), "join", style="success", disabled=full),
        ButtonSpec(words("Leave"), "leave", style="secondary"),
        ButtonSpec(words("Settings"), "settings", "0", style="secondary", emoji="⚙️"),
        ButtonSpec(
            words("Start"),
            "start",
            style="primary",
            disabled=not adapter.min_seats <= count <= adapter.max_seats,
        ),
        ButtonSpec(words("Cancel"), "cancel", style="danger"),
    ]
    rows: list[Row] = [buttons]
    if adapter.allows_guests:
        rows.append([ButtonSpec(words("Seat a guest"), "guest", disabled=full)])
    if adapter.has_bots:
        rows.append(
            SelectSpec(
                "addbot",
                words("Add a bot…"),
                [
                    (words("Add a bot: {level}", level=level_name(level, words)), level)
                    for level in adapter.bot_levels
                ],
                disabled=full,
            )
        )
    others = [
        (words("Remove {name}", name=seat.name), str(i))
        for i, seat in enumerate(game.seats)
        if not seat.is_member
    ]
    if others:
        rows.append(SelectSpec("removebot", words("Remove a bot or guest…"), others))
    return Screen(embed=embed, rows=rows)


def settings_panel(
    game: GameRecord, adapter: GameAdapter, settings: BaseModel, page: int, words: Words
) -> Screen:
    choices = list(adapter.setting_choices(words))
    pages = max(1, -(-len(choices) // CHOICES_PER_PAGE))
    page = min(max(page, 0), pages - 1)
    shown = choices[page * CHOICES_PER_PAGE : (page + 1) * CHOICES_PER_PAGE]
    embed = discord.Embed(
        title=words("{game} settings", game=words(adapter.title)),
        description="\n".join(adapter.settings_summary(settings, words)),
        colour=LOBBY_COLOUR,
    )
    embed.set_footer(
        text=words(
            "Only the host can change these · page {page} of {pages}", page=page + 1, pages=pages
        )
    )
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
                ButtonSpec(words("◂ Previous"), "settings", str(page - 1), disabled=page == 0),
                ButtonSpec(words("Next ▸"), "settings", str(page + 1), disabled=page == pages - 1),
            ]
        )
    return Screen(embed=embed, rows=rows)
