"""Buttons, selects and forms that survive restarts: every custom id names the game, the
version it was drawn at, a verb and an argument. They are sent as plain component payloads
and routed by custom id from the client's interaction listener, buttons, selects and form
submissions alike, so discord.py keeps no state for them and builds no item for a press.

Every custom id with our prefix reaches these items, well formed or not, and is read strictly
(ASCII digits of at most 18 for numbers, so that they fit storage's 64-bit integers; an
argument of lower-case letters, digits and underscores; 100 characters in all, Discord's
limit): one that does not read so, or a select value the select does not offer, is refused
with a short private answer and never reaches a game.
"""

from __future__ import annotations

import contextlib
import functools
import re
from dataclasses import dataclass
from typing import Any, Protocol

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
ROW, BUTTON, SELECT = 1, 2, 3
"""Discord's component types."""
NOT_OURS = N_("That button is not part of this game.")

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


def handled_here(interaction: discord.Interaction[Any]) -> bool:
    """Whether the interaction is a press on one of our controls or one of our forms, which
    `route_component` and `submitted_form` handle whole: no view of discord.py's takes it."""
    data: Any = interaction.data or {}
    custom_id = str(data.get("custom_id", ""))
    if interaction.type is discord.InteractionType.component:
        return custom_id.startswith(("sky:", "skys:", "skyt:"))
    return interaction.type is discord.InteractionType.modal_submit and custom_id.startswith(
        "skym:"
    )


async def route_component(interaction: discord.Interaction[Any], handler: ClickHandler) -> None:
    """Pass a press of one of our buttons or selects to `handler`; one that does not read as
    ours (a forged or malformed id, a select value the select does not offer) is refused. A
    component of anyone else's (the stats pages) is left alone."""
    if interaction.type is not discord.InteractionType.component:
        return
    data: Any = interaction.data or {}
    custom_id = str(data.get("custom_id", ""))
    kind = data.get("component_type")
    if custom_id.startswith("sky:"):
        fields = _read(BUTTON_ID, custom_id) if kind == BUTTON else None
        click = None if fields is None else _click(fields)
    elif custom_id.startswith("skys:"):
        click = _picked(interaction, custom_id, data) if kind == SELECT else None
    else:
        return
    if click is None:
        await _refuse(interaction)
    else:
        await handler.click(interaction, click)


def _picked(interaction: discord.Interaction[Any], custom_id: str, data: Any) -> Click | None:
    fields = _read(SELECT_ID, custom_id)
    values = data.get("values")
    if fields is None or not isinstance(values, list) or len(values) > 1:
        return None
    if values and values[0] not in _offered(interaction.message, custom_id):
        return None
    return _click(fields, str(values[0]) if values else None)


def _offered(message: discord.Message | None, custom_id: str) -> set[str]:
    """The values the message's select `custom_id` offers, as Discord showed it."""
    for row in message.components if message is not None else []:
        for child in getattr(row, "children", ()):
            if isinstance(child, discord.SelectMenu) and child.custom_id == custom_id:
                return {option.value for option in child.options}
    return set()


class GameForm(discord.ui.Modal):
    """A form as sent; its submission is routed by `submitted_form`, not by this object, so
    that it is still understood after a restart."""

    def __init__(self, form: Form, game_id: int, version: int) -> None:
        super().__init__(title=form.title, custom_id=form_id(game_id, version, form.verb, form.arg))
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

    def is_finished(self) -> bool:
        """Always: discord.py then keeps no copy of the form sent, waiting for its submission
        (it would keep each for as long as its timeout, with a task counting it down)."""
        return True


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


class Controls(discord.ui.View):
    """Buttons and selects sent as they are: presses are routed by custom id
    (`route_component`), so discord.py keeps no state for them and builds no item for them."""

    def __init__(self, components: list[dict[str, Any]]) -> None:
        super().__init__(timeout=None)
        self._components = components

    def to_components(self) -> list[dict[str, Any]]:
        return self._components

    def is_dispatchable(self) -> bool:
        return False

    def is_finished(self) -> bool:
        """Always: discord.py then keeps nothing of the controls sent (it would keep those of
        a private answer 15 minutes, with a task counting them down)."""
        return True


def _button(spec: ButtonSpec, game_id: int, version: int) -> dict[str, Any]:
    if spec.url is not None:
        link: dict[str, Any] = {
            "type": BUTTON,
            "style": discord.ButtonStyle.link.value,
            "label": spec.label[:80],
            "url": spec.url,
        }
        if spec.emoji:
            link["emoji"] = _emoji(spec.emoji)
        return link
    button: dict[str, Any] = {
        "type": BUTTON,
        "style": STYLES[spec.style].value,
        "disabled": spec.disabled,
        "label": spec.label[:80],
        "custom_id": button_id(game_id, version, spec.verb, spec.arg),
    }
    if spec.emoji:
        button["emoji"] = _emoji(spec.emoji)
    return button


@functools.cache
def _emoji(emoji: str) -> dict[str, Any]:
    return dict(discord.PartialEmoji.from_str(emoji).to_dict())


def _select(spec: SelectSpec, game_id: int, version: int) -> dict[str, Any]:
    return {
        "type": SELECT,
        "custom_id": select_id(game_id, version, spec.verb, spec.arg),
        "min_values": 1,
        "max_values": 1,
        "disabled": spec.disabled,
        "placeholder": spec.placeholder[:150],
        "options": [
            {"label": label[:100], "value": value[:100], "default": value == spec.current}
            for label, value in spec.options[:25]
        ],
    }


def build_view(rows: list[Row] | tuple[Row, ...], game_id: int, version: int) -> Controls:
    """At most 5 rows of at most 5 buttons, or of one select (left out when it offers
    nothing)."""
    components: list[dict[str, Any]] = []
    for row in list(rows)[:5]:
        if isinstance(row, SelectSpec):
            if row.options:
                components.append({"type": ROW, "components": [_select(row, game_id, version)]})
        else:
            buttons = [_button(spec, game_id, version) for spec in list(row)[:5]]
            if buttons:
                components.append({"type": ROW, "components": buttons})
    return Controls(components)
