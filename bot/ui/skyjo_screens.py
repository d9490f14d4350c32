"""What Skyjo looks like in Discord: the public table, a player's own grid, summaries, rules."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.adapters.base import ButtonSpec, ButtonStyle, Row, Screen
from bot.storage.records import GameRecord
from games.skyjo.events import RoundScored
from games.skyjo.game import SkyjoGame
from games.skyjo.settings import PenaltyType, SkyjoSettings
from games.skyjo.view import SkyjoView, SlotView

COLOUR = discord.Colour.from_rgb(76, 139, 245)
LOG_LINES = 4


def card_style(card: SlotView) -> ButtonStyle:
    if not isinstance(card, int):
        return "secondary"
    if card <= 0:
        return "primary"
    if card <= 4:
        return "success"
    if card <= 8:
        return "secondary"
    return "danger"


def card_label(card: SlotView) -> str:
    if card == "down":
        return "?"
    if card == "cleared":
        return "✕"
    return str(card)


def grid_text(cards: Sequence[SlotView], columns: int) -> str:
    rows = [cards[i : i + columns] for i in range(0, len(cards), columns)]
    lines = [" ".join(f"{card_label(card):>3}" for card in row) for row in rows]
    return "```\n" + "\n".join(lines) + "\n```"


def penalty_text(settings: SkyjoSettings) -> str:
    factor, flat = settings.penalty_factor, settings.penalty_flat
    return {
        PenaltyType.MULTIPLIER: f"×{factor}",
        PenaltyType.FLAT: f"+{flat}",
        PenaltyType.FLAT_THEN_MULTIPLIER: f"+{flat} then ×{factor}",
        PenaltyType.MULTIPLIER_THEN_FLAT: f"×{factor} then +{flat}",
        PenaltyType.NONE: "none",
    }[settings.penalty]


def _status(view: SkyjoView, game: GameRecord) -> list[str]:
    names = [player.name for player in view.players]
    lines: list[str] = []
    if view.phase == "opening":
        waiting = [names[s] for s in view.to_move]
        flips = view.settings.opening_flips
        lines.append(
            f"Everyone turns up {flips} card{'s' if flips != 1 else ''}: press **Choose my cards**."
        )
        lines.append(f"Still choosing: {', '.join(waiting)}")
    elif view.current is not None:
        who = names[view.current]
        timer = f" · time runs out <t:{int(game.deadline)}:R>" if game.deadline else ""
        if view.phase == "drawn":
            lines.append(
                f"**{who}** drew a **{view.drawn}**: place it, or discard it and turn a "
                f"card up.{timer}"
            )
        else:
            lines.append(f"**{who}**'s turn: draw, or take the **{view.discard_top}**.{timer}")
    if view.finisher is not None and view.phase != "over":
        lines.append(f"Last turns: {names[view.finisher]} has turned up every card.")
    lines.append(f"Discard pile: **{view.discard_top}** · draw pile: {view.draw_pile_size} cards")
    return lines


def table_embed(game: GameRecord, view: SkyjoView, log: Sequence[str]) -> discord.Embed:
    embed = discord.Embed(
        title=f"Skyjo · round {view.round}",
        description="\n".join(_status(view, game)),
        colour=COLOUR,
    )
    columns = view.settings.columns
    for seat, player in enumerate(view.players):
        marker = "▶ " if seat in view.to_move and view.phase != "opening" else ""
        score = f" · round {player.visible_score:+d}" if view.settings.show_round_scores else ""
        bot = " 🤖" if game.seats[seat].is_bot else ""
        embed.add_field(
            name=f"{marker}{player.name}{bot} — {player.total} pts{score}"[:256],
            value=grid_text(player.cards, columns),
            inline=True,
        )
    if log:
        embed.add_field(name="Last moves", value="\n".join(log[-LOG_LINES:])[:1024], inline=False)
    embed.set_footer(text=f"Game {game.id} · target {view.settings.target_score} points")
    return embed


def _grid_rows(
    view: SkyjoView, seat: int, verb: str, enabled: Sequence[bool]
) -> list[Sequence[ButtonSpec]]:
    cards = view.players[seat].cards
    columns = view.settings.columns
    buttons = [
        ButtonSpec(
            label=card_label(card),
            verb=verb,
            arg=str(slot),
            style=card_style(card),
            disabled=not enabled[slot],
        )
        for slot, card in enumerate(cards)
    ]
    return [buttons[i : i + columns] for i in range(0, len(buttons), columns)]


def table_rows(view: SkyjoView, mode: str) -> list[Row]:
    """The controls of the seat to move (opening: a button to open one's own grid)."""
    if view.phase == "opening":
        return [[ButtonSpec("Choose my cards", "mine", style="primary", emoji="🃏")]]
    if view.current is None:
        return []
    seat = view.current
    cards = view.players[seat].cards
    present = [card != "cleared" for card in cards]
    down = [card == "down" for card in cards]
    if view.phase == "turn":
        if mode == "take":
            return [
                *_grid_rows(view, seat, "take", present),
                [ButtonSpec("Cancel", "mode", "", style="secondary")],
            ]
        actions = [
            ButtonSpec(f"Draw ({view.draw_pile_size})", "draw", style="primary", emoji="🎴"),
            ButtonSpec(f"Take the {view.discard_top}", "mode", "take", style="success"),
        ]
        return [*_grid_rows(view, seat, "take", [False] * len(cards)), actions]
    if mode == "flip":
        return [
            *_grid_rows(view, seat, "flip", down),
            [ButtonSpec("Back", "mode", "", style="secondary")],
        ]
    return [
        *_grid_rows(view, seat, "swap", present),
        [
            ButtonSpec(
                f"Discard the {view.drawn}, turn a card up",
                "mode",
                "flip",
                style="danger",
                disabled=not any(down),
            )
        ],
    ]


def table_screen(game: GameRecord, engine: SkyjoGame, mode: str, log: Sequence[str]) -> Screen:
    view = engine.view(None)
    return Screen(embed=table_embed(game, view, log), rows=table_rows(view, mode))


def personal_screen(engine: SkyjoGame, seat: int) -> Screen:
    view = engine.view(seat)
    player = view.players[seat]
    left = player.opening_left
    columns = view.settings.columns
    if view.phase == "opening" and left:
        text = f"Choose {left} more card{'s' if left != 1 else ''} to turn up."
        rows = _grid_rows(view, seat, "reveal", [card == "down" for card in player.cards])
    else:
        text = "Your opening cards are up. The game goes on at the table."
        rows = []
    embed = discord.Embed(title="Your cards", description=text, colour=COLOUR)
    embed.add_field(name=player.name, value=grid_text(player.cards, columns), inline=False)
    return Screen(embed=embed, rows=rows)


def round_summary_screen(engine: SkyjoGame, scored: RoundScored, lines: Sequence[str]) -> Screen:
    names = engine.names
    embed = discord.Embed(title=f"Skyjo · round {scored.round} is over", colour=COLOUR)
    order = sorted(range(len(names)), key=lambda s: scored.totals[s])
    standings = []
    for seat in order:
        note = ""
        if seat == scored.finisher:
            note = " (ended the round"
            if scored.penalized:
                note += f": {scored.raw[seat]} → {scored.scores[seat]}, not strictly lowest"
            note += ")"
        standings.append(
            f"**{names[seat]}**: {scored.scores[seat]:+d}{note} · total **{scored.totals[seat]}**"
        )
    embed.description = "\n".join(standings)
    reveal = [line for line in lines if "last card" in line or "cleared" in line]
    if reveal:
        embed.add_field(name="Final reveal", value="\n".join(reveal)[:1024], inline=False)
    return Screen(embed=embed)


def final_screen(engine: SkyjoGame) -> Screen:
    names = engine.names
    winners = set(engine.winners or ())
    totals = engine.totals
    order = sorted(range(len(names)), key=lambda s: totals[s])
    lines = [
        f"{'🏆 ' if seat in winners else ''}**{names[seat]}** — {totals[seat]} points"
        for seat in order
    ]
    who = " and ".join(names[s] for s in sorted(winners))
    embed = discord.Embed(
        title=f"Skyjo · {who} {'wins' if len(winners) == 1 else 'share the victory'}!",
        description="\n".join(lines),
        colour=discord.Colour.gold(),
    )
    rounds = len(engine.history)
    embed.set_footer(text=f"{rounds} round{'' if rounds == 1 else 's'}")
    return Screen(embed=embed)


def settings_summary(settings: SkyjoSettings) -> list[str]:
    rows = "on" if settings.clear_rows else "off"
    columns = "on" if settings.clear_columns else "off"
    seconds = f"{settings.turn_seconds} s" if settings.turn_seconds else "no limit"
    return [
        f"Target score: **{settings.target_score}**",
        f"Grid: **{settings.rows} × {settings.columns}**, "
        f"{settings.opening_flips} turned up at the start",
        f"Remove identical columns: **{columns}** · rows: **{rows}**",
        f"Finisher's penalty: **{penalty_text(settings)}** (when not strictly lowest)",
        f"Running round scores: **{'shown' if settings.show_round_scores else 'hidden'}**",
        f"Time per turn: **{seconds}**",
    ]


RULES = (
    "**Goal**: the fewest points when someone reaches the target score.\n"
    "**Setup**: 12 cards face down in 3 rows × 4 columns; everyone turns up 2 of their choice. "
    "The highest revealed total starts round 1 (tie: highest card, then earliest seat).\n"
    "**Your turn**: either *take the discard* and swap it with any card of yours (face up or "
    "down), or *draw*: then swap the drawn card in, or discard it and turn up a face-down card.\n"
    "**Identical column**: three equal face-up cards in a column are removed at once.\n"
    "**End of a round**: once someone has every card face up, everyone else has one last turn; "
    "then all cards are turned up and counted. The finisher's score is doubled if it is not "
    "strictly the lowest, unless it is 0 or less. The finisher starts the next round.\n"
    "**End of the game**: after a round in which someone reaches the target; lowest total wins."
)

CONTROLS = (
    "On your turn the table shows your grid as buttons. **Draw** then tap a card to swap, or "
    "**Discard…** then tap a face-down card to turn it up. **Take the N** then tap where it goes. "
    "Opening flips: **Choose my cards** opens your own grid, just for you."
)


def rules_embeds() -> list[discord.Embed]:
    rules = discord.Embed(title="Skyjo rules", description=RULES, colour=COLOUR)
    rules.add_field(name="Playing here", value=CONTROLS, inline=False)
    return [rules]
