"""A minimal discord.py bot, the yardstick of `bench.load`: it posts one message of buttons in
each channel whose name starts with PREFIX, then answers every click on them with the same fixed
edit (an update of the clicked message, type 7, with a small embed and the same buttons), and
times its answers as `bench.latency_bot` does.

    python -m bench.bare_bot BASE_URL GATEWAY_URL TOKEN OUT_JSON READY_FILE PREFIX

The buttons are laid out as a Skyjo table's are for the player to move: three rows of four
cards and a row of three actions. READY_FILE is written once every message has been posted.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import discord

from bench.latency_bot import AnswerTimes, point_at, run, serve_until_terminated

EMBED = discord.Embed(title="Bare table", description="Clicked.", colour=0x4C8BF5)
ROWS, COLUMNS = 3, 4
ACTIONS = ("Draw", "Take", "Hint")


class Buttons(discord.ui.View):
    """Fixed buttons whose every click is answered with the same edit."""

    def __init__(self) -> None:
        super().__init__(timeout=None)
        for row in range(ROWS):
            for column in range(COLUMNS):
                self._add(f"{'ABCD'[column]}{row + 1}", f"bare:card:{row}:{column}", row)
        for action in ACTIONS:
            self._add(action, f"bare:{action.lower()}", ROWS)

    def _add(self, label: str, custom_id: str, row: int) -> None:
        button: discord.ui.Button[Buttons] = discord.ui.Button(
            label=label, custom_id=custom_id, row=row
        )
        button.callback = self.answer  # type: ignore[method-assign]
        self.add_item(button)

    async def answer(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.edit_message(embed=EMBED, view=self)


async def main(argv: list[str]) -> None:
    base, gateway, token, out, ready_file, prefix = argv
    point_at(base, gateway)
    client = discord.Client(intents=discord.Intents(guilds=True), max_messages=None)
    client._connection.guild_ready_timeout = 0.2
    times = AnswerTimes(client)
    view = Buttons()

    @client.event
    async def on_ready() -> None:
        client.add_view(view)
        for channel in client.get_all_channels():
            if isinstance(channel, discord.TextChannel) and channel.name.startswith(prefix):
                await channel.send(embed=EMBED, view=view)
        Path(ready_file).write_text("ready")

    await serve_until_terminated(client, token, out, times)


if __name__ == "__main__":
    run(main)
