"""Short messages for a single user: errors, apologies, missing permissions."""

from __future__ import annotations

import discord

APOLOGY = (
    "Sorry, something went wrong on my side. Nothing was changed; please try again in a moment."
)

REQUIRED = (
    ("view_channel", "View Channel"),
    ("send_messages", "Send Messages"),
    ("embed_links", "Embed Links"),
)


def missing_permissions(permissions: discord.Permissions) -> list[str]:
    return [label for name, label in REQUIRED if not getattr(permissions, name)]


def missing_text(missing: list[str]) -> str:
    names = " and ".join(f"**{name}**" for name in missing)
    return (
        f"I need the {names} permission{'s' if len(missing) > 1 else ''} in this channel to run "
        "a game. Ask a server admin to grant it to me, then try again."
    )


def forbidden(error: discord.Forbidden) -> str:
    if error.code == 50013:
        return missing_text([label for _, label in REQUIRED])
    return "Discord refused that action. Please check my permissions in this channel."
