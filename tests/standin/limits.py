"""Discord's limits: the stand-in's timing settings and the validation of what the bot sends."""

from __future__ import annotations

import functools
import importlib
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any, NamedTuple

import discord

from .errors import ApiError, FieldErrors, PathPart

EPHEMERAL = 1 << 6
LOADING = 1 << 7
SUPPRESS_EMBEDS = 1 << 2
SUPPRESS_NOTIFICATIONS = 1 << 12
COMPONENTS_V2 = 1 << 15

ACTION_ROW, BUTTON, STRING_SELECT, TEXT_INPUT = 1, 2, 3, 4
SELECT_TYPES = frozenset({3, 5, 6, 7, 8})
LABEL = 18
LINK_STYLE, PREMIUM_STYLE = 5, 6

COMMAND_NAME = re.compile(r"^[-_'\w]{1,32}$")
VARIATION_SELECTOR = "\ufe0f"
LOCALES = frozenset(locale.value for locale in discord.Locale)
"""The locales Discord takes as keys of `name_localizations` and `description_localizations`."""
SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2
CHOICE_TYPES = frozenset({3, 4, 10})
TextCheck = Callable[[tuple[PathPart, ...], object, FieldErrors], None]


class RateLimit(NamedTuple):
    """At most `requests` requests per `per` seconds."""

    requests: int
    per: float


GLOBAL_RATE_LIMIT = RateLimit(50, 1.0)
MESSAGE_CREATES = RateLimit(5, 5.0)
MESSAGE_EDITS = RateLimit(5, 5.0)
MESSAGE_DELETES = RateLimit(5, 1.0)
INTERACTION_WEBHOOKS = RateLimit(5, 2.0)
OTHER_ROUTES = RateLimit(50, 1.0)


@dataclass
class Limits:
    """Timing and tolerance settings; every default is Discord's own."""

    interaction_deadline: float = 3.0
    """Seconds the bot has to answer an interaction before Discord answers 10062."""
    token_lifetime: float = 15 * 60.0
    """Seconds an interaction token can be used for follow-ups and edits."""
    old_message_age: float = 60 * 60.0
    """Age from which editing a message is limited (30046)."""
    old_message_edits: int = 0
    """Edits still accepted on a message older than `old_message_age`."""
    nonce_window: float = 5 * 60.0
    """Seconds for which a message's nonce makes Discord return that message instead of
    creating another with the same nonce (`enforce_nonce`; "the past few minutes")."""
    answer_timeout: float = 5.0
    """Seconds a test waits for the bot to answer an interaction before it fails."""
    ready_timeout: float = 10.0
    """Seconds a test waits for a client to log in and become ready."""
    guild_ready_timeout: float = 0.05
    """Set on each started client: how long it waits for more GUILD_CREATEs before on_ready."""
    guilds_per_shard: int = 2500
    """Guilds one gateway connection may serve; identifying for more is closed with 4011
    (Sharding required)."""
    recommended_shards: int | None = None
    """The shard count `GET /gateway/bot` recommends; None: one per 1,000 guilds of the bot,
    at least 1, as Discord reckons it."""
    max_concurrency: int = 1
    """IDENTIFYs allowed per 5 s per bucket, as `GET /gateway/bot` tells (`session_start_limit`);
    1 unless Discord raised it for a large bot (16 and up). discord.py 2.7 does not read it."""
    session_starts: int = 1000
    """IDENTIFYs allowed a day (`session_start_limit.total`); each identify uses one."""
    enforce_rate_limits: bool = True
    """Whether the stand-in refuses with 429 what goes past the limits below, and sends the
    bucket headers (`X-RateLimit-*`) by which discord.py paces itself, as Discord does. Off (a
    test that floods Discord as no user could), it only counts the requests
    (`DiscordStandIn.request_stats()`), sends no bucket headers and refuses nothing but the
    429s a test forces."""
    global_rate_limit: RateLimit = GLOBAL_RATE_LIMIT
    """The bot's global limit, over all its clients: counted requests (every REST request but
    the interaction endpoints: callbacks and `/webhooks/{application}/{token}...`) in any
    sliding window of `per` seconds."""
    message_create_limit: RateLimit = MESSAGE_CREATES
    """Message creates per channel (a thread is a channel), as observed on Discord."""
    message_edit_limit: RateLimit = MESSAGE_EDITS
    """Message edits per channel, a bucket of their own, as observed on Discord."""
    message_delete_limit: RateLimit = MESSAGE_DELETES
    """Message deletes per channel: Discord's bucket for deleting messages younger than 10 s
    and unknown ones (older ones have buckets of their own there, not modelled here)."""
    interaction_webhook_limit: RateLimit = INTERACTION_WEBHOOKS
    """Follow-ups and edits or deletes of an interaction's messages, per interaction token."""
    other_route_limit: RateLimit = OTHER_ROUTES
    """Every other route, per method, route and major parameter (channel, guild): generous, so
    that only the global limit binds them (Discord's own figures vary by route)."""


@functools.cache
def _emoji_data() -> ModuleType | None:
    """The `emoji` package (a dev dependency); None where only the runtime ones are installed."""
    try:
        return importlib.import_module("emoji")
    except ImportError:
        return None


def is_unicode_emoji(name: object) -> bool:
    """Whether Discord takes `name` as a Unicode emoji on a component: one emoji of the Unicode
    list, fully qualified or not ("⚙️" and "⚙" both pass), nothing around it. Without the `emoji`
    package installed every non-empty string passes."""
    if not isinstance(name, str) or not name.strip(VARIATION_SELECTOR):
        return False
    data = _emoji_data()
    if data is None:
        return True
    return bool(data.is_emoji(name) or data.is_emoji(name.replace(VARIATION_SELECTOR, "")))


def _is_snowflake(value: object) -> bool:
    if isinstance(value, bool):
        return False
    if isinstance(value, int):
        return value >= 0
    return isinstance(value, str) and value.isascii() and value.isdigit()


def _validate_emoji(path: tuple[PathPart, ...], item: dict[str, Any], errors: FieldErrors) -> None:
    """A button's or select option's emoji: a custom emoji by id, or a Unicode emoji by name."""
    emoji = item.get("emoji")
    if emoji is None:
        return
    here = (*path, "emoji")
    if not isinstance(emoji, dict):
        errors.add(here, "DICT_TYPE_CONVERT", "Only dictionaries may be used in a ModelType")
        return
    emoji_id = emoji.get("id")
    if emoji_id is not None:
        if not _is_snowflake(emoji_id):
            errors.add((*here, "id"), "NUMBER_TYPE_COERCE", f'Value "{emoji_id}" is not snowflake.')
        return
    if not is_unicode_emoji(emoji.get("name")):
        # Discord answers this code for select options too, not only for buttons.
        errors.add((*here, "name"), "BUTTON_COMPONENT_INVALID_EMOJI", "Invalid emoji")


def _components(items: Any) -> list[dict[str, Any]]:
    return [c for c in items if isinstance(c, dict)] if isinstance(items, list) else []


def walk_components(
    components: Sequence[dict[str, Any]], path: tuple[PathPart, ...] = ("components",)
) -> Iterator[tuple[tuple[PathPart, ...], dict[str, Any]]]:
    """Every component in a tree (action rows, containers, sections, labels), with its path."""
    for index, component in enumerate(components):
        here = (*path, index)
        yield here, component
        yield from walk_components(_components(component.get("components")), (*here, "components"))
        accessory = component.get("accessory")
        if isinstance(accessory, dict):
            yield (*here, "accessory"), accessory
        inner = component.get("component")
        if isinstance(inner, dict):
            yield (*here, "component"), inner


ATTACHMENT_DESCRIPTION_LIMIT = 1024
"""An attachment's description (its alt text)."""
MAX_ATTACHMENTS = 10


def validate_message(body: dict[str, Any], errors: FieldErrors | None = None) -> FieldErrors:
    """Content, embeds and components as Discord checks them on a message create or edit."""
    errors = errors or FieldErrors()
    flags = int(body.get("flags") or 0)
    content = body.get("content")
    if content is not None:
        errors.max_length(("content",), content, 2000)
    embeds = body.get("embeds")
    if isinstance(embeds, list):
        _validate_embeds(embeds, errors)
    attachments = body.get("attachments")
    if isinstance(attachments, list):
        errors.max_items(("attachments",), attachments, MAX_ATTACHMENTS)
        for i, attachment in enumerate(attachments):
            if isinstance(attachment, dict):
                errors.max_length(
                    ("attachments", i, "description"),
                    attachment.get("description"),
                    ATTACHMENT_DESCRIPTION_LIMIT,
                )
    components = body.get("components")
    if isinstance(components, list):
        if flags & COMPONENTS_V2:
            _validate_v2(components, errors)
            if content:
                errors.add(
                    ("content",),
                    "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
                    "The 'content' field cannot be used when using MessageFlags.IS_COMPONENTS_V2",
                )
            if embeds:
                errors.add(
                    ("embeds",),
                    "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
                    "The 'embeds' field cannot be used when using MessageFlags.IS_COMPONENTS_V2",
                )
        else:
            _validate_rows(components, errors)
    return errors


def _validate_embeds(embeds: list[Any], errors: FieldErrors) -> None:
    errors.max_items(("embeds",), embeds, 10)
    total = 0
    for i, embed in enumerate(embeds):
        if not isinstance(embed, dict):
            continue
        path: tuple[PathPart, ...] = ("embeds", i)
        for key, limit in (("title", 256), ("description", 4096)):
            value = embed.get(key)
            if isinstance(value, str):
                errors.max_length((*path, key), value, limit)
                total += len(value)
        for key, sub, limit in (("author", "name", 256), ("footer", "text", 2048)):
            part = embed.get(key)
            if isinstance(part, dict) and isinstance(part.get(sub), str):
                errors.max_length((*path, key, sub), part[sub], limit)
                total += len(part[sub])
        fields = _components(embed.get("fields"))
        errors.max_items((*path, "fields"), fields, 25)
        for j, field in enumerate(fields):
            name, value = field.get("name", ""), field.get("value", "")
            errors.length_between((*path, "fields", j, "name"), name, 1, 256)
            errors.length_between((*path, "fields", j, "value"), value, 1, 1024)
            total += len(str(name)) + len(str(value))
    if total > 6000:
        errors.add(
            ("embeds",),
            "MESSAGE_EMBED_TOO_LARGE",
            f"Embed size exceeds maximum size of 6000 ({total} characters)",
        )


def _validate_custom_id(
    path: tuple[PathPart, ...], component: dict[str, Any], errors: FieldErrors, seen: set[str]
) -> None:
    custom_id = component.get("custom_id")
    if custom_id is None:
        return
    errors.length_between((*path, "custom_id"), custom_id, 1, 100)
    if custom_id in seen:
        errors.add(
            (*path, "custom_id"),
            "COMPONENT_CUSTOM_ID_DUPLICATED",
            "Component custom id was already specified",
        )
    seen.add(str(custom_id))


LINK_SCHEMES = ("http", "https", "discord")
LINK_URL_LIMIT = 512


def _validate_link(path: tuple[PathPart, ...], url: object, errors: FieldErrors) -> None:
    """A link button's address: Discord refuses one longer than 512 characters, of another
    scheme than http, https or discord, or without a host."""
    where = (*path, "url")
    if not isinstance(url, str):
        errors.add(where, "BASE_TYPE_STRING", "Must be a string")
        return
    errors.max_length(where, url, LINK_URL_LIMIT)
    scheme, found, rest = url.partition("://")
    if not found or scheme.lower() not in LINK_SCHEMES:
        errors.add(
            where,
            "URL_TYPE_INVALID_SCHEME",
            f"Scheme {scheme!r} is not supported. Scheme must be one of {LINK_SCHEMES}.",
        )
    elif not rest.split("/", 1)[0]:
        errors.add(where, "URL_TYPE_INVALID_URL", "Not a well formed URL.")


def _validate_button(
    path: tuple[PathPart, ...], button: dict[str, Any], errors: FieldErrors
) -> None:
    errors.max_length((*path, "label"), button.get("label"), 80)
    _validate_emoji(path, button, errors)
    style = button.get("style")
    if style == LINK_STYLE:
        url = button.get("url")
        if not url:
            errors.add((*path, "url"), "BASE_TYPE_REQUIRED", "A url is required")
        else:
            _validate_link(path, url, errors)
        if button.get("custom_id") is not None:
            errors.add(
                (*path, "custom_id"),
                "BUTTON_LINK_CUSTOM_ID",
                "A custom id and url cannot both be specified",
            )
    else:
        if style != PREMIUM_STYLE and not button.get("custom_id"):
            errors.add((*path, "custom_id"), "BASE_TYPE_REQUIRED", "A custom id is required")
        if button.get("url") is not None:
            errors.add(
                (*path, "url"),
                "BUTTON_URL_NOT_LINK",
                "Only link buttons (style 5) can have a url",
            )
    if not button.get("label") and not button.get("emoji") and style != PREMIUM_STYLE:
        errors.add(
            (*path, "label"),
            "BUTTON_COMPONENT_LABEL_OR_EMOJI_REQUIRED",
            "A button needs a label or an emoji",
        )


def _validate_select(
    path: tuple[PathPart, ...], select: dict[str, Any], errors: FieldErrors
) -> None:
    errors.max_length((*path, "placeholder"), select.get("placeholder"), 150)
    low, high = select.get("min_values", 1), select.get("max_values", 1)
    if not (isinstance(low, int) and 0 <= low <= 25):
        errors.add((*path, "min_values"), "NUMBER_TYPE_MAX", "min_values must be between 0 and 25")
    if not (isinstance(high, int) and 1 <= high <= 25):
        errors.add((*path, "max_values"), "NUMBER_TYPE_MAX", "max_values must be between 1 and 25")
    elif isinstance(low, int) and low > high:
        errors.add(
            (*path, "min_values"),
            "BASE_TYPE_BAD_VALUE",
            f"min_values ({low}) cannot be more than max_values ({high})",
        )
    if select.get("type") != STRING_SELECT:
        return
    options = _components(select.get("options"))
    if not options:
        errors.add((*path, "options"), "BASE_TYPE_REQUIRED", "This field is required")
    errors.max_items((*path, "options"), options, 25)
    values: set[str] = set()
    for k, option in enumerate(options):
        errors.length_between((*path, "options", k, "label"), option.get("label"), 1, 100)
        errors.length_between((*path, "options", k, "value"), option.get("value"), 1, 100)
        errors.max_length((*path, "options", k, "description"), option.get("description"), 100)
        _validate_emoji((*path, "options", k), option, errors)
        if option.get("value") in values:
            errors.add(
                (*path, "options", k, "value"),
                "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED",
                "Select option values must be unique",
            )
        values.add(str(option.get("value")))
    if isinstance(high, int) and options and high > len(options):
        errors.add(
            (*path, "max_values"),
            "BASE_TYPE_MAX_VALUE",
            f"max_values must be at most the number of options ({len(options)})",
        )


def _validate_rows(rows: list[Any], errors: FieldErrors) -> None:
    errors.max_items(("components",), rows, 5)
    seen: set[str] = set()
    for i, row in enumerate(rows):
        path: tuple[PathPart, ...] = ("components", i)
        if not isinstance(row, dict) or row.get("type") != ACTION_ROW:
            errors.add(
                (*path, "type"),
                "UNION_TYPE_CHOICES",
                "Top-level components must be action rows (type 1)",
            )
            continue
        children = _components(row.get("components"))
        if not children:
            errors.add(
                (*path, "components"), "BASE_TYPE_MIN_LENGTH", "Must be 1 or more in length."
            )
        selects = [c for c in children if c.get("type") in SELECT_TYPES]
        if selects and len(children) > 1:
            errors.add(
                (*path, "components"),
                "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                "The specified component exceeds the maximum width",
            )
        errors.max_items((*path, "components"), children, 5)
        for j, child in enumerate(children):
            child_path = (*path, "components", j)
            _validate_custom_id(child_path, child, errors, seen)
            kind = child.get("type")
            if kind == BUTTON:
                _validate_button(child_path, child, errors)
            elif kind in SELECT_TYPES:
                _validate_select(child_path, child, errors)
            else:
                errors.add(
                    (*child_path, "type"),
                    "UNION_TYPE_CHOICES",
                    f"Component type {kind} is not allowed in a message action row",
                )


def _validate_v2(components: list[Any], errors: FieldErrors) -> None:
    seen: set[str] = set()
    count = 0
    for path, component in walk_components(_components(components)):
        count += 1
        _validate_custom_id(path, component, errors, seen)
        if component.get("type") == BUTTON:
            _validate_button(path, component, errors)
        elif component.get("type") in SELECT_TYPES:
            _validate_select(path, component, errors)
        elif component.get("type") == 10:
            errors.max_length((*path, "content"), component.get("content"), 4000)
    if count > 40:
        errors.add(
            ("components",),
            "BASE_TYPE_MAX_LENGTH",
            f"A message can hold at most 40 components ({count} sent)",
        )


def validate_modal(data: dict[str, Any]) -> None:
    """A modal (interaction callback type 9) as Discord checks it."""
    errors = FieldErrors()
    path: tuple[PathPart, ...] = ("data",)
    errors.length_between((*path, "title"), data.get("title"), 1, 45)
    errors.length_between((*path, "custom_id"), data.get("custom_id"), 1, 100)
    rows = _components(data.get("components"))
    if not 1 <= len(rows) <= 5:
        errors.add(
            (*path, "components"), "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 5 in length."
        )
    seen: set[str] = set()
    for sub, component in walk_components(rows, (*path, "components")):
        kind = component.get("type")
        _validate_custom_id(sub, component, errors, seen)
        if kind == LABEL:
            errors.length_between((*sub, "label"), component.get("label"), 1, 45)
            errors.max_length((*sub, "description"), component.get("description"), 100)
        elif kind == TEXT_INPUT:
            if "label" in component:
                errors.length_between((*sub, "label"), component.get("label"), 1, 45)
            errors.max_length((*sub, "placeholder"), component.get("placeholder"), 100)
            errors.max_length((*sub, "value"), component.get("value"), 4000)
            low = component.get("min_length")
            if low is not None and not (isinstance(low, int) and 0 <= low <= 4000):
                errors.add((*sub, "min_length"), "NUMBER_TYPE_MAX", "min_length must be 0 to 4000")
            high = component.get("max_length")
            if high is not None and not (isinstance(high, int) and 1 <= high <= 4000):
                errors.add((*sub, "max_length"), "NUMBER_TYPE_MAX", "max_length must be 1 to 4000")
        elif kind in SELECT_TYPES:
            _validate_select(sub, component, errors)
    errors.raise_if_any()


def validate_commands(commands: Any) -> None:
    """A bulk overwrite of application commands, as Discord checks it (400 code 50035)."""
    errors = FieldErrors()
    if not isinstance(commands, list):
        raise ApiError(
            400,
            50035,
            "Invalid Form Body",
            {"_errors": [{"code": "BASE_TYPE_ARRAY", "message": "Must be an array."}]},
        )
    names: dict[tuple[int, str], int] = {}
    chat_inputs = 0
    for i, command in enumerate(commands):
        if not isinstance(command, dict):
            errors.add((i,), "DICT_TYPE_CONVERT", "Only dictionaries may be used in a ModelType")
            continue
        kind = int(command.get("type", 1))
        name = command.get("name")
        if kind == 1:
            chat_inputs += 1
            _validate_chat_input(command, (i,), errors)
        else:
            _validate_texts((i,), command, errors, _check_menu_name)
            if command.get("description"):
                errors.add(
                    (i, "description"),
                    "APPLICATION_COMMAND_DESCRIPTION_MUST_BE_EMPTY",
                    "Context menu commands cannot have a description",
                )
        key = (kind, str(name))
        if key in names:
            errors.add(
                (i, "name"),
                "APPLICATION_COMMANDS_DUPLICATE_NAME",
                f"Application command names must be unique ({name!r} is used twice)",
            )
        names[key] = i
    if chat_inputs > 100:
        errors.add((), "APPLICATION_COMMANDS_TOO_MANY", "At most 100 slash commands are allowed")
    errors.raise_if_any()


def _validate_texts(
    path: tuple[PathPart, ...], item: dict[str, Any], errors: FieldErrors, check_name: TextCheck
) -> None:
    """A command's or option's name and description, and their translations."""
    check_name((*path, "name"), item.get("name"), errors)
    _validate_localizations(path, item, "name_localizations", check_name, errors)
    if check_name is _check_menu_name:
        return
    _check_short_text((*path, "description"), item.get("description"), errors)
    _validate_localizations(path, item, "description_localizations", _check_short_text, errors)


def _check_name(path: tuple[PathPart, ...], name: object, errors: FieldErrors) -> None:
    if not isinstance(name, str) or not COMMAND_NAME.match(name):
        errors.add(
            path,
            "APPLICATION_COMMAND_INVALID_NAME",
            f"Command name is invalid: {name!r} (1-32 letters, digits, - _ ')",
        )
    elif name != name.lower():
        errors.add(
            path,
            "APPLICATION_COMMAND_INVALID_NAME",
            f"Command name must be lowercase: {name!r}",
        )


def _check_short_text(path: tuple[PathPart, ...], text: object, errors: FieldErrors) -> None:
    """A description or a choice name: 1-100 characters."""
    errors.length_between(path, text, 1, 100)


def _check_menu_name(path: tuple[PathPart, ...], text: object, errors: FieldErrors) -> None:
    errors.length_between(path, text, 1, 32)


def _validate_localizations(
    path: tuple[PathPart, ...],
    item: dict[str, Any],
    key: str,
    check: TextCheck,
    errors: FieldErrors,
) -> None:
    """`name_localizations` / `description_localizations`: Discord locales as keys, and each text
    under the same rule as the field it translates."""
    localizations = item.get(key)
    if not isinstance(localizations, dict):
        return
    for locale, text in localizations.items():
        here = (*path, key, str(locale))
        if locale not in LOCALES:
            errors.add(
                here,
                "BASE_TYPE_CHOICES",
                f"Value must be one of {tuple(sorted(LOCALES))}.",
            )
        elif text is not None:
            check(here, text, errors)


def _text_size(item: dict[str, Any]) -> int:
    size = len(str(item.get("name", ""))) + len(str(item.get("description", "")))
    for choice in _components(item.get("choices")):
        size += len(str(choice.get("name", ""))) + len(str(choice.get("value", "")))
    return size + sum(_text_size(option) for option in _components(item.get("options")))


def _validate_chat_input(
    command: dict[str, Any], path: tuple[PathPart, ...], errors: FieldErrors
) -> None:
    _validate_texts(path, command, errors, _check_name)
    _validate_options(command, path, errors, depth=0)
    size = _text_size(command)
    if size > 4000:
        errors.add(
            path,
            "APPLICATION_COMMAND_TOO_LARGE",
            f"Command exceeds maximum size (4000), it has {size} characters",
        )


def _validate_options(
    parent: dict[str, Any], path: tuple[PathPart, ...], errors: FieldErrors, depth: int
) -> None:
    options = _components(parent.get("options"))
    errors.max_items((*path, "options"), options, 25)
    subs = [o for o in options if o.get("type") in (SUB_COMMAND, SUB_COMMAND_GROUP)]
    if subs and len(subs) != len(options):
        errors.add(
            (*path, "options"),
            "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
            "Sub-commands and groups cannot be mixed with other options",
        )
    seen: set[str] = set()
    optional_seen = False
    for j, option in enumerate(options):
        here = (*path, "options", j)
        kind = option.get("type")
        _validate_texts(here, option, errors, _check_name)
        if option.get("name") in seen:
            errors.add(
                (*here, "name"),
                "APPLICATION_COMMAND_OPTION_NAME_ALREADY_EXISTS",
                f"Option name {option.get('name')!r} is already used",
            )
        seen.add(str(option.get("name")))
        if kind == SUB_COMMAND_GROUP:
            if depth > 0:
                errors.add(
                    (*here, "type"),
                    "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
                    "A sub-command group can only sit at the top level",
                )
            inner = _components(option.get("options"))
            if any(o.get("type") != SUB_COMMAND for o in inner):
                errors.add(
                    (*here, "options"),
                    "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
                    "A sub-command group can only hold sub-commands",
                )
            _validate_options(option, here, errors, depth + 1)
            continue
        if kind == SUB_COMMAND:
            if depth > 1:
                errors.add(
                    (*here, "type"),
                    "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
                    "Sub-commands cannot be nested this deep",
                )
            _validate_options(option, here, errors, depth + 1)
            continue
        if not isinstance(kind, int) or not 3 <= kind <= 11:
            errors.add((*here, "type"), "BASE_TYPE_CHOICES", f"Unknown option type {kind!r}")
        if option.get("required"):
            if optional_seen:
                errors.add(
                    (*here, "required"),
                    "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                    "Required options must be placed before non-required options",
                )
        else:
            optional_seen = True
        choices = _components(option.get("choices"))
        errors.max_items((*here, "choices"), choices, 25)
        if choices and kind not in CHOICE_TYPES:
            errors.add(
                (*here, "choices"),
                "APPLICATION_COMMAND_OPTION_CHOICES_INVALID",
                "Only string, integer and number options can have choices",
            )
        if choices and option.get("autocomplete"):
            errors.add(
                (*here, "autocomplete"),
                "APPLICATION_COMMAND_AUTOCOMPLETE_INVALID",
                "An option with choices cannot use autocomplete",
            )
        for k, choice in enumerate(choices):
            _check_short_text((*here, "choices", k, "name"), choice.get("name"), errors)
            _validate_localizations(
                (*here, "choices", k), choice, "name_localizations", _check_short_text, errors
            )
            if kind == 3:
                errors.length_between((*here, "choices", k, "value"), choice.get("value"), 1, 100)
        for key in ("min_length", "max_length"):
            value = option.get(key)
            if value is not None and not (isinstance(value, int) and 0 <= value <= 6000):
                errors.add((*here, key), "NUMBER_TYPE_MAX", f"{key} must be between 0 and 6000")
