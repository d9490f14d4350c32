"""A server's leaderboards, its members' pages and its games' replays, as web pages served by
the bot itself (see `bot.web.app`)."""
