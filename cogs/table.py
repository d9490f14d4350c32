"""`/table …`: what applies to any game in this channel — show it again, leave, cancel,
reminders of your turn — the language and look of the server's tables, the bot whose moves its
hints give, and its web pages."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import SkyTableBot
from bot.i18n import LANGUAGES as SPOKEN
from bot.i18n import N_
from bot.storage.games import DEFAULT_COACH
from bot.ui.lobby_screens import level_name
from bot.ui.replies import tell, words_for
from bot.web import links
from games.core.errors import IllegalAction

SERVER = "server"
NAMES = {"en": "English", "fr": "Français", "de": "Deutsch"}
LANGUAGES = [
    app_commands.Choice(name="the server's language", value=SERVER),
    *(app_commands.Choice(name=NAMES[code], value=code) for code in SPOKEN),
]

PICTURES, TEXT_ONLY = "pictures", "text"
LOOKS = [
    app_commands.Choice(name="pictures", value=PICTURES),
    app_commands.Choice(name="text only", value=TEXT_ONLY),
]

ON, OFF = "on", "off"
SWITCH = [app_commands.Choice(name="on", value=ON), app_commands.Choice(name="off", value=OFF)]

COACH_LEVELS = (DEFAULT_COACH, "expert")
"""The bot levels whose moves a server's hints may give; a game without the level chosen gives
the default's."""
COACHES = [app_commands.Choice(name=level, value=level) for level in COACH_LEVELS]


class TableCog(
    commands.GroupCog, group_name="table", group_description="This channel's game, whichever it is"
):
    def __init__(self, bot: SkyTableBot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="show", description="Post this channel's game again at the bottom")
    async def show(self, interaction: discord.Interaction[Any]) -> None:
        await self.bot.sessions.table.show_table(interaction)

    @app_commands.command(name="leave", description="Leave this channel's game (a bot takes over)")
    async def leave(self, interaction: discord.Interaction[Any]) -> None:
        await self.bot.sessions.table.leave(interaction)

    @app_commands.command(name="cancel", description="Cancel this channel's game (host or admin)")
    async def cancel(self, interaction: discord.Interaction[Any]) -> None:
        await self.bot.sessions.table.cancel(interaction)

    @app_commands.command(name="remind", description="Turn DM reminders of your turn on or off")
    async def remind(self, interaction: discord.Interaction[Any]) -> None:
        await self.bot.sessions.table.toggle_reminders(interaction)

    @app_commands.command(
        name="language", description="The language of this server's tables (Manage Server)"
    )
    @app_commands.describe(language="The server's own language, or one for the bot alone")
    @app_commands.choices(language=LANGUAGES)
    async def language(self, interaction: discord.Interaction[Any], language: str) -> None:
        guild_id = _admin_of_server(
            interaction,
            N_("Languages are chosen for a server, not in direct messages."),
            N_("Only someone with Manage Server can choose the bot's language."),
        )
        if language != SERVER and language not in SPOKEN:
            raise IllegalAction("Choose a language from the list.")
        chosen = None if language == SERVER else language
        await self.bot.sessions.guilds.set_language(guild_id, chosen)
        if chosen is None:
            await tell(interaction, "Tables opened from now on speak this server's language.")
        else:
            await tell(
                interaction,
                "Tables opened from now on speak {language}; open ones keep theirs.",
                language=NAMES[chosen],
            )

    @app_commands.command(
        name="pictures", description="Tables with pictures, or text only (Manage Server)"
    )
    @app_commands.describe(look="Pictures of the cards, or text only")
    @app_commands.choices(look=LOOKS)
    async def pictures(self, interaction: discord.Interaction[Any], look: str) -> None:
        guild_id = _admin_of_server(
            interaction,
            N_("Pictures are chosen for a server, not in direct messages."),
            N_("Only someone with Manage Server can choose how tables look."),
        )
        if look not in (PICTURES, TEXT_ONLY):
            raise IllegalAction("Choose pictures or text only from the list.")
        await self.bot.sessions.guilds.set_text_only(guild_id, look == TEXT_ONLY)
        if look == TEXT_ONLY:
            await tell(interaction, "Tables in this server are text only from their next move.")
        else:
            await tell(interaction, "Tables in this server show pictures from their next move.")

    @app_commands.command(
        name="threads",
        description="Each game in a thread of its own, or in its channel (Manage Server)",
    )
    @app_commands.describe(threads="on: each game gets a thread; off: one game a channel")
    @app_commands.choices(threads=SWITCH)
    async def threads(self, interaction: discord.Interaction[Any], threads: str) -> None:
        guild_id = _admin_of_server(
            interaction,
            N_("Threads are chosen for a server, not in direct messages."),
            N_("Only someone with Manage Server can choose where games are played."),
        )
        if threads not in (ON, OFF):
            raise IllegalAction("Choose on or off from the list.")
        await self.bot.sessions.guilds.set_threads(guild_id, threads == ON)
        if threads == ON:
            await tell(
                interaction,
                "Games opened from now on get a thread of their own, with a card in the "
                "channel; open games stay where they are.",
            )
        else:
            await tell(
                interaction,
                "Games opened from now on are played in their channel, one game a channel; "
                "open games stay where they are.",
            )

    @app_commands.command(
        name="coach", description="The bot that gives this server's hints (Manage Server)"
    )
    @app_commands.describe(level="hard (the default), or expert, the strongest")
    @app_commands.choices(level=COACHES)
    async def coach(self, interaction: discord.Interaction[Any], level: str) -> None:
        guild_id = _admin_of_server(
            interaction,
            N_("The coach is chosen for a server, not in direct messages."),
            N_("Only someone with Manage Server can choose the coach."),
        )
        if level not in COACH_LEVELS:
            raise IllegalAction("Choose a level from the list.")
        await self.bot.sessions.guilds.set_coach(guild_id, level)
        await tell(
            interaction,
            "Hints in this server now show what the {level} bot would do.",
            level=level_name(level, words_for(interaction)),
        )

    web = app_commands.Group(name="web", description="This server's web pages (Manage Server)")

    @web.command(name="on", description="Give this server web pages at an unlisted address")
    async def web_on(self, interaction: discord.Interaction[Any]) -> None:
        guild_id = _pages_admin(interaction)
        base = _base(self.bot)
        token = await self.bot.web.turn_on(guild_id, _server_name(interaction))
        words = words_for(interaction)
        await tell(
            interaction,
            "This server's web pages are on: {address}\nAnyone with the address sees this "
            "server's leaderboards, profiles and replays; nothing lists it. "
            "`{new_address}` replaces it, `{off}` turns them off, and a member keeps off "
            "them with `{hide}`.",
            address=links.server_page(links.root(base, token)),
            new_address=words.command("table", "web", "new-address"),
            off=words.command("table", "web", "off"),
            hide=words.command("profile", "hide"),
        )

    @web.command(name="off", description="Take this server's web pages down")
    async def web_off(self, interaction: discord.Interaction[Any]) -> None:
        guild_id = _pages_admin(interaction)
        if await self.bot.web.turn_off(guild_id):
            await tell(
                interaction, "This server's web pages are off: their address shows nothing now."
            )
        else:
            await tell(interaction, "This server's web pages were already off.")

    @web.command(
        name="new-address",
        description="Move this server's web pages to a new address; the old one stops working",
    )
    async def web_new_address(self, interaction: discord.Interaction[Any]) -> None:
        guild_id = _pages_admin(interaction)
        base = _base(self.bot)
        token = await self.bot.web.new_address(guild_id, _server_name(interaction))
        if token is None:
            raise IllegalAction(
                "This server's web pages are off: turn them on with `{on}`.",
                on=words_for(interaction).command("table", "web", "on"),
            )
        await tell(
            interaction,
            "This server's web pages moved to {address}\nThe old address shows nothing now.",
            address=links.server_page(links.root(base, token)),
        )


NO_PAGES = N_(
    "This bot serves no web pages: its operator has not set them up (WEB_PORT or WEB_URL)."
)


def _pages_admin(interaction: discord.Interaction[Any]) -> int:
    return _admin_of_server(
        interaction,
        N_("Web pages belong to a server, not to direct messages."),
        N_("Only someone with Manage Server can choose whether this server has web pages."),
    )


def _server_name(interaction: discord.Interaction[Any]) -> str | None:
    return interaction.guild.name if interaction.guild is not None else None


def _base(bot: SkyTableBot) -> str:
    base = bot.pages_base
    if base is None:
        raise IllegalAction(NO_PAGES)
    return base


def _admin_of_server(
    interaction: discord.Interaction[Any], in_direct_messages: str, not_an_admin: str
) -> int:
    """The server of a choice only its admins (Manage Server) may make; refused otherwise."""
    if interaction.guild_id is None:
        raise IllegalAction(in_direct_messages)
    if not interaction.permissions.manage_guild:
        raise IllegalAction(not_an_admin)
    return interaction.guild_id


async def setup(bot: commands.Bot) -> None:
    assert isinstance(bot, SkyTableBot)
    await bot.add_cog(TableCog(bot))
