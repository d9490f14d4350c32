"""The pictures' cost: `python -m bench.pictures [--game skyjo|junior|skyfive|sheet] [--json]`.

Draws the game's largest table (8 players for Skyjo and Skyjo Junior, 6 for Sky Five, played
by random moves to mid-game; the score sheet's chart of 8 players after 30 rounds) many times
over, each time a little different (so that nothing is served from a cache), and prints the
median and p99 time of one drawing and the PNG's size. Two seats in three are members, drawn
with their avatars (PNGs as the CDN sends them, at the size asked), the others bots with their
badges.
"""

from __future__ import annotations

import argparse
import io
import json
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import replace

from PIL import Image, ImageDraw

from bot.games.junior import picture as junior_picture
from bot.games.sky_five import picture as sky_five_picture
from bot.games.sky_five.screens import picture_labels
from bot.games.skyjo import picture as skyjo_picture
from bot.i18n import Words
from bot.ui import grid_picture, score_chart
from bot.ui.avatar_picture import BOT, Avatar
from bot.ui.avatars import cdn_size
from bot.ui.score_chart import ScoreChart
from games.core.seats import Seat
from games.sky_five import SkyFiveGame, SkyFiveSettings
from games.skyjo import SkyjoGame, SkyjoSettings
from games.skyjo_junior import JuniorGame, JuniorSettings

Drawing = Callable[[int], bytes]
"""Draws the table once; its argument varies what is marked, so each drawing is new."""


def played(game: SkyjoGame | JuniorGame | SkyFiveGame, moves: int, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(moves):
        if game.is_over:
            return
        seat = game.to_move[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))  # type: ignore[arg-type]


def avatar_png(seed: int, size: int) -> bytes:
    """A member's avatar as the CDN sends it: a PNG `size` pixels wide, a face on a colour."""
    rng = random.Random(seed)
    image = Image.new("RGB", (size, size), tuple(rng.randrange(256) for _ in range(3)))
    draw = ImageDraw.Draw(image)
    draw.ellipse((size * 0.2, size * 0.1, size * 0.8, size * 0.7), fill=(236, 196, 160))
    draw.rectangle((0, size * 0.75, size, size), fill=tuple(rng.randrange(256) for _ in range(3)))
    output = io.BytesIO()
    image.save(output, format="PNG")
    return output.getvalue()


def avatars(players: int, drawn: int) -> list[Avatar]:
    """Two seats in three members with their avatars, the others bots."""
    size = cdn_size(drawn)
    return [
        BOT if seat % 3 == 2 else Avatar("member", image=avatar_png(seat, size))
        for seat in range(players)
    ]


def skyjo(seed: int) -> tuple[int, Drawing]:
    seats = [Seat(name=f"Player {i}") for i in range(8)]
    game = SkyjoGame.new(SkyjoSettings(), seats, seed)
    played(game, 60, seed)
    view = game.view(None)
    drawn = avatars(8, grid_picture.avatar_size(4, 3, 8))
    return 8, lambda turn: grid_picture.render(
        skyjo_picture.table_picture(view, changed={(turn % 8, turn % 12)}, avatars=drawn)
    )


def junior(seed: int) -> tuple[int, Drawing]:
    seats = [Seat(name=f"Player {i}") for i in range(8)]
    game = JuniorGame.new(JuniorSettings(), seats, seed)
    played(game, 60, seed)
    view = game.view(None)
    shape = (junior_picture.COLUMNS, junior_picture.ROWS, 8)
    drawn = avatars(8, grid_picture.avatar_size(*shape))
    return 8, lambda turn: grid_picture.render(
        junior_picture.table_picture(view, changed={(turn % 8, turn % 12)}, avatars=drawn)
    )


def sky_five(seed: int) -> tuple[int, Drawing]:
    seats = [Seat(name=f"Player {i}") for i in range(6)]
    game = SkyFiveGame.new(SkyFiveSettings(), seats, seed)
    played(game, 40, seed)
    view = game.view(None)
    labels = picture_labels(view, Words("en"))
    drawn = avatars(6, sky_five_picture.avatar_size(6))
    drawings = [
        sky_five_picture.table_picture(view, (), replace(labels, title=f"Sky Five {turn}"), drawn)
        for turn in range(8)
    ]
    return 6, lambda turn: sky_five_picture.render(drawings[turn % len(drawings)])


def sheet_chart(seed: int) -> tuple[int, Drawing]:
    """The score sheet's chart of 8 players after 30 rounds."""
    rng = random.Random(seed)
    running = [0] * 8
    rounds = []
    for _ in range(30):
        running = [total + rng.randint(-6, 14) for total in running]
        rounds.append(tuple(running))
    names = tuple(f"Player {i}" for i in range(8))

    def draw(turn: int) -> bytes:
        chart = ScoreChart(f"Scores {turn}", names, tuple(rounds), 100, "target 100", "round")
        return score_chart.render(chart)

    return 8, draw


GAMES = {"skyjo": skyjo, "junior": junior, "skyfive": sky_five, "sheet": sheet_chart}


def measure(game: str, renders: int, seed: int = 3) -> dict[str, float | str]:
    players, draw = GAMES[game](seed)
    draw(0)
    times = []
    size = 0
    for turn in range(renders):
        start = time.perf_counter()
        size = len(draw(turn))
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    return {
        "game": game,
        "players": players,
        "render_ms_median": round(statistics.median(times), 2),
        "render_ms_p99": round(times[min(len(times) - 1, int(len(times) * 0.99))], 2),
        "png_kb": round(size / 1024, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(GAMES), default="skyjo")
    parser.add_argument("--renders", type=int, default=200)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    figures = measure(args.game, args.renders)
    if args.json:
        print(json.dumps(figures))
    else:
        for key, value in figures.items():
            print(f"{key:<18} {value}")


if __name__ == "__main__":
    main()
