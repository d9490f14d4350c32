"""Buttons, selects and forms that survive restarts: every custom id names the game, the
version it was drawn at, a verb and an argument. Buttons and selects are routed by a
`DynamicItem` registered at start-up; form submissions by the client's interaction listener.

Every custom id with our prefix reaches these items, well formed or not, and is read strictly
(ASCII digits of at most 18 for numbers, so that they fit storage's 64-bit integers; an
argument of lower-case letters, digits and underscores; 100 characters in all, Discord's
limit): one that does not read so, or a select value the select does not offer, is refused
with a short private answer and never reaches a game.
"""

from __future__ import annotations

import contextlib
import re
from dataclasses import dataclass
from typing import Any, Protocol, cast

import discord

from bot.adapters.specs import ButtonSpec, Command, Form, Row, SelectSpec
from bot.i18n import N_
from bot.ui.replies import tell

_FIELDS = (
    r"(?P<game>[0-9]{1,18}):(?P<version>[0-9]{1,18}):(?P<verb>[a-z_]{1,32}):(?P<arg>[a-z0-9_]*)"
)
CUSTOM_ID_LIMIT = 100
"""Discord's longest custom id: anything longer was never sent by us."""
BUTTON_ID = re.compile("sky:" + _FIELDS)
SELECT_ID = re.compile("skys:" + _FIELDS)
FORM_TEMPLATE = re.compile("skym:" + _FIELDS)
BUTTON_TEMPLATE = r"sky:[\s\S]*"
"""Routes every button id with our prefix here; `BUTTON_ID` then reads it."""
SELECT_TEMPLATE = r"skys:[\s\S]*"
NOT_OURS = N_("That button is not part of this game.")
FORM_LIFETIME = 15 * 60.0
"""Seconds an open form is remembered in memory; a later submission is routed all the same."""

STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}


@dataclass(frozen=True)
class Click:
    """A press of one of our components, or a submitted form: which game, at which version."""

    game_id: int
    version: int
    command: Command

    @property
    def verb(self) -> str:
        return self.command.verb


class ClickHandler(Protocol):
    async def click(self, interaction: discord.Interaction[Any], click: Click) -> None: ...


def button_id(game_id: int, version: int, verb: str, arg: str = "") -> str:
    return f"sky:{game_id}:{version}:{verb}:{arg}"


def select_id(game_id: int, version: int, verb: str, arg: str = "") -> str:
    return f"skys:{game_id}:{version}:{verb}:{arg}"


def form_id(game_id: int, version: int, verb: str, arg: str = "") -> str:
    return f"skym:{game_id}:{version}:{verb}:{arg}"


def _read(pattern: re.Pattern[str], custom_id: str | None) -> re.Match[str] | None:
    """The custom id's fields, if it is one of ours as we write them."""
    if custom_id is None or len(custom_id) > CUSTOM_ID_LIMIT:
        return None
    return pattern.fullmatch(custom_id)


async def _refuse(interaction: discord.Interaction[Any]) -> None:
    """A private answer to a component that does not read as one of ours."""
    with contextlib.suppress(discord.HTTPException):
        await tell(interaction, NOT_OURS)


def _click(
    match: re.Match[str], value: str | None = None, fields: dict[str, str] | None = None
) -> Click:
    return Click(
        game_id=int(match["game"]),
        version=int(match["version"]),
        command=Command(match["verb"], match["arg"], value, fields or {}),
    )


def _handler(interaction: discord.Interaction[Any]) -> ClickHandler:
    handler: ClickHandler = interaction.client.sessions
    return handler


class GameButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=BUTTON_TEMPLATE):
    def __init__(self, button: discord.ui.Button[Any], click: Click | None) -> None:
        super().__init__(button)
        self.click = click
        """None for an id with our prefix that does not read as one of ours."""

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> GameButton:
        if not isinstance(item, discord.ui.Button):
            return cls(cast(Any, item), None)
        fields = _read(BUTTON_ID, item.custom_id)
        return cls(item, None if fields is None else _click(fields))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        if self.click is None:
            await _refuse(interaction)
            return
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
        if not isinstance(item, discord.ui.Select):
            return cls(cast(Any, item), None)
        return cls(item, _read(SELECT_ID, item.custom_id))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        if self.match is None:
            await _refuse(interaction)
            return
        values = self.item.values
        offered = {option.value for option in self.item.options}
        if len(values) > 1 or not set(values) <= offered:
            await _refuse(interaction)
            return
        await _handler(interaction).click(
            interaction, _click(self.match, values[0] if values else None)
        )


class GameForm(discord.ui.Modal):
    """A form as sent; its submission is routed by `submitted_form`, not by this object, so
    that it is still understood after a restart."""

    def __init__(self, form: Form, game_id: int, version: int) -> None:
        super().__init__(
            title=form.title,
            custom_id=form_id(game_id, version, form.verb, form.arg),
            timeout=FORM_LIFETIME,
        )
        for spec in form.fields:
            self.add_item(
                discord.ui.TextInput(
                    label=spec.label,
                    custom_id=spec.key,
                    placeholder=spec.placeholder or None,
                    default=spec.default or None,
                    required=spec.required,
                    min_length=spec.min_length or None,
                    max_length=spec.max_length,
                    style=discord.TextStyle.long if spec.long else discord.TextStyle.short,
                )
            )


def _text_inputs(components: Any) -> dict[str, str]:
    found: dict[str, str] = {}
    for component in components if isinstance(components, list) else []:
        if not isinstance(component, dict):
            continue
        if component.get("type") == 4 and "custom_id" in component:
            found[str(component["custom_id"])] = str(component.get("value") or "")
        found.update(_text_inputs(component.get("components")))
        inner = component.get("component")
        if isinstance(inner, dict):
            found.update(_text_inputs([inner]))
    return found


def submitted_form(interaction: discord.Interaction[Any]) -> Click | None:
    """The click a form submission stands for, if the form is ours."""
    if interaction.type is not discord.InteractionType.modal_submit:
        return None
    data: Any = interaction.data or {}
    match = _read(FORM_TEMPLATE, str(data.get("custom_id", "")))
    if match is None:
        return None
    return _click(match, fields=_text_inputs(data.get("components")))


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
    return GameButton(button, Click(game_id, version, Command(spec.verb, spec.arg)))


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
            if row.options:
                view.add_item(_select(row, game_id, version, index))
        else:
            for spec in list(row)[:5]:
                view.add_item(_button(spec, game_id, version, index))
    return view
