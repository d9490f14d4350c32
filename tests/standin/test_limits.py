"""Discord's limits as the stand-in enforces them, checked without a bot."""

from __future__ import annotations

from typing import Any

import pytest

from .commands import CommandRegistry
from .errors import ApiError
from .limits import validate_commands, validate_message, validate_modal


def button(custom_id: str, label: str = "Go") -> dict[str, Any]:
    return {"type": 2, "style": 1, "label": label, "custom_id": custom_id}


def row(*components: dict[str, Any]) -> dict[str, Any]:
    return {"type": 1, "components": list(components)}


def select(custom_id: str) -> dict[str, Any]:
    return {"type": 3, "custom_id": custom_id, "options": [{"label": "A", "value": "a"}]}


def problems(body: dict[str, Any]) -> list[str]:
    return validate_message(body).messages


def test_a_valid_message_passes() -> None:
    body = {
        "content": "hi",
        "embeds": [{"title": "T", "fields": [{"name": "n", "value": "v"}]}],
        "components": [row(button("a"), button("b")), row(select("s"))],
    }
    assert problems(body) == []


@pytest.mark.parametrize(
    ("body", "path"),
    [
        ({"content": "x" * 2001}, "content"),
        ({"components": [row(button("x" * 101))]}, "components.0.components.0.custom_id"),
        ({"components": [row(button("a", label="x" * 81))]}, "components.0.components.0.label"),
        ({"components": [row(*(button(str(i)) for i in range(6)))]}, "components.0.components"),
        ({"components": [row(button(str(i))) for i in range(6)]}, "components"),
        ({"components": [row(button("a"), select("s"))]}, "components.0.components"),
        ({"components": [row(button("a"), button("a"))]}, "components.0.components.1.custom_id"),
        ({"components": [button("a")]}, "components.0.type"),
        ({"embeds": [{"title": "t"}] * 11}, "embeds"),
        ({"embeds": [{"description": "x" * 4000}, {"description": "x" * 2001}]}, "embeds"),
        ({"embeds": [{"fields": [{"name": "n", "value": "v"}] * 26}]}, "embeds.0.fields"),
    ],
)
def test_limits_are_refused_with_the_field_path(body: dict[str, Any], path: str) -> None:
    assert any(p.startswith(path + ":") for p in problems(body)), problems(body)


def test_refusal_is_discords_invalid_form_body() -> None:
    with pytest.raises(ApiError) as caught:
        validate_message({"components": [row(button("x" * 101))]}).raise_if_any()
    body = caught.value.to_json()
    assert caught.value.status == 400 and body["code"] == 50035
    custom_id = body["errors"]["components"]["0"]["components"]["0"]["custom_id"]
    assert custom_id["_errors"][0]["code"] == "BASE_TYPE_BAD_LENGTH"


def test_modal_limits() -> None:
    text = {"type": 4, "custom_id": "f", "style": 1, "label": "L" * 46}
    with pytest.raises(ApiError, match="50035"):
        validate_modal({"title": "T", "custom_id": "m", "components": [row(text)]})


def command(**changes: Any) -> dict[str, Any]:
    base: dict[str, Any] = {"name": "skyjo", "description": "Play", "type": 1, "options": []}
    return {**base, **changes}


def option(name: str, required: bool = False, **extra: Any) -> dict[str, Any]:
    return {"name": name, "description": "d", "type": 3, "required": required, **extra}


@pytest.mark.parametrize(
    "bad",
    [
        command(name="Skyjo"),
        command(name="x" * 33),
        command(description=""),
        command(description="x" * 101),
        command(options=[option(f"o{i}") for i in range(26)]),
        command(options=[option("a"), option("b", required=True)]),
        command(
            options=[option("a", choices=[{"name": str(i), "value": str(i)} for i in range(26)])]
        ),
        command(options=[option("a"), option("a")]),
        command(options=[{"name": "sub", "description": "d", "type": 1}, option("a")]),
    ],
)
def test_commands_discord_refuses(bad: dict[str, Any]) -> None:
    with pytest.raises(ApiError) as caught:
        validate_commands([bad])
    assert caught.value.code == 50035


def test_duplicate_command_names_are_refused() -> None:
    with pytest.raises(ApiError, match="50035"):
        validate_commands([command(), command()])


def test_command_ids_survive_a_resync() -> None:
    ids = iter(range(100, 200))
    registry = CommandRegistry(1, lambda: next(ids))
    first = registry.overwrite(None, [command()])
    second = registry.overwrite(None, [command(description="Play Skyjo")])
    assert first[0]["id"] == second[0]["id"]
    assert registry.find("skyjo", guild_id=5)["description"] == "Play Skyjo"
    registry.overwrite(5, [command(description="Guild copy")])
    assert registry.find("skyjo", guild_id=5)["description"] == "Guild copy"
