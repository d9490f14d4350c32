"""Discord's limits as the stand-in enforces them, checked without a bot."""

from __future__ import annotations

from typing import Any

import pytest

from .commands import CommandRegistry
from .errors import ApiError
from .limits import is_unicode_emoji, validate_commands, validate_message, validate_modal


def button(custom_id: str, label: str = "Go") -> dict[str, Any]:
    return {"type": 2, "style": 1, "label": label, "custom_id": custom_id}


def row(*components: dict[str, Any]) -> dict[str, Any]:
    return {"type": 1, "components": list(components)}


def select(custom_id: str) -> dict[str, Any]:
    return {"type": 3, "custom_id": custom_id, "options": [{"label": "A", "value": "a"}]}


def problems(body: dict[str, Any]) -> list[str]:
    return validate_message(body).messages


def embed(**fields: Any) -> dict[str, Any]:
    return {"embeds": [fields]}


def select_with(**changes: Any) -> dict[str, Any]:
    return {"components": [row({**select("s"), **changes})]}


def option_with(**changes: Any) -> dict[str, Any]:
    return select_with(options=[{"label": "A", "value": "a", **changes}])


def codes(body: dict[str, Any], *path: str | int) -> list[str]:
    """The field error codes Discord's answer would carry at this path."""
    with pytest.raises(ApiError) as caught:
        validate_message(body).raise_if_any()
    node = caught.value.to_json()["errors"]
    for part in path:
        node = node[str(part)]
    return [e["code"] for e in node["_errors"]]


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
        (embed(title="x" * 257), "embeds.0.title"),
        (embed(description="x" * 4097), "embeds.0.description"),
        (embed(fields=[{"name": "x" * 257, "value": "v"}]), "embeds.0.fields.0.name"),
        (embed(fields=[{"name": "n", "value": "x" * 1025}]), "embeds.0.fields.0.value"),
        (embed(footer={"text": "x" * 2049}), "embeds.0.footer.text"),
        (
            {"attachments": [{"id": 0, "filename": "a.png", "description": "x" * 1025}]},
            "attachments.0.description",
        ),
        ({"attachments": [{"id": i, "filename": f"{i}.png"} for i in range(11)]}, "attachments"),
        (embed(author={"name": "x" * 257}), "embeds.0.author.name"),
        (select_with(options=[]), "components.0.components.0.options"),
        (
            select_with(options=[{"label": str(i), "value": str(i)} for i in range(26)]),
            "components.0.components.0.options",
        ),
        (option_with(label="x" * 101), "components.0.components.0.options.0.label"),
        (option_with(value="x" * 101), "components.0.components.0.options.0.value"),
        (option_with(description="x" * 101), "components.0.components.0.options.0.description"),
        (select_with(placeholder="x" * 151), "components.0.components.0.placeholder"),
        (select_with(min_values=26), "components.0.components.0.min_values"),
        (select_with(max_values=0), "components.0.components.0.max_values"),
        (select_with(max_values=2), "components.0.components.0.max_values"),
        (
            select_with(
                min_values=2, max_values=1, options=[{"label": c, "value": c} for c in "ab"]
            ),
            "components.0.components.0.min_values",
        ),
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


def test_a_message_at_every_limit_passes() -> None:
    fields = [{"name": "n" * 256, "value": "v" * 30}] * 5
    body = {
        "content": "x" * 2000,
        "embeds": [{"title": "t" * 256, "description": "d" * 4096, "fields": fields}],
        "attachments": [
            {"id": i, "filename": f"{i}.png", "description": "a" * 1024} for i in range(10)
        ],
        "components": [
            row(*(button(f"{r}{b}", label="l" * 80) for b in range(5))) for r in range(4)
        ]
        + [
            row(
                {
                    **select("s"),
                    "placeholder": "p" * 150,
                    "options": [
                        {"label": "l" * 100, "value": f"{i:0>100}", "description": "d" * 100}
                        for i in range(25)
                    ],
                    "min_values": 25,
                    "max_values": 25,
                }
            )
        ],
    }
    assert problems(body) == []


def emoji_button(emoji: Any) -> dict[str, Any]:
    return {"components": [row({**button("b"), "emoji": emoji})]}


@pytest.mark.parametrize(
    "emoji",
    [
        {"name": "⚙️"},
        {"name": "⚙"},
        {"name": "🃏"},
        {"name": "🔁"},
        {"name": "👍🏽"},
        {"name": "1️⃣"},
        {"name": "🇫🇷"},
        {"name": "✅\ufe0f"},
        {"id": "1277679484459290757", "name": "sky_card", "animated": False},
        {"id": 1277679484459290757, "name": None},
    ],
)
def test_component_emoji_discord_knows_pass(emoji: dict[str, Any]) -> None:
    assert problems(emoji_button(emoji)) == []
    assert problems(option_with(emoji=emoji)) == []


@pytest.mark.parametrize(
    "emoji",
    [
        {"name": "🂠"},
        {"name": "x"},
        {"name": "black_nib"},
        {"name": ":gear:"},
        {"name": "⚙⚙"},
        {"name": "⚙ "},
        {"name": "\ufe0f"},
        {"name": ""},
        {"name": None, "id": None},
        {},
    ],
)
def test_component_emoji_discord_does_not_know_are_refused(emoji: dict[str, Any]) -> None:
    assert codes(emoji_button(emoji), "components", 0, "components", 0, "emoji", "name") == [
        "BUTTON_COMPONENT_INVALID_EMOJI"
    ]
    # Discord answers the button's code for a select option's emoji too.
    path = ("components", 0, "components", 0, "options", 0, "emoji", "name")
    assert codes(option_with(emoji=emoji), *path) == ["BUTTON_COMPONENT_INVALID_EMOJI"]


def test_emoji_that_is_not_an_object_or_has_a_bad_id_is_refused() -> None:
    path = ("components", 0, "components", 0, "emoji")
    assert codes(emoji_button("⚙️"), *path) == ["DICT_TYPE_CONVERT"]
    assert codes(emoji_button({"id": "sky", "name": "sky"}), *path, "id") == ["NUMBER_TYPE_COERCE"]


def test_one_bad_emoji_refuses_the_whole_message() -> None:
    body = {
        "content": "fine",
        "components": [
            row(button("a"), {**button("b"), "emoji": {"name": "🂠"}}),
            row({**select("s"), "options": [{"label": "A", "value": "a", "emoji": {"name": "♠"}}]}),
        ],
    }
    assert [p.split(":")[0] for p in problems(body)] == ["components.0.components.1.emoji.name"]


def test_emoji_in_components_v2_are_checked_too() -> None:
    section = {
        "type": 9,
        "components": [{"type": 10, "content": "Draw pile"}],
        "accessory": {**button("draw"), "emoji": {"name": "🂠"}},
    }
    body = {"flags": 1 << 15, "components": [{"type": 17, "components": [section]}]}
    path = ("components", 0, "components", 0, "accessory", "emoji", "name")
    assert codes(body, *path) == ["BUTTON_COMPONENT_INVALID_EMOJI"]


def test_is_unicode_emoji() -> None:
    assert is_unicode_emoji("⚙️") and is_unicode_emoji("⚙")
    assert not is_unicode_emoji("🂠") and not is_unicode_emoji("x")
    assert not is_unicode_emoji(None) and not is_unicode_emoji("")


def link(**changes: Any) -> dict[str, Any]:
    return {"components": [row({"type": 2, "style": 5, "label": "Rules", **changes})]}


@pytest.mark.parametrize(
    ("body", "path"),
    [
        (link(), "components.0.components.0.url"),
        (link(url="https://example.com", custom_id="rules"), "components.0.components.0.custom_id"),
        (
            {"components": [row({**button("b"), "url": "https://example.com"})]},
            "components.0.components.0.url",
        ),
        ({"components": [row({"type": 2, "style": 1, "label": "Go"})]}, "components.0"),
    ],
)
def test_button_url_and_custom_id_rules(body: dict[str, Any], path: str) -> None:
    assert any(p.startswith(path) for p in problems(body)), problems(body)


def test_a_link_button_passes() -> None:
    assert problems(link(url="https://example.com")) == []
    assert problems(link(url="http://127.0.0.1:8080/s/abc/game/1#step-4")) == []


@pytest.mark.parametrize(
    ("url", "code"),
    [
        ("ftp://example.com/x", "URL_TYPE_INVALID_SCHEME"),
        ("steam://connect/1.2.3.4", "URL_TYPE_INVALID_SCHEME"),
        ("/s/abc/", "URL_TYPE_INVALID_SCHEME"),
        ("https:///nothing", "URL_TYPE_INVALID_URL"),
        ("https://example.com/" + "x" * 500, "BASE_TYPE_MAX_LENGTH"),
    ],
)
def test_a_link_buttons_address_is_refused_as_discord_refuses_it(url: str, code: str) -> None:
    assert codes(link(url=url), "components", 0, "components", 0, "url") == [code]


def modal(*inputs: dict[str, Any], **changes: Any) -> dict[str, Any]:
    base = {"title": "Rename", "custom_id": "m", "components": [row(i) for i in inputs]}
    return {**base, **changes}


def text_input(**changes: Any) -> dict[str, Any]:
    return {"type": 4, "custom_id": "f", "style": 1, "label": "Name", **changes}


def test_a_modal_at_every_limit_passes() -> None:
    inputs = [
        text_input(
            custom_id=str(i),
            label="l" * 45,
            placeholder="p" * 100,
            value="v" * 4000,
            min_length=0,
            max_length=4000,
        )
        for i in range(5)
    ]
    validate_modal(modal(*inputs, title="t" * 45, custom_id="c" * 100))


@pytest.mark.parametrize(
    ("data", "path"),
    [
        (modal(text_input(), title=""), "data.title"),
        (modal(text_input(), title="t" * 46), "data.title"),
        (modal(text_input(), custom_id="c" * 101), "data.custom_id"),
        (modal(), "data.components"),
        (modal(*(text_input(custom_id=str(i)) for i in range(6))), "data.components"),
        (modal(text_input(label="L" * 46)), "data.components.0.components.0.label"),
        (modal(text_input(placeholder="p" * 101)), "data.components.0.components.0.placeholder"),
        (modal(text_input(value="v" * 4001)), "data.components.0.components.0.value"),
        (modal(text_input(min_length=-1)), "data.components.0.components.0.min_length"),
        (modal(text_input(min_length=4001)), "data.components.0.components.0.min_length"),
        (modal(text_input(max_length=0)), "data.components.0.components.0.max_length"),
        (modal(text_input(max_length=4001)), "data.components.0.components.0.max_length"),
    ],
)
def test_modal_limits(data: dict[str, Any], path: str) -> None:
    with pytest.raises(ApiError, match="50035") as caught:
        validate_modal(data)
    node = caught.value.to_json()["errors"]
    for part in path.split("."):
        node = node[part]
    assert node["_errors"], node


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
        command(options=[option("a", description="x" * 101)]),
        command(options=[option("a", description="")]),
        command(options=[option("a", choices=[{"name": "x" * 101, "value": "x"}])]),
        command(options=[option("a", choices=[{"name": "", "value": "x"}])]),
        command(name_localizations={"fr": "Skyjo"}),
        command(name_localizations={"fr_FR": "skyjo"}),
        command(description_localizations={"de": "x" * 101}),
        command(options=[option("a", name_localizations={"fr": "x" * 33})]),
        command(
            options=[
                option(
                    "a",
                    choices=[{"name": "n", "value": "v", "name_localizations": {"fr": "x" * 101}}],
                )
            ]
        ),
        {"type": 2, "name": "x" * 33},
    ],
)
def test_commands_discord_refuses(bad: dict[str, Any]) -> None:
    with pytest.raises(ApiError) as caught:
        validate_commands([bad])
    assert caught.value.code == 50035


def test_localized_command_at_every_limit_passes() -> None:
    validate_commands(
        [
            command(
                name="s" * 32,
                description="d" * 100,
                name_localizations={"fr": "é" * 32, "en-US": "sky"},
                description_localizations={"de": "d" * 100},
                options=[
                    option(
                        f"o{i}",
                        description="d" * (100 if i == 0 else 40),
                        choices=[
                            {"name": "n" * 100, "value": "v", "name_localizations": {"fr": "n"}}
                        ],
                    )
                    for i in range(25)
                ],
            )
        ]
    )


def test_localization_errors_name_the_locale() -> None:
    with pytest.raises(ApiError) as caught:
        validate_commands([command(name_localizations={"fr": "Skyjo", "xx": "skyjo"})])
    errors = caught.value.to_json()["errors"]["0"]["name_localizations"]
    assert errors["fr"]["_errors"][0]["code"] == "APPLICATION_COMMAND_INVALID_NAME"
    assert errors["xx"]["_errors"][0]["code"] == "BASE_TYPE_CHOICES"


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
