"""Acting as users: the INTERACTION_CREATE payloads for slash commands, clicks, selects, modals."""

from __future__ import annotations

import asyncio
import dataclasses
import re
import secrets
from typing import Any

from .commands import CommandRegistry
from .errors import StandInError
from .gateway import Gateway
from .interactions import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    COMPONENT,
    MODAL_SUBMIT,
    InteractionLog,
    InteractionResult,
)
from .limits import BUTTON, LABEL, SELECT_TYPES, STRING_SELECT, TEXT_INPUT, Limits
from .world import DM_CHANNEL, Channel, Role, StoredMessage, User, World, copied

ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024
SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER = 3, 4, 5, 6, 7, 8, 9, 10
OptionValue = str | int | float | bool | User | Role | Channel


class Resolved:
    """The `resolved` block of an interaction: users, members, roles and channels it names."""

    def __init__(self, channel: Channel, bot: User) -> None:
        self.channel = channel
        self.bot = bot
        self.data: dict[str, dict[str, Any]] = {}

    def add(self, value: User | Role | Channel) -> str:
        guild = self.channel.guild
        if isinstance(value, User):
            self.data.setdefault("users", {})[str(value.id)] = value.payload()
            member = guild.members.get(value.id) if guild is not None else None
            if member is not None:
                self.data.setdefault("members", {})[str(value.id)] = {
                    **member.payload(with_user=False),
                    "permissions": str(self.channel.permissions_for(value)),
                }
        elif isinstance(value, Role):
            self.data.setdefault("roles", {})[str(value.id)] = value.payload()
        else:
            self.data.setdefault("channels", {})[str(value.id)] = {
                "id": str(value.id),
                "name": value.name,
                "type": value.type,
                "permissions": str(value.permissions_for(self.bot)),
            }
        return str(value.id)


class Users:
    """Sends interactions on behalf of users and waits for the bot's answer."""

    def __init__(
        self,
        world: World,
        commands: CommandRegistry,
        log: InteractionLog,
        gateway: Gateway,
        limits: Limits,
    ) -> None:
        self.world = world
        self.commands = commands
        self.log = log
        self.gateway = gateway
        self.limits = limits
        self.late_by = 0.0
        """Seconds every interaction sent is older than its delivery (`late_delivery`)."""

    def _base(
        self,
        kind: int,
        user: User,
        channel: Channel,
        data: dict[str, Any],
        message: StoredMessage | None,
    ) -> dict[str, Any]:
        bot = self.world.bot_user
        guild = channel.guild
        if channel.deleted:
            raise StandInError(f"#{channel.name} was deleted: nobody can act in it any more")
        payload: dict[str, Any] = {
            "id": str(self.world.snowflake()),
            "application_id": str(self.world.application_id),
            "type": kind,
            "token": "standin-" + secrets.token_urlsafe(24),
            "version": 1,
            "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
            "locale": user.locale,
            "app_permissions": str(channel.permissions_for(bot)),
            "entitlements": [],
            "entitlement_sku_ids": [],
            "channel_id": str(channel.id),
            "data": data,
            "channel": {**channel.payload(), "permissions": str(channel.permissions_for(user))},
        }
        if guild is not None:
            if user.id not in guild.members:
                raise StandInError(
                    f"{user.name} is not a member of {guild.name!r}: Discord sends no "
                    "interaction of theirs from it"
                )
            member = guild.members[user.id]
            payload.update(
                {
                    "guild_id": str(guild.id),
                    "guild_locale": guild.locale,
                    "guild": {"id": str(guild.id), "locale": guild.locale, "features": []},
                    "member": {
                        **member.payload(),
                        "permissions": str(channel.permissions_for(user)),
                    },
                    "authorizing_integration_owners": {"0": str(guild.id)},
                    "context": 0,
                }
            )
        else:
            if channel.type != DM_CHANNEL or channel.recipient is not user:
                raise StandInError(f"{user.name} cannot act in DM channel {channel.id}")
            payload.update(
                {
                    "user": user.payload(),
                    "context": 1,
                    "authorizing_integration_owners": {"1": str(user.id)},
                }
            )
        if message is not None:
            payload["message"] = dict(message.payload)
        return payload

    async def _send(
        self,
        kind: int,
        user: User,
        channel: Channel,
        data: dict[str, Any],
        message: StoredMessage | None,
        description: str,
        *,
        age: float = 0.0,
    ) -> InteractionResult:
        """Dispatches the interaction to the newest bot session of the shard it belongs to
        and waits for the answer.

        A session whose connection is down keeps it, and the client gets it when it resumes.
        `age` (added to `late_by`): seconds the interaction is older than its delivery, as
        when Discord was slow to deliver it; its deadline runs from its creation."""
        age += self.late_by
        if age < 0:
            raise StandInError(f"an interaction cannot be created in the future (age {age:g})")
        guild_id = None if channel.guild is None else channel.guild.id
        state = self.gateway.serving(guild_id, description)
        payload = self._base(kind, user, channel, data, message)
        result = InteractionResult(
            self.world,
            interaction_id=int(payload["id"]),
            token=payload["token"],
            kind=kind,
            user=user,
            channel=channel,
            payload=payload,
            source_message_id=None if message is None else message.id,
            description=description,
        )
        result.created_at -= age
        self.log.add(result)
        state.dispatch("INTERACTION_CREATE", payload)
        try:
            await asyncio.wait_for(result.answered.wait(), self.limits.answer_timeout)
        except TimeoutError:
            raise StandInError(
                f"the bot did not answer {description} within {self.limits.answer_timeout:g} s"
            ) from None
        return result

    async def slash(
        self,
        user: User,
        channel: Channel,
        command: str,
        options: dict[str, Any],
        *,
        checked: bool = True,
        typed: bool = True,
        age: float = 0.0,
    ) -> InteractionResult:
        """`checked=False`: values outside the choices and ranges are sent as they are;
        `typed=False` as well, and any JSON value is sent whatever the option's type."""
        data, resolved = self._command_data(
            channel, command, options, focused=None, checked=checked, typed=typed
        )
        if resolved.data:
            data["resolved"] = resolved.data
        return await self._send(
            APPLICATION_COMMAND, user, channel, data, None, f"/{command} by {user.name}", age=age
        )

    async def autocomplete(
        self,
        user: User,
        channel: Channel,
        command: str,
        focused: str,
        options: dict[str, OptionValue],
    ) -> InteractionResult:
        data, _ = self._command_data(channel, command, options, focused=focused)
        return await self._send(
            AUTOCOMPLETE,
            user,
            channel,
            data,
            None,
            f"autocomplete of {focused!r} in /{command} by {user.name}",
        )

    def _command_data(
        self,
        channel: Channel,
        command: str,
        options: dict[str, Any],
        focused: str | None,
        checked: bool = True,
        typed: bool = True,
    ) -> tuple[dict[str, Any], Resolved]:
        words = command.split()
        if not words:
            raise StandInError("empty command name")
        guild_id = channel.guild.id if channel.guild is not None else None
        schema = self.commands.find(words[0], guild_id)
        _check_context(schema, channel)
        data: dict[str, Any] = {"id": schema["id"], "name": schema["name"], "type": 1}
        if "guild_id" in schema:
            data["guild_id"] = schema["guild_id"]
        level: dict[str, Any] = schema
        container: list[dict[str, Any]] = []
        data["options"] = container
        for word in words[1:]:
            sub = next(
                (
                    o
                    for o in level.get("options", [])
                    if o["name"] == word and o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)
                ),
                None,
            )
            if sub is None:
                raise StandInError(
                    f"/{command}: {word!r} is not a sub-command of {level['name']!r}"
                )
            inner: list[dict[str, Any]] = []
            container.append({"name": word, "type": sub["type"], "options": inner})
            container, level = inner, sub
        leaves = level.get("options", [])
        if any(o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP) for o in leaves):
            names = [o["name"] for o in leaves]
            raise StandInError(f"/{command} needs a sub-command, one of {names}")
        resolved = Resolved(channel, self.world.bot_user)
        by_name = {o["name"]: o for o in leaves}
        for key, value in options.items():
            name = key if key in by_name else key.replace("_", "-")
            if name not in by_name:
                raise StandInError(f"/{command} has no option {key!r}; it has {list(by_name)}")
            option: dict[str, Any] = {"name": name, "type": by_name[name]["type"]}
            if name == focused:
                option.update(value=str(value), focused=True)
            elif not typed:
                is_entity = isinstance(value, User | Role | Channel)
                option["value"] = resolved.add(value) if is_entity else value
            else:
                option["value"] = _option_value(command, by_name[name], value, resolved, checked)
            container.append(option)
        given = {o["name"] for o in container}
        missing = [o["name"] for o in leaves if o.get("required") and o["name"] not in given]
        if missing and focused is None:
            raise StandInError(f"/{command} needs its required options {missing}")
        return data, resolved

    def _component_target(
        self, message: StoredMessage | int, custom_id: str
    ) -> tuple[StoredMessage, dict[str, Any]]:
        message_id = message if isinstance(message, int) else message.id
        current = self.world.message(message_id)
        if current is None:
            raise StandInError(f"message {message_id} does not exist (deleted?)")
        if isinstance(message, StoredMessage) and message.snapshot:
            current = message
        component = current.component(custom_id)
        if component.get("disabled"):
            raise StandInError(f"component {custom_id!r} on message {message_id} is disabled")
        return current, component

    async def click(
        self, user: User, message: StoredMessage | int, custom_id: str, *, age: float = 0.0
    ) -> InteractionResult:
        current, component = self._component_target(message, custom_id)
        if component.get("type") != BUTTON:
            raise StandInError(f"{custom_id!r} is not a button (type {component.get('type')})")
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": BUTTON}
        if "id" in component:
            data["id"] = component["id"]
        return await self._send(
            COMPONENT,
            user,
            self._channel_of(current),
            data,
            current,
            f"click on {custom_id!r} by {user.name}",
            age=age,
        )

    async def select(
        self,
        user: User,
        message: StoredMessage | int,
        custom_id: str,
        values: list[str] | list[User] | list[Role] | list[Channel],
        *,
        age: float = 0.0,
    ) -> InteractionResult:
        current, component = self._component_target(message, custom_id)
        kind = component.get("type")
        if kind not in SELECT_TYPES:
            raise StandInError(f"{custom_id!r} is not a select menu (type {kind})")
        low, high = component.get("min_values", 1), component.get("max_values", 1)
        if not low <= len(values) <= high:
            raise StandInError(
                f"select {custom_id!r} takes {low} to {high} values, not {len(values)}"
            )
        channel = self._channel_of(current)
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": kind}
        if "id" in component:
            data["id"] = component["id"]
        if kind == STRING_SELECT:
            allowed = [o["value"] for o in component.get("options", [])]
            wrong = [v for v in values if v not in allowed]
            if wrong:
                raise StandInError(f"select {custom_id!r} offers {allowed}, not {wrong}")
            data["values"] = [str(v) for v in values]
        else:
            resolved = Resolved(channel, self.world.bot_user)
            data["values"] = [
                resolved.add(v) if isinstance(v, User | Role | Channel) else str(v) for v in values
            ]
            data["resolved"] = resolved.data
        return await self._send(
            COMPONENT,
            user,
            channel,
            data,
            current,
            f"selection {values!r} in {custom_id!r} by {user.name}",
            age=age,
        )

    async def submit_modal(
        self,
        user: User,
        channel: Channel,
        custom_id: str,
        values: dict[str, Any],
        *,
        age: float = 0.0,
    ) -> InteractionResult:
        opened = self.log.modals.pop((user.id, custom_id), None)
        if opened is None:
            shown = [cid for (uid, cid) in self.log.modals if uid == user.id]
            raise StandInError(
                f"the bot never showed modal {custom_id!r} to {user.name} (open for them: {shown})"
            )
        modal, source = opened
        remaining = dict(values)
        components = [_submitted(c, remaining) for c in modal.get("components", [])]
        if remaining:
            raise StandInError(f"modal {custom_id!r} has no fields {sorted(remaining)}")
        message = None
        if source.source_message_id is not None:
            message = self.world.message(source.source_message_id)
        data = {"custom_id": custom_id, "components": [c for c in components if c is not None]}
        return await self._send(
            MODAL_SUBMIT,
            user,
            channel,
            data,
            message,
            f"modal {custom_id!r} submitted by {user.name}",
            age=age,
        )

    async def forged_component(
        self,
        user: User,
        message: StoredMessage | int,
        custom_id: str,
        *,
        component_type: int = BUTTON,
        values: list[Any] | None = None,
        age: float = 0.0,
        shown: bool = True,
    ) -> InteractionResult:
        """A component interaction with any custom_id, component type and values, on a message
        that exists. With `shown`, the message sent along shows that component (see
        `_showing`), so that discord.py routes it to the bot's handlers."""
        message_id = message if isinstance(message, int) else message.id
        current = self.world.message(message_id)
        if current is None:
            raise StandInError(f"message {message_id} does not exist (deleted?)")
        if isinstance(message, StoredMessage) and message.snapshot:
            current = message
        channel = self._channel_of(current)
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": component_type}
        if values is not None:
            data["values"] = list(values)
        attached = _showing(current, custom_id, component_type) if shown else current
        return await self._send(
            COMPONENT,
            user,
            channel,
            data,
            attached,
            f"forged component {custom_id[:120]!r} by {user.name}",
            age=age,
        )

    async def raw(
        self,
        kind: int,
        user: User,
        channel: Channel,
        data: dict[str, Any],
        message: StoredMessage | None = None,
        *,
        age: float = 0.0,
    ) -> InteractionResult:
        """An interaction of any type with exactly this `data`, from this user in this channel
        (the envelope — ids, token, member, channel — is built as for any interaction)."""
        return await self._send(
            kind, user, channel, data, message, f"interaction {kind} by {user.name}", age=age
        )

    def _channel_of(self, message: StoredMessage) -> Channel:
        channel = self.world.channel(message.channel_id)
        if channel is None:
            deleted = message.channel_id in self.world.channels
            state = "a deleted" if deleted else "an unknown"
            raise StandInError(f"message {message.id} is in {state} channel")
        return channel

    def post(self, user: User, channel: Channel, content: str) -> StoredMessage:
        """A user writes a message in a channel (MESSAGE_CREATE reaches the bot)."""
        mentions = [
            self.world.users[int(i)].payload()
            for i in re.findall(r"<@!?(\d+)>", content)
            if int(i) in self.world.users
        ]
        return self.world.new_message(
            channel, user, {"content": content}, extra={"mentions": mentions}
        )


def _showing(message: StoredMessage, custom_id: str, component_type: int) -> StoredMessage:
    """A copy of the message whose first component of this type carries `custom_id` instead
    (or, with none of that type, a new row holding one): discord.py hands an interaction to
    the bot's handlers only for a custom_id found on the message sent with it."""
    shown = dataclasses.replace(
        message, payload=copied(message.payload), attachments_data=dict(message.attachments_data)
    )
    shown.snapshot = True
    for component in shown.walk_components():
        if component.get("type") == component_type and "custom_id" in component:
            component["custom_id"] = custom_id
            return shown
    if component_type == BUTTON:
        added: dict[str, Any] = {"type": BUTTON, "style": 1, "label": "?", "custom_id": custom_id}
    else:
        options = [{"label": "?", "value": "?"}] if component_type == STRING_SELECT else []
        added = {"type": component_type, "custom_id": custom_id, "options": options}
    rows = shown.payload.setdefault("components", [])
    rows.append({"type": 1, "components": [added]})
    return shown


def _check_context(schema: dict[str, Any], channel: Channel) -> None:
    """Discord delivers a command only where it is offered: `contexts` (0 a server, 1 the
    bot's DMs) or, without them, `dm_permission`."""
    contexts = schema.get("contexts")
    where = 0 if channel.guild is not None else 1
    if isinstance(contexts, list) and where not in contexts:
        place = "a server" if where == 0 else "DMs"
        raise StandInError(f"/{schema['name']} is not offered in {place} (contexts {contexts})")
    if where == 1 and schema.get("dm_permission") is False:
        raise StandInError(f"/{schema['name']} is not offered in DMs (dm_permission false)")


def _option_value(
    command: str,
    schema: dict[str, Any],
    value: OptionValue,
    resolved: Resolved,
    checked: bool = True,
) -> Any:
    """The option as the client sends it; `checked`: as Discord's own client, which offers
    only the choices and keeps to the ranges (a modified client sends anything of the type)."""
    kind, name = schema["type"], schema["name"]
    fail = StandInError(f"/{command}: option {name!r} (type {kind}) cannot take {value!r}")
    if kind in (USER, CHANNEL, ROLE, MENTIONABLE):
        if isinstance(value, User | Role | Channel):
            return resolved.add(value)
        raise fail
    if kind == BOOLEAN:
        if not isinstance(value, bool):
            raise fail
        return value
    if kind == INTEGER:
        if isinstance(value, bool) or not isinstance(value, int):
            raise fail
        result: Any = value
    elif kind == NUMBER:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise fail
        result = float(value)
    elif kind == STRING:
        if not isinstance(value, str):
            raise fail
        low, high = schema.get("min_length", 0), schema.get("max_length", 6000)
        if not low <= len(value) <= high:
            raise StandInError(f"/{command}: option {name!r} takes {low}-{high} characters")
        result = value
    else:
        raise fail
    if not checked:
        return result
    choices = schema.get("choices")
    if choices and result not in [c["value"] for c in choices]:
        raise StandInError(f"/{command}: option {name!r} offers {[c['value'] for c in choices]}")
    for bound, compare in (("min_value", result.__lt__), ("max_value", result.__gt__)):
        if (
            isinstance(result, int | float)
            and schema.get(bound) is not None
            and compare(schema[bound])
        ):
            raise StandInError(f"/{command}: option {name!r} is out of range ({bound})")
    return result


def _submitted(component: dict[str, Any], values: dict[str, Any]) -> dict[str, Any] | None:
    """What the Discord client sends back for one modal component the user filled in."""
    kind = component.get("type")
    common = {"type": kind, **({"id": component["id"]} if "id" in component else {})}
    if kind == 1:
        children = [_submitted(c, values) for c in component.get("components", [])]
        return {**common, "components": [c for c in children if c is not None]}
    if kind == LABEL:
        inner = _submitted(component["component"], values)
        return None if inner is None else {**common, "component": inner}
    custom_id = component.get("custom_id")
    if custom_id is None:
        return None
    value = values.pop(custom_id, None)
    if kind == TEXT_INPUT:
        text = "" if value is None else str(value)
        required = component.get("required", True)
        if required and not text:
            raise StandInError(f"modal field {custom_id!r} is required")
        low, high = component.get("min_length", 0), component.get("max_length", 4000)
        if text and not low <= len(text) <= high:
            raise StandInError(f"modal field {custom_id!r} takes {low}-{high} characters")
        return {**common, "custom_id": custom_id, "value": text}
    if kind in SELECT_TYPES:
        chosen = [] if value is None else list(value)
        return {**common, "custom_id": custom_id, "values": [str(v) for v in chosen]}
    return {**common, "custom_id": custom_id, "value": value}
