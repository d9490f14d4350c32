"""The small round picture beside each player's name: a member's Discord avatar, a drawn badge
for a bot (a robot's head) or a guest (their initial), and a neutral placeholder for a member
whose avatar has not arrived yet.

Avatars are drawn in their picture's palette, which holds `AVATAR_COLOURS` for them: a cube of
64 colours a member's avatar is dithered into, and the badges' colours.
"""

from __future__ import annotations

import io
import logging
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Literal

from PIL import Image, ImageChops, ImageDraw, ImageFont

log = logging.getLogger(__name__)

Rgb = tuple[int, int, int]
AvatarKind = Literal["member", "bot", "guest"]

BADGE: Rgb = (84, 72, 140)
"""A bot's disc (the card backs' violet)."""
MARK: Rgb = (235, 235, 240)
"""The robot on a bot's disc."""
LINE: Rgb = (150, 154, 165)
"""A guest's ring and initial; the figure on a placeholder."""
WAITING: Rgb = (96, 100, 112)
"""The disc of a member whose avatar has not arrived yet."""
LEVELS = (0, 85, 170, 255)
AVATAR_COLOURS: tuple[Rgb, ...] = (
    BADGE,
    MARK,
    LINE,
    WAITING,
    *((red, green, blue) for red in LEVELS for green in LEVELS for blue in LEVELS),
)
AVATAR_BLENDS: tuple[Rgb, ...] = (BADGE, LINE, WAITING)
"""Colours whose soft edges on a panel the palette has shades for."""
LARGEST = 4096
"""The largest avatar the CDN serves, in pixels."""
SMOOTH = 4
"""Badges and masks are drawn this many times larger, then shrunk: smooth edges."""
FONT = resources.files("bot.ui").joinpath("fonts/DejaVuSans-Bold.ttf")


@dataclass(frozen=True)
class Avatar:
    """What is drawn beside a name: for a member, `image`, their avatar as a PNG (None while it
    has not arrived); for a bot or a guest, a badge (`initial`: the guest's)."""

    kind: AvatarKind
    initial: str = ""
    image: bytes | None = field(default=None, repr=False)


BOT = Avatar("bot")
PENDING = Avatar("member")


def guest(name: str) -> Avatar:
    letters = [c for c in name if c.isalnum()]
    return Avatar("guest", letters[0].upper() if letters else "?")


@cache
def _font(size: int) -> ImageFont.FreeTypeFont:
    with resources.as_file(FONT) as path:
        return ImageFont.truetype(str(path), size)


def _disc(size: int) -> Image.Image:
    mask = Image.new("L", (size, size), 0)
    ImageDraw.Draw(mask).ellipse((0, 0, size - 1, size - 1), fill=255)
    return mask


def _robot(draw: ImageDraw.ImageDraw, size: int) -> None:
    """A robot's head on a disc of `size` pixels: an antenna, a head with two eyes and a
    mouth, two ears."""
    u = size / 16
    draw.line((8 * u, 2.5 * u, 8 * u, 5 * u), fill=MARK, width=max(1, round(u)))
    draw.ellipse((7 * u, 1.6 * u, 9 * u, 3.6 * u), fill=MARK)
    draw.rounded_rectangle((3.5 * u, 5 * u, 12.5 * u, 12 * u), radius=2 * u, fill=MARK)
    for x in (6.2, 9.8):
        draw.ellipse((x - u, 7 * u, x + u, 9 * u), fill=BADGE)
    draw.rectangle((5.8 * u, 10 * u, 10.2 * u, 10.8 * u), fill=BADGE)
    draw.rectangle((2 * u, 7.2 * u, 3.5 * u, 10 * u), fill=MARK)
    draw.rectangle((12.5 * u, 7.2 * u, 14 * u, 10 * u), fill=MARK)


def _waiting(size: int) -> Image.Image:
    """A head and shoulders on a grey disc: a member whose avatar is on its way."""
    u = size / 16
    figure = Image.new("RGB", (size, size), WAITING)
    draw = ImageDraw.Draw(figure)
    draw.ellipse((5.5 * u, 3 * u, 10.5 * u, 8 * u), fill=LINE)
    draw.ellipse((3 * u, 9 * u, 13 * u, 19 * u), fill=LINE)
    return figure


def _badge(avatar: Avatar, diameter: int, ground: Rgb) -> Image.Image:
    size = diameter * SMOOTH
    big = Image.new("RGB", (size, size), ground)
    draw = ImageDraw.Draw(big)
    if avatar.kind == "bot":
        draw.ellipse((0, 0, size - 1, size - 1), fill=BADGE)
        _robot(draw, size)
    elif avatar.kind == "guest":
        draw.ellipse((0, 0, size - 1, size - 1), outline=LINE, width=max(SMOOTH, size // 12))
        face = _font(max(8, size * 9 // 16))
        draw.text((size / 2, size / 2), avatar.initial, fill=LINE, font=face, anchor="mm")
    else:
        big.paste(_waiting(size), (0, 0), _disc(size))
    return big.resize((diameter, diameter), Image.Resampling.LANCZOS)


def _photo(image: bytes, diameter: int, ground: Rgb) -> Image.Image | None:
    """The member's avatar cut to a disc on `ground` (through its transparent parts too); None
    if its bytes are no picture of at most the CDN's largest size."""
    try:
        with Image.open(io.BytesIO(image)) as opened:
            if max(opened.size) > LARGEST:
                raise ValueError(f"an avatar of {opened.size} pixels")
            picture = opened.convert("RGBA").resize((diameter, diameter), Image.Resampling.LANCZOS)
    except (OSError, ValueError, Image.DecompressionBombError):
        log.warning("An avatar is not a picture Pillow reads; drawing a placeholder")
        return None
    disc = _disc(diameter * SMOOTH).resize((diameter, diameter), Image.Resampling.LANCZOS)
    tile = Image.new("RGB", (diameter, diameter), ground)
    tile.paste(picture, (0, 0), ImageChops.multiply(disc, picture.getchannel("A")))
    return tile


def draw_avatar(avatar: Avatar, diameter: int, ground: Rgb, palette: Image.Image) -> Image.Image:
    """The avatar as a `diameter`-pixel disc on `ground`, in the colours of `palette` (without
    a palette of its own, as every tile pasted on a picture)."""
    tile = None if avatar.image is None else _photo(avatar.image, diameter, ground)
    dither = Image.Dither.FLOYDSTEINBERG
    if tile is None:
        tile = _badge(PENDING if avatar.kind == "member" else avatar, diameter, ground)
        dither = Image.Dither.NONE
    quantized = tile.quantize(palette=palette, dither=dither)
    quantized.palette = None
    return quantized
