"""The one-paragraph messages shown when the bot cannot start, instead of a traceback."""

from __future__ import annotations

from pathlib import Path

MISSING_TOKEN = (
    "Sky Table cannot start: no Discord bot token is set. Create an application at "
    "https://discord.com/developers/applications, open its Bot page, press 'Reset Token' and "
    "copy the token. Then put it in a file named .env in the project folder as "
    "DISCORD_TOKEN=your-token (see .env.example), or set the DISCORD_TOKEN environment "
    "variable, and run the bot again."
)

REJECTED_TOKEN = (
    "Sky Table cannot start: Discord rejected the bot token. It may have been reset or copied "
    "incompletely. Open your application's Bot page at "
    "https://discord.com/developers/applications, press 'Reset Token', put the new token in "
    ".env as DISCORD_TOKEN=..., and run the bot again."
)

UNREACHABLE = (
    "Sky Table cannot start: Discord could not be reached ({detail}). Check this machine's "
    "network connection and try again."
)


def bad_settings(detail: str) -> str:
    return (
        f"Sky Table cannot start: a setting is not valid ({detail}). Fix it in .env or in the "
        "environment; .env.example lists every setting with its meaning."
    )


def unwritable_database(path: Path, detail: str) -> str:
    return (
        f"Sky Table cannot start: the database file {path} cannot be written ({detail}). "
        "Set DATABASE_PATH in .env to a file in a folder this user can write to, or fix the "
        "folder's permissions, and run the bot again."
    )


def unreachable_database(where: str, detail: str) -> str:
    return (
        f"Sky Table cannot start: the PostgreSQL database {where} cannot be used ({detail}). "
        "Check DATABASE_URL in .env (postgresql://user:password@host:port/database), that the "
        "server runs and that the user may connect and create tables, and run the bot again."
    )
