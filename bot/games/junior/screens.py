"""What Skyjo Junior looks like in Discord: the public table, the standings, the rules."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

import discord

from bot.adapters.specs import ButtonSpec, ButtonStyle, Picture, Row, Screen, TableContext
from bot.games.junior import picture
from bot.i18n import N_, Words
from bot.storage.records import GameRecord
from bot.ui import grid_picture
from bot.ui import grid_screens as widgets
from bot.ui.avatar_picture import Avatar
from bot.ui.avatars import AvatarSource, badges, seat_avatars
from bot.ui.grid_screens import CardLook
from bot.ui.names import all_shown, shown
from bot.ui.reminders import reminders_line
from bot.ui.rules import rules_embeds
from games.core.grid import COLUMN_LETTERS
from games.skyjo_junior.events import Declined, FinalReveal, Swapped
from games.skyjo_junior.game import JuniorGame
from games.skyjo_junior.scoring import triples
from games.skyjo_junior.settings import JuniorSettings
from games.skyjo_junior.view import JuniorView

COLOUR = discord.Colour.from_rgb(240, 160, 60)
TITLE = "Skyjo Junior"


def _square(value: int) -> str:
    """A coloured square per pair of values, close to the picture's hue."""
    return ("🟥", "🟧", "🟨", "🟩", "🟦", "🟪")[(value - 1) // 2]


def _style(value: int) -> ButtonStyle:
    return "primary"


LOOK = CardLook(square=_square, style=_style)


def _prompt(view: JuniorView, game: GameRecord, mode: str, words: Words) -> str:
    """What the player to move is asked to do now, step by step."""
    assert view.current is not None
    who = shown(view.players[view.current].name)
    if game.seats[view.current].is_bot:
        return words("🤖 **{name}** is thinking…", name=who)
    if view.phase == "holding" and mode == "flip":
        return words(
            "**{name}** declines the **{card}**: tap a face-down card to turn it up.",
            name=who,
            card=view.held,
        )
    if view.phase == "holding":
        return words(
            "**{name}** holds the **{card}**: tap the card it replaces, or decline it.",
            name=who,
            card=view.held,
        )
    return words(
        "**{name}**'s turn: draw, or take the **{card}**.", name=who, card=view.discard_top
    )


def _status(
    view: JuniorView, game: GameRecord, mode: str, words: Words, *, replay: bool = False
) -> list[str]:
    """The decision open and what to press (not in a replay), the last moves, the piles."""
    names = all_shown(player.name for player in view.players)
    lines: list[str] = []
    if view.current is not None and view.phase != "over" and not replay:
        timer = ""
        if game.deadline:
            when = f"<t:{int(game.deadline)}:R>"
            timer = " · " + words("time runs out {when}", when=when)
        lines.append(_prompt(view, game, mode, words) + timer)
    if view.finisher is not None and view.phase != "over":
        lines.append(
            words.plural(
                "Last moves: {name} has turned up every card; {n} move left.",
                "Last moves: {name} has turned up every card; {n} moves left.",
                view.last_moves,
                name=names[view.finisher],
            )
        )
    lines.append(
        words.plural(
            "Discard pile: **{card}** · draw pile: {n} card",
            "Discard pile: **{card}** · draw pile: {n} cards",
            view.draw_pile_size,
            card=view.discard_top,
        )
    )
    return lines


def _player_title(game: GameRecord, view: JuniorView, seat: int, words: Words) -> str:
    player = view.players[seat]
    marker = "▶ " if seat in view.to_move else ""
    bot = " 🤖" if game.seats[seat].is_bot else ""
    points = words.plural("{n} pt", "{n} pts", player.visible_points)
    return f"{marker}{shown(player.name)}{bot} — {points}"


def table_embed(
    game: GameRecord, view: JuniorView, context: TableContext, words: Words
) -> discord.Embed:
    embed = discord.Embed(
        title=TITLE,
        description="\n".join(_status(view, game, context.mode, words, replay=context.replay)),
        colour=COLOUR,
    )
    if not context.pictures:
        for seat, player in enumerate(view.players):
            embed.add_field(
                name=_player_title(game, view, seat, words)[:256],
                value=widgets.grid_text(player.cards, picture.COLUMNS, LOOK),
                inline=True,
            )
    if context.log:
        heading = (
            words("Since {name}'s last turn", name=shown(view.players[view.current].name))
            if view.current is not None
            else words("Last moves")
        )
        embed.add_field(name=heading[:256], value="\n".join(context.log)[-1024:], inline=False)
    reminders = reminders_line(game, words)
    rule = words("Most points wins: each column of three equal cards scores its value.")
    embed.set_footer(text=f"{words('Game {game}', game=game.id)} · {rule}\n{reminders}")
    return embed


def _grid(view: JuniorView, seat: int, verb: str, enabled: Sequence[bool]) -> list[Row]:
    cards = view.players[seat].cards
    marked = picture.triple_slots(cards)
    return list(widgets.grid_buttons(cards, picture.COLUMNS, verb, enabled, LOOK, marked))


def table_rows(view: JuniorView, mode: str, words: Words, *, bot_to_move: bool) -> list[Row]:
    """The controls of the seat to move; none while a bot plays."""
    if view.current is None or view.phase == "over" or bot_to_move:
        return []
    seat = view.current
    cards = view.players[seat].cards
    down = [card == "down" for card in cards]
    hint = [ButtonSpec(words("Hint"), "hint", emoji="💡")] if view.settings.hints else []
    if view.phase == "turn":
        actions = [
            ButtonSpec(
                words("Draw ({n})", n=view.draw_pile_size), "draw", style="primary", emoji="🎴"
            ),
            ButtonSpec(words("Take the {card}", card=view.discard_top), "take", style="success"),
            *hint,
        ]
        return [*_grid(view, seat, "swap", [False] * len(cards)), actions]
    if mode == "flip":
        return [
            *_grid(view, seat, "decline", down),
            [ButtonSpec(words("Back"), "mode", "", style="secondary")],
        ]
    return [
        *_grid(view, seat, "swap", [True] * len(cards)),
        [
            ButtonSpec(
                words("Decline the {card}, turn a card up", card=view.held),
                "mode",
                "flip",
                style="secondary",
                disabled=not any(down),
            ),
            *hint,
        ],
    ]


def changed_places(events: Sequence[object]) -> set[tuple[int, int]]:
    """The (seat, slot) places a turn's events changed."""
    places: set[tuple[int, int]] = set()
    for event in events:
        if isinstance(event, Swapped | Declined):
            places.add((event.seat, event.slot))
        elif isinstance(event, FinalReveal):
            places.update((event.seat, slot) for slot in event.slots)
    return places


def _picture(view: JuniorView, drawing: grid_picture.GridTable, words: Words) -> Picture:
    """The picture, and in its alt text whose turn it is, the discard, every grid and the
    points its triples make so far."""
    heading = [drawing.title]
    if view.phase != "over" and view.current is not None:
        heading.append(words("{name}'s turn.", name=view.players[view.current].name))
    heading.append(words("Discard pile: {card}", card=view.discard_top))
    grids = [
        widgets.SpokenGrid(
            player.name,
            words.plural("{n} point", "{n} points", player.visible_points),
            player.cards,
        )
        for player in view.players
    ]
    return Picture(
        name="junior.png",
        key=drawing,
        render=partial(grid_picture.render, drawing),
        description=widgets.grids_description(heading, grids, picture.COLUMNS),
    )


def table(game: GameRecord, engine: JuniorGame, context: TableContext) -> Screen:
    view = engine.view(None)
    words = context.words
    bot = view.current is not None and game.seats[view.current].is_bot
    pictures: list[Picture] = []
    if context.pictures:
        avatars = _avatars(game, view, context.avatars)
        drawing = picture.table_picture(view, changed_places(context.last_turn), TITLE, avatars)
        pictures.append(_picture(view, drawing, words))
    return Screen(
        embed=table_embed(game, view, context, words),
        rows=[] if context.replay else table_rows(view, context.mode, words, bot_to_move=bot),
        pictures=pictures,
    )


def _avatars(game: GameRecord, view: JuniorView, source: AvatarSource) -> list[Avatar]:
    """What each seat's grid draws beside its name, at the size of the table's picture."""
    size = grid_picture.avatar_size(picture.COLUMNS, picture.ROWS, len(view.players))
    return seat_avatars(game.seats, source, size)


def personal(
    game: GameRecord, engine: JuniorGame, seat: int, words: Words, avatars: AvatarSource = badges
) -> Screen:
    player = engine.view(seat).players[seat]
    embed = discord.Embed(title=words("Your cards"), colour=COLOUR)
    embed.add_field(
        name=shown(player.name), value=widgets.grid_text(player.cards, picture.COLUMNS, LOOK)
    )
    return Screen(embed=embed)


def _triples_text(values: Sequence[int], words: Words) -> str:
    found = triples(values)
    if not found:
        return words("no triple")
    listed = words.listing(
        [
            words("{value}s in column {column}", value=value, column=COLUMN_LETTERS[column])
            for column, value in found
        ]
    )
    return words("triples of {triples}", triples=listed)


def final(
    game: GameRecord, engine: JuniorGame, words: Words, avatars: AvatarSource = badges
) -> Screen:
    view = engine.view(None)
    winners = set(engine.winners or ())
    points = [player.visible_points for player in view.players]
    order = sorted(range(len(points)), key=lambda s: -points[s])
    lines = []
    for seat in order:
        made = _triples_text(engine.values[seat], words)
        line = words.plural(
            "**{name}** — {n} point ({triples})",
            "**{name}** — {n} points ({triples})",
            points[seat],
            name=shown(view.players[seat].name),
            triples=made,
        )
        lines.append(("🏆 " if seat in winners else "") + line)
    names = [shown(view.players[s].name) for s in sorted(winners)]
    who = words.listing(names)
    title = (
        words("Skyjo Junior · {who} wins!", who=who)
        if len(winners) == 1
        else words("Skyjo Junior · {who} share the victory!", who=who)
    )
    embed = discord.Embed(title=title, description="\n".join(lines), colour=discord.Colour.gold())
    drawing = picture.table_picture(view, title=title, avatars=_avatars(game, view, avatars))
    return Screen(embed=embed, pictures=[_picture(view, drawing, words)])


def settings_summary(settings: JuniorSettings, words: Words) -> list[str]:
    seconds = (
        words("{seconds} s", seconds=settings.turn_seconds)
        if settings.turn_seconds
        else words("no limit")
    )
    return [
        words.plural(
            "Deck: {n} copy of each value from 1 to 12 ({deck})",
            "Deck: {n} copies of each value from 1 to 12 ({deck})",
            settings.copies_per_value,
            deck=words.plural("{n} card", "{n} cards", settings.deck_size),
        ),
        words("Time per turn: **{seconds}**", seconds=seconds),
        words("Hints: **{hints}**", hints=words("on") if settings.hints else words("off")),
    ]


RULES = N_(
    "**Goal**: the most points, made by columns of three equal cards (triples).\n"
    "**Setup**: 12 cards face down in 3 rows × 4 columns; one card starts the discard pile. "
    "The first player is drawn by lot.\n"
    "**Your turn**: take the top discard or draw a card. Then either swap it with any card of "
    "yours (face up or down; the replaced card goes face up on the discard pile), or decline "
    "it: it goes on the discard pile and you turn up one of your face-down cards.\n"
    "**End**: once someone has every card face up, each following player has one last move; "
    "then all cards are turned up. Each column of three equal cards scores its value (three 5s "
    "score 5). Most points wins; a tie shares the victory."
)

CONTROLS = N_(
    "On your turn the table shows your grid as buttons. **Draw** or **Take the N**, then tap "
    "the card it replaces, or **Decline…** then tap a face-down card to turn it up. Columns of "
    "three equal cards are green."
)


def rules(words: Words, settings: JuniorSettings) -> list[discord.Embed]:
    """The rules; the deck, which a host may change, is said by the settings shown with them."""
    return rules_embeds(words, words("Skyjo Junior rules"), words(RULES), CONTROLS, COLOUR)
