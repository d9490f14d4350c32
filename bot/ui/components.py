"""Buttons and selects that survive restarts: every custom id names the game, the version it
was drawn at, a verb and an argument, and is routed by a `DynamicItem` registered at start-up.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Protocol

import discord

from bot.adapters.base import ButtonSpec, Row, Screen, SelectSpec

BUTTON_TEMPLATE = r"sky:(?P<game>[0-9]+):(?P<version>[0-9]+):(?P<verb>[a-z_]+):(?P<arg>[^:]*)"
SELECT_TEMPLATE = r"skys:(?P<game>[0-9]+):(?P<version>[0-9]+):(?P<verb>[a-z_]+):(?P<arg>[^:]*)"

STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}


@dataclass(frozen=True)
class Click:
    """A press of one of our components: what it says, and the option picked from a select."""

    game_id: int
    version: int
    verb: str
    arg: str
    value: str | None = None


class ClickHandler(Protocol):
    async def click(self, interaction: discord.Interaction[Any], click: Click) -> None: ...


def button_id(game_id: int, version: int, verb: str, arg: str = "") -> str:
    return f"sky:{game_id}:{version}:{verb}:{arg}"


def select_id(game_id: int, version: int, verb: str, arg: str = "") -> str:
    return f"skys:{game_id}:{version}:{verb}:{arg}"


def _click(match: re.Match[str], value: str | None = None) -> Click:
    return Click(
        game_id=int(match["game"]),
        version=int(match["version"]),
        verb=match["verb"],
        arg=match["arg"],
        value=value,
    )


def _handler(interaction: discord.Interaction[Any]) -> ClickHandler:
    handler: ClickHandler = interaction.client.sessions
    return handler


class GameButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=BUTTON_TEMPLATE):
    def __init__(self, button: discord.ui.Button[Any], click: Click) -> None:
        super().__init__(button)
        self.click = click

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> GameButton:
        assert isinstance(item, discord.ui.Button)
        return cls(item, _click(match))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _handler(interaction).click(interaction, self.click)


class GameSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=SELECT_TEMPLATE):
    def __init__(self, select: discord.ui.Select[Any], match: re.Match[str] | None = None) -> None:
        super().__init__(select)
        self.match = match

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> GameSelect:
        assert isinstance(item, discord.ui.Select)
        return cls(item, match)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        assert self.match is not None
        values = self.item.values
        await _handler(interaction).click(
            interaction, _click(self.match, values[0] if values else None)
        )


def _button(spec: ButtonSpec, game_id: int, version: int, row: int) -> GameButton:
    custom_id = button_id(game_id, version, spec.verb, spec.arg)
    button: discord.ui.Button[Any] = discord.ui.Button(
        label=spec.label[:80],
        style=STYLES[spec.style],
        custom_id=custom_id,
        disabled=spec.disabled,
        emoji=spec.emoji,
        row=row,
    )
    return GameButton(button, Click(game_id, version, spec.verb, spec.arg))


def _select(spec: SelectSpec, game_id: int, version: int, row: int) -> GameSelect:
    options = [
        discord.SelectOption(label=label[:100], value=value[:100], default=value == spec.current)
        for label, value in spec.options[:25]
    ]
    select: discord.ui.Select[Any] = discord.ui.Select(
        custom_id=select_id(game_id, version, spec.verb, spec.arg),
        placeholder=spec.placeholder[:150],
        options=options,
        disabled=spec.disabled,
        row=row,
    )
    return GameSelect(select)


def build_view(rows: list[Row] | tuple[Row, ...], game_id: int, version: int) -> discord.ui.View:
    """A view of dynamic items only, so discord.py keeps no per-message state for it."""
    view = discord.ui.View(timeout=None)
    for index, row in enumerate(list(rows)[:5]):
        if isinstance(row, SelectSpec):
            view.add_item(_select(row, game_id, version, index))
        else:
            for spec in list(row)[:5]:
                view.add_item(_button(spec, game_id, version, index))
    return view


def screen_kwargs(screen: Screen, game_id: int, version: int) -> dict[str, Any]:
    """Keyword arguments for send/edit: the embed, content and components of a screen."""
    return {
        "content": screen.content,
        "embed": screen.embed,
        "view": build_view(list(screen.rows), game_id, version),
    }
