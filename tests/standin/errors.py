"""Errors: the ones the stand-in answers the bot with, and the ones it raises in a test."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

PathPart = str | int


class ApiError(Exception):
    """A Discord error answer: HTTP status, JSON error code, message and optional field errors."""

    def __init__(
        self,
        status: int,
        code: int,
        message: str,
        errors: dict[str, Any] | None = None,
        *,
        retry_after: float | None = None,
    ) -> None:
        super().__init__(f"{status} (code {code}): {message}")
        self.status = status
        self.code = code
        self.message = message
        self.errors = errors
        self.retry_after = retry_after

    def to_json(self) -> dict[str, Any]:
        body: dict[str, Any] = {"message": self.message, "code": self.code}
        if self.errors:
            body["errors"] = self.errors
        if self.retry_after is not None:
            body["retry_after"] = self.retry_after
            body["global"] = False
        return body


class StandInError(AssertionError):
    """A test asked for something impossible, or the bot did not do what was awaited."""


class FieldErrors:
    """Collects Discord's "Invalid Form Body" errors, keyed by the path of the faulty field."""

    def __init__(self) -> None:
        self._tree: dict[str, Any] = {}
        self.messages: list[str] = []

    def add(self, path: Sequence[PathPart], code: str, message: str) -> None:
        node = self._tree
        for part in path:
            node = node.setdefault(str(part), {})
        node.setdefault("_errors", []).append({"code": code, "message": message})
        self.messages.append(f"{'.'.join(str(p) for p in path)}: {message}")

    def max_length(self, path: Sequence[PathPart], value: object, limit: int) -> None:
        if isinstance(value, str) and len(value) > limit:
            self.add(path, "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length.")

    def length_between(self, path: Sequence[PathPart], value: object, low: int, high: int) -> None:
        if not isinstance(value, str) or not low <= len(value) <= high:
            self.add(path, "BASE_TYPE_BAD_LENGTH", f"Must be between {low} and {high} in length.")

    def max_items(self, path: Sequence[PathPart], items: Sequence[Any], limit: int) -> None:
        if len(items) > limit:
            self.add(path, "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length.")

    def __bool__(self) -> bool:
        return bool(self.messages)

    def raise_if_any(self) -> None:
        if self.messages:
            raise ApiError(400, 50035, "Invalid Form Body", self._tree)


def unknown(kind: str, code: int) -> ApiError:
    """Discord's 404 for an unknown resource ("Unknown Channel", "Unknown Message", ...)."""
    return ApiError(404, code, f"Unknown {kind}")


MISSING_PERMISSIONS = 50013
MISSING_ACCESS = 50001
CANNOT_DM = 50007
UNKNOWN_INTERACTION = 10062
ALREADY_ACKNOWLEDGED = 40060
INVALID_FORM_BODY = 50035
OLD_MESSAGE_EDITS = 30046
UNKNOWN_CHANNEL = 10003
UNKNOWN_MESSAGE = 10008
