"""Interactions the test sent as users, and how the bot may answer them (callbacks, webhooks)."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from .errors import (
    ALREADY_ACKNOWLEDGED,
    UNKNOWN_CHANNEL,
    UNKNOWN_INTERACTION,
    ApiError,
    FieldErrors,
    StandInError,
    unknown,
)
from .limits import EPHEMERAL, LOADING, Limits, validate_modal
from .messages import check_body, check_editable
from .world import Channel, StoredMessage, User, World, copied

APPLICATION_COMMAND, COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 2, 3, 4, 5
PONG, MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE = 1, 4, 5, 6, 7
AUTOCOMPLETE_RESULT, MODAL = 8, 9

ALLOWED_RESPONSES: dict[int, frozenset[int]] = {
    APPLICATION_COMMAND: frozenset({MESSAGE, DEFERRED_MESSAGE, MODAL}),
    COMPONENT: frozenset({MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE, MODAL}),
    AUTOCOMPLETE: frozenset({AUTOCOMPLETE_RESULT}),
    MODAL_SUBMIT: frozenset({MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE}),
}


class InteractionResult:
    """One interaction sent as a user, and everything the bot answered on it so far."""

    def __init__(
        self,
        world: World,
        *,
        interaction_id: int,
        token: str,
        kind: int,
        user: User,
        channel: Channel,
        payload: dict[str, Any],
        source_message_id: int | None,
        description: str,
    ) -> None:
        self._world = world
        self.id = interaction_id
        self.token = token
        self.kind = kind
        self.user = user
        self.channel = channel
        self.payload = payload
        """The INTERACTION_CREATE data the bot received."""
        self.source_message_id = source_message_id
        self.description = description
        self.created_at = world.clock.now()
        self.answered = asyncio.Event()
        self.type: int | None = None
        """The callback type the bot answered with (4, 5, 6, 7, 8 or 9), None before it did."""
        self.data: dict[str, Any] = {}
        """The callback's data as the bot sent it."""
        self.original_id: int | None = None
        self.followup_ids: list[int] = []
        self.errors: list[ApiError] = []
        """Every error the stand-in answered the bot with on this interaction's token."""
        self._edits_at_answer = 0

    def __repr__(self) -> str:
        return f"<InteractionResult {self.description} type={self.type} errors={self.errors}>"

    @property
    def error(self) -> ApiError | None:
        return self.errors[0] if self.errors else None

    @property
    def error_code(self) -> int | None:
        return self.errors[0].code if self.errors else None

    @property
    def message(self) -> StoredMessage | None:
        """The response message (for 6 and 7: the message the component is on), edits applied."""
        return None if self.original_id is None else self._world.message(self.original_id)

    def _require_message(self) -> StoredMessage:
        message = self.message
        if message is None:
            raise StandInError(
                f"{self.description}: the bot answered with type {self.type} "
                f"and no message (errors: {self.errors})"
            )
        return message

    @property
    def content(self) -> str:
        return self._require_message().content

    @property
    def embeds(self) -> list[dict[str, Any]]:
        return self._require_message().embeds

    @property
    def components(self) -> list[dict[str, Any]]:
        return self._require_message().components

    @property
    def flags(self) -> int:
        return self._require_message().flags

    @property
    def ephemeral(self) -> bool:
        message = self.message
        if message is not None:
            return message.ephemeral
        return bool(int(self.data.get("flags") or 0) & EPHEMERAL)

    @property
    def modal(self) -> dict[str, Any] | None:
        """The modal the bot opened (type 9), as sent."""
        return self.data if self.type == MODAL else None

    @property
    def choices(self) -> list[dict[str, Any]]:
        """Autocomplete choices the bot offered (type 8)."""
        return list(self.data.get("choices") or []) if self.type == AUTOCOMPLETE_RESULT else []

    @property
    def followups(self) -> list[StoredMessage]:
        return [m for i in self.followup_ids if (m := self._world.message(i)) is not None]

    async def wait_followup(self, count: int = 1, timeout: float = 5.0) -> StoredMessage:
        """Waits until the bot has sent `count` follow-ups on this token; returns the last one."""
        found = await self._world.changes.wait_until(
            lambda: len(self.followups) >= count,
            timeout,
            f"follow-up #{count} on {self.description}",
        )
        assert found
        return self.followups[count - 1]

    async def wait_error(self, count: int = 1, timeout: float = 5.0) -> ApiError:
        """Waits until the stand-in has refused `count` requests on this interaction."""
        await self._world.changes.wait_until(
            lambda: len(self.errors) >= count, timeout, f"error #{count} on {self.description}"
        )
        return self.errors[count - 1]

    async def wait_edit(self, timeout: float = 5.0) -> StoredMessage:
        """Waits until the response message (or the component's message) is edited after the
        callback: a deferred answer completed through `@original` or a channel message edit."""

        def edited() -> StoredMessage | None:
            message = self.message
            return (
                message if message is not None and message.edits > self._edits_at_answer else None
            )

        await self._world.changes.wait_until(edited, timeout, f"an edit after {self.description}")
        return self._require_message()


class InteractionLog:
    """Every interaction sent, indexed by id and token, with Discord's rules for answering."""

    def __init__(self, world: World, limits: Limits) -> None:
        self.world = world
        self.limits = limits
        self.by_id: dict[int, InteractionResult] = {}
        self.by_token: dict[str, InteractionResult] = {}
        self.modals: dict[tuple[int, str], tuple[dict[str, Any], InteractionResult]] = {}

    def add(self, result: InteractionResult) -> None:
        self.by_id[result.id] = result
        self.by_token[result.token] = result

    def _refuse(self, result: InteractionResult | None, error: ApiError) -> ApiError:
        if result is not None:
            result.errors.append(error)
            result.answered.set()
            self.world.changes.notify()
        return error

    def callback(self, interaction_id: int, token: str, body: Any) -> dict[str, Any]:
        """`POST /interactions/{id}/{token}/callback`: returns the with_response body."""
        result = self.by_id.get(interaction_id)
        if result is None or result.token != token:
            raise ApiError(404, UNKNOWN_INTERACTION, "Unknown interaction")
        if result.type is not None:
            raise self._refuse(
                result,
                ApiError(400, ALREADY_ACKNOWLEDGED, "Interaction has already been acknowledged."),
            )
        if self.world.clock.now() - result.created_at > self.limits.interaction_deadline:
            raise self._refuse(result, ApiError(404, UNKNOWN_INTERACTION, "Unknown interaction"))
        if result.channel.deleted:
            raise self._refuse(result, unknown("Channel", UNKNOWN_CHANNEL))
        try:
            response = self._answer(result, body if isinstance(body, dict) else {})
        except ApiError as error:
            raise self._refuse(result, error) from None
        result.answered.set()
        self.world.changes.notify()
        return response

    def _answer(self, result: InteractionResult, body: dict[str, Any]) -> dict[str, Any]:
        kind = body.get("type")
        data = body.get("data") or {}
        if not isinstance(kind, int) or kind not in ALLOWED_RESPONSES[result.kind]:
            errors = FieldErrors()
            errors.add(
                ("type",),
                "INTERACTION_RESPONSE_TYPE_INVALID",
                f"Response type {kind!r} is not valid for interaction type {result.kind}",
            )
            errors.raise_if_any()
        assert isinstance(kind, int)
        if kind in (DEFERRED_UPDATE, UPDATE_MESSAGE) and result.source_message_id is None:
            raise ApiError(400, 40004, "This interaction has no message to update")
        if kind == MESSAGE:
            check_body(data, creating=True)
            message = self._new_message(result, data)
            result.original_id = message.id
        elif kind == DEFERRED_MESSAGE:
            message = self._new_message(result, {"flags": int(data.get("flags") or 0) | LOADING})
            result.original_id = message.id
        elif kind in (DEFERRED_UPDATE, UPDATE_MESSAGE):
            assert result.source_message_id is not None
            target = self.world.message(result.source_message_id)
            if target is None:
                raise ApiError(404, 10008, "Unknown Message")
            if kind == UPDATE_MESSAGE:
                check_body(data, creating=False)
                check_editable(self.world, self.limits, target)
                self.world.edit_message(target, data)
            result.original_id = target.id
        elif kind == AUTOCOMPLETE_RESULT:
            errors = FieldErrors()
            choices = list(data.get("choices") or [])
            errors.max_items(("data", "choices"), choices, 25)
            for k, choice in enumerate(choices):
                if not isinstance(choice, dict):
                    continue
                here = ("data", "choices", k)
                errors.length_between((*here, "name"), choice.get("name"), 1, 100)
                if isinstance(choice.get("value"), str):
                    errors.max_length((*here, "value"), choice["value"], 100)
            errors.raise_if_any()
        elif kind == MODAL:
            validate_modal(data)
            self.modals[(result.user.id, str(data["custom_id"]))] = (copied(data), result)
        result.type = kind
        result.data = json.loads(json.dumps(data))
        answered = result.message
        result._edits_at_answer = answered.edits if answered is not None else 0
        answer: dict[str, Any] = {
            "interaction": {
                "id": str(result.id),
                "type": result.kind,
                "response_message_id": None if answered is None else str(answered.id),
                "response_message_loading": kind == DEFERRED_MESSAGE,
                "response_message_ephemeral": bool(answered is not None and answered.ephemeral),
            },
            "resource": {"type": kind},
        }
        if answered is not None and kind in (MESSAGE, UPDATE_MESSAGE):
            answer["resource"]["message"] = copied(answered.payload)
        return answer

    def _new_message(self, result: InteractionResult, data: dict[str, Any]) -> StoredMessage:
        flags = int(data.get("flags") or 0)
        ephemeral = bool(flags & EPHEMERAL)
        guild = result.channel.guild
        owners = {"0": str(guild.id)} if guild is not None else {"1": str(result.user.id)}
        metadata: dict[str, Any] = {
            "id": str(result.id),
            "type": result.kind,
            "user": result.user.payload(),
            "authorizing_integration_owners": owners,
        }
        if result.kind == APPLICATION_COMMAND:
            metadata["name"] = result.payload["data"]["name"]
            metadata["command_type"] = 1
        if result.source_message_id is not None:
            metadata["interacted_message_id"] = str(result.source_message_id)
        if result.original_id is not None:
            metadata["original_response_message_id"] = str(result.original_id)
        extra = {
            "type": 20 if result.kind == APPLICATION_COMMAND else 0,
            "webhook_id": str(self.world.application_id),
            "application_id": str(self.world.application_id),
            "interaction_metadata": metadata,
        }
        return self.world.new_message(
            result.channel,
            self.world.bot_user,
            data,
            ephemeral_for=result.user.id if ephemeral else None,
            interaction_id=result.id,
            extra=extra,
        )

    def webhook(self, application_id: int, token: str) -> InteractionResult:
        """The interaction behind a webhook token, if the token may still be used."""
        result = self.by_token.get(token)
        if result is None or application_id != self.world.application_id:
            raise ApiError(404, 10015, "Unknown Webhook")
        if self.world.clock.now() - result.created_at > self.limits.token_lifetime:
            raise self._refuse(result, ApiError(401, 50027, "Invalid Webhook Token"))
        if result.type is None:
            raise self._refuse(result, ApiError(404, 10015, "Unknown Webhook"))
        if result.channel.deleted:
            raise self._refuse(result, unknown("Channel", UNKNOWN_CHANNEL))
        return result

    def followup(self, application_id: int, token: str, body: dict[str, Any]) -> StoredMessage:
        """`POST /webhooks/{app}/{token}`: a follow-up message."""
        result = self.webhook(application_id, token)
        try:
            check_body(body, creating=True)
        except ApiError as error:
            raise self._refuse(result, error) from None
        message = self._new_message(result, body)
        result.followup_ids.append(message.id)
        self.world.changes.notify()
        return message

    def target(self, application_id: int, token: str, message_ref: str) -> StoredMessage:
        """The message `@original` or `{id}` names on an interaction's webhook."""
        result = self.webhook(application_id, token)
        if message_ref == "@original":
            message = result.message
        else:
            message_id = int(message_ref)
            allowed = {result.original_id, *result.followup_ids}
            message = self.world.message(message_id) if message_id in allowed else None
        if message is None:
            raise self._refuse(result, ApiError(404, 10008, "Unknown Message"))
        return message

    def edit(
        self, application_id: int, token: str, message_ref: str, body: dict[str, Any]
    ) -> StoredMessage:
        """`PATCH /webhooks/{app}/{token}/messages/{ref}`."""
        result = self.webhook(application_id, token)
        message = self.target(application_id, token, message_ref)
        try:
            check_body(body, creating=False)
            check_editable(self.world, self.limits, message)
        except ApiError as error:
            raise self._refuse(result, error) from None
        return self.world.edit_message(message, body)
