"""Short messages for a single user: errors, apologies, missing permissions."""

from __future__ import annotations

from typing import Any

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


SAVED_NOT_SHOWN = (
    "Your move is saved, but Discord did not take the table's update. The table catches up "
    "with the next move; `/table show` posts it again now."
)


async def tell(interaction: discord.Interaction[Any], text: str) -> None:
    """A short reply only the clicking user sees."""
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True)


APOLOGY_SAVED = (
    "Sorry, something went wrong on my side after your move was saved: it counts. The table "
    "catches up in a moment; `/table show` posts it again now."
)
