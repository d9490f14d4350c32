"""`python -m bot.ratings rebuild`: rate every stored game again, in the order they ended, in
place of the stored ratings (after a change of formula or a restored backup). It reads the
store the bot uses (`DATABASE_URL` or `DATABASE_PATH`, from the environment or `.env`) and writes
in one transaction, so it may run while the bot runs: games finishing meanwhile wait for it
(on SQLite, for its writing only: about 7 s for a million results; a save that waits more than
5 s is refused, and the player plays it again)."""

from __future__ import annotations

import argparse
import asyncio
import time
from pathlib import Path

from bot.catalog import installed
from bot.config import BotSettings
from bot.ratings.model import BotRatings
from bot.storage import open_database
from bot.storage.ratings import rebuild_database


async def rebuild_store(store: str | Path, bots: BotRatings | None = None) -> tuple[int, int, int]:
    """Rebuild every rating at `store`, bots at the ratings their games declare (by default,
    the installed games'); how many games, members and ratings (one a member, server and game
    type) there are."""
    database = await open_database(store)
    try:
        done = await rebuild_database(database, installed().bot_ratings if bots is None else bots)
    finally:
        await database.close()
    members = {user for _, _, user in done.standings}
    return done.games, len(members), len(done.standings)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bot.ratings", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("rebuild", help="rate every stored game again, in order")
    parser.parse_args(argv)
    settings = BotSettings()
    start = time.perf_counter()
    games, members, ratings = asyncio.run(rebuild_store(settings.store))
    seconds = time.perf_counter() - start
    print(
        f"Rated games: {games} · members: {members} · ratings (one a member, server and game"
        f" type): {ratings} · {seconds:.1f} s"
    )


if __name__ == "__main__":
    main()
