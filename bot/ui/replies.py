"""Short messages for a single user, in their language: errors, apologies, permissions."""

from __future__ import annotations

from typing import Any

import discord

from bot.i18n import N_, Words
from games.core.errors import GameError

APOLOGY = N_(
    "Sorry, something went wrong on my side. Nothing was changed; please try again in a moment."
)
APOLOGY_SAVED = N_(
    "Sorry, something went wrong on my side after your move was saved: it counts. The table "
    "catches up in a moment; `{command}` posts it again now."
)
SAVED_NOT_SHOWN = N_(
    "Your move is saved, but Discord did not take the table's update. The table catches up "
    "with the next move; `{command}` posts it again now."
)
NOT_SAVED = N_(
    "I could not save that just now, so it was not done: my storage is refusing to write. "
    "Nothing is lost; please try again in a little while."
)
REFUSED = N_("Discord refused that action. Please check my permissions in this channel.")
UNKNOWN_MESSAGE = 10008

PRESS_AGAIN = N_("The table was busy a moment: press again to open the form.")

REQUIRED = (
    ("view_channel", N_("View Channel")),
    ("send_messages", N_("Send Messages")),
    ("embed_links", N_("Embed Links")),
    ("attach_files", N_("Attach Files")),
)
IN_THREADS = tuple(
    ("send_messages_in_threads", N_("Send Messages in Threads"))
    if name == "send_messages"
    else (name, label)
    for name, label in REQUIRED
)
FOR_PICTURES = frozenset({"attach_files"})
"""What only a server that shows the tables' pictures needs."""


def words_for(interaction: discord.Interaction[Any]) -> Words:
    """The clicking user's language."""
    return Words.for_locale(interaction.locale)


def missing_permissions(
    permissions: discord.Permissions, *, pictures: bool = True, in_thread: bool = False
) -> list[str]:
    """The required permissions missing (Attach Files only where the server shows pictures;
    in a thread, Send Messages in Threads instead of Send Messages). Without the permission
    to send, Discord counts Embed Links and Attach Files as missing too; they are named only
    once it is there."""
    required = IN_THREADS if in_thread else REQUIRED
    needed = [(name, label) for name, label in required if pictures or name not in FOR_PICTURES]
    missing = [name for name, _ in needed if not getattr(permissions, name)]
    if {"send_messages", "send_messages_in_threads"} & set(missing):
        missing = [name for name in missing if name not in ("embed_links", "attach_files")]
    return [label for name, label in needed if name in missing]


def missing_text(missing: list[str], words: Words) -> str:
    names = words.listing([f"**{words(name)}**" for name in missing])
    return words.plural(
        "I need the {names} permission in this channel to run a game. Ask a server admin to "
        "grant it to me, then try again.",
        "I need the {names} permissions in this channel to run a game. Ask a server admin to "
        "grant them to me, then try again.",
        len(missing),
        names=names,
    )


def forbidden(error: discord.Forbidden, words: Words) -> str:
    if error.code == 50013:
        return missing_text([label for _, label in REQUIRED], words)
    return words(REFUSED)


async def acknowledge(interaction: discord.Interaction[Any]) -> None:
    """Answers quietly: the clicked message stays as it is. A click whose message is gone
    (deleted since: a form open meanwhile, a click that waited for its game) has no message to
    update, so it gets a private answer removed at once."""
    if interaction.message is not None:
        try:
            await interaction.response.defer()
            return
        except discord.NotFound as gone:
            if gone.code != UNKNOWN_MESSAGE:
                raise
    await interaction.response.defer(ephemeral=True, thinking=True)
    await interaction.delete_original_response()


async def acknowledge_privately(interaction: discord.Interaction[Any]) -> None:
    """Answers now ("thinking…", only for the user), when the answer itself may be slow: its
    words follow through `say`. An interaction already answered is left as it is."""
    if not interaction.response.is_done():
        await interaction.response.defer(ephemeral=True, thinking=True)


async def say(interaction: discord.Interaction[Any], text: str) -> None:
    """A short reply only the clicking user sees, already in their words."""
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True)


# An interaction may already be answered when its answer is ready: a click that waited for its
# game (see `Sessions.click`) is acknowledged first, within Discord's time. These answer it
# either way: as the response, or through the interaction's webhook.


async def send(
    interaction: discord.Interaction[Any], *, ephemeral: bool = False, **message: Any
) -> int:
    """Answers with a new message (`message` as for `send_message`); its id."""
    if interaction.response.is_done():
        sent = await interaction.followup.send(**message, ephemeral=ephemeral, wait=True)
        return sent.id
    response = await interaction.response.send_message(**message, ephemeral=ephemeral)
    assert response.message_id is not None
    return response.message_id


async def update(interaction: discord.Interaction[Any], **message: Any) -> None:
    """Answers by editing the message the user clicked (`message` as for `edit_message`)."""
    if interaction.response.is_done():
        await interaction.edit_original_response(**message)
    else:
        await interaction.response.edit_message(**message)


async def form(interaction: discord.Interaction[Any], modal: discord.ui.Modal) -> None:
    """Opens a form; one already answered can no longer, and the user is asked to press again."""
    if interaction.response.is_done():
        await say(interaction, words_for(interaction)(PRESS_AGAIN))
        return
    await interaction.response.send_modal(modal)


async def tell(interaction: discord.Interaction[Any], message: str, /, **values: Any) -> None:
    """`message` (a catalog message) in the user's language, only for them."""
    await say(interaction, words_for(interaction)(message, **values))


async def tell_error(interaction: discord.Interaction[Any], error: GameError) -> None:
    await say(interaction, words_for(interaction).error(error))
