"""Sky Table's Discord bot: client, configuration, storage, sessions and UI."""
